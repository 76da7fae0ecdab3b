package org.crowd4j.aggregate.kernel;

/**
 * The per-answer maths of GLAD (Whitehill et al. 2009) over primitive arrays.
 *
 * <p>Parameters are one flat vector {@code theta = [α_0 .. α_{W-1}, β_0 .. β_{n-1}]}. With {@code
 * x_a = α_w · e_i}, {@code e_i = exp(β_i)}, for answer {@code a} of worker {@code w} on task {@code
 * i}, the answer is correct with probability σ(x_a), so log σ(x) = x − softplus(x) and log(1 −
 * σ(x)) = −softplus(x). For a class {@code k}, log P(l_a | z_i = k) = −softplus(x_a) − log(K−1) +
 * [l_a = k]·(x_a + log(K−1)).
 *
 * <p>With the posterior q fixed, the M-step maximises f = Σ_a [p_a x_a − softplus(x_a)] (plus the
 * log priors, handled by the caller), where {@code p_a = q_i(l_a)} is the probability that answer
 * {@code a} is correct; ∂f/∂α_w = Σ_{a of w} (p_a − σ(x_a)) e_i and ∂f/∂β_i = Σ_{a on i} (p_a −
 * σ(x_a)) x_a. Everything that depends on the parameters but not on q is summed per task and per
 * worker by {@link #evaluate}, so that the following {@link #eStep} at the same parameters needs no
 * transcendental function per answer: one {@code exp} per answer and one {@code log} per task in
 * all.
 */
public final class GladKernel {
  /** Entries per worker in the chunk-local accumulator of {@link #evaluate}. */
  public static final int WORKER_STRIDE = 3;

  private static final double RESCALE = 1e280;

  private GladKernel() {}

  /**
   * f over tasks {@code [from, to)} at {@code theta} under the posterior {@code post}.
   *
   * <p>Adds, per worker {@code w}, into the chunk-local {@code workerAcc[3w .. 3w+2]}: ∂f/∂α_w, Σ
   * σ(x_a) e_i and the Fisher information Σ σ(1−σ) e_i². Writes, per task {@code i}: ∂f/∂β_i into
   * {@code betaGrad[W + i]}; Σ_{a: l_a = k} (x_a + log(K−1)) into {@code logits[i·K + k]}; Σ
   * softplus(x_a) into {@code softplus[i]}; Σ σ(x_a) x_a into {@code sigmaX[i]}; the Fisher
   * information Σ σ(1−σ) x_a² into {@code betaFisher[i]}. Returns f.
   */
  public static double evaluate(
      int[] off,
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] theta,
      int numWorkers,
      int k,
      double logKm1,
      double[] post,
      double[] workerAcc,
      double[] betaGrad,
      double[] logits,
      double[] softplus,
      double[] sigmaX,
      double[] betaFisher) {
    double f = 0;
    for (int i = from; i < to; i++) {
      int row = i * k;
      double e = Math.exp(theta[numWorkers + i]);
      for (int c = 0; c < k; c++) {
        logits[row + c] = 0.0;
      }
      double gb = 0;
      double sx = 0;
      double hb = 0;
      double positive = 0;
      double product = 1;
      double logs = 0;
      double px = 0;
      for (int a = off[i]; a < off[i + 1]; a++) {
        int w = worker[a];
        int l = label[a];
        double p = post[row + l];
        double x = theta[w] * e;
        double t = Math.exp(-Math.abs(x));
        double onePlus = 1.0 + t;
        double inv = 1.0 / onePlus;
        // σ(x) = 1/(1+t) for x ≥ 0 and t/(1+t) below, without a branch
        double sigma = (t + (1.0 - t) * (0.5 + Math.copySign(0.5, x))) * inv;
        double v = t * inv * inv;
        positive += 0.5 * (x + Math.abs(x));
        product *= onePlus;
        if (product > RESCALE) {
          logs += Math.log(product);
          product = 1;
        }
        px += p * x;
        logits[row + l] += x + logKm1;
        double r = p - sigma;
        int base = w * WORKER_STRIDE;
        workerAcc[base] += r * e;
        workerAcc[base + 1] += sigma * e;
        workerAcc[base + 2] += v * e * e;
        gb += r * x;
        sx += sigma * x;
        hb += v * x * x;
      }
      double sp = positive + logs + Math.log(product);
      f += px - sp;
      betaGrad[numWorkers + i] = gb;
      softplus[i] = sp;
      sigmaX[i] = sx;
      betaFisher[i] = hb;
    }
    return f;
  }

  /**
   * E-step for tasks {@code [from, to)} from the sums {@link #evaluate} left at the same {@code
   * theta}: writes each posterior into {@code post} (gold tasks clamped to their label), adds Σ_a
   * q_i(l_a) e_i per worker into the chunk-local {@code workerP[w]}, and writes Σ_a q_i(l_a) x_a −
   * {@code sigmaX[i]} (∂f/∂β_i under the new posterior) into {@code betaGrad[W + i]}. {@code
   * sums[0]} receives f under the new posterior and {@code sums[1]} the log marginal likelihood Σ_i
   * log Σ_k π_k Π_a P(l_a | k) (for gold tasks, the complete-data term of the gold label).
   */
  public static void eStep(
      int[] off,
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] theta,
      int numWorkers,
      int k,
      double[] logPrior,
      double logKm1,
      int[] gold,
      double[] logits,
      double[] softplus,
      double[] sigmaX,
      double[] post,
      double[] workerP,
      double[] betaGrad,
      double[] sums) {
    double f = 0;
    double logLik = 0;
    for (int i = from; i < to; i++) {
      int row = i * k;
      int start = off[i];
      int end = off[i + 1];
      for (int c = 0; c < k; c++) {
        post[row + c] = logPrior[c] + logits[row + c];
      }
      double logZ;
      int g = gold[i];
      if (g >= 0) {
        logZ = post[row + g];
        for (int c = 0; c < k; c++) {
          post[row + c] = c == g ? 1.0 : 0.0;
        }
      } else {
        logZ = DawidSkeneKernel.softmax(post, row, k);
      }
      logLik += logZ - softplus[i] - (end - start) * logKm1;
      double e = Math.exp(theta[numWorkers + i]);
      double sumP = 0;
      for (int a = start; a < end; a++) {
        double p = post[row + label[a]];
        workerP[worker[a]] += p * e;
        sumP += p;
      }
      double px = -logKm1 * sumP;
      for (int c = 0; c < k; c++) {
        px += post[row + c] * logits[row + c];
      }
      f += px - softplus[i];
      betaGrad[numWorkers + i] = px - sigmaX[i];
    }
    sums[0] = f;
    sums[1] = logLik;
  }
}
