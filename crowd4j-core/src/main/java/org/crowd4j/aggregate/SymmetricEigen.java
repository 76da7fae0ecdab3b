package org.crowd4j.aggregate;

/** Eigen-decomposition of small dense symmetric matrices by cyclic Jacobi rotations. */
final class SymmetricEigen {
  private static final int MAX_SWEEPS = 100;

  private SymmetricEigen() {}

  /**
   * Eigenvalues of the symmetric {@code n × n} row-major matrix {@code a} (not modified); the
   * eigenvectors are written as the columns of {@code vectors} ({@code n × n} row-major).
   */
  static double[] jacobi(double[] a, int n, double[] vectors) {
    double[] m = a.clone();
    java.util.Arrays.fill(vectors, 0.0);
    double total = 0;
    for (int i = 0; i < n; i++) {
      vectors[i * n + i] = 1.0;
      for (int j = 0; j < n; j++) {
        total += m[i * n + j] * m[i * n + j];
      }
    }
    for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
      double off = 0;
      for (int p = 0; p < n; p++) {
        for (int q = p + 1; q < n; q++) {
          off += m[p * n + q] * m[p * n + q];
        }
      }
      if (off == 0 || off <= 1e-30 * total) {
        break;
      }
      for (int p = 0; p < n; p++) {
        for (int q = p + 1; q < n; q++) {
          double apq = m[p * n + q];
          if (apq == 0) {
            continue;
          }
          double theta = (m[q * n + q] - m[p * n + p]) / (2 * apq);
          double t = (theta >= 0 ? 1.0 : -1.0) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          double c = 1 / Math.sqrt(t * t + 1);
          double s = t * c;
          for (int k = 0; k < n; k++) {
            double kp = m[k * n + p];
            double kq = m[k * n + q];
            m[k * n + p] = c * kp - s * kq;
            m[k * n + q] = s * kp + c * kq;
          }
          for (int k = 0; k < n; k++) {
            double pk = m[p * n + k];
            double qk = m[q * n + k];
            m[p * n + k] = c * pk - s * qk;
            m[q * n + k] = s * pk + c * qk;
          }
          m[p * n + q] = 0;
          m[q * n + p] = 0;
          for (int k = 0; k < n; k++) {
            double kp = vectors[k * n + p];
            double kq = vectors[k * n + q];
            vectors[k * n + p] = c * kp - s * kq;
            vectors[k * n + q] = s * kp + c * kq;
          }
        }
      }
    }
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = m[i * n + i];
    }
    return values;
  }
}
