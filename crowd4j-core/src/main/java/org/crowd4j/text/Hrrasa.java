package org.crowd4j.text;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Hybrid Reliability and Representation Aware Sequence Aggregation. Each answer first gets a local
 * reliability {@code γ_i^k = λ_emb · mean_{k'≠k} exp(−‖e_i^k − e_i^k'‖² / (‖e_i^k‖² ‖e_i^k'‖²)) +
 * λ_out · mean_{k'≠k} GLEU(a_i^k, a_i^k')} over the other answers of the task (GLEU on white-space
 * words, {@link Gleu}). Then, as {@link Rasa} does, it alternates {@code ê_i = Σ_k γ_i^k β_k e_i^k
 * / Σ_k γ_i^k β_k} and {@code β_k = χ²_{1−α/2}(|V_k|) / max(Σ_i ‖e_i^k − ê_i‖² / γ_i^k, 1e-5)}, and
 * returns the answer closest (cosine) to ê_i. Tasks with one answer take part in no estimate and
 * return that answer. Local reliabilities cost O(Σ_i m_i² · (dim + words)) and run in parallel over
 * tasks.
 *
 * <p>Jiyi Li, "Crowdsourced Text Sequence Aggregation based on Hybrid Reliability and
 * Representation", SIGIR 2020, doi:10.1145/3397271.3401239 (crowd-kit's {@code HRRASA}). crowd-kit
 * passes the second answer to NLTK's GLEU as an unsplit string, so its output similarity compares
 * the first answer's words with the second answer's characters; here both are words, as the paper
 * defines it (see docs/methods/texts.md).
 */
public final class Hrrasa implements EmbeddingAggregator {
  /**
   * Options.
   *
   * @param maxIterations iteration limit (100)
   * @param tol stop when the relative change of the aggregated embeddings is below this (1e-9)
   * @param lambdaEmb weight of the embedding similarity in the local reliability (0.5)
   * @param lambdaOut weight of the text similarity in the local reliability (0.5)
   * @param alpha the χ² prior uses the {@code 1 − α/2} quantile (0.05)
   */
  public record Options(
      @Describe("iteration limit (100)") int maxIterations,
      @Describe("stop when the relative change of the aggregated embeddings is below this (1e-9)")
          double tol,
      @Describe("weight of the embedding similarity in the local reliability (0.5)")
          double lambdaEmb,
      @Describe("weight of the text similarity in the local reliability (0.5)") double lambdaOut,
      @Describe("the χ² prior uses the 1 − α/2 quantile (0.05)") double alpha) {
    /** Validates. */
    public Options {
      new Rasa.Options(maxIterations, tol, alpha);
      if (!(lambdaEmb >= 0) || !(lambdaOut >= 0) || lambdaEmb + lambdaOut == 0) {
        throw new IllegalArgumentException(
            "lambdaEmb and lambdaOut must be >= 0 and not both 0: " + lambdaEmb + ", " + lambdaOut);
      }
    }

    /** crowd-kit's defaults. */
    public static Options defaults() {
      return new Options(100, 1e-9, 0.5, 0.5, 0.05);
    }
  }

  private final Options options;

  /** HRRASA with {@code options}. */
  public Hrrasa(Options options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
  }

  /** HRRASA with the defaults. */
  public Hrrasa() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return "hrrasa";
  }

  @Override
  public TextResult fit(TextAnswers data, FitContext<TaskEmbeddings> context) {
    TaskEmbeddings truth = context.gold();
    long start = System.nanoTime();
    EmbeddingAggregator.requireEmbeddings(data);
    int n = data.tasks().size();
    int d = data.dim();
    // tasks answered more than once take part in the estimates
    TextAnswers.Builder multi = TextAnswers.builder();
    for (int t = 0; t < n; t++) {
      if (data.taskEnd(t) - data.taskStart(t) > 1) {
        for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
          int a = data.answerAt(p);
          multi.add(
              data.tasks().name(t),
              data.workers().name(data.worker(a)),
              data.text(a),
              data.embedding(a));
        }
      }
    }
    double[] agg = new double[n * d];
    double[] skills = new double[data.workers().size()];
    Arrays.fill(skills, Double.NaN);
    Diagnostics diagnostics =
        new Diagnostics(0, true, new double[0], "none", "no task answered twice");
    if (multi.size() > 0) {
      TextAnswers m = multi.build();
      double[] local = localReliabilities(m);
      double[] prior = Rasa.priors(m, options.alpha());
      double[] beta = new double[m.workers().size()];
      Arrays.fill(beta, 1.0);
      Rasa.Fit fit =
          Rasa.iterate(
              m,
              EmbeddingMath.align(m, truth),
              prior,
              local,
              beta,
              new double[m.size()],
              options.maxIterations(),
              options.tol());
      for (int t = 0; t < m.tasks().size(); t++) {
        int to = data.tasks().id(m.tasks().name(t));
        System.arraycopy(fit.aggregated(), t * d, agg, to * d, d);
      }
      for (int k = 0; k < m.workers().size(); k++) {
        skills[data.workers().id(m.workers().name(k))] = fit.skills()[k];
      }
      diagnostics = fit.diagnostics();
    }
    for (int t = 0; t < n; t++) {
      if (data.taskEnd(t) - data.taskStart(t) == 1) {
        int a = data.answerAt(data.taskStart(t));
        for (int j = 0; j < d; j++) {
          agg[t * d + j] = data.embedding(a, j);
        }
      }
    }
    int[] chosen = EmbeddingMath.closest(data, agg, Distance.COSINE);
    return EmbeddingAggregator.result(
        data,
        chosen,
        agg,
        skills,
        diagnostics,
        Provenance.of(name(), options, data::digest, start));
  }

  /** γ per answer of {@code data} (every task has at least two answers). */
  double[] localReliabilities(TextAnswers data) {
    double[] local = new double[data.size()];
    IntStream.range(0, data.tasks().size())
        .parallel()
        .forEach(
            t -> {
              int from = data.taskStart(t);
              int to = data.taskEnd(t);
              int m = to - from;
              Gleu[] grams = new Gleu[m];
              double[] norm = new double[m];
              for (int p = 0; p < m; p++) {
                int a = data.answerAt(from + p);
                grams[p] = Gleu.of(Tokenizer.WHITESPACE.split(data.text(a)));
                double s = 0;
                for (int j = 0; j < data.dim(); j++) {
                  s += data.embedding(a, j) * data.embedding(a, j);
                }
                norm[p] = s;
              }
              for (int p = 0; p < m; p++) {
                int a = data.answerAt(from + p);
                double emb = 0;
                double out = 0;
                for (int q = 0; q < m; q++) {
                  int b = data.answerAt(from + q);
                  if (data.worker(b) == data.worker(a)) {
                    continue;
                  }
                  double diff = 0;
                  for (int j = 0; j < data.dim(); j++) {
                    double x = data.embedding(a, j) - data.embedding(b, j);
                    diff += x * x;
                  }
                  double prod = norm[p] * norm[q];
                  emb += prod == 0 ? (diff == 0 ? 1 : 0) : Math.exp(-diff / prod);
                  out += grams[p].similarity(grams[q]);
                }
                local[a] =
                    options.lambdaEmb() * emb / (m - 1) + options.lambdaOut() * out / (m - 1);
              }
            });
    return local;
  }
}
