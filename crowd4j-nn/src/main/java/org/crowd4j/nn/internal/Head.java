package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.aggregate.WorkerModel;

/**
 * The learner-specific part of a network: the annotator model on top of the classifier's logits,
 * with its parameters, its data term (mean negative log-likelihood of the batch's observed answers,
 * or cross-entropy to per-item targets), its regulariser and the learnt annotator model.
 */
public abstract class Head {
  /** Trainable parameters by name, created by {@link #initialize}. */
  final Map<String, NDArray> params = new LinkedHashMap<>();

  /** Fixed inputs of the head (not trained), saved with the model. */
  final Map<String, NDArray> constants = new LinkedHashMap<>();

  /** Parameters and constants together. */
  final Map<String, NDArray> all() {
    Map<String, NDArray> m = new LinkedHashMap<>(params);
    m.putAll(constants);
    return m;
  }

  /** Creates the parameters in {@code m} for {@code set}. */
  abstract void initialize(NDManager m, TrainingSet set);

  /**
   * The step size this head's parameters prefer when the training options set none ({@code 0} = the
   * classifier's).
   */
  double preferredLearningRate() {
    return 0;
  }

  /**
   * Whether the annotator model is fitted again, with the classifier frozen at the returned epoch,
   * after an early-stopped training (see {@link TrainingLoop}): for heads whose parameters are only
   * the annotator model and do not enter the prediction.
   */
  boolean refitsAnnotatorModel() {
    return false;
  }

  /** Whether batches are trained against per-item targets instead of answer pairs. */
  boolean usesTargets() {
    return false;
  }

  /**
   * Whether {@link #beforeEpoch} wants the classifier's class probabilities on every training item
   * (one extra forward pass per epoch).
   */
  boolean wantsEpochProbabilities() {
    return false;
  }

  /**
   * Called before each epoch ({@code epoch} counts from 1) with the classifier's current class
   * probabilities of every training item ({@code n × K} row-major, evaluation mode; {@code null}
   * unless {@link #wantsEpochProbabilities}). EM-style learners run their E-step and closed-form
   * M-step here and rewrite {@code set.targets} in place; the default does nothing.
   */
  void beforeEpoch(int epoch, TrainingSet set, float[] probabilities) {}

  /**
   * Called before {@link #annotatorModel} with the classifier's class probabilities on every
   * training item (only when {@link #wantsEpochProbabilities}); {@code last} is {@code true} for
   * the returned model (the selected epoch's parameters are in place) and {@code false} for a
   * checkpoint. The default does nothing.
   */
  void beforeAnnotatorModel(TrainingSet set, float[] probabilities, boolean last) {}

  /**
   * Class scores ({@code n × K}, row-major; their argmax is the prediction, their softmax the class
   * probabilities) from the classifier's logits; the default returns the logits. Heads whose
   * prediction combines several outputs (the doctor net's weighted average) override it.
   */
  float[] predictionScores(float[] logits, int k) {
    return logits;
  }

  /**
   * Whether {@link #afterTraining} wants the selected classifier's logits on the training items.
   */
  boolean wantsFinalLogits() {
    return false;
  }

  /**
   * Called once after training, with the returned epoch's parameters restored and the classifier's
   * logits on every training item ({@code n × K}): a second stage (the doctor net's averaging
   * weights) or a last closed-form estimate (MBEM's confusions) goes here; arrays it keeps must be
   * created in {@code m} and put in {@link #constants} to be saved with the model.
   */
  void afterTraining(NDManager m, TrainingSet set, float[] logits) {}

  /** Mean data term of the batch (differentiable). */
  abstract NDArray dataLoss(MiniBatch b, NDArray logits);

  /** The regulariser added to the training loss, or {@code null}. */
  NDArray regularizer(NDManager m) {
    return null;
  }

  /** The learnt annotator model from the current parameters, or {@code null} (none). */
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    return null;
  }

  /**
   * What the trained model's head is: the plain {@link TrainedHead} (the annotator model alone)
   * unless the head has more to tell.
   *
   * @return the factory of this head's trained head
   */
  public TrainedHead.Factory trainedHead() {
    return TrainedHead::new;
  }

  /** Helper: a parameter that requires a gradient. */
  final NDArray param(String name, NDArray value) {
    value.setRequiresGradient(true);
    params.put(name, value);
    return value;
  }

  /** Row-wise softmax of {@code m} stacked {@code k × k} matrices given as logits, in Java. */
  public static double[] softmaxRows(float[] logits, int k) {
    double[] out = new double[logits.length];
    for (int row = 0; row < logits.length / k; row++) {
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < k; c++) {
        max = Math.max(max, logits[row * k + c]);
      }
      double s = 0;
      for (int c = 0; c < k; c++) {
        out[row * k + c] = Math.exp(logits[row * k + c] - max);
        s += out[row * k + c];
      }
      for (int c = 0; c < k; c++) {
        out[row * k + c] /= s;
      }
    }
    return out;
  }
}
