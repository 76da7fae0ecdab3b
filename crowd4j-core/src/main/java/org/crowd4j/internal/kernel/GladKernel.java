package org.crowd4j.internal.kernel;

/**
 * The per-answer maths of GLAD (Whitehill et al. 2009) over primitive arrays: one sweep over the
 * tasks that, task by task, improves β_i, does the E-step, and collects per worker the derivatives
 * of the log posterior in α.
 *
 * <p>With {@code x_a = α_w e^{β_i}} for answer {@code a} of worker {@code w} on task {@code i}, the
 * answer is correct with probability σ(x_a); log σ(x) = x − softplus(x) and log(1 − σ(x)) =
 * −softplus(x) share one {@code t = exp(−|x|)}: softplus(x) = max(x, 0) + log(1 + t), σ(x) = 1/(1 +
 * t) for x ≥ 0 and t/(1 + t) below, σ(1 − σ) = t/(1 + t)². No logarithm is taken per answer: the
 * factors 1 + t ∈ (1, 2] of a task are multiplied up, and a task needs two logarithms in all (one
 * to compare the objective at a trial β with the current one, one for its log-likelihood).
 *
 * <p>For a task, with q_i fixed, β_i maximises φ(β) = Σ_a [p_a x_a − softplus(x_a)] − (β − μ_β)²/2
 * with {@code p_a = q_i(l_a)}; φ' = Σ (p_a − σ(x_a)) x_a − (β − μ_β) and −φ'' = 1 + Σ σ(1 − σ) x_a²
 * − Σ (p_a − σ(x_a)) x_a. By the EM inequality, a step that increases φ under the posterior at the
 * current β also increases the task's log marginal likelihood plus log prior. For a worker, the
 * derivative of the log posterior is ∂L/∂α_w = Σ_{a of w} (q_i(l_a) − σ(x_a)) e^{β_i} − (α_w − μ_α)
 * (Fisher's identity), and 1 + Σ σ(1 − σ) e^{2β_i} is the curvature of its complete-data part.
 */
public final class GladKernel {
  /** Entries per worker in the chunk-local accumulator of {@link #sweep}. */
  public static final int STRIDE = 2;

  /** Σ (q_i(l_a) − σ(x_a)) e^{β_i} over the worker's answers. */
  public static final int GRADIENT = 0;

  /** Σ σ(x_a)(1 − σ(x_a)) e^{2β_i} over the worker's answers. */
  public static final int CURVATURE = 1;

  private static final double RESCALE = 1e280;
  private static final double ARMIJO = 1e-4;
  private static final int MAX_HALVINGS = 30;

  /** A further Newton step on β_i only after a step that moved it by more than this. */
  private static final double REFINE = 0.02;

  private final int[] off;
  private final int[] worker;
  private final int[] label;
  private final int k;
  private final double[] logPrior;
  private final double logKm1;
  private final int[] gold;
  private final double betaMean;
  private final double maxStep;
  private final int capacity;

  /**
   * The kernel for tasks {@code off}, answer columns {@code worker} and {@code label}, {@code k}
   * labels with log prior {@code logPrior}, gold labels {@code gold} (−1 for none), prior mean of β
   * {@code betaMean} and Newton steps on β of at most {@code maxStep}.
   */
  public GladKernel(
      int[] off,
      int[] worker,
      int[] label,
      int k,
      double[] logPrior,
      int[] gold,
      double betaMean,
      double maxStep) {
    this.off = off;
    this.worker = worker;
    this.label = label;
    this.k = k;
    this.logPrior = logPrior;
    this.logKm1 = k > 1 ? Math.log(k - 1) : 0.0;
    this.gold = gold;
    this.betaMean = betaMean;
    this.maxStep = maxStep;
    int largest = 0;
    for (int i = 0; i + 1 < off.length; i++) {
      largest = Math.max(largest, off[i + 1] - off[i]);
    }
    this.capacity = largest;
  }

  /** Working memory of one chunk of a sweep: scratch space and its sums. */
  public static final class Workspace {
    final double[] scratch;

    /** Per worker {@link #STRIDE} sums: {@link #GRADIENT}, {@link #CURVATURE}. */
    public final double[] workerAcc;

    /**
     * Σ_i log Σ_k π_k Π_a P(l_a | k), Σ_i −(β_i − μ_β)²/2, the predicted gain of a further step on
     * β (see {@link #sweep}) and Σ_i (β_i − μ_β), all at the final β.
     */
    public final double[] sums = new double[4];

    Workspace(int scratch, int numWorkers) {
      this.scratch = new double[scratch];
      this.workerAcc = new double[STRIDE * numWorkers];
    }

    /** Zeroes the sums. */
    public void clear() {
      java.util.Arrays.fill(workerAcc, 0.0);
      java.util.Arrays.fill(sums, 0.0);
    }
  }

  /** A workspace for {@code numWorkers} workers. */
  public Workspace workspace(int numWorkers) {
    return new Workspace(4 * capacity + k + 1, numWorkers);
  }

  /**
   * Sweeps tasks {@code [from, to)} at α = {@code alpha}, β_i = {@code beta[i] − shift}, adding
   * into the sums of {@code ws}.
   *
   * <p>Per task: the E-step at the current β_i, then up to {@code betaSteps} safeguarded Newton
   * steps on φ (Armijo backtracking, steps of at most {@code maxStep}), each under the latest
   * E-step and followed by the E-step at the new β_i; a step after the first only when the one
   * before moved β_i by more than 0.02 (else it is already solved to second order). Writes the
   * final β_i into {@code betaOut} and its q_i into {@code post} (gold tasks clamped to their
   * label). Adds into {@code ws.sums[0]} the task's log Σ_k π_k Π_a P(l_a | k) at the final β (for
   * a gold task, the complete-data term of its label), into {@code ws.sums[1]} −(β_i − μ_β)²/2 and
   * into {@code ws.sums[2]} φ'²/(2(1 + Σ σ(1 − σ) x²)) at the final β (what a further
   * Fisher-scoring step would gain to second order). With {@code workerSums}, adds per worker into
   * {@code ws.workerAcc} the {@link #GRADIENT} and {@link #CURVATURE} sums at the final β.
   *
   * <p>Per answer: one {@code exp} and one division for each β evaluated (the current one and each
   * trial). The work is done per task by a method of its own, which the JIT compiles early.
   */
  public void sweep(
      int from,
      int to,
      double[] alpha,
      double[] beta,
      double shift,
      int betaSteps,
      boolean workerSums,
      double[] post,
      double[] betaOut,
      Workspace ws) {
    for (int i = from; i < to; i++) {
      task(i, alpha, beta[i] - shift, betaSteps, workerSums, post, betaOut, ws);
    }
  }

  private void task(
      int i,
      double[] alpha,
      double beta,
      int betaSteps,
      boolean workerSums,
      double[] post,
      double[] betaOut,
      Workspace ws) {
    double[] scratch = ws.scratch;
    double[] workerAcc = ws.workerAcc;
    int logits = scratch.length - k - 1;
    int maxSlot = scratch.length - 1;
    int cap = capacity;
    int row = i * k;
    int start = off[i];
    int end = off[i + 1];
    int g = gold[i];
    double b = beta;
    double e = FastMath.exp(b);
    // x and t of the current β: x at scratch[xs + j], t at scratch[xs + cap + j]
    int xs = 0;
    for (int c = 0; c < k; c++) {
      scratch[logits + c] = 0.0;
    }
    // Σ softplus(x_a) = positive + logs + log(product)
    double positive = 0;
    double product = 1;
    double logs = 0;
    for (int a = start, j = 0; a < end; a++, j++) {
      double x = alpha[worker[a]] * e;
      double ax = Math.abs(x);
      double t = FastMath.exp(-ax);
      positive += 0.5 * (x + ax);
      product *= 1.0 + t;
      if (product > RESCALE) {
        logs += Math.log(product);
        product = 1;
      }
      scratch[logits + label[a]] += x + logKm1;
      scratch[j] = x;
      scratch[cap + j] = t;
    }
    double z = eStep(post, row, g, scratch, logits, maxSlot);
    double bStart = b;
    for (int step = 0; step < betaSteps; step++) {
      double grad = 0;
      double fisher = 0;
      double px = 0;
      for (int a = start, j = xs; a < end; a++, j++) {
        double p = post[row + label[a]];
        double x = scratch[j];
        double t = scratch[j + cap];
        double inv = 1.0 / (1.0 + t);
        double sigma = (t + (1.0 - t) * (0.5 + Math.copySign(0.5, x))) * inv;
        grad += (p - sigma) * x;
        fisher += t * inv * inv * x * x;
        px += p * x;
      }
      double d = b - betaMean;
      // φ without the log of the product
      double phi = px - positive - logs - 0.5 * d * d;
      double slope = grad - d;
      double delta = slope / (1.0 + fisher - Math.min(grad, 0.0));
      if (Math.abs(delta) > maxStep) {
        delta = Math.copySign(maxStep, delta);
      }
      double predicted = slope * delta;
      if (!(predicted > 0)) {
        break;
      }
      int ts = 2 * cap - xs;
      boolean accepted = false;
      double s = 1.0;
      for (int h = 0; h < MAX_HALVINGS && !accepted; h++, s *= 0.5) {
        double bt = b + s * delta;
        double et = FastMath.exp(bt);
        double pos = 0;
        double prod = 1;
        double lg = 0;
        double pxt = 0;
        for (int c = 0; c < k; c++) {
          scratch[logits + c] = 0.0;
        }
        for (int a = start, j = ts; a < end; a++, j++) {
          int l = label[a];
          double x = alpha[worker[a]] * et;
          double ax = Math.abs(x);
          double t = FastMath.exp(-ax);
          pos += 0.5 * (x + ax);
          prod *= 1.0 + t;
          if (prod > RESCALE) {
            lg += Math.log(prod);
            prod = 1;
          }
          pxt += post[row + l] * x;
          scratch[logits + l] += x + logKm1;
          scratch[j] = x;
          scratch[j + cap] = t;
        }
        double dt = bt - betaMean;
        double phiT = pxt - pos - lg - 0.5 * dt * dt;
        if (phiT - phi - Math.log(prod / product) >= ARMIJO * s * predicted) {
          accepted = true;
          b = bt;
          e = et;
          positive = pos;
          product = prod;
          logs = lg;
          xs = ts;
        }
      }
      if (!accepted) {
        // the trials overwrote the sums of the current β
        for (int c = 0; c < k; c++) {
          scratch[logits + c] = 0.0;
        }
        for (int a = start, j = xs; a < end; a++, j++) {
          scratch[logits + label[a]] += scratch[j] + logKm1;
        }
        break;
      }
      z = eStep(post, row, g, scratch, logits, maxSlot);
      if (Math.abs(b - bStart) <= REFINE) {
        break;
      }
      bStart = b;
    }
    betaOut[i] = b;
    ws.sums[0] +=
        scratch[maxSlot] - positive - logs + Math.log(z / product) - (end - start) * logKm1;
    double d = b - betaMean;
    ws.sums[1] -= 0.5 * d * d;
    ws.sums[3] += d;
    if (workerSums) {
      double grad = 0;
      double fisher = 0;
      for (int a = start, j = xs; a < end; a++, j++) {
        int base = worker[a] * STRIDE;
        double p = post[row + label[a]];
        double x = scratch[j];
        double t = scratch[j + cap];
        double inv = 1.0 / (1.0 + t);
        double sigma = (t + (1.0 - t) * (0.5 + Math.copySign(0.5, x))) * inv;
        double v = t * inv * inv;
        workerAcc[base + GRADIENT] += (p - sigma) * e;
        workerAcc[base + CURVATURE] += v * e * e;
        grad += (p - sigma) * x;
        fisher += v * x * x;
      }
      double slope = grad - d;
      ws.sums[2] += 0.5 * slope * slope / (1.0 + fisher);
    }
  }

  /**
   * q_i(c) ∝ π_c exp(Σ_{a: l_a = c} (x_a + log(K − 1))) into {@code post[row ..]} from those sums
   * at {@code scratch[logits + c]}, clamped to the gold label {@code g} if it is ≥ 0. The log
   * normaliser (for gold, the gold label's log term) is {@code scratch[maxSlot]} + log of the
   * returned value. With log P(l_a | c) = −softplus(x_a) − log(K−1) + [l_a = c](x_a + log(K−1)),
   * the task's log marginal likelihood is the normaliser minus Σ_a softplus(x_a) + n_i log(K − 1).
   */
  private double eStep(double[] post, int row, int g, double[] scratch, int logits, int maxSlot) {
    if (g >= 0) {
      scratch[maxSlot] = logPrior[g] + scratch[logits + g];
      for (int c = 0; c < k; c++) {
        post[row + c] = c == g ? 1.0 : 0.0;
      }
      return 1.0;
    }
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < k; c++) {
      double v = logPrior[c] + scratch[logits + c];
      post[row + c] = v;
      max = Math.max(max, v);
    }
    double z = 0;
    for (int c = 0; c < k; c++) {
      double v = FastMath.exp(post[row + c] - max);
      post[row + c] = v;
      z += v;
    }
    double inv = 1.0 / z;
    for (int c = 0; c < k; c++) {
      post[row + c] *= inv;
    }
    scratch[maxSlot] = max;
    return z;
  }
}
