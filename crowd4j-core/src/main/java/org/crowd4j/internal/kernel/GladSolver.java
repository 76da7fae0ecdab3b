package org.crowd4j.internal.kernel;

import java.util.Arrays;
import org.crowd4j.method.IterationListener;

/**
 * The iteration of GLAD over the worker abilities α, wherever the tasks are swept: the quasi-Newton
 * step on α with its halvings, the rescaling along the curve (e^u α, β − u) that the likelihood
 * cannot tell apart, the log posterior, the predicted gain and the stopping rule. The per-task work
 * (β_i, the E-step, the per-worker sums) is done by a {@link Sweeper} — over task chunks in memory,
 * or over the partitions of a cluster — which holds the β of the tasks and adds the sums of its
 * pieces in a fixed order, so the same sums give the same iterates bit for bit.
 *
 * <p>The algorithm is described on {@code org.crowd4j.aggregate.Glad}; the per-task maths on {@link
 * GladKernel}.
 */
public final class GladSolver {
  private static final int MAX_HALVINGS = 30;
  private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

  /** Largest step of α (max norm), and of β_i per Newton step. */
  public static final double MAX_STEP = 5.0;

  /** The tasks' side of GLAD: their β and the sweeps over them. */
  public interface Sweeper {
    /**
     * One sweep ({@link GladKernel#sweep}) of every task from the β of the last {@link #commit}
     * (initially all 1), at α = {@code alpha} and β − {@code shift}, with {@code betaSteps} Newton
     * steps per β_i ({@code improve}) or none; keeps the β it ends at pending (replacing any β a
     * previous sweep left pending). Adds the pieces' {@link GladKernel.Workspace#workerAcc} into
     * {@code gradient} ({@link GladKernel#GRADIENT}) and {@code curvature} ({@link
     * GladKernel#CURVATURE}) per global worker and their {@link GladKernel.Workspace#sums} into
     * {@code sums}, all of which start at zero, adding the pieces in a fixed order.
     */
    void sweep(
        double[] alpha,
        double shift,
        boolean improve,
        double[] gradient,
        double[] curvature,
        double[] sums);

    /** The β the last sweep ended at becomes the start of the next sweeps. */
    void commit();
  }

  /** Iterations, convergence and the objective (log posterior per answer) per iteration. */
  public record Run(int iterations, boolean converged, double[] history) {}

  private final int numWorkers;
  private final long numTasks;
  private final double alphaMean;
  private final Sweeper sweeper;

  /** α of the last sweep. */
  private final double[] alpha;

  /** α the pending step starts from, and the step before the rescaling. */
  private final double[] alphaBefore;

  private final double[] alphaStep;
  private final double[] direction;

  /** ∂L/∂α and the complete-data curvature at the end of the last sweep. */
  private final double[] gradient;

  private final double[] curvature;
  private final double[] gradientBefore;
  private final double[] diag;
  private final double[] pairStep;
  private final double[] pairChange;
  private final double[] sums = new double[4];
  private final Lbfgs lbfgs;

  /** The sweep sees β − shift. */
  private double shift;

  /** Σ (β_i − μ_β) over the β the last sweep ended at, and over the β it started from. */
  private double endSum;

  private double startSum;

  /** Sweeps done, α steps taken, and the gain a further step predicts. */
  private int sweeps;

  private int alphaSteps;
  private double predictedGain;

  /**
   * The solver for {@code numWorkers} workers and {@code numTasks} tasks, prior mean of α {@code
   * alphaMean}, {@code memory} curvature pairs (0: diagonal Newton steps), tasks swept by {@code
   * sweeper}; α starts at 1.
   */
  public GladSolver(int numWorkers, long numTasks, double alphaMean, int memory, Sweeper sweeper) {
    this.numWorkers = numWorkers;
    this.numTasks = numTasks;
    this.alphaMean = alphaMean;
    this.sweeper = sweeper;
    this.alpha = new double[numWorkers];
    this.alphaBefore = new double[numWorkers];
    this.alphaStep = new double[numWorkers];
    this.direction = new double[numWorkers];
    this.gradient = new double[numWorkers];
    this.curvature = new double[numWorkers];
    this.gradientBefore = new double[numWorkers];
    this.diag = new double[numWorkers];
    this.pairStep = new double[numWorkers];
    this.pairChange = new double[numWorkers];
    this.lbfgs = memory > 0 ? new Lbfgs(numWorkers, memory) : null;
    Arrays.fill(alpha, 1.0);
  }

  /** α of the last sweep (the solver's own array). */
  public double[] alpha() {
    return alpha;
  }

  /** Sweeps done. */
  public int sweeps() {
    return sweeps;
  }

  /**
   * Runs GLAD from the start: a first sweep (improving β unless {@code maxIterations} is 0), then
   * up to {@code maxIterations} iterations, each a step on α and one sweep or more; stops when the
   * log posterior per answer ({@code numAnswers} answers) gained less than {@code tol} and a
   * further step is predicted to gain less, or when {@code listener} (told {@code method}) says so.
   * The pending β of the last sweep is the result; it is not committed.
   */
  public Run run(
      int maxIterations, double tol, long numAnswers, IterationListener listener, String method) {
    double scale = 1.0 / Math.max(1, numAnswers);
    double logPosterior = sweep(maxIterations > 0);
    if (maxIterations > 0) {
      prepareDirection();
    }
    double[] history = new double[maxIterations];
    int iterations = 0;
    boolean converged = maxIterations == 0;
    for (int it = 1; it <= maxIterations; it++) {
      double next = iterate(logPosterior);
      double gain = (next - logPosterior) * scale;
      logPosterior = next;
      history[it - 1] = next * scale;
      iterations = it;
      boolean keepGoing = listener.onIteration(method, it, maxIterations, history[it - 1]);
      if (gain < tol && predictedGain * scale < tol) {
        converged = true;
        break;
      }
      if (!keepGoing) {
        break;
      }
    }
    return new Run(iterations, converged, Arrays.copyOf(history, iterations));
  }

  /**
   * One sweep at (α, β − shift): per task the E-step and, with {@code improve}, Newton steps on
   * β_i, and per worker the derivatives at the end point. Returns the log posterior at α and the β
   * the sweep ended at.
   */
  public double sweep(boolean improve) {
    sweeps++;
    Arrays.fill(gradient, 0.0);
    Arrays.fill(curvature, 0.0);
    Arrays.fill(sums, 0.0);
    sweeper.sweep(alpha, shift, improve, gradient, curvature, sums);
    double logLik = sums[0];
    double betaPrior = sums[1];
    predictedGain = sums[2];
    endSum = sums[3];
    double alphaPrior = 0;
    for (int w = 0; w < numWorkers; w++) {
      double d = alpha[w] - alphaMean;
      alphaPrior -= 0.5 * d * d;
      gradient[w] -= d;
    }
    return logLik + alphaPrior + betaPrior - (numWorkers + numTasks) * HALF_LOG_2PI;
  }

  /**
   * From the end point of the last sweep (log posterior {@code current}): a quasi-Newton step on α,
   * halved until the next sweep ends at a log posterior at least {@code current}; returns it.
   */
  private double iterate(double current) {
    sweeper.commit();
    shift = 0;
    startSum = endSum;
    System.arraycopy(alpha, 0, alphaBefore, 0, numWorkers);
    System.arraycopy(gradient, 0, gradientBefore, 0, numWorkers);
    double largest = 0;
    for (int w = 0; w < numWorkers; w++) {
      largest = Math.max(largest, Math.abs(direction[w]));
    }
    double s = largest > MAX_STEP ? MAX_STEP / largest : 1.0;
    double slack = 1e-12 * Math.abs(current);
    double next = current;
    for (int h = 0; h <= MAX_HALVINGS; h++, s *= 0.5) {
      if (h == MAX_HALVINGS || !Double.isFinite(s)) {
        s = 0;
      }
      for (int w = 0; w < numWorkers; w++) {
        alphaStep[w] = alphaBefore[w] + s * direction[w];
      }
      rescale();
      next = sweep(true);
      if (next >= current - slack || s == 0) {
        break;
      }
    }
    for (int w = 0; w < numWorkers; w++) {
      pairStep[w] = alpha[w] - alphaBefore[w];
      pairChange[w] = gradientBefore[w] - gradient[w];
    }
    if (lbfgs != null && ++alphaSteps > 1) {
      lbfgs.addPair(pairStep, pairChange);
    }
    prepareDirection();
    return next;
  }

  /**
   * The α direction of the next step from the gradient and curvature of the last sweep, and the
   * gain it predicts (½ g·d, from the quasi-Newton model, which sees the flat directions a diagonal
   * model misses) added to {@link #predictedGain}.
   */
  private void prepareDirection() {
    for (int w = 0; w < numWorkers; w++) {
      diag[w] = 1.0 / (1.0 + curvature[w]);
      pairChange[w] = -gradient[w];
    }
    if (lbfgs != null) {
      lbfgs.direction(pairChange, diag, direction);
    } else {
      for (int w = 0; w < numWorkers; w++) {
        direction[w] = diag[w] * gradient[w];
      }
    }
    double gd = 0;
    for (int w = 0; w < numWorkers; w++) {
      gd += gradient[w] * direction[w];
    }
    predictedGain += 0.5 * Math.max(0.0, gd);
  }

  /**
   * The likelihood depends on α_w e^{β_i} only, so (e^u α, β − u) fits the answers exactly as (α,
   * β) does: chooses u to maximise the log prior along that curve (safeguarded Newton on a
   * one-dimensional function of a few sums) and sets {@link #alpha} and {@link #shift}.
   */
  private void rescale() {
    double saa = 0;
    double sa = 0;
    for (int w = 0; w < numWorkers; w++) {
      saa += alphaStep[w] * alphaStep[w];
      sa += alphaStep[w];
    }
    double u = ridge(saa, sa, startSum);
    shift = u;
    double c = Math.exp(u);
    for (int w = 0; w < numWorkers; w++) {
      alpha[w] = u == 0 ? alphaStep[w] : c * alphaStep[w];
    }
  }

  /**
   * Maximises P(u) − P(0) = −½(e^{2u} − 1) Σα² + μ_α (e^u − 1) Σα + u Σ(β − μ_β) − ½ n u² over u;
   * returns 0 unless a strict increase is found.
   */
  private double ridge(double saa, double sa, double sb) {
    double u = 0;
    double value = 0;
    for (int it = 0; it < 50; it++) {
      double eu = Math.exp(u);
      double slope = -eu * eu * saa + alphaMean * eu * sa + sb - numTasks * u;
      double curv = 2 * eu * eu * saa - alphaMean * eu * sa + numTasks;
      double delta = curv > 0 ? slope / curv : Math.copySign(1.0, slope);
      delta = Math.max(-1.0, Math.min(1.0, delta));
      boolean accepted = false;
      for (int h = 0; h < MAX_HALVINGS; h++) {
        double v = ridgeGain(u + delta, saa, sa, sb);
        if (v > value) {
          accepted = true;
          u += delta;
          value = v;
          break;
        }
        delta *= 0.5;
      }
      if (!accepted || Math.abs(delta) < 1e-15) {
        break;
      }
    }
    return value > 0 && Double.isFinite(u) ? u : 0;
  }

  private double ridgeGain(double u, double saa, double sa, double sb) {
    double em1 = Math.expm1(u);
    double e2m1 = Math.expm1(2 * u);
    return -0.5 * e2m1 * saa + alphaMean * em1 * sa + u * sb - 0.5 * numTasks * u * u;
  }
}
