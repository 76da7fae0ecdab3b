package org.crowd4j.text;

/** How far an answer's embedding is from a task's aggregated embedding. */
public enum Distance {
  /**
   * {@code 1 − u·v / (‖u‖‖v‖)}; infinite when either vector is all zeros (crowd-kit's choice for
   * RASA and HRRASA).
   */
  COSINE,
  /** Euclidean distance. */
  EUCLIDEAN;

  /** Distance of answer {@code a}'s embedding to {@code v}. */
  double between(TextAnswers data, int a, double[] v) {
    int d = v.length;
    if (this == EUCLIDEAN) {
      double s = 0;
      for (int j = 0; j < d; j++) {
        double x = data.embedding(a, j) - v[j];
        s += x * x;
      }
      return Math.sqrt(s);
    }
    double dot = 0;
    double uu = 0;
    double vv = 0;
    for (int j = 0; j < d; j++) {
      double u = data.embedding(a, j);
      dot += u * v[j];
      uu += u * u;
      vv += v[j] * v[j];
    }
    if (uu == 0 || vv == 0) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.max(0, Math.min(2, 1 - dot / Math.sqrt(uu * vv)));
  }
}
