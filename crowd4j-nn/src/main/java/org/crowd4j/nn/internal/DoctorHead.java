package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import java.util.Map;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.nn.WeightedDoctorNet;

/**
 * The doctor net of Guan et al. (2018): one softmax output layer per annotator ("doctor") on the
 * shared network, p_r(x) = softmax(z(x) V_r + c_r), where z(x) is the backbone's K-dimensional
 * output, V_r ∈ ℝ^{K×K} starts at the identity and c_r at zero. Each layer is trained by
 * cross-entropy on its own annotator's answers only (mean over the batch's observed pairs). The
 * prediction is the average Σ_r a_r p_r(x) with averaging weights a = softmax(α): uniform while the
 * doctors train (the doctor net, DN); after training the weights are fitted with everything else
 * frozen (the weighted doctor net, WDN; see {@link WeightedDoctorNet}).
 */
public final class DoctorHead extends Head {
  /** The trained head of this learner's models (loading finds it by the learner's name). */
  public static final TrainedHead.Factory TRAINED = DoctorTrainedHead::new;

  /** Name of the doctors' layer weights (R × K × K). */
  static final String WEIGHTS = "doctors.weight";

  /** Name of the doctors' biases (R × K). */
  static final String BIASES = "doctors.bias";

  /** Name of the learnt averaging logits (R), one per doctor. */
  static final String AVERAGING = "averaging.logits";

  /** Name of the image-specific averaging map (K × R) from z to the averaging logits. */
  static final String AVERAGING_MAP = "averaging.weight";

  private final WeightedDoctorNet.Options o;
  private int k;
  private int r;
  private double[] weights;

  public DoctorHead(WeightedDoctorNet.Options o) {
    this.o = o;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {
    k = set.k;
    r = set.r;
    float[] eye = new float[r * k * k];
    for (int w = 0; w < r; w++) {
      for (int c = 0; c < k; c++) {
        eye[(w * k + c) * k + c] = 1f;
      }
    }
    param(WEIGHTS, m.create(eye, new Shape(r, k, k)));
    param(BIASES, m.zeros(new Shape(r, k)));
  }

  @Override
  NDArray dataLoss(MiniBatch b, NDArray logits) {
    NDArray z = logits.get(new NDIndex("{}", b.pairItem()));
    NDArray v = params.get(WEIGHTS).get(new NDIndex("{}", b.pairWorker()));
    NDArray u =
        z.expandDims(1)
            .matMul(v)
            .squeeze(1)
            .add(params.get(BIASES).get(new NDIndex("{}", b.pairWorker())));
    return Ops.pick(u.logSoftmax(1), b.pairLabel()).mean().neg();
  }

  @Override
  float[] predictionScores(float[] logits, int k) {
    Map<String, float[]> p = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, NDArray> e : all().entrySet()) {
      p.put(e.getKey(), e.getValue().toFloatArray());
    }
    return combine(p, logits, k);
  }

  @Override
  boolean wantsFinalLogits() {
    return true;
  }

  @Override
  void afterTraining(NDManager m, TrainingSet set, float[] logits) {
    float[] v = params.get(WEIGHTS).toFloatArray();
    float[] c = params.get(BIASES).toFloatArray();
    AveragingFit fit = new AveragingFit(set, logits, v, c, o);
    fit.run();
    weights = fit.meanWeights();
    if (o.imageSpecific()) {
      constants.put(AVERAGING_MAP, m.create(fit.map(), new Shape(k, r)));
    }
    constants.put(AVERAGING, m.create(fit.bias(), new Shape(r)));
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    if (weights == null) {
      double[] u = new double[r];
      java.util.Arrays.fill(u, 1.0 / r);
      return new WorkerSkills(u);
    }
    return new WorkerSkills(weights);
  }

  /** Softmax of doctor {@code w}'s layer on {@code z} (offset {@code zo}) into {@code out}. */
  static void doctor(float[] v, float[] c, int k, int w, float[] z, int zo, double[] out) {
    double max = Double.NEGATIVE_INFINITY;
    for (int l = 0; l < k; l++) {
      double s = c[w * k + l];
      for (int j = 0; j < k; j++) {
        s += z[zo + j] * v[(w * k + j) * k + l];
      }
      out[l] = s;
      max = Math.max(max, s);
    }
    double sum = 0;
    for (int l = 0; l < k; l++) {
      out[l] = Math.exp(out[l] - max);
      sum += out[l];
    }
    for (int l = 0; l < k; l++) {
      out[l] /= sum;
    }
  }

  /**
   * Log of the averaged doctors' class probabilities for rows of backbone outputs {@code z} ({@code
   * n × K}), with the averaging weights in {@code p} (uniform when there are none yet).
   */
  static float[] combine(Map<String, float[]> p, float[] z, int k) {
    float[] v = p.get(WEIGHTS);
    float[] c = p.get(BIASES);
    float[] alpha = p.get(AVERAGING);
    float[] map = p.get(AVERAGING_MAP);
    int r = c.length / k;
    int n = z.length / k;
    float[] out = new float[z.length];
    double[] a = new double[r];
    double[] q = new double[k];
    double[] mix = new double[k];
    for (int i = 0; i < n; i++) {
      for (int w = 0; w < r; w++) {
        double s = alpha == null ? 0 : alpha[w];
        if (map != null) {
          for (int j = 0; j < k; j++) {
            s += z[i * k + j] * map[j * r + w];
          }
        }
        a[w] = s;
      }
      softmaxInPlace(a);
      java.util.Arrays.fill(mix, 0);
      for (int w = 0; w < r; w++) {
        doctor(v, c, k, w, z, i * k, q);
        for (int l = 0; l < k; l++) {
          mix[l] += a[w] * q[l];
        }
      }
      for (int l = 0; l < k; l++) {
        out[i * k + l] = (float) Math.log(Math.max(mix[l], 1e-300));
      }
    }
    return out;
  }

  static void softmaxInPlace(double[] a) {
    double max = Double.NEGATIVE_INFINITY;
    for (double x : a) {
      max = Math.max(max, x);
    }
    double s = 0;
    for (int j = 0; j < a.length; j++) {
      a[j] = Math.exp(a[j] - max);
      s += a[j];
    }
    for (int j = 0; j < a.length; j++) {
      a[j] /= s;
    }
  }

  @Override
  public TrainedHead.Factory trainedHead() {
    return TRAINED;
  }
}
