package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;

/**
 * Row-stochastic confusion matrices Π = softmax_rows(W) on top of the classifier (Tanno et al.
 * 2019; Sukhbaatar et al. 2014 with one shared matrix). The likelihood of answer l is computed in
 * log space, log Σ_k p_θ(k|x) Π[k, l] = logsumexp_k(log p_θ(k|x) + log Π[k, l]); the regulariser is
 * λ times the trace of the mean matrix (or the sum of the traces).
 */
public final class ConfusionHead extends Head {
  private final boolean shared;
  private final boolean targets;
  private final double lambda;
  private final boolean traceSum;
  private final double initDiagonal;
  private final double initOffDiagonal;
  private final double learningRate;
  private int k;
  private int matrices;

  public ConfusionHead(
      boolean shared,
      boolean targets,
      double lambda,
      boolean traceSum,
      double initDiagonal,
      double initOffDiagonal,
      double learningRate) {
    this.shared = shared;
    this.targets = targets;
    this.lambda = lambda;
    this.traceSum = traceSum;
    this.initDiagonal = initDiagonal;
    this.initOffDiagonal = initOffDiagonal;
    this.learningRate = learningRate;
  }

  @Override
  boolean refitsAnnotatorModel() {
    return true;
  }

  @Override
  double preferredLearningRate() {
    return learningRate;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {
    k = set.k;
    matrices = shared ? 1 : set.r;
    float[] w = new float[matrices * k * k];
    for (int r = 0; r < matrices; r++) {
      for (int a = 0; a < k; a++) {
        for (int b = 0; b < k; b++) {
          w[(r * k + a) * k + b] = (float) (a == b ? initDiagonal : initOffDiagonal);
        }
      }
    }
    param("confusionLogits", m.create(w, new Shape(matrices, k, k)));
  }

  @Override
  boolean usesTargets() {
    return targets;
  }

  @Override
  NDArray dataLoss(MiniBatch b, NDArray logits) {
    NDArray w = params.get("confusionLogits");
    NDArray logq = logits.logSoftmax(1);
    NDArray logPi = w.logSoftmax(2);
    if (targets) {
      // log p(noisy = l | x) for every l: logsumexp_k(log q_k + log Π[k, l])
      NDArray joint = logq.expandDims(2).add(logPi.get(0).expandDims(0));
      NDArray logNoisy = Ops.logSumExp(joint, 1);
      return b.targets().mul(logNoisy).sum(new int[] {1}).mean().neg();
    }
    NDArray lq = logq.get(new NDIndex("{}", b.pairItem()));
    NDArray who = shared ? b.pairWorker().zerosLike() : b.pairWorker();
    NDArray column = logPi.transpose(0, 2, 1).get(new NDIndex("{}, {}", who, b.pairLabel()));
    return Ops.logSumExp(lq.add(column), 1).mean().neg();
  }

  @Override
  NDArray regularizer(NDManager m) {
    if (lambda == 0) {
      return null;
    }
    NDArray pi = params.get("confusionLogits").softmax(2);
    NDArray traces = pi.mul(m.eye(k)).sum(new int[] {1, 2});
    NDArray t = traceSum ? traces.sum() : traces.mean();
    return t.mul((float) lambda);
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    float[] w = params.get("confusionLogits").toFloatArray();
    return new ConfusionMatrices(matrices, k, softmaxRows(w, k));
  }
}
