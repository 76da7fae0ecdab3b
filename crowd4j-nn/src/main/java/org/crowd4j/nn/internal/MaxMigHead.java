package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.nn.MaxMig;

/**
 * Max-MIG's crowds aggregator and loss (Cao et al. 2019): g(ỹ_i) = softmax(Σ_{(r, l) answers of i}
 * W_r[·, l] + log p), with W_r ∈ ℝ^{K×K} (rows = true class) and the prior p = softmax(β) (or fixed
 * uniform); with M_ij = Σ_c h_c(x_i) g_c(ỹ_j) / p_c the batch loss is −(1/B) Σ_i (1 + log M_ii) +
 * (1/(B² − B)) Σ_{i≠j} M_ij, the negative of the KL-divergence lower bound of the f-mutual
 * information gain. log M_ii is computed as a log-sum-exp. After training, the annotator model is
 * the confusion implied by the aggregator ({@link #confusions}).
 */
public final class MaxMigHead extends Head {
  private final MaxMig.Options o;
  private int k;
  private int r;
  private double[] confusions;

  public MaxMigHead(MaxMig.Options o) {
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
    param("aggregator.weight", m.create(initialWeights(set.data), new Shape(r, k, k)));
    NDArray prior = m.zeros(new Shape(k));
    if (o.learnPrior()) {
      param("aggregator.prior", prior);
    } else {
      constants.put("aggregator.prior", prior);
    }
  }

  /** log h − log p, log g for the batch's items. */
  private NDArray[] logViews(MiniBatch b, NDArray logits) {
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
  NDArray dataLoss(MiniBatch b, NDArray logits) {
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
        confusions(
            set.data,
            params.get("aggregator.weight").toFloatArray(),
            all().get("aggregator.prior").toFloatArray());
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    return confusions == null ? null : new ConfusionMatrices(r, k, confusions);
  }

  /**
   * The aggregator's posteriors on the training items, g(ỹ_i) (log space), and from them each
   * annotator's confusion Π_r[k, l] ∝ Σ_{i : ỹ_ir = l} g_k(ỹ_i) ({@code R × K × K}; an unseen row
   * is uniform, cells floored at 1e-10). W_r itself is identified only up to a constant per column
   * (a constant added to column l of W_r shifts every class's logit alike and leaves g unchanged),
   * so its row softmax is not a confusion matrix.
   */
  public static double[] confusions(CrowdDataset data, float[] w, float[] priorLogits) {
    int k = data.numLabels();
    int r = data.numWorkers();
    double[] logPrior = new double[k];
    for (int c = 0; c < k; c++) {
      logPrior[c] = priorLogits[c];
    }
    DoctorHead.softmaxInPlace(logPrior);
    for (int c = 0; c < k; c++) {
      logPrior[c] = Math.log(Math.max(logPrior[c], 1e-300));
    }
    double[] counts = new double[r * k * k];
    double[] g = new double[k];
    for (int i = 0; i < data.numTasks(); i++) {
      System.arraycopy(logPrior, 0, g, 0, k);
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        int base = data.worker(a) * k * k + data.label(a);
        for (int c = 0; c < k; c++) {
          g[c] += w[base + c * k];
        }
      }
      DoctorHead.softmaxInPlace(g);
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        int base = data.worker(a) * k * k + data.label(a);
        for (int c = 0; c < k; c++) {
          counts[base + c * k] += g[c];
        }
      }
    }
    for (int row = 0; row < r * k; row++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += counts[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        counts[row * k + l] = s > 0 ? Math.max(counts[row * k + l] / s, 1e-10) : 1.0 / k;
      }
      double t = 0;
      for (int l = 0; l < k; l++) {
        t += counts[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        counts[row * k + l] /= t;
      }
    }
    return counts;
  }

  /** log(Π⁰_r + 0.01) for every annotator ({@code R × K × K}, row-major, rows = true class). */
  public static float[] initialWeights(CrowdDataset data) {
    int k = data.numLabels();
    int r = data.numWorkers();
    double[] mv = MbemHead.softMajority(data);
    double[] c = new double[r * k * k];
    for (int a = 0; a < data.numAnswers(); a++) {
      int t = data.task(a);
      int base = data.worker(a) * k * k + data.label(a);
      for (int j = 0; j < k; j++) {
        c[base + j * k] += mv[t * k + j];
      }
    }
    float[] w = new float[c.length];
    for (int row = 0; row < r * k; row++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += c[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        double v = s > 0 ? c[row * k + l] / s : 0;
        w[row * k + l] = (float) Math.log(v + 0.01);
      }
    }
    return w;
  }
}
