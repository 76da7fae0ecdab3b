package org.crowd4j.internal.kernel;

/**
 * Limited-memory BFGS minimiser over a flat {@code double[]} (Nocedal &amp; Wright 2006, Algorithm
 * 7.4 and 7.5) with a diagonal initial inverse Hessian and a backtracking Armijo line search, so
 * every accepted step strictly decreases the function.
 *
 * <p>The work arrays are allocated once per instance; {@link #minimize} may be called repeatedly
 * (the curvature memory is cleared on each call). Not thread-safe; the function itself may evaluate
 * in parallel.
 */
public final class Lbfgs {
  /** A differentiable function {@code F: R^n → R}. */
  @FunctionalInterface
  public interface Function {
    /**
     * Returns {@code F(x)} and writes ∇F(x) into {@code gradient}; may return {@code NaN} or
     * infinity for points outside the domain (the line search then shortens the step).
     */
    double evaluate(double[] x, double[] gradient);
  }

  /**
   * Outcome of one {@link #minimize} call.
   *
   * @param value final function value
   * @param steps accepted steps
   * @param evaluations function evaluations
   * @param converged whether the decrease tolerance was met before the step limit
   */
  public record Result(double value, int steps, int evaluations, boolean converged) {}

  private static final double ARMIJO = 1e-4;
  private static final int MAX_BACKTRACKS = 30;

  private final int n;
  private final int memory;
  private final double[][] s;
  private final double[][] y;
  private final double[] rho;
  private final double[] coef;
  private final double[] direction;
  private final double[] trial;
  private final double[] trialGradient;
  private int stored;
  private int head;

  /** A minimiser for {@code n} variables keeping {@code memory} curvature pairs. */
  public Lbfgs(int n, int memory) {
    if (n < 0 || memory < 1) {
      throw new IllegalArgumentException("need n >= 0 and memory >= 1: " + n + ", " + memory);
    }
    this.n = n;
    this.memory = memory;
    this.s = new double[memory][n];
    this.y = new double[memory][n];
    this.rho = new double[memory];
    this.coef = new double[memory];
    this.direction = new double[n];
    this.trial = new double[n];
    this.trialGradient = new double[n];
  }

  /**
   * Minimises {@code f} from {@code x}, whose value {@code fx} and gradient {@code gradient} the
   * caller has already computed. On return {@code x} and {@code gradient} hold the final point and
   * its gradient.
   *
   * @param diag positive diagonal of the initial inverse-Hessian approximation (a preconditioner)
   * @param maxSteps accepted steps at most
   * @param minDecrease stop once a step decreases {@code f} by no more than this
   * @param maxStep largest change of any coordinate in one step
   * @param keepMemory start from the curvature pairs of the previous call (for a sequence of slowly
   *     changing functions, as in EM) instead of the preconditioner alone
   */
  public Result minimize(
      Function f,
      double[] x,
      double fx,
      double[] gradient,
      double[] diag,
      int maxSteps,
      double minDecrease,
      double maxStep,
      boolean keepMemory) {
    if (x.length != n || gradient.length != n || diag.length != n) {
      throw new IllegalArgumentException("vectors must have length " + n);
    }
    if (!keepMemory) {
      stored = 0;
      head = 0;
    }
    int steps = 0;
    int evaluations = 0;
    double value = fx;
    boolean converged = false;
    while (steps < maxSteps) {
      double gd = twoLoop(gradient, diag, stored);
      if (!(gd < 0)) {
        stored = 0;
        gd = twoLoop(gradient, diag, 0);
        if (!(gd < 0)) {
          converged = true;
          break;
        }
      }
      double largest = 0;
      for (int j = 0; j < n; j++) {
        largest = Math.max(largest, Math.abs(direction[j]));
      }
      double t = largest > maxStep ? maxStep / largest : 1.0;
      double next = Double.NaN;
      boolean accepted = false;
      for (int b = 0; b <= MAX_BACKTRACKS; b++) {
        for (int j = 0; j < n; j++) {
          trial[j] = x[j] + t * direction[j];
        }
        next = f.evaluate(trial, trialGradient);
        evaluations++;
        if (next <= value + ARMIJO * t * gd) {
          accepted = true;
          break;
        }
        double shrink = 0.1;
        if (Double.isFinite(next)) {
          double curvature = next - value - gd * t;
          if (curvature > 0) {
            shrink = Math.min(0.5, Math.max(0.1, -gd * t / (2 * curvature)));
          }
        }
        t *= shrink;
      }
      if (!accepted) {
        converged = true;
        break;
      }
      double[] sNew = s[head];
      double[] yNew = y[head];
      double sy = 0;
      for (int j = 0; j < n; j++) {
        sNew[j] = trial[j] - x[j];
        yNew[j] = trialGradient[j] - gradient[j];
        sy += sNew[j] * yNew[j];
      }
      if (sy > 1e-12) {
        rho[head] = 1.0 / sy;
        head = (head + 1) % memory;
        stored = Math.min(stored + 1, memory);
      }
      System.arraycopy(trial, 0, x, 0, n);
      System.arraycopy(trialGradient, 0, gradient, 0, n);
      double decrease = value - next;
      value = next;
      steps++;
      if (decrease <= minDecrease) {
        converged = true;
        break;
      }
    }
    return new Result(value, steps, evaluations, converged);
  }

  /** Forgets every curvature pair. */
  public void reset() {
    stored = 0;
    head = 0;
  }

  /**
   * Stores the curvature pair of a step {@code step} of the variables that changed the gradient by
   * {@code gradientChange}, for use by {@link #direction}, unless it has no positive curvature (s·y
   * ≤ 10⁻¹⁰ |s| |y|); returns whether it was stored. For callers that drive their own iteration
   * instead of {@link #minimize}.
   */
  public boolean addPair(double[] step, double[] gradientChange) {
    if (step.length != n || gradientChange.length != n) {
      throw new IllegalArgumentException("vectors must have length " + n);
    }
    double sy = dot(step, gradientChange);
    double ss = dot(step, step);
    double yy = dot(gradientChange, gradientChange);
    if (!(sy > 1e-10 * Math.sqrt(ss * yy))) {
      return false;
    }
    System.arraycopy(step, 0, s[head], 0, n);
    System.arraycopy(gradientChange, 0, y[head], 0, n);
    rho[head] = 1.0 / sy;
    head = (head + 1) % memory;
    stored = Math.min(stored + 1, memory);
    return true;
  }

  /**
   * Writes the quasi-Newton descent direction −H·g for the gradient {@code g} into {@code out} from
   * the stored pairs, with {@code diag} as the initial inverse Hessian (scaled to the newest pair);
   * returns g·out, negative unless the pairs are inconsistent, in which case they are dropped and
   * −diag·g is used.
   */
  public double direction(double[] g, double[] diag, double[] out) {
    if (g.length != n || diag.length != n || out.length != n) {
      throw new IllegalArgumentException("vectors must have length " + n);
    }
    double gd = twoLoop(g, diag, stored, out);
    if (!(gd < 0) && stored > 0) {
      reset();
      gd = twoLoop(g, diag, 0, out);
    }
    return gd;
  }

  private double twoLoop(double[] g, double[] diag, int pairs) {
    return twoLoop(g, diag, pairs, direction);
  }

  /**
   * Writes the quasi-Newton direction −H·g into {@code q} from the {@code pairs} most recent pairs
   * (the newest just before {@code head}); returns g·d.
   */
  private double twoLoop(double[] g, double[] diag, int pairs, double[] q) {
    System.arraycopy(g, 0, q, 0, n);
    for (int c = 0; c < pairs; c++) {
      int p = Math.floorMod(head - 1 - c, memory);
      double a = rho[p] * dot(s[p], q);
      coef[p] = a;
      axpy(-a, y[p], q);
    }
    if (pairs > 0) {
      // Scale the diagonal so it matches the newest curvature along y (Nocedal & Wright eq. 7.20).
      int p = Math.floorMod(head - 1, memory);
      double yDy = 0;
      for (int j = 0; j < n; j++) {
        yDy += y[p][j] * diag[j] * y[p][j];
      }
      double gamma = yDy > 0 ? 1.0 / (rho[p] * yDy) : 1.0;
      for (int j = 0; j < n; j++) {
        q[j] *= gamma * diag[j];
      }
    } else {
      for (int j = 0; j < n; j++) {
        q[j] *= diag[j];
      }
    }
    for (int c = pairs - 1; c >= 0; c--) {
      int p = Math.floorMod(head - 1 - c, memory);
      double b = rho[p] * dot(y[p], q);
      axpy(coef[p] - b, s[p], q);
    }
    double gd = 0;
    for (int j = 0; j < n; j++) {
      q[j] = -q[j];
      gd += g[j] * q[j];
    }
    return gd;
  }

  private static double dot(double[] a, double[] b) {
    double sum = 0;
    for (int j = 0; j < a.length; j++) {
      sum += a[j] * b[j];
    }
    return sum;
  }

  private static void axpy(double a, double[] xs, double[] ys) {
    for (int j = 0; j < xs.length; j++) {
      ys[j] += a * xs[j];
    }
  }
}
