package org.crowd4j.text;

import java.util.Arrays;
import org.crowd4j.internal.kernel.ChiSquared;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Reliability Aware Sequence Aggregation. Global worker reliabilities β start at 1; each iteration
 * sets the task embedding to the β-weighted mean {@code ê_i = Σ_k β_k e_i^k / Σ_k β_k} (a known
 * true embedding replaces it) and then {@code β_k = χ²_{1−α/2}(|V_k|) / max(Σ_i ‖e_i^k − ê_i‖²,
 * 1e-5)}, with |V_k| the worker's answer count. It stops when the relative change {@code Σ‖ê −
 * ê_prev‖² / Σ‖ê‖²} falls below {@code tol} or after {@code maxIterations}; the answer whose
 * embedding is closest (cosine) to ê_i is returned. Each iteration is O(answers · dim).
 *
 * <p>Jiyi Li, "A Dataset of Crowdsourced Word Sequences: Collections and Answer Aggregation for
 * Ground Truth Creation", AnnoNLP workshop at EMNLP 2019, pp. 24–28 (crowd-kit's {@code RASA}).
 */
public final class Rasa implements EmbeddingAggregator {
  /** Floor of a worker's total squared distance. */
  static final double MIN_DISTANCE = 1e-5;

  /**
   * Options.
   *
   * @param maxIterations iteration limit (crowd-kit's {@code n_iter}, default 100)
   * @param tol stop when the relative change of the aggregated embeddings is below this (1e-9)
   * @param alpha the χ² prior uses the {@code 1 − α/2} quantile (0.05)
   */
  public record Options(
      @Describe("iteration limit (crowd-kit's n_iter, default 100)") int maxIterations,
      @Describe("stop when the relative change of the aggregated embeddings is below this (1e-9)")
          double tol,
      @Describe("the χ² prior uses the 1 − α/2 quantile (0.05)") double alpha) {
    /** Validates. */
    public Options {
      if (maxIterations < 1) {
        throw new IllegalArgumentException("maxIterations must be at least 1: " + maxIterations);
      }
      if (!(tol >= 0)) {
        throw new IllegalArgumentException("tol must be >= 0: " + tol);
      }
      if (!(alpha > 0 && alpha < 1)) {
        throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
      }
    }

    /** crowd-kit's defaults. */
    public static Options defaults() {
      return new Options(100, 1e-9, 0.05);
    }
  }

  private final Options options;

  /** RASA with {@code options}. */
  public Rasa(Options options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
  }

  /** RASA with the defaults. */
  public Rasa() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return "rasa";
  }

  @Override
  public TextResult fit(TextAnswers data, FitContext<TaskEmbeddings> context) {
    TaskEmbeddings truth = context.gold();
    long start = System.nanoTime();
    EmbeddingAggregator.requireEmbeddings(data);
    EmbeddingMath.Known known = EmbeddingMath.align(data, truth);
    int w = data.workers().size();
    double[] prior = priors(data, options.alpha());
    double[] skills = new double[w];
    Arrays.fill(skills, 1.0);
    double[] weight = new double[data.size()];
    double[] local = new double[data.size()];
    Arrays.fill(local, 1.0);
    Fit fit =
        iterate(data, known, prior, local, skills, weight, options.maxIterations(), options.tol());
    int[] chosen = EmbeddingMath.closest(data, fit.aggregated(), Distance.COSINE);
    return EmbeddingAggregator.result(
        data,
        chosen,
        fit.aggregated(),
        fit.skills(),
        fit.diagnostics(),
        Provenance.of(name(), options, data::digest, start));
  }

  /** χ²_{1−α/2}(answers of the worker) per worker. */
  static double[] priors(TextAnswers data, double alpha) {
    int[] count = new int[data.workers().size()];
    for (int a = 0; a < data.size(); a++) {
      count[data.worker(a)]++;
    }
    double[] prior = new double[count.length];
    java.util.Map<Integer, Double> byCount = new java.util.HashMap<>();
    for (int k = 0; k < count.length; k++) {
      prior[k] =
          count[k] == 0
              ? Double.NaN
              : byCount.computeIfAbsent(
                  count[k], c -> ChiSquared.upperQuantile(alpha / 2, c.doubleValue()));
    }
    return prior;
  }

  /** Aggregated embeddings, final reliabilities and how the loop went. */
  record Fit(double[] aggregated, double[] skills, Diagnostics diagnostics) {}

  /**
   * The loop shared with HRRASA: answer weights {@code β_worker · local[a]}, weighted means,
   * reliabilities from distances divided by {@code local[a]}.
   */
  static Fit iterate(
      TextAnswers data,
      EmbeddingMath.Known known,
      double[] prior,
      double[] local,
      double[] skills,
      double[] weight,
      int iterations,
      double tol) {
    int n = data.tasks().size();
    int w = skills.length;
    double[] agg = new double[n * data.dim()];
    double[] last = null;
    double[] total = new double[w];
    double[] history = new double[iterations];
    int done = 0;
    boolean converged = false;
    String reason = "iteration limit " + iterations + " reached";
    for (int it = 0; it < iterations; it++) {
      for (int a = 0; a < data.size(); a++) {
        weight[a] = skills[data.worker(a)] * local[a];
      }
      EmbeddingMath.weightedMean(data, weight, known.rows(), known.known(), agg);
      Arrays.fill(total, 0.0);
      for (int t = 0; t < n; t++) {
        for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
          int a = data.answerAt(p);
          total[data.worker(a)] += EmbeddingMath.squaredDistance(data, a, agg, t) / local[a];
        }
      }
      for (int k = 0; k < w; k++) {
        skills[k] = prior[k] / Math.max(total[k], MIN_DISTANCE);
      }
      done = it + 1;
      if (last != null) {
        double loss = EmbeddingMath.relativeChange(agg, last);
        history[it] = loss;
        if (!Double.isFinite(loss)) {
          reason = "objective is " + loss + " at iteration " + done;
          break;
        }
        if (loss < tol) {
          converged = true;
          reason = "relative change " + loss + " below tol " + tol;
          break;
        }
      } else {
        history[it] = Double.NaN;
        last = new double[agg.length];
      }
      System.arraycopy(agg, 0, last, 0, agg.length);
    }
    return new Fit(
        agg,
        skills.clone(),
        new Diagnostics(
            done,
            converged,
            Arrays.copyOf(history, done),
            "relative change of the aggregated embeddings",
            reason));
  }
}
