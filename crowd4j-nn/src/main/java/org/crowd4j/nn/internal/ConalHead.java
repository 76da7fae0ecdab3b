package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import java.util.Map;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.nn.Conal;

/**
 * CoNAL's noise adaptation (Chu et al. 2021): a common K×K layer W_g and one individual layer W_r
 * per annotator, both starting at {@code initScale}·I, applied to the classifier's probabilities p
 * (pW); an auxiliary network gives ω_ir = σ(u_r·v_i) from an instance embedding v_i = W₂(W₁x_i +
 * b₁) + b₂ (linear, no non-linearity between, as in the authors' code) and an annotator embedding
 * u_r (one-hot or annotator features through a linear map), both L2-normalised by default. LOGIT
 * mixing (the authors' code): h = ω·pW_g + (1−ω)·pW_r, softmax cross-entropy on h. PROBABILITY
 * mixing (the paper's eq. 1): p(y) = ω softmax(pW_g) + (1−ω) softmax(pW_r). Regulariser: −λ Σ_r
 * ‖W_r − W_g‖_F (subtracted, not squared), computed as √(‖·‖² + 1e-12) so that its gradient at the
 * common start W_r = W_g is zero, as PyTorch's norm gives there.
 */
public final class ConalHead extends Head {
  /** The trained head of this learner's models (loading finds it by the learner's name). */
  public static final TrainedHead.Factory TRAINED = ConalTrainedHead::new;

  private final Conal.Options o;
  private final float[] annotatorFeatures;
  private final int annotatorDim;
  private int k;
  private int r;

  public ConalHead(Conal.Options o, float[] annotatorFeatures, int annotatorDim) {
    this.o = o;
    this.annotatorFeatures = annotatorFeatures;
    this.annotatorDim = annotatorDim;
  }

  @Override
  boolean refitsAnnotatorModel() {
    return true;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {
    k = set.k;
    r = set.r;
    float s = (float) o.initScale();
    float[] common = new float[k * k];
    float[] individual = new float[r * k * k];
    for (int c = 0; c < k; c++) {
      common[c * k + c] = s;
      for (int w = 0; w < r; w++) {
        individual[(w * k + c) * k + c] = s;
      }
    }
    param("common", m.create(common, new Shape(k, k)));
    param("individual", m.create(individual, new Shape(r, k, k)));
    int h = o.auxHidden();
    int e = o.embedding();
    // PyTorch's default Linear initialisation: U(−1/√fan_in, 1/√fan_in) for weights and biases
    param("instance1.weight", Ops.uniform(m, new Shape(set.d, h), 1 / Math.sqrt(set.d)));
    param("instance1.bias", Ops.uniform(m, new Shape(h), 1 / Math.sqrt(set.d)));
    param("instance2.weight", Ops.uniform(m, new Shape(h, e), 1 / Math.sqrt(h)));
    param("instance2.bias", Ops.uniform(m, new Shape(e), 1 / Math.sqrt(h)));
    int in = annotatorFeatures == null ? r : annotatorDim;
    param("annotator.weight", Ops.uniform(m, new Shape(in, e), 1 / Math.sqrt(in)));
    param("annotator.bias", Ops.uniform(m, new Shape(e), 1 / Math.sqrt(in)));
    if (annotatorFeatures != null) {
      NDArray f = m.create(annotatorFeatures, new Shape(r, annotatorDim));
      constants.put("annotator.features", f);
    }
  }

  /** Raw score u_r·v_i of each pair (ω = σ of it). */
  static NDArray score(
      Map<String, NDArray> p,
      NDArray x,
      NDArray pairItem,
      NDArray pairWorker,
      boolean normalizeInstance,
      boolean normalizeAnnotator) {
    NDArray v =
        x.matMul(p.get("instance1.weight"))
            .add(p.get("instance1.bias"))
            .matMul(p.get("instance2.weight"))
            .add(p.get("instance2.bias"));
    if (normalizeInstance) {
      v = Ops.l2normalize(v);
    }
    NDArray u;
    NDArray features = p.get("annotator.features");
    if (features == null) {
      u = p.get("annotator.weight").get(new NDIndex("{}", pairWorker));
    } else {
      u = features.get(new NDIndex("{}", pairWorker)).matMul(p.get("annotator.weight"));
    }
    u = u.add(p.get("annotator.bias"));
    if (normalizeAnnotator) {
      u = Ops.l2normalize(u);
    }
    return v.get(new NDIndex("{}", pairItem)).mul(u).sum(new int[] {1});
  }

  static NDArray omega(
      Map<String, NDArray> p,
      NDArray x,
      NDArray pairItem,
      NDArray pairWorker,
      boolean normalizeInstance,
      boolean normalizeAnnotator) {
    return Activation.sigmoid(
        score(p, x, pairItem, pairWorker, normalizeInstance, normalizeAnnotator));
  }

  @Override
  NDArray dataLoss(MiniBatch b, NDArray logits) {
    NDArray p = logits.softmax(1).get(new NDIndex("{}", b.pairItem()));
    NDArray common = p.matMul(params.get("common"));
    NDArray individual =
        p.expandDims(1)
            .matMul(params.get("individual").get(new NDIndex("{}", b.pairWorker())))
            .squeeze(1);
    NDArray s =
        score(
            all(),
            b.x(),
            b.pairItem(),
            b.pairWorker(),
            o.normalizeInstance(),
            o.normalizeAnnotator());
    if (o.mixing() == Conal.Mixing.LOGIT) {
      NDArray w = Activation.sigmoid(s).expandDims(1);
      NDArray h = common.mul(w).add(individual.mul(w.neg().add(1f)));
      return Ops.pick(h.logSoftmax(1), b.pairLabel()).mean().neg();
    }
    NDArray a = common.logSoftmax(1).add(Ops.logSigmoid(s).expandDims(1));
    NDArray c = individual.logSoftmax(1).add(Ops.logSigmoid(s.neg()).expandDims(1));
    return Ops.pick(Ops.logAddExp(a, c), b.pairLabel()).mean().neg();
  }

  @Override
  NDArray regularizer(NDManager m) {
    if (o.lambda() == 0) {
      return null;
    }
    NDArray diff = params.get("individual").sub(params.get("common").expandDims(0));
    NDArray norms = diff.square().sum(new int[] {1, 2}).add(1e-12f).sqrt();
    return norms.sum().mul((float) -o.lambda());
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    double[] common = softmaxRows(params.get("common").toFloatArray(), k);
    double[] individual = softmaxRows(params.get("individual").toFloatArray(), k);
    int m = set.data.numAnswers();
    long[] pi = new long[m];
    long[] pw = new long[m];
    for (int a = 0; a < m; a++) {
      pi[a] = set.data.task(a);
      pw[a] = set.data.worker(a);
    }
    float[] w =
        omega(
                all(),
                scope.create(set.x, new Shape(set.n, set.d)),
                scope.create(pi),
                scope.create(pw),
                o.normalizeInstance(),
                o.normalizeAnnotator())
            .toFloatArray();
    double[] omega = new double[m];
    for (int a = 0; a < m; a++) {
      omega[a] = w[a];
    }
    return new CommonConfusionModel(common, new ConfusionMatrices(r, k, individual), omega);
  }

  @Override
  public TrainedHead.Factory trainedHead() {
    return TRAINED;
  }
}
