package org.crowd4j.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;

/**
 * One MBEM round: cross-entropy of the classifier to the round's per-item targets; after training,
 * the selected classifier's hard predictions on the training items give the confusion matrices, the
 * class prior and the next round's posteriors ({@link Mbem#confusions}, {@link Mbem#posteriors}).
 */
final class MbemHead extends Head {
  private final Mbem.Options o;
  private ConfusionMatrices confusions;
  private double[] posteriors;

  MbemHead(Mbem.Options o) {
    this.o = o;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {}

  @Override
  boolean usesTargets() {
    return true;
  }

  @Override
  NDArray dataLoss(Batch b, NDArray logits) {
    return b.targets().mul(logits.logSoftmax(1)).sum(new int[] {1}).mean().neg();
  }

  @Override
  boolean wantsFinalLogits() {
    return true;
  }

  @Override
  void afterTraining(NDManager m, TrainingSet set, float[] logits) {
    int k = set.k;
    int[] t = Trainer.argmax(logits, k);
    double[] pi = Mbem.confusions(set.data, t, o.smoothing());
    double[] prior =
        switch (o.prior()) {
          case PREDICTED -> Mbem.classPrior(t, k);
          case UNIFORM -> uniform(k);
          case MODEL -> softmax(logits, k);
        };
    confusions = new ConfusionMatrices(set.r, k, pi);
    posteriors = Mbem.posteriors(set.data, pi, prior, o.prior() == Mbem.Prior.MODEL);
  }

  private static double[] uniform(int k) {
    double[] u = new double[k];
    java.util.Arrays.fill(u, 1.0 / k);
    return u;
  }

  private static double[] softmax(float[] logits, int k) {
    double[] out = new double[logits.length];
    double[] row = new double[k];
    for (int i = 0; i < logits.length / k; i++) {
      for (int c = 0; c < k; c++) {
        row[c] = logits[i * k + c];
      }
      DoctorHead.softmaxInPlace(row);
      System.arraycopy(row, 0, out, i * k, k);
    }
    return out;
  }

  /** The next round's targets ({@code n × K}), available after training. */
  double[] posteriors() {
    return posteriors;
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    return confusions;
  }
}
