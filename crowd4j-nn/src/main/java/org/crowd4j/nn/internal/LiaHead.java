package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import java.util.Map;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.nn.Lia;

/**
 * LIA's annotator model (see {@link Lia}): per item–annotator confusion matrices Q_ij built from a
 * difficulty network d(x_i) ∈ ℝ^{K×K×L} and a competence map c(r_j) ∈ ℝ^{K×K×L}. The head runs the
 * EM schedule through {@link #beforeEpoch}: epochs {@code 1..M} fit the classifier and Q to the
 * soft majority vote, every following M-step starts with an E-step, and the epochs after EM
 * maximise the marginal likelihood instead.
 *
 * <p>Parameters: {@code difficulty.w<i>}/{@code difficulty.b<i>} (hidden layers, ReLU), {@code
 * difficulty.out.weight/bias}; {@code competence.embedding} (one-hot annotators) or {@code
 * competence.input.weight/bias} (annotator features), {@code competence.label} (label embedding of
 * the multi-label layout), {@code competence.out.weight/bias}. Constants: {@code
 * annotator.features} and {@code posteriors.em} (the E-step posteriors of the training items at the
 * end of EM, written when fine-tuning starts).
 */
public final class LiaHead extends Head {
  /** The trained head of this learner's models (loading finds it by the learner's name). */
  public static final TrainedHead.Factory TRAINED = LiaTrainedHead::new;

  static final String EM_POSTERIORS = "posteriors.em";

  private final Lia.Options o;
  private final LiaSchedule schedule;
  private final float[] annotatorFeatures;
  private final int annotatorDim;
  private NDManager home;
  private int k;
  private int n;
  private int lastEpoch;
  private boolean marginal;

  public LiaHead(Lia.Options o, LiaSchedule schedule, float[] annotatorFeatures, int annotatorDim) {
    this.o = o;
    this.schedule = schedule;
    this.annotatorFeatures = annotatorFeatures;
    this.annotatorDim = annotatorDim;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {
    home = m;
    k = set.k;
    n = set.n;
    if (o.labelColumns() > set.d) {
      throw new IllegalArgumentException(
          "labelColumns " + o.labelColumns() + " exceeds the " + set.d + " feature columns");
    }
    int out = k * k * o.latent();
    int in = set.d;
    for (int layer = 0; layer < o.difficultyLayers(); layer++) {
      int w = o.difficultyWidth();
      param("difficulty.w" + layer, Ops.uniform(m, new Shape(in, w), 1 / Math.sqrt(in)));
      param("difficulty.b" + layer, m.zeros(new Shape(w)));
      in = w;
    }
    param("difficulty.out.weight", Ops.uniform(m, new Shape(in, out), 0.1 / Math.sqrt(in)));
    // inner product: D starts at 1, so that Q starts as softmax(Σ_z C) and C gets a gradient at
    // once
    param(
        "difficulty.out.bias",
        o.combine() == Lia.Combine.INNER_PRODUCT
            ? m.ones(new Shape(out))
            : m.zeros(new Shape(out)));
    int e = o.embedding();
    if (annotatorFeatures == null) {
      param("competence.embedding", Ops.uniform(m, new Shape(set.r, e), 1));
    } else {
      param(
          "competence.input.weight",
          Ops.uniform(m, new Shape(annotatorDim, e), 1 / Math.sqrt(annotatorDim)));
      param("competence.input.bias", m.zeros(new Shape(e)));
      constants.put(
          "annotator.features", m.create(annotatorFeatures, new Shape(set.r, annotatorDim)));
    }
    if (o.labelColumns() > 0) {
      param("competence.label", Ops.uniform(m, new Shape(o.labelColumns(), e), 1));
    }
    param("competence.out.weight", Ops.uniform(m, new Shape(e, out), 0.1 / Math.sqrt(e)));
    param("competence.out.bias", m.zeros(new Shape(out)));
  }

  @Override
  boolean usesTargets() {
    return true;
  }

  @Override
  boolean wantsEpochProbabilities() {
    return schedule.eStepAt(lastEpoch + 1);
  }

  @Override
  void beforeEpoch(int epoch, TrainingSet set, float[] probabilities) {
    lastEpoch = epoch;
    marginal = epoch > schedule.emEpochs();
    if (!schedule.eStepAt(epoch)) {
      return;
    }
    double[] post;
    try (NDManager s = home.newSubManager()) {
      for (NDArray a : all().values()) {
        a.tempAttach(s);
      }
      post = posteriors(all(), o, set, s, probabilities);
    }
    for (int i = 0; i < post.length; i++) {
      set.targets[i] = (float) post[i];
    }
    // items without answers stay out of training (all-zero target rows)
    for (int i = 0; i < set.n; i++) {
      if (set.taskStart[i + 1] == set.taskStart[i]) {
        for (int c = 0; c < k; c++) {
          set.targets[i * k + c] = 0f;
        }
      }
    }
    if (epoch == schedule.emEpochs() + 1) {
      NDArray old = constants.remove(EM_POSTERIORS);
      if (old != null) {
        old.close();
      }
      float[] f = new float[post.length];
      for (int i = 0; i < f.length; i++) {
        f[i] = (float) post[i];
      }
      constants.put(EM_POSTERIORS, home.create(f, new Shape(set.n, k)));
    }
  }

  /**
   * E-step posteriors of the items of {@code set} from their answers, ∝ prior_k Π_j Q_ij[k, ŷ_ij]
   * in log space ({@code n × K}, rows sum to 1); {@code prior} is the classifier's {@code n × K}
   * probabilities, or {@code null} / ignored when the options leave the prior out.
   */
  static double[] posteriors(
      Map<String, NDArray> p, Lia.Options o, TrainingSet set, NDManager s, float[] prior) {
    return posteriors(
        p, o, set.k, set.x, set.n, set.d, set.taskStart, set.worker, set.label, s, prior);
  }

  /**
   * E-step posteriors of {@code n} items with standardised features {@code x} ({@code n × d}) and
   * answers in CSR layout ({@code taskStart}, annotator and label columns).
   */
  static double[] posteriors(
      Map<String, NDArray> p,
      Lia.Options o,
      int k,
      float[] features,
      int n,
      int dim,
      int[] taskStart,
      int[] worker,
      int[] label,
      NDManager s,
      float[] prior) {
    int m = taskStart[n];
    long[] pi = new long[m];
    long[] pw = new long[m];
    long[] pl = new long[m];
    for (int i = 0; i < n; i++) {
      for (int a = taskStart[i]; a < taskStart[i + 1]; a++) {
        pi[a] = i;
        pw[a] = worker[a];
        pl[a] = label[a];
      }
    }
    double[] logPost = new double[n * k];
    if (m > 0) {
      NDArray x = s.create(features, new Shape(n, dim));
      NDArray col =
          observedColumn(
              logQ(p, o, k, x, s.create(pi), annotatorRows(p, s.create(pw))), s.create(pl), k);
      float[] c = col.toFloatArray();
      for (int a = 0; a < m; a++) {
        for (int z = 0; z < k; z++) {
          logPost[(int) pi[a] * k + z] += c[a * k + z];
        }
      }
    }
    for (int i = 0; i < n; i++) {
      double max = Double.NEGATIVE_INFINITY;
      for (int z = 0; z < k; z++) {
        if (prior != null && o.eStepPrior()) {
          logPost[i * k + z] += Math.log(Math.max(prior[i * k + z], 1e-30));
        }
        max = Math.max(max, logPost[i * k + z]);
      }
      double sum = 0;
      for (int z = 0; z < k; z++) {
        logPost[i * k + z] = Math.exp(logPost[i * k + z] - max);
        sum += logPost[i * k + z];
      }
      for (int z = 0; z < k; z++) {
        logPost[i * k + z] /= sum;
      }
    }
    return logPost;
  }

  /** The difficulty tensors of the rows of {@code x}: {@code (B, K·K·L)} logits. */
  static NDArray difficulty(Map<String, NDArray> p, NDArray x) {
    NDArray h = x;
    for (int layer = 0; p.containsKey("difficulty.w" + layer); layer++) {
      h =
          Activation.relu(
              h.matMul(p.get("difficulty.w" + layer)).add(p.get("difficulty.b" + layer)));
    }
    return h.matMul(p.get("difficulty.out.weight")).add(p.get("difficulty.out.bias"));
  }

  /**
   * The annotator representations r_j (embedding of dimension E) of the given annotator indices:
   * rows of the learnt embedding, or the annotators' features through the input map.
   */
  static NDArray annotatorRows(Map<String, NDArray> p, NDArray workers) {
    NDArray features = p.get("annotator.features");
    if (features == null) {
      return p.get("competence.embedding").get(new NDIndex("{}", workers));
    }
    return annotatorRowsFromFeatures(p, features.get(new NDIndex("{}", workers)));
  }

  /** The representations r of annotators given by feature rows {@code (P, A)}. */
  static NDArray annotatorRowsFromFeatures(Map<String, NDArray> p, NDArray features) {
    return features.matMul(p.get("competence.input.weight")).add(p.get("competence.input.bias"));
  }

  /**
   * log Q of each pair: {@code (P, K, K)}, entry [p, k, l] = log P(annotator says l | truth k) for
   * item {@code x[pairItem[p]]} and annotator representation {@code rows[p]}.
   */
  static NDArray logQ(
      Map<String, NDArray> p, Lia.Options o, int k, NDArray x, NDArray pairItem, NDArray rows) {
    int latent = o.latent();
    NDIndex byPair = new NDIndex("{}", pairItem);
    NDArray d = difficulty(p, x).get(byPair);
    NDArray r = rows;
    if (o.labelColumns() > 0) {
      long width = x.getShape().get(1);
      NDArray labelPart = x.get(new NDIndex(":, " + (width - o.labelColumns()) + ":"));
      r = r.add(labelPart.matMul(p.get("competence.label")).get(byPair));
    }
    NDArray c = r.matMul(p.get("competence.out.weight")).add(p.get("competence.out.bias"));
    long pairs = pairItem.getShape().get(0);
    NDArray dd = d.reshape(pairs, k, k, latent);
    NDArray cc = c.reshape(pairs, k, k, latent);
    if (o.combine() == Lia.Combine.SUM) {
      NDArray slices = dd.add(cc).logSoftmax(2);
      return Ops.logSumExp(slices, 3).sub((float) Math.log(latent));
    }
    return dd.mul(cc).sum(new int[] {3}).logSoftmax(2);
  }

  /** Column of the observed label: {@code (P, K)}, entry [p, k] = log Q_p[k, label[p]]. */
  static NDArray observedColumn(NDArray logQ, NDArray label, int k) {
    NDArray mask = label.oneHot(k).toType(logQ.getDataType(), false).expandDims(1);
    return logQ.mul(mask).sum(new int[] {2});
  }

  @Override
  NDArray dataLoss(MiniBatch b, NDArray logits) {
    Map<String, NDArray> p = all();
    NDArray logh = logits.logSoftmax(1);
    NDArray col =
        observedColumn(
            logQ(p, o, k, b.x(), b.pairItem(), annotatorRows(p, b.pairWorker())), b.pairLabel(), k);
    NDArray loss;
    if (!marginal) {
      NDArray t = b.targets();
      NDArray itemTerm = t.mul(logh).sum();
      NDArray answerTerm = t.get(new NDIndex("{}", b.pairItem())).mul(col).sum();
      loss = itemTerm.add(answerTerm).neg().div((float) b.size());
    } else if (o.perInstanceMarginal()) {
      NDArray member = b.pairItem().oneHot(b.size()).toType(col.getDataType(), false);
      NDArray perItem = member.transpose().matMul(col);
      loss = Ops.logSumExp(logh.add(perItem), 1).sum().neg().div((float) b.size());
    } else {
      NDArray lh = logh.get(new NDIndex("{}", b.pairItem()));
      loss = Ops.logSumExp(lh.add(col), 1).sum().neg().div((float) b.size());
    }
    if (o.difficultyPenalty() > 0) {
      NDArray d = difficulty(p, b.x());
      if (o.combine() == Lia.Combine.INNER_PRODUCT) {
        d = d.sub(1f); // D = 1 is the neutral difficulty of the product
      }
      loss = loss.add(d.square().sum().mul((float) (0.5 * o.difficultyPenalty() / b.size())));
    }
    return loss;
  }

  @Override
  NDArray regularizer(NDManager m) {
    if (o.competencePenalty() == 0 || o.labelColumns() > 0) {
      return null;
    }
    Map<String, NDArray> p = all();
    NDArray rows =
        p.containsKey("annotator.features")
            ? annotatorRowsFromFeatures(p, p.get("annotator.features"))
            : p.get("competence.embedding");
    NDArray c = rows.matMul(p.get("competence.out.weight")).add(p.get("competence.out.bias"));
    return c.square().sum().mul((float) (0.5 * o.competencePenalty() / n));
  }

  /** Per annotator, the mean of Q_ij over the items she answered (uniform if she answered none). */
  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    int m = set.worker.length;
    int r = set.r;
    double[] sum = new double[r * k * k];
    int[] count = new int[r];
    if (m > 0) {
      long[] pi = new long[m];
      long[] pw = new long[m];
      for (int i = 0; i < set.n; i++) {
        for (int a = set.taskStart[i]; a < set.taskStart[i + 1]; a++) {
          pi[a] = i;
          pw[a] = set.worker[a];
        }
      }
      Map<String, NDArray> p = all();
      float[] q =
          logQ(
                  p,
                  o,
                  k,
                  scope.create(set.x, new Shape(set.n, set.d)),
                  scope.create(pi),
                  annotatorRows(p, scope.create(pw)))
              .exp()
              .toFloatArray();
      for (int a = 0; a < m; a++) {
        int w = set.worker[a];
        count[w]++;
        for (int c = 0; c < k * k; c++) {
          sum[w * k * k + c] += q[a * k * k + c];
        }
      }
    }
    for (int w = 0; w < r; w++) {
      for (int c = 0; c < k * k; c++) {
        sum[w * k * k + c] = count[w] == 0 ? 1.0 / k : sum[w * k * k + c] / count[w];
      }
      for (int row = 0; row < k; row++) {
        double s = 0;
        for (int c = 0; c < k; c++) {
          s += sum[(w * k + row) * k + c];
        }
        for (int c = 0; c < k; c++) {
          sum[(w * k + row) * k + c] /= s;
        }
      }
    }
    return new ConfusionMatrices(r, k, sum);
  }

  @Override
  public TrainedHead.Factory trainedHead() {
    return TRAINED;
  }
}
