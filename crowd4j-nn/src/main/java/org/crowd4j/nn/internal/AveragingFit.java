package org.crowd4j.nn.internal;

import java.util.Arrays;
import org.crowd4j.nn.WeightedDoctorNet;

/**
 * The second stage of the weighted doctor net: with the network and the doctors' layers frozen, fit
 * averaging logits α (one per doctor, plus a linear map of the backbone output z when the weights
 * are image-specific) by minimising the mean cross-entropy −Σ_l t_il log Σ_r a_ir p_r(l | x_i)
 * between the averaged doctors and each training item's normalised histogram of observed labels
 * t_i, with a_i = softmax(α + z_i U) over the doctors of the item's annotators (or over all
 * doctors). Full-batch Adam, deterministic. Cost per step: O(Σ_i |doctors of i| · K).
 */
final class AveragingFit {
  private final int k;
  private final int r;
  private final boolean imageSpecific;
  private final int steps;
  private final double rate;
  private final int[] items;
  private final int[] start;
  private final int[] member;
  private final double[] prob;
  private final double[] target;
  private final float[] z;
  private final double[] alpha;
  private final double[] map;

  AveragingFit(TrainingSet set, float[] logits, float[] v, float[] c, WeightedDoctorNet.Options o) {
    this.k = set.k;
    this.r = set.r;
    this.imageSpecific = o.imageSpecific();
    this.steps = o.weightSteps();
    this.rate = o.weightLearningRate();
    this.z = logits;
    this.alpha = new double[r];
    this.map = new double[imageSpecific ? k * r : 0];
    int[] usable = new int[set.n];
    int count = 0;
    int[] stamp = new int[r];
    Arrays.fill(stamp, -1);
    int[] memberTmp = new int[o.overLabellers() ? set.data.numAnswers() : set.n * r];
    int[] startTmp = new int[set.n + 1];
    double[] targetTmp = new double[set.n * k];
    int m = 0;
    for (int i = 0; i < set.n; i++) {
      int from = set.taskStart[i];
      int to = set.taskStart[i + 1];
      if (to == from) {
        continue;
      }
      for (int a = from; a < to; a++) {
        targetTmp[count * k + set.label[a]] += 1.0 / (to - from);
        if (o.overLabellers() && stamp[set.worker[a]] != i) {
          stamp[set.worker[a]] = i;
          memberTmp[m++] = set.worker[a];
        }
      }
      if (!o.overLabellers()) {
        for (int w = 0; w < r; w++) {
          memberTmp[m++] = w;
        }
      }
      usable[count] = i;
      count++;
      startTmp[count] = m;
    }
    this.items = Arrays.copyOf(usable, count);
    this.start = Arrays.copyOf(startTmp, count + 1);
    this.member = Arrays.copyOf(memberTmp, m);
    this.target = Arrays.copyOf(targetTmp, count * k);
    this.prob = new double[m * k];
    double[] q = new double[k];
    for (int j = 0; j < count; j++) {
      for (int s = start[j]; s < start[j + 1]; s++) {
        DoctorHead.doctor(v, c, k, member[s], z, items[j] * k, q);
        System.arraycopy(q, 0, prob, s * k, k);
      }
    }
  }

  /** Runs Adam on the averaging parameters. */
  void run() {
    int np = r + map.length;
    double[] grad = new double[np];
    double[] m1 = new double[np];
    double[] m2 = new double[np];
    int maxMembers = 0;
    for (int j = 0; j < items.length; j++) {
      maxMembers = Math.max(maxMembers, start[j + 1] - start[j]);
    }
    double[] a = new double[maxMembers];
    double[] g = new double[maxMembers];
    double[] mix = new double[k];
    double b1 = 0.9;
    double b2 = 0.999;
    for (int step = 1; step <= steps && items.length > 0; step++) {
      Arrays.fill(grad, 0);
      for (int j = 0; j < items.length; j++) {
        int from = start[j];
        int size = start[j + 1] - from;
        int zo = items[j] * k;
        for (int s = 0; s < size; s++) {
          a[s] = logit(member[from + s], zo);
        }
        softmax(a, size);
        Arrays.fill(mix, 0);
        for (int s = 0; s < size; s++) {
          for (int l = 0; l < k; l++) {
            mix[l] += a[s] * prob[(from + s) * k + l];
          }
        }
        double mean = 0;
        for (int s = 0; s < size; s++) {
          double gs = 0;
          for (int l = 0; l < k; l++) {
            double t = target[j * k + l];
            if (t > 0) {
              gs -= t * prob[(from + s) * k + l] / Math.max(mix[l], 1e-300);
            }
          }
          g[s] = gs;
          mean += a[s] * gs;
        }
        for (int s = 0; s < size; s++) {
          double d = a[s] * (g[s] - mean) / items.length;
          int w = member[from + s];
          grad[w] += d;
          if (imageSpecific) {
            for (int l = 0; l < k; l++) {
              grad[r + l * r + w] += z[zo + l] * d;
            }
          }
        }
      }
      double c1 = 1 - Math.pow(b1, step);
      double c2 = 1 - Math.pow(b2, step);
      for (int p = 0; p < np; p++) {
        m1[p] = b1 * m1[p] + (1 - b1) * grad[p];
        m2[p] = b2 * m2[p] + (1 - b2) * grad[p] * grad[p];
        double delta = rate * (m1[p] / c1) / (Math.sqrt(m2[p] / c2) + 1e-8);
        if (p < r) {
          alpha[p] -= delta;
        } else {
          map[p - r] -= delta;
        }
      }
    }
  }

  private double logit(int w, int zo) {
    double s = alpha[w];
    if (imageSpecific) {
      for (int l = 0; l < k; l++) {
        s += z[zo + l] * map[l * r + w];
      }
    }
    return s;
  }

  private static void softmax(double[] a, int size) {
    double max = Double.NEGATIVE_INFINITY;
    for (int s = 0; s < size; s++) {
      max = Math.max(max, a[s]);
    }
    double sum = 0;
    for (int s = 0; s < size; s++) {
      a[s] = Math.exp(a[s] - max);
      sum += a[s];
    }
    for (int s = 0; s < size; s++) {
      a[s] /= sum;
    }
  }

  /** The averaging logits α (one per doctor). */
  float[] bias() {
    float[] out = new float[r];
    for (int w = 0; w < r; w++) {
      out[w] = (float) alpha[w];
    }
    return out;
  }

  /** The image-specific map U ({@code K × R}, row-major). */
  float[] map() {
    float[] out = new float[map.length];
    for (int p = 0; p < map.length; p++) {
      out[p] = (float) map[p];
    }
    return out;
  }

  /**
   * Each doctor's averaging weight over all doctors: softmax(α), or its mean over the training
   * items when the weights are image-specific.
   */
  double[] meanWeights() {
    double[] out = new double[r];
    double[] a = new double[r];
    int rows = imageSpecific ? items.length : 1;
    for (int j = 0; j < rows; j++) {
      for (int w = 0; w < r; w++) {
        a[w] = imageSpecific ? logit(w, items[j] * k) : alpha[w];
      }
      softmax(a, r);
      for (int w = 0; w < r; w++) {
        out[w] += a[w] / rows;
      }
    }
    return out;
  }
}
