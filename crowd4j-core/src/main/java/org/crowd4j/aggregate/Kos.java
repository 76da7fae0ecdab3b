package org.crowd4j.aggregate;

import java.util.Objects;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * KOS: the iterative message-passing algorithm of Karger, Oh &amp; Shah (2011, "Iterative learning
 * for reliable crowdsourcing systems", NeurIPS; journal version "Budget-optimal task allocation for
 * reliable crowdsourcing systems", Operations Research 62(1), 2014, Algorithm 1), for binary labels
 * only.
 *
 * <p><b>Model.</b> Answers are coded A_a = +1 for label id 0 and −1 for label id 1 (the algorithm
 * is symmetric under swapping the two, so the coding does not change the labels). Every answer a =
 * (task i, worker j) is an edge carrying a task message x_{i→j} and a worker message y_{j→i}.
 *
 * <p><b>Updates.</b> Worker messages start i.i.d. N(1, 1) (seeded). Each iteration sets x_{i→j} =
 * Σ_{j' ∈ ∂i \ j} A_{ij'} y_{j'→i}, then y_{j→i} = Σ_{i' ∈ ∂j \ i} A_{i'j} x_{i'→j}, and rescales
 * all worker messages by their root mean square. The updates are linear, so the rescaling changes
 * no sign; it only removes the overflow that makes crowd-kit stop early once a sum passes 1e300.
 * After {@code maxIterations} iterations the task score is x_i = Σ_{j ∈ ∂i} A_ij y_{j→i}; the label
 * is id 0 when x_i &gt; 0, id 1 when x_i &lt; 0, and the lowest id (0) on a tie.
 *
 * <p><b>Posteriors.</b> KOS yields a score, not a probability. With {@link PosteriorRule#LOGISTIC}
 * (default) P(label 0) = 1 / (1 + exp(−x_i / s)), where s is the root mean square of all task
 * scores (so the rule does not depend on the message scale); this is a monotone confidence, not a
 * calibrated probability. {@link PosteriorRule#ONE_HOT} puts all mass on the label. Both agree with
 * the labels. Worker skills ({@link WorkerSkills}) are the mean of A_ij x_{i→j} over the worker's
 * answers divided by s: how strongly her answers agree with the leave-one-out task scores (0 for a
 * worker whose tasks carry no other evidence).
 *
 * <p><b>Differences from crowd-kit 1.4.1.</b> crowd-kit runs 100 iterations by default, this class
 * 10 (after a few iterations the labels barely change: on the shared binary datasets 10 and 100
 * iterations differ by at most 0.4 points). crowd-kit also draws its initial messages from numpy in
 * its input row order, so seeds do not carry over. A task with a zero score (e.g. a single answer
 * from a worker with a single answer, whose leave-one-out messages are all 0) gets sign 0 in
 * crowd-kit, which its label mapping does not contain (an error instead of a label); here it takes
 * the lowest label id and posterior 1/2. KOS assumes symmetric workers: a worker who favours one
 * label looks reliable, and on data with such biases (snow-rte, snow-temp) the dominant message
 * direction follows the bias and accuracy falls to about 50–57 %, as crowd-kit's does. The option
 * {@code centerWorkers} replaces A_{i'j} by A_{i'j} − ā_j (ā_j = the worker's mean answer) in the
 * worker update, so that a worker's messages measure agreement beyond her own bias (measured:
 * bluebirds 0.72 → 0.86, snow-rte 0.50 → 0.81, snow-temp 0.57 → 0.93); this is not part of the
 * published algorithm and is off by default.
 *
 * <p>Gold labels in the context are not used. Time {@code O(m)} per iteration, memory {@code O(m)}.
 */
public final class Kos implements Aggregator {
  /**
   * Options of {@link Kos}.
   *
   * @param maxIterations message-passing iterations (0 = score with the initial messages)
   * @param seed seed of the N(1, 1) initial worker messages
   * @param posteriors how task scores become posteriors
   * @param centerWorkers subtract each worker's mean answer in the worker update (not in the paper)
   */
  public record Options(
      @Describe("message-passing iterations (0 = score with the initial messages)")
          int maxIterations,
      @Describe("seed of the N(1, 1) initial worker messages") long seed,
      @Describe("how task scores become posteriors") PosteriorRule posteriors,
      @Describe("subtract each worker's mean answer in the worker update (not in the paper)")
          boolean centerWorkers) {
    /** Validates. */
    public Options {
      if (maxIterations < 0) {
        throw new IllegalArgumentException("maxIterations must be >= 0: " + maxIterations);
      }
      Objects.requireNonNull(posteriors, "posteriors");
    }

    /** 10 iterations, seed 0, logistic posteriors, no centring. */
    public static Options defaults() {
      return new Options(10, 0L, PosteriorRule.LOGISTIC, false);
    }
  }

  /** How a task score becomes a posterior. */
  public enum PosteriorRule {
    /** Logistic of the score divided by the root mean square of all task scores. */
    LOGISTIC,
    /** All mass on the chosen label. */
    ONE_HOT
  }

  private final Options options;

  /** KOS with {@code options}. */
  public Kos(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** KOS with default options. */
  public Kos() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "kos";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int k = data.numLabels();
    if (k == 1) {
      // one class answered (the other declared, never used): every task has it
      double[] post = new double[data.numTasks()];
      java.util.Arrays.fill(post, 1.0);
      double[] skills = new double[data.numWorkers()];
      java.util.Arrays.fill(skills, 1.0);
      return new AggregationResult(
          data,
          post,
          null,
          null,
          new WorkerSkills(skills),
          Diagnostics.closedForm(),
          Provenance.of(name(), options, data::digest, start));
    }
    if (k != 2) {
      throw new IllegalArgumentException(
          "KOS is for binary labels only; the data has "
              + k
              + " labels ("
              + String.join(", ", data.labels().names())
              + ")");
    }
    int n = data.numTasks();
    int numWorkers = data.numWorkers();
    int m = data.numAnswers();
    int[] off = data.taskOffsets();
    int[] label = data.labelColumn();
    double[] sign = new double[m];
    for (int a = 0; a < m; a++) {
      sign[a] = label[a] == 0 ? 1.0 : -1.0;
    }
    // coefficient of an answer in the worker update: A, or A minus the worker's mean answer
    double[] coef = sign.clone();
    if (options.centerWorkers()) {
      for (int w = 0; w < numWorkers; w++) {
        double mean = 0;
        for (int p = data.workerStart(w); p < data.workerEnd(w); p++) {
          mean += sign[data.workerAnswer(p)];
        }
        mean /= Math.max(1, data.workerSize(w));
        for (int p = data.workerStart(w); p < data.workerEnd(w); p++) {
          coef[data.workerAnswer(p)] -= mean;
        }
      }
    }

    SplittableRandom rng = new SplittableRandom(options.seed());
    double[] y = new double[m];
    for (int a = 0; a < m; a++) {
      y[a] = 1.0 + rng.nextGaussian();
    }
    double[] x = new double[m];
    double[] history = new double[options.maxIterations()];
    int iterations = 0;
    boolean completed = true;
    for (int it = 1; it <= options.maxIterations(); it++) {
      taskMessages(off, sign, y, x);
      double sumSq = 0;
      for (int w = 0; w < numWorkers; w++) {
        double s = 0;
        for (int p = data.workerStart(w); p < data.workerEnd(w); p++) {
          int a = data.workerAnswer(p);
          s += coef[a] * x[a];
        }
        for (int p = data.workerStart(w); p < data.workerEnd(w); p++) {
          int a = data.workerAnswer(p);
          y[a] = s - coef[a] * x[a];
          sumSq += y[a] * y[a];
        }
      }
      double rms = m == 0 ? 0 : Math.sqrt(sumSq / m);
      if (rms > 0 && Double.isFinite(rms)) {
        for (int a = 0; a < m; a++) {
          y[a] /= rms;
        }
      }
      history[it - 1] = rms;
      iterations = it;
      if (!context.listener().onIteration(name(), it, options.maxIterations(), rms)) {
        completed = it == options.maxIterations();
        break;
      }
    }

    double[] score = taskMessages(off, sign, y, x);
    double scale = 0;
    int answered = 0;
    for (int i = 0; i < n; i++) {
      if (off[i + 1] > off[i]) {
        scale += score[i] * score[i];
        answered++;
      }
    }
    scale = answered == 0 ? 0 : Math.sqrt(scale / answered);
    int[] labels = new int[n];
    double[] post = new double[n * 2];
    for (int i = 0; i < n; i++) {
      labels[i] = score[i] < 0 ? 1 : 0;
      double p0;
      if (options.posteriors() == PosteriorRule.ONE_HOT) {
        p0 = labels[i] == 0 ? 1.0 : 0.0;
      } else {
        p0 = scale > 0 ? 1.0 / (1.0 + Math.exp(-score[i] / scale)) : 0.5;
      }
      post[2 * i] = p0;
      post[2 * i + 1] = 1.0 - p0;
    }
    double[] skills = new double[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      double s = 0;
      for (int p = data.workerStart(w); p < data.workerEnd(w); p++) {
        int a = data.workerAnswer(p);
        s += sign[a] * x[a];
      }
      int size = data.workerSize(w);
      skills[w] = size == 0 || scale == 0 ? 0 : s / (size * scale);
    }
    return new AggregationResult(
        data,
        post,
        labels,
        null,
        new WorkerSkills(skills),
        new Diagnostics(
            iterations,
            completed,
            java.util.Arrays.copyOf(history, iterations),
            "root mean square of worker messages before rescaling"),
        Provenance.of(name(), options, data::digest, start));
  }

  /**
   * Sets the leave-one-out task messages {@code x} from worker messages {@code y} and returns the
   * full task scores Σ A y.
   */
  private static double[] taskMessages(int[] off, double[] sign, double[] y, double[] x) {
    int n = off.length - 1;
    double[] score = new double[n];
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int a = off[i]; a < off[i + 1]; a++) {
        s += sign[a] * y[a];
      }
      for (int a = off[i]; a < off[i + 1]; a++) {
        x[a] = s - sign[a] * y[a];
      }
      score[i] = s;
    }
    return score;
  }
}
