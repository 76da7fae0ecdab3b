package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.MaxMigHead;

/**
 * Max-MIG (Cao, Xu, Kong &amp; Wang, ICLR 2019, "Max-MIG: an information theoretic approach for
 * joint learning from crowds"). Two views of each item are trained jointly: the data classifier
 * h(x) = softmax of the backbone, and the crowds aggregator g(ỹ_i) = softmax(Σ_{(r, l) answers of
 * i} W_r[·, l] + log p), a Dawid–Skene posterior with log-confusion weights W_r ∈ ℝ^{K×K} (rows =
 * true class; missing answers add nothing) and class prior p. Both maximise the f-mutual
 * information gain between the views in its KL form: with M_ij = Σ_c h_c(x_i) g_c(ỹ_j) / p_c, the
 * minibatch loss is −(1/B) Σ_i (1 + log M_ii) + (1/(B² − B)) Σ_{i≠j} M_ij (the dual lower bound
 * E_joint[1 + log M] − E_product[M]). W_r starts at log(Π⁰_r + 0.01), where Π⁰_r[k, l] sums the
 * soft majority vote (k-th entry) of the items r labelled l, rows normalised; the prior logits
 * start at 0 (uniform) and are learnt as in the paper ({@code learnPrior=false} keeps p uniform, as
 * the authors' LabelMe code does in effect). Prediction: h. The annotator model is the row softmax
 * of W_r (the confusion implied by the aggregator's weights). The aggregator's parameters take
 * {@code aggregatorLearningRate} (0 = the classifier's; the paper uses Adam 1e-4 for both). Cost
 * per epoch: O(m K + B² K) per batch on top of the classifier.
 */
public final class MaxMig extends BaseLearner<MaxMig.Options> {
  /** Command-line name. */
  public static final String NAME = "max-mig";

  /**
   * Options of {@link MaxMig}.
   *
   * @param learnPrior learn the class prior p (the paper) or keep it uniform (the authors' code)
   * @param aggregatorLearningRate Adam step size of the aggregator unless the training options set
   *     {@link TrainOptions#headLearningRate()} ({@code 0} = the classifier's)
   */
  public record Options(boolean learnPrior, double aggregatorLearningRate) {
    /**
     * Validates.
     *
     * @param learnPrior learn the class prior p (the paper) or keep it uniform (the authors' code)
     * @param aggregatorLearningRate Adam step size of the aggregator unless the training options
     *     set {@link TrainOptions#headLearningRate()} ({@code 0} = the classifier's)
     */
    public Options {
      if (!(aggregatorLearningRate >= 0) || Double.isInfinite(aggregatorLearningRate)) {
        throw new IllegalArgumentException(
            "aggregatorLearningRate must be ≥ 0: " + aggregatorLearningRate);
      }
    }

    /**
     * Learnt prior, the classifier's step size.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(true, 0);
    }
  }

  /**
   * A Max-MIG learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public MaxMig(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    return run(options, new MaxMigHead(options), data, features, null, validation, listener);
  }
}
