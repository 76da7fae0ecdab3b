package org.crowd4j.numeric;

/**
 * Scores of estimated values against gold, over the tasks whose gold is known: Pearson correlation,
 * root mean squared error and mean absolute error. Shapes are checked first.
 */
public final class NumericMetrics {
  private NumericMetrics() {}

  /**
   * Pearson's r between the estimates and the gold values of the gold tasks; {@code NaN} when
   * either side is constant there or fewer than two tasks have gold.
   */
  public static double pearson(double[] estimates, NumericGold gold) {
    check(estimates, gold);
    int n = 0;
    double me = 0;
    double mg = 0;
    for (int i = 0; i < estimates.length; i++) {
      if (gold.has(i)) {
        n++;
        me += estimates[i];
        mg += gold.value(i);
      }
    }
    if (n < 2) {
      return Double.NaN;
    }
    me /= n;
    mg /= n;
    double see = 0;
    double sgg = 0;
    double seg = 0;
    for (int i = 0; i < estimates.length; i++) {
      if (gold.has(i)) {
        double de = estimates[i] - me;
        double dg = gold.value(i) - mg;
        see += de * de;
        sgg += dg * dg;
        seg += de * dg;
      }
    }
    return see > 0 && sgg > 0 ? seg / Math.sqrt(see * sgg) : Double.NaN;
  }

  /** Root mean squared error over the gold tasks ({@code NaN} when none has gold). */
  public static double rmse(double[] estimates, NumericGold gold) {
    check(estimates, gold);
    int n = 0;
    double s = 0;
    for (int i = 0; i < estimates.length; i++) {
      if (gold.has(i)) {
        double d = estimates[i] - gold.value(i);
        s += d * d;
        n++;
      }
    }
    return n == 0 ? Double.NaN : Math.sqrt(s / n);
  }

  /** Mean absolute error over the gold tasks ({@code NaN} when none has gold). */
  public static double mae(double[] estimates, NumericGold gold) {
    check(estimates, gold);
    int n = 0;
    double s = 0;
    for (int i = 0; i < estimates.length; i++) {
      if (gold.has(i)) {
        s += Math.abs(estimates[i] - gold.value(i));
        n++;
      }
    }
    return n == 0 ? Double.NaN : s / n;
  }

  private static void check(double[] estimates, NumericGold gold) {
    if (estimates.length != gold.numTasks()) {
      throw new IllegalArgumentException(
          "estimates has " + estimates.length + " entries but gold " + gold.numTasks() + " tasks");
    }
  }
}
