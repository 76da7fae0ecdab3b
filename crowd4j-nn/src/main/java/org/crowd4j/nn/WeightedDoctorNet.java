package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.DoctorHead;

/**
 * Weighted doctor net (Guan, Gulshan, Dai &amp; Hinton, AAAI 2018, "Who said what: modeling
 * individual labelers improves classification"). Stage 1, the doctor net: one softmax output layer
 * per annotator on the shared network, p_r(x) = softmax(z(x) V_r + c_r) (V_r = I, c_r = 0 at the
 * start), trained end to end by cross-entropy of each layer against its own annotator's answers
 * only (mean over the observed pairs); the prediction during this stage is the uniform average of
 * all layers, and the epoch is chosen on it (validation accuracy, or the held-out answers'
 * likelihood). Stage 2, the weighting: with the network and the layers frozen, averaging logits α_r
 * (a = softmax(α)) are fitted by minimising the cross-entropy between the weighted average Σ_r a_r
 * p_r(x_i) and the item's normalised histogram of observed labels (Guan et al.'s target built from
 * the opinions of the annotators who labelled the item), the average taken over all layers, as at
 * prediction time ({@code overLabellers=true}: over the layers of the item's own annotators with
 * the weights renormalised over them); full-batch Adam for {@code weightSteps} steps from α = 0,
 * i.e. from the doctor net. {@code imageSpecific} makes the averaging logits a linear function of
 * the network's output, α(x) = α + z(x) U (the paper's sample-specific weights). Prediction: Σ_r
 * a_r p_r(x) over all annotators' layers. The annotator model is {@link
 * org.crowd4j.aggregate.WorkerSkills} with each annotator's averaging weight (mean over the
 * training items when image-specific). The training summary's selection score is the doctor net's
 * (before the weighting stage).
 *
 * <p>Deviations: Guan et al. put the per-doctor layers on the last hidden layer of an Inception-v3;
 * here they sit on the backbone's K-dimensional output z, which equals linear layers on the last
 * hidden layer restricted to a shared K-dimensional subspace (any backbone works unchanged). The
 * weights are fitted on the training items, where each layer has learnt its own annotator's
 * answers; averaged over the item's own annotators (the {@code overLabellers} reading) the fit then
 * rewards memorisation and concentrates the weight on a handful of layers (LabelMe: an effective
 * 2–5 of 59, test accuracy 1 point below the uniform doctor net), hence the default over all
 * layers. The weights fit label histograms, not reliabilities: a uniform spammer's flat layer can
 * gain weight because it hedges. With one answer per item and {@code overLabellers=true} the
 * weights get no gradient (each average has one term) and WDN equals the doctor net. Cost: the
 * classifier's, plus O(m K²) per epoch for the layers and O(steps · Σ_i |S(i)| K) for the weights.
 */
public final class WeightedDoctorNet extends BaseLearner<WeightedDoctorNet.Options> {
  /** Command-line name. */
  public static final String NAME = "wdn";

  /**
   * Options of {@link WeightedDoctorNet}.
   *
   * @param imageSpecific averaging logits depend linearly on the network's output
   * @param overLabellers during the weighting stage, average only the layers of the annotators who
   *     labelled the item (weights renormalised over them); otherwise all layers
   * @param weightSteps full-batch Adam steps of the weighting stage (0 = the plain doctor net)
   * @param weightLearningRate Adam step size of the weighting stage
   */
  public record Options(
      boolean imageSpecific, boolean overLabellers, int weightSteps, double weightLearningRate) {
    /**
     * Validates.
     *
     * @param imageSpecific averaging logits depend linearly on the network's output
     * @param overLabellers during the weighting stage, average only the layers of the annotators
     *     who labelled the item (weights renormalised over them); otherwise all layers
     * @param weightSteps full-batch Adam steps of the weighting stage (0 = the plain doctor net)
     * @param weightLearningRate Adam step size of the weighting stage
     */
    public Options {
      if (weightSteps < 0) {
        throw new IllegalArgumentException("weightSteps must be ≥ 0: " + weightSteps);
      }
      if (!(weightLearningRate > 0) || Double.isInfinite(weightLearningRate)) {
        throw new IllegalArgumentException(
            "weightLearningRate must be positive: " + weightLearningRate);
      }
    }

    /**
     * One weight per annotator, fitted on averages over all layers, 300 steps of size 0.05.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(false, false, 300, 0.05);
    }
  }

  /**
   * A weighted doctor net.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public WeightedDoctorNet(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    return run(options, new DoctorHead(options), data, features, null, validation, listener);
  }
}
