package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.MbemHead;

/**
 * Model-bootstrapped EM (Khetan, Lipton &amp; Anandkumar, ICLR 2018, "Learning from noisy
 * singly-labeled data", Algorithm 1). The targets start as the weighted majority vote with uniform
 * weights, P⁰(y_i = k) = (1/|S(i)|) Σ_{r ∈ S(i)} 1[ỹ_ir = k]. Then, for T rounds: (1) train the
 * classifier on the current targets with the posterior-weighted loss Σ_i Σ_k P(y_i = k) (−log p_θ(k
 * | x_i)) (a full training, with the library's epoch selection); (2) predict the training items,
 * t_i = argmax_k p_θ(k | x_i); (3) estimate each annotator's confusion by maximum likelihood with t
 * as the true labels, Π_r[k, l] ∝ #{i : t_i = k, ỹ_ir = l} (a row never seen is uniform, zero cells
 * become 1e-10, or Laplace {@code smoothing} is added to every cell), and the class prior q̂_k =
 * #{i : t_i = k} / n; (4) set the targets to the posterior P(y_i = k) ∝ q̂_k Π_{r ∈ S(i)} Π_r[k,
 * ỹ_ir] (log space). Round t ≥ 2 trains on round t−1's posteriors; the model of the last round is
 * returned, with the confusions estimated from its own predictions as the annotator model. Each
 * round's training starts afresh from the seeded initialisation, as the algorithm re-learns the
 * model.
 *
 * <p>The listener sees every round's epochs; the training summary is the last round's.
 *
 * <p>Options beyond the paper: {@code prior=UNIFORM} drops q̂ (the authors' code), {@code
 * prior=MODEL} uses the classifier's probabilities p_θ(k | x_i) as a per-item prior (then the
 * posterior is Raykar's E-step with hard-prediction confusions); {@code smoothing} adds a Dirichlet
 * count. Not done: the authors' code retrains once more on the model's own hard predictions after
 * every training ("works better in practice", not in the paper). Cost: T trainings of the
 * classifier plus O(m + R K²) per round.
 */
public final class Mbem extends BaseLearner<Mbem.Options> {
  /** Command-line name. */
  public static final String NAME = "mbem";

  /** The class prior in the posterior. */
  public enum Prior {
    /** Fraction of training items predicted as each class (the paper's q̂). */
    PREDICTED,
    /** Uniform (the authors' code). */
    UNIFORM,
    /** The classifier's probabilities per item. */
    MODEL
  }

  /**
   * Options of {@link Mbem}.
   *
   * @param rounds T, the number of trainings (the first on the weighted majority vote); 2 in the
   *     paper
   * @param prior class prior of the posterior
   * @param smoothing Dirichlet count added to every confusion cell (0 = maximum likelihood with
   *     1e-10 for zero cells)
   */
  public record Options(int rounds, Prior prior, double smoothing) {
    /**
     * Validates.
     *
     * @param rounds T, the number of trainings (the first on the weighted majority vote); 2 in the
     *     paper
     * @param prior class prior of the posterior
     * @param smoothing Dirichlet count added to every confusion cell (0 = maximum likelihood with
     *     1e-10 for zero cells)
     */
    public Options {
      if (rounds < 1) {
        throw new IllegalArgumentException("rounds must be ≥ 1: " + rounds);
      }
      java.util.Objects.requireNonNull(prior, "prior");
      if (!(smoothing >= 0) || Double.isInfinite(smoothing)) {
        throw new IllegalArgumentException("smoothing must be ≥ 0: " + smoothing);
      }
    }

    /**
     * T = 2, the predicted class prior, no smoothing.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(2, Prior.PREDICTED, 0);
    }
  }

  /**
   * An MBEM learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public Mbem(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    double[] targets = MbemHead.softMajority(data);
    LearnedModel model = null;
    for (int round = 1; round <= options.rounds(); round++) {
      if (model != null) {
        model.close();
      }
      MbemHead head = new MbemHead(options);
      model = run(options, head, data, features, targets, validation, listener);
      targets = head.posteriors();
    }
    return model;
  }
}
