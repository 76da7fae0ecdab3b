package org.crowd4j.metrics;

/**
 * Metrics of predicted labels and probabilities against true labels. A true label below 0 marks an
 * item without truth: it is skipped. Every function returns {@code NaN} when no item counts.
 */
public final class Classification {
  private Classification() {}

  /** Fraction of items whose prediction equals the truth. */
  public static double accuracy(int[] truth, int[] predicted) {
    Checks.sameLength("truth", truth.length, "predicted", predicted.length);
    int n = 0;
    int hits = 0;
    for (int i = 0; i < truth.length; i++) {
      if (truth[i] >= 0) {
        n++;
        if (predicted[i] == truth[i]) {
          hits++;
        }
      }
    }
    return n == 0 ? Double.NaN : (double) hits / n;
  }

  /**
   * Macro-averaged F1 over the {@code k} classes: the unweighted mean of per-class F1, a class with
   * neither true nor predicted items counting as absent (not averaged), one with true or predicted
   * items but no hit counting 0 (scikit-learn's convention with {@code zero_division=0}).
   */
  public static double macroF1(int[] truth, int[] predicted, int k) {
    Checks.sameLength("truth", truth.length, "predicted", predicted.length);
    Checks.positive("k", k);
    long[] tp = new long[k];
    long[] fp = new long[k];
    long[] fn = new long[k];
    for (int i = 0; i < truth.length; i++) {
      int t = truth[i];
      if (t < 0) {
        continue;
      }
      int p = predicted[i];
      if (p == t) {
        tp[t]++;
      } else {
        fn[t]++;
        if (p >= 0 && p < k) {
          fp[p]++;
        }
      }
    }
    double sum = 0;
    int classes = 0;
    for (int c = 0; c < k; c++) {
      if (tp[c] + fp[c] + fn[c] == 0) {
        continue;
      }
      classes++;
      sum += 2.0 * tp[c] / (2.0 * tp[c] + fp[c] + fn[c]);
    }
    return classes == 0 ? Double.NaN : sum / classes;
  }

  /**
   * Mean negative log-likelihood of the true class under {@code probs} ({@code n × k} row-major),
   * probabilities clipped to [1e-15, 1] as scikit-learn does.
   */
  public static double logLoss(int[] truth, double[] probs, int k) {
    Checks.matrix("probs", probs, truth.length, k);
    double sum = 0;
    int n = 0;
    for (int i = 0; i < truth.length; i++) {
      if (truth[i] < 0) {
        continue;
      }
      double p = Math.min(1.0, Math.max(1e-15, probs[i * k + truth[i]]));
      sum -= Math.log(p);
      n++;
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /**
   * Expected calibration error of the top-label confidence over {@code bins} equal-width bins: Σ_b
   * (n_b / n) |accuracy_b − confidence_b| (Guo et al. 2017). Confidence 1.0 falls in the last bin.
   */
  public static double expectedCalibrationError(int[] truth, double[] probs, int k, int bins) {
    Checks.matrix("probs", probs, truth.length, k);
    Checks.positive("bins", bins);
    double[] conf = new double[bins];
    double[] hits = new double[bins];
    int[] count = new int[bins];
    int n = 0;
    for (int i = 0; i < truth.length; i++) {
      if (truth[i] < 0) {
        continue;
      }
      int best = 0;
      for (int c = 1; c < k; c++) {
        if (probs[i * k + c] > probs[i * k + best]) {
          best = c;
        }
      }
      double p = probs[i * k + best];
      int b = Math.min(bins - 1, (int) Math.floor(p * bins));
      conf[b] += p;
      hits[b] += best == truth[i] ? 1 : 0;
      count[b]++;
      n++;
    }
    if (n == 0) {
      return Double.NaN;
    }
    double ece = 0;
    for (int b = 0; b < bins; b++) {
      if (count[b] > 0) {
        ece += Math.abs(hits[b] - conf[b]) / n;
      }
    }
    return ece;
  }

  /**
   * Reliability diagram data: per equal-width bin, {@code [count, mean confidence, accuracy]} (NaN
   * for empty bins), for calibration plots.
   */
  public static double[][] reliability(int[] truth, double[] probs, int k, int bins) {
    Checks.matrix("probs", probs, truth.length, k);
    Checks.positive("bins", bins);
    double[][] out = new double[bins][3];
    for (int i = 0; i < truth.length; i++) {
      if (truth[i] < 0) {
        continue;
      }
      int best = 0;
      for (int c = 1; c < k; c++) {
        if (probs[i * k + c] > probs[i * k + best]) {
          best = c;
        }
      }
      double p = probs[i * k + best];
      int b = Math.min(bins - 1, (int) Math.floor(p * bins));
      out[b][0]++;
      out[b][1] += p;
      out[b][2] += best == truth[i] ? 1 : 0;
    }
    for (double[] row : out) {
      row[1] = row[0] == 0 ? Double.NaN : row[1] / row[0];
      row[2] = row[0] == 0 ? Double.NaN : row[2] / row[0];
    }
    return out;
  }
}
