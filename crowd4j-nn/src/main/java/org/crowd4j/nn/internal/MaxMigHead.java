package org.crowd4j.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;

/**
 * Max-MIG's crowds aggregator and loss (Cao et al. 2019): g(ỹ_i) = softmax(Σ_{(r, l) answers of i}
 * W_r[·, l] + log p), with W_r ∈ ℝ^{K×K} (rows = true class) and the prior p = softmax(β) (or fixed
 * uniform); with M_ij = Σ_c h_c(x_i) g_c(ỹ_j) / p_c the batch loss is −(1/B) Σ_i (1 + log M_ii) +
 * (1/(B² − B)) Σ_{i≠j} M_ij, the negative of the KL-divergence lower bound of the f-mutual
 * information gain. log M_ii is computed as a log-sum-exp. After training, the annotator model is
 * the confusion implied by the aggregator ({@link MaxMig#confusions}).
 */
final class MaxMigHead extends Head {
  private final MaxMig.Options o;
  private int k;
  private int r;
  private double[] confusions;

  MaxMigHead(MaxMig.Options o) {
    this.o = o;
  }

  @Override
  double preferredLearningRate() {
    return o.aggregatorLearningRate();
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {
    k = set.k;
    r = set.r;
    param("aggregator.weight", m.create(MaxMig.initialWeights(set.data), new Shape(r, k, k)));
    NDArray prior = m.zeros(new Shape(k));
    if (o.learnPrior()) {
      param("aggregator.prior", prior);
    } else {
      constants.put("aggregator.prior", prior);
    }
  }

  /** log h − log p, log g for the batch's items. */
  private NDArray[] logViews(Batch b, NDArray logits) {
    NDArray logPrior = all().get("aggregator.prior").logSoftmax(0);
    NDArray w = params.get("aggregator.weight");
    // column l of W_r for each answer: (P, K)
    NDArray columns =
        w.transpose(0, 2, 1).get(new NDIndex("{}, {}", b.pairWorker(), b.pairLabel()));
    NDArray owner = b.pairItem().oneHot(b.size()).toType(columns.getDataType(), false);
    NDArray gLogits = owner.transpose().matMul(columns).add(logPrior);
    NDArray logG = gLogits.logSoftmax(1);
    NDArray logH = logits.logSoftmax(1);
    return new NDArray[] {logH.sub(logPrior), logG};
  }

  @Override
  NDArray dataLoss(Batch b, NDArray logits) {
    NDArray[] v = logViews(b, logits);
    NDArray logHp = v[0];
    NDArray logG = v[1];
    NDArray logDiag = Ops.logSumExp(logHp.add(logG), 1);
    NDArray joint = logDiag.mean().add(1f).neg();
    int n = b.size();
    if (n < 2) {
      return joint;
    }
    NDArray m = logHp.exp().matMul(logG.exp().transpose());
    NDArray off = m.sum().sub(logDiag.exp().sum());
    return joint.add(off.div((float) n * (n - 1)));
  }

  @Override
  boolean wantsFinalLogits() {
    return true;
  }

  @Override
  void afterTraining(NDManager m, TrainingSet set, float[] logits) {
    confusions =
        MaxMig.confusions(
            set.data,
            params.get("aggregator.weight").toFloatArray(),
            all().get("aggregator.prior").toFloatArray());
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    return confusions == null ? null : new ConfusionMatrices(r, k, confusions);
  }
}
