package org.crowd4j.metrics;

import org.crowd4j.data.CrowdDataset;

/**
 * Agreement and uncertainty of the raw answers, as crowd-kit's metrics compute them: Krippendorff's
 * alpha (nominal), per-task and per-worker label entropy, the consistency of answers with an
 * aggregate, and the accuracy of answers against reference labels.
 */
public final class Agreement {
  private Agreement() {}

  /**
   * Krippendorff's alpha for nominal data (Krippendorff 2011): 1 − (n − 1) D_o / Σ_{c≠k} n_c n_k
   * from the coincidence matrix of pairable values (tasks with at least two answers). {@code NaN}
   * when nothing is pairable or every value is the same class.
   */
  public static double krippendorffAlpha(CrowdDataset data) {
    int k = data.numLabels();
    double[] coincidence = new double[k * k];
    double[] counts = new double[k];
    for (int i = 0; i < data.numTasks(); i++) {
      int m = data.taskSize(i);
      if (m < 2) {
        continue;
      }
      data.labelCounts(i, counts);
      for (int c = 0; c < k; c++) {
        if (counts[c] == 0) {
          continue;
        }
        for (int l = 0; l < k; l++) {
          double pairs = c == l ? counts[c] * (counts[c] - 1) : counts[c] * counts[l];
          coincidence[c * k + l] += pairs / (m - 1);
        }
      }
    }
    double[] marginal = new double[k];
    double n = 0;
    double disagree = 0;
    for (int c = 0; c < k; c++) {
      for (int l = 0; l < k; l++) {
        marginal[c] += coincidence[c * k + l];
        if (c != l) {
          disagree += coincidence[c * k + l];
        }
      }
      n += marginal[c];
    }
    double expected = 0;
    for (int c = 0; c < k; c++) {
      for (int l = 0; l < k; l++) {
        if (c != l) {
          expected += marginal[c] * marginal[l];
        }
      }
    }
    if (n <= 1 || expected == 0) {
      return Double.NaN;
    }
    return 1 - (n - 1) * disagree / expected;
  }

  /**
   * Per-task entropy (nats) of the label distribution of its answers, crowd-kit's {@code
   * uncertainty(compute_by='task')}. Without skills each answer is one vote; with skills an answer
   * of a worker of skill s spreads s on its label and (1 − s)/(K − 1) on each other label (the
   * one-coin model).
   */
  public static double[] taskEntropy(CrowdDataset data, double[] skills) {
    int k = data.numLabels();
    double[] w = new double[k];
    double[] out = new double[data.numTasks()];
    for (int i = 0; i < data.numTasks(); i++) {
      java.util.Arrays.fill(w, 0);
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        if (skills == null) {
          w[data.label(a)] += 1.0;
        } else {
          double s = skills[data.worker(a)];
          double other = k > 1 ? (1 - s) / (k - 1) : 0;
          for (int c = 0; c < k; c++) {
            w[c] += c == data.label(a) ? s : other;
          }
        }
      }
      out[i] = entropy(w);
    }
    return out;
  }

  /** Per-worker entropy (nats) of the labels each worker gives, {@code compute_by='worker'}. */
  public static double[] workerEntropy(CrowdDataset data) {
    int k = data.numLabels();
    double[] w = new double[k];
    double[] out = new double[data.numWorkers()];
    for (int u = 0; u < data.numWorkers(); u++) {
      java.util.Arrays.fill(w, 0);
      for (int p = data.workerStart(u); p < data.workerEnd(u); p++) {
        w[data.label(data.workerAnswer(p))] += 1;
      }
      out[u] = entropy(w);
    }
    return out;
  }

  /**
   * Mean over tasks of the posterior probability of the aggregated label under a one-coin model of
   * the workers (skill on the diagonal, the rest spread evenly): crowd-kit's {@code consistency}.
   *
   * @param labels aggregated label id per task
   * @param skills skill per worker
   */
  public static double consistency(CrowdDataset data, int[] labels, double[] skills) {
    return mean(taskConsistency(data, labels, skills));
  }

  /** Per-task consistency (see {@link #consistency}); 0 where every label has probability 0. */
  public static double[] taskConsistency(CrowdDataset data, int[] labels, double[] skills) {
    Checks.sameLength("labels", labels.length, "tasks", data.numTasks());
    Checks.sameLength("skills", skills.length, "workers", data.numWorkers());
    int k = data.numLabels();
    double[] logp = new double[k];
    double[] out = new double[data.numTasks()];
    for (int i = 0; i < data.numTasks(); i++) {
      java.util.Arrays.fill(logp, 0);
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        double s = skills[data.worker(a)];
        for (int c = 0; c < k; c++) {
          double p = data.label(a) == c ? s : (k > 1 ? (1 - s) / (k - 1) : 0);
          logp[c] += Math.log(p);
        }
      }
      double max = Double.NEGATIVE_INFINITY;
      for (double v : logp) {
        max = Math.max(max, v);
      }
      if (max == Double.NEGATIVE_INFINITY) {
        out[i] = 0;
        continue;
      }
      double z = 0;
      for (double v : logp) {
        z += Math.exp(v - max);
      }
      out[i] = Math.exp(logp[labels[i]] - max) / z;
    }
    return out;
  }

  /**
   * Fraction of answers that equal the reference label of their task (tasks whose reference is
   * below 0 are skipped): with gold labels crowd-kit's golden-set accuracy, with aggregated labels
   * its {@code accuracy_on_aggregates}.
   */
  public static double answerAccuracy(CrowdDataset data, int[] reference) {
    Checks.sameLength("reference", reference.length, "tasks", data.numTasks());
    long n = 0;
    long hits = 0;
    for (int a = 0; a < data.numAnswers(); a++) {
      int r = reference[data.task(a)];
      if (r >= 0) {
        n++;
        if (data.label(a) == r) {
          hits++;
        }
      }
    }
    return n == 0 ? Double.NaN : (double) hits / n;
  }

  /** Per-worker {@link #answerAccuracy}; {@code NaN} for workers with no referenced answer. */
  public static double[] workerAnswerAccuracy(CrowdDataset data, int[] reference) {
    Checks.sameLength("reference", reference.length, "tasks", data.numTasks());
    double[] out = new double[data.numWorkers()];
    for (int u = 0; u < data.numWorkers(); u++) {
      int n = 0;
      int hits = 0;
      for (int p = data.workerStart(u); p < data.workerEnd(u); p++) {
        int a = data.workerAnswer(p);
        int r = reference[data.task(a)];
        if (r >= 0) {
          n++;
          if (data.label(a) == r) {
            hits++;
          }
        }
      }
      out[u] = n == 0 ? Double.NaN : (double) hits / n;
    }
    return out;
  }

  /** Mean of the array ({@code NaN} when empty). */
  public static double mean(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  /** Entropy (nats) of the distribution proportional to {@code weights}; 0 for an empty one. */
  static double entropy(double[] weights) {
    double z = 0;
    for (double w : weights) {
      z += w;
    }
    if (!(z > 0)) {
      return 0;
    }
    double h = 0;
    for (double w : weights) {
      if (w > 0) {
        double p = w / z;
        h -= p * Math.log(p);
      }
    }
    return h;
  }
}
