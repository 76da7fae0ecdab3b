package org.crowd4j.cli.report;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.metrics.Agreement;

/**
 * The numbers the report shows about the raw answers: sizes, answers per task and per annotator,
 * Krippendorff's alpha, and the soft confusion counts of every annotator against the posteriors of
 * an aggregate (count[w][k][l] = Σ over w's answers l of P(true = k)), pooled for all annotators
 * into the global confusion (per-annotator counts are not kept for anonymous answers).
 */
final class CrowdSummary {
  final CrowdDataset data;
  final int k;
  final int[] answersPerTask;
  final int[] answersPerWorker;
  final double alpha;
  final double[] workerCounts;
  final double[] globalCounts;

  CrowdSummary(CrowdDataset data, AggregationResult reference) {
    this.data = data;
    this.k = data.numLabels();
    answersPerTask = new int[data.numTasks()];
    for (int i = 0; i < answersPerTask.length; i++) {
      answersPerTask[i] = data.taskSize(i);
    }
    answersPerWorker = new int[data.numWorkers()];
    for (int w = 0; w < answersPerWorker.length; w++) {
      answersPerWorker[w] = data.workerSize(w);
    }
    alpha = Agreement.krippendorffAlpha(data);
    double[] post = reference.posteriors();
    // anonymous answers are each their own annotator: no per-annotator confusion is kept
    workerCounts = new double[data.anonymous() ? 0 : data.numWorkers() * k * k];
    globalCounts = new double[k * k];
    for (int a = 0; a < data.numAnswers(); a++) {
      int i = data.task(a);
      int w = data.worker(a);
      int l = data.label(a);
      for (int c = 0; c < k; c++) {
        double p = post[i * k + c];
        if (workerCounts.length > 0) {
          workerCounts[(w * k + c) * k + l] += p;
        }
        globalCounts[c * k + l] += p;
      }
    }
  }

  /** Worker {@code w}'s soft confusion, rows normalised (uniform where she saw no such class). */
  double[][] workerConfusion(int w) {
    return normalize(workerCounts, w * k * k, k);
  }

  /** The pooled confusion of all answers, rows normalised. */
  double[][] globalConfusion() {
    return normalize(globalCounts, 0, k);
  }

  /** Mass (expected number of answers) of worker {@code w} per true class. */
  double[] workerRowMass(int w) {
    double[] m = new double[k];
    for (int c = 0; c < k; c++) {
      for (int l = 0; l < k; l++) {
        m[c] += workerCounts[(w * k + c) * k + l];
      }
    }
    return m;
  }

  static double[][] normalize(double[] counts, int offset, int k) {
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += counts[offset + c * k + l];
      }
      for (int l = 0; l < k; l++) {
        m[c][l] = s > 1e-12 ? counts[offset + c * k + l] / s : 1.0 / k;
      }
    }
    return m;
  }

  static double[] toDoubles(int[] v) {
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = v[i];
    }
    return d;
  }

  static int max(int[] v) {
    int m = 0;
    for (int x : v) {
      m = Math.max(m, x);
    }
    return m;
  }

  static int min(int[] v) {
    int m = Integer.MAX_VALUE;
    for (int x : v) {
      m = Math.min(m, x);
    }
    return v.length == 0 ? 0 : m;
  }

  static double median(int[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    int[] s = v.clone();
    java.util.Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
  }
}
