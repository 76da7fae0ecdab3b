package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;

/**
 * No annotator model: cross-entropy of the classifier to per-item target distributions t (the
 * two-stage learners), or Reed et al.'s soft bootstrapping −Σ_k [β t_k + (1−β) q_k] log q_k.
 */
public final class TargetHead extends Head {
  private final double beta;
  private final boolean stopGradient;

  /** Plain cross-entropy ({@code beta = 1}) or soft bootstrapping with {@code beta}. */
  public TargetHead(double beta, boolean stopGradient) {
    this.beta = beta;
    this.stopGradient = stopGradient;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {}

  @Override
  boolean usesTargets() {
    return true;
  }

  @Override
  NDArray dataLoss(MiniBatch b, NDArray logits) {
    NDArray logq = logits.logSoftmax(1);
    NDArray target = b.targets();
    if (beta < 1) {
      NDArray q = logq.exp();
      if (stopGradient) {
        q = q.stopGradient();
      }
      target = target.mul((float) beta).add(q.mul((float) (1 - beta)));
    }
    return target.mul(logq).sum(new int[] {1}).mean().neg();
  }
}
