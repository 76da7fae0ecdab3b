package org.crowd4j.pairwise;

import java.util.Locale;
import java.util.SplittableRandom;
import org.crowd4j.data.Vocabulary;

/**
 * Simulated pairwise comparisons of known truth. Items {@code item0..} get true log-scores drawn
 * from {@code N(0, spread²)}; each comparison takes a worker and an ordered pair of distinct items
 * uniformly at random; a worker is {@link Kind#GOOD} (judges by the model: Bradley–Terry {@code P(i
 * ≻ j) = σ(θ_i − θ_j)} or Thurstone {@code Φ((θ_i − θ_j)/√2)}), {@link Kind#RANDOM} (a fair coin)
 * or {@link Kind#ADVERSARIAL} (picks the item the model would not). Every random choice comes from
 * the seed.
 */
public final class PairwiseSimulator {
  private PairwiseSimulator() {}

  /** How a simulated worker judges. */
  public enum Kind {
    /** Follows the model. */
    GOOD,
    /** A fair coin. */
    RANDOM,
    /** The opposite of the model's choice. */
    ADVERSARIAL
  }

  /** The judgement model of good workers. */
  public enum Model {
    /** {@code σ(θ_i − θ_j)}. */
    BT,
    /** {@code Φ((θ_i − θ_j)/√2)}: unit-variance Gaussian noise on each item's score. */
    THURSTONE
  }

  /**
   * What to simulate.
   *
   * @param items number of items (≥ 2)
   * @param comparisons number of comparisons (≥ 1)
   * @param workers number of workers (≥ 1)
   * @param randomShare share of workers answering at random
   * @param adversarialShare share of workers answering against the model
   * @param spread standard deviation of the true log-scores
   * @param model the judgement model of good workers
   */
  public record Spec(
      int items,
      int comparisons,
      int workers,
      double randomShare,
      double adversarialShare,
      double spread,
      Model model) {
    /** Validates. */
    public Spec {
      if (items < 2 || comparisons < 1 || workers < 1) {
        throw new IllegalArgumentException(
            "need items >= 2, comparisons >= 1, workers >= 1: "
                + items
                + ", "
                + comparisons
                + ", "
                + workers);
      }
      if (!(randomShare >= 0 && adversarialShare >= 0 && randomShare + adversarialShare <= 1)) {
        throw new IllegalArgumentException(
            "shares must be >= 0 and sum to at most 1: " + randomShare + ", " + adversarialShare);
      }
      if (!(spread > 0) || !Double.isFinite(spread)) {
        throw new IllegalArgumentException("spread must be > 0: " + spread);
      }
      java.util.Objects.requireNonNull(model, "model");
    }
  }

  /**
   * A simulated data set.
   *
   * @param data the comparisons
   * @param trueLogScores each item's true log-score (by item id)
   * @param kinds each worker's kind (by worker id)
   */
  public record Simulated(Comparisons data, double[] trueLogScores, Kind[] kinds) {}

  /** Simulates {@code spec} with {@code seed}. */
  public static Simulated simulate(Spec spec, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int n = spec.items();
    String[] itemNames = new String[n];
    double[] theta = new double[n];
    for (int i = 0; i < n; i++) {
      itemNames[i] = "item" + i;
      theta[i] = spec.spread() * rng.nextGaussian();
    }
    int workers = spec.workers();
    String[] workerNames = new String[workers];
    Kind[] kinds = new Kind[workers];
    int adversarial = (int) Math.round(spec.adversarialShare() * workers);
    int random = Math.min(workers - adversarial, (int) Math.round(spec.randomShare() * workers));
    for (int w = 0; w < workers; w++) {
      workerNames[w] = String.format(Locale.ROOT, "w%d", w);
      kinds[w] =
          w < adversarial ? Kind.ADVERSARIAL : w < adversarial + random ? Kind.RANDOM : Kind.GOOD;
    }
    // shuffle the kinds so that worker names say nothing
    for (int w = workers - 1; w > 0; w--) {
      int j = rng.nextInt(w + 1);
      Kind t = kinds[w];
      kinds[w] = kinds[j];
      kinds[j] = t;
    }
    int m = spec.comparisons();
    int[] left = new int[m];
    int[] right = new int[m];
    int[] worker = new int[m];
    boolean[] leftWon = new boolean[m];
    for (int c = 0; c < m; c++) {
      int l = rng.nextInt(n);
      int r = rng.nextInt(n - 1);
      if (r >= l) {
        r++;
      }
      int w = rng.nextInt(workers);
      double pLeft =
          switch (kinds[w]) {
            case RANDOM -> 0.5;
            case GOOD -> probability(spec.model(), theta[l] - theta[r]);
            case ADVERSARIAL -> 1 - probability(spec.model(), theta[l] - theta[r]);
          };
      left[c] = l;
      right[c] = r;
      worker[c] = w;
      leftWon[c] = rng.nextDouble() < pLeft;
    }
    Comparisons data =
        Comparisons.of(
            Vocabulary.of(itemNames), Vocabulary.of(workerNames), left, right, worker, leftWon);
    return new Simulated(data, theta, kinds);
  }

  /** P(left wins) under {@code model} for the log-score difference {@code d}. */
  static double probability(Model model, double d) {
    return model == Model.BT ? NoisyBtObjective.sigmoid(d) : normalCdf(d / Math.sqrt(2));
  }

  /**
   * Φ(x) from Abramowitz &amp; Stegun's formula 7.1.26 for erf (absolute error below 1.5e-7, ample
   * for simulating judgements).
   */
  static double normalCdf(double x) {
    double z = Math.abs(x) / Math.sqrt(2);
    double t = 1 / (1 + 0.3275911 * z);
    double poly =
        t
            * (0.254829592
                + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    double upper = 0.5 * poly * Math.exp(-z * z);
    return x >= 0 ? 1 - upper : upper;
  }
}
