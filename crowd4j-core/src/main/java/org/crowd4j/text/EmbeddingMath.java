package org.crowd4j.text;

/** Loops over answer embeddings shared by the embedding methods; primitive arrays only. */
final class EmbeddingMath {
  private EmbeddingMath() {}

  /**
   * Per task, the mean of its answers' embeddings weighted by {@code weight[a]} (answer-indexed),
   * into {@code out} ({@code tasks × dim}); tasks with a true embedding take it instead.
   */
  static void weightedMean(
      TextAnswers data, double[] weight, double[] trueRows, boolean[] known, double[] out) {
    int d = data.dim();
    int n = data.tasks().size();
    for (int t = 0; t < n; t++) {
      int o = t * d;
      if (known != null && known[t]) {
        System.arraycopy(trueRows, o, out, o, d);
        continue;
      }
      java.util.Arrays.fill(out, o, o + d, 0.0);
      double total = 0;
      for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
        int a = data.answerAt(p);
        double w = weight[a];
        total += w;
        for (int j = 0; j < d; j++) {
          out[o + j] += w * data.embedding(a, j);
        }
      }
      for (int j = 0; j < d; j++) {
        out[o + j] /= total;
      }
    }
  }

  /** Squared Euclidean distance of answer {@code a}'s embedding to row {@code t} of {@code agg}. */
  static double squaredDistance(TextAnswers data, int a, double[] agg, int t) {
    int d = data.dim();
    double s = 0;
    for (int j = 0; j < d; j++) {
      double x = data.embedding(a, j) - agg[t * d + j];
      s += x * x;
    }
    return s;
  }

  /**
   * Relative change {@code Σ‖agg − last‖² / Σ‖agg‖²} between two iterations (crowd-kit's loss of
   * RASA and HRRASA).
   */
  static double relativeChange(double[] agg, double[] last) {
    double num = 0;
    double den = 0;
    for (int i = 0; i < agg.length; i++) {
      double x = agg[i] - last[i];
      num += x * x;
      den += agg[i] * agg[i];
    }
    return num / den;
  }

  /** True embeddings aligned to {@code data}'s tasks: the rows, and which tasks have one. */
  record Known(double[] rows, boolean[] known) {}

  static Known align(TextAnswers data, TaskEmbeddings truth) {
    if (truth == null) {
      return new Known(null, null);
    }
    int d = data.dim();
    if (truth.dim() != d) {
      throw new IllegalArgumentException(
          "true embeddings have dimension " + truth.dim() + ", the answers' embeddings " + d);
    }
    int n = data.tasks().size();
    double[] rows = new double[n * d];
    boolean[] known = new boolean[n];
    for (int t = 0; t < n; t++) {
      double[] e = truth.get(data.tasks().name(t));
      if (e != null) {
        known[t] = true;
        System.arraycopy(e, 0, rows, t * d, d);
      }
    }
    return new Known(rows, known);
  }

  /**
   * Per task, the answer whose embedding is closest to row {@code t} of {@code agg} by {@code
   * distance}; ties and all-infinite distances go to the first answer in input order.
   */
  static int[] closest(TextAnswers data, double[] agg, Distance distance) {
    int n = data.tasks().size();
    int d = data.dim();
    int[] chosen = new int[n];
    double[] row = new double[d];
    for (int t = 0; t < n; t++) {
      System.arraycopy(agg, t * d, row, 0, d);
      int best = -1;
      double bestScore = Double.NaN;
      for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
        int a = data.answerAt(p);
        double s = distance.between(data, a, row);
        if (best < 0 || s < bestScore || (Double.isNaN(bestScore) && !Double.isNaN(s))) {
          best = a;
          bestScore = s;
        }
      }
      chosen[t] = best;
    }
    return chosen;
  }
}
