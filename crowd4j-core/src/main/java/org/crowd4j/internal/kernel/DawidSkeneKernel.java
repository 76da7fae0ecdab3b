package org.crowd4j.internal.kernel;

/**
 * The per-task maths of Dawid–Skene EM over primitive arrays, shared by the single-machine and the
 * Spark implementations so both give the same numbers.
 *
 * <p>Worker parameters are held as log confusion entries laid out {@code [w][observed l][true k]}
 * so the {@code K} values an answer contributes are contiguous.
 */
public final class DawidSkeneKernel {
  private DawidSkeneKernel() {}

  /**
   * E-step for answers {@code [from, to)} of one task: writes the posterior into {@code
   * post[postOff .. postOff+K)} and returns the task's log marginal likelihood log Σ_k ρ_k Π_a
   * e_{w(a)}[l(a), k]. When {@code goldLabel >= 0} the posterior is clamped to that label (floored)
   * and the complete-data log-likelihood is returned.
   */
  public static double posterior(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] logPrior,
      double[] logError,
      int k,
      int goldLabel,
      double floor,
      double[] post,
      int postOff) {
    for (int c = 0; c < k; c++) {
      post[postOff + c] = logPrior[c];
    }
    for (int a = from; a < to; a++) {
      int base = (worker[a] * k + label[a]) * k;
      for (int c = 0; c < k; c++) {
        post[postOff + c] += logError[base + c];
      }
    }
    double logZ;
    if (goldLabel >= 0) {
      logZ = post[postOff + goldLabel];
      for (int c = 0; c < k; c++) {
        post[postOff + c] = c == goldLabel ? 1.0 : 0.0;
      }
    } else {
      logZ = softmax(post, postOff, k);
    }
    applyFloor(post, postOff, k, floor);
    return logZ;
  }

  /**
   * M-step sufficient statistics of one task: adds its posterior to {@code errorCounts[w][l][k]}
   * for each of its answers and to {@code priorCounts[k]}.
   */
  public static void accumulate(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] post,
      int postOff,
      int k,
      double[] errorCounts,
      double[] priorCounts) {
    for (int c = 0; c < k; c++) {
      priorCounts[c] += post[postOff + c];
    }
    for (int a = from; a < to; a++) {
      int base = (worker[a] * k + label[a]) * k;
      for (int c = 0; c < k; c++) {
        errorCounts[base + c] += post[postOff + c];
      }
    }
  }

  /**
   * The answer cells of {@code data}: {@code cell[a] = worker(a) * K + label(a)}, so that answer
   * {@code a}'s {@code K} entries in the {@code [w][l][k]} layout start at {@code cell[a] * K}. One
   * array instead of two halves the memory the hot loops stream through.
   */
  public static int[] cells(org.crowd4j.data.CrowdDataset data) {
    int k = data.numLabels();
    if ((long) data.numWorkers() * k * k > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          data.numWorkers() + " workers × " + k + "² confusion entries do not fit in one array");
    }
    int[] cell = new int[data.numAnswers()];
    for (int a = 0; a < cell.length; a++) {
      cell[a] = data.worker(a) * k + data.label(a);
    }
    return cell;
  }

  /**
   * One fused EM sweep over tasks {@code [fromTask, toTask)}, answers given as {@link #cells}: for
   * every task the E-step of {@link #posterior} (posterior written to {@code post[i*K ..]}, gold
   * label {@code gold[i] >= 0} clamped) and then, when {@code errorCounts != null}, its M-step
   * statistics as {@link #accumulate} adds them (into {@code errorCounts} and {@code priorCounts}).
   * Posteriors and counts are bit-for-bit those of the two per-task methods.
   *
   * @return the sum over the tasks of the log-likelihood {@link #posterior} returns (summed as a
   *     scaled product, one logarithm per call instead of one per task)
   */
  public static double sweep(
      int[] cell,
      int[] off,
      int fromTask,
      int toTask,
      double[] logPrior,
      double[] logError,
      int k,
      int[] gold,
      double floor,
      double[] post,
      double[] errorCounts,
      double[] priorCounts) {
    LogSum sum = new LogSum();
    if (k == 4) {
      sweep4(
          cell,
          off,
          fromTask,
          toTask,
          logPrior,
          logError,
          gold,
          floor,
          post,
          errorCounts,
          priorCounts,
          sum);
    } else {
      sweepAnyK(
          cell,
          off,
          fromTask,
          toTask,
          logPrior,
          logError,
          k,
          gold,
          floor,
          post,
          errorCounts,
          priorCounts,
          sum);
    }
    return sum.value();
  }

  /**
   * M-step statistics of tasks {@code [fromTask, toTask)} from the posteriors in {@code post},
   * answers given as {@link #cells}; the same sums as {@link #accumulate} task by task.
   */
  public static void accumulateTasks(
      int[] cell,
      int[] off,
      int fromTask,
      int toTask,
      double[] post,
      int k,
      double[] errorCounts,
      double[] priorCounts) {
    for (int i = fromTask; i < toTask; i++) {
      int row = i * k;
      for (int c = 0; c < k; c++) {
        priorCounts[c] += post[row + c];
      }
      for (int a = off[i]; a < off[i + 1]; a++) {
        int base = cell[a] * k;
        for (int c = 0; c < k; c++) {
          errorCounts[base + c] += post[row + c];
        }
      }
    }
  }

  private static void sweepAnyK(
      int[] cell,
      int[] off,
      int fromTask,
      int toTask,
      double[] logPrior,
      double[] logError,
      int k,
      int[] gold,
      double floor,
      double[] post,
      double[] errorCounts,
      double[] priorCounts,
      LogSum sum) {
    for (int i = fromTask; i < toTask; i++) {
      int row = i * k;
      int end = off[i + 1];
      System.arraycopy(logPrior, 0, post, row, k);
      for (int a = off[i]; a < end; a++) {
        int base = cell[a] * k;
        for (int c = 0; c < k; c++) {
          post[row + c] += logError[base + c];
        }
      }
      int g = gold[i];
      if (g >= 0) {
        sum.addLog(post[row + g]);
        for (int c = 0; c < k; c++) {
          post[row + c] = c == g ? 1.0 : 0.0;
        }
      } else {
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
          max = Math.max(max, post[row + c]);
        }
        double z = 0;
        for (int c = 0; c < k; c++) {
          double e = Math.exp(post[row + c] - max);
          post[row + c] = e;
          z += e;
        }
        double inv = 1.0 / z;
        for (int c = 0; c < k; c++) {
          post[row + c] *= inv;
        }
        sum.addLogAndFactor(max, z);
      }
      applyFloor(post, row, k, floor);
      if (errorCounts != null) {
        for (int c = 0; c < k; c++) {
          priorCounts[c] += post[row + c];
        }
        for (int a = off[i]; a < end; a++) {
          int base = cell[a] * k;
          for (int c = 0; c < k; c++) {
            errorCounts[base + c] += post[row + c];
          }
        }
      }
    }
  }

  /** {@link #sweepAnyK} unrolled for four classes, the scores kept in registers. */
  private static void sweep4(
      int[] cell,
      int[] off,
      int fromTask,
      int toTask,
      double[] logPrior,
      double[] logError,
      int[] gold,
      double floor,
      double[] post,
      double[] errorCounts,
      double[] priorCounts,
      LogSum sum) {
    final double lp0 = logPrior[0];
    final double lp1 = logPrior[1];
    final double lp2 = logPrior[2];
    final double lp3 = logPrior[3];
    for (int i = fromTask; i < toTask; i++) {
      int row = i << 2;
      int start = off[i];
      int end = off[i + 1];
      double s0 = lp0;
      double s1 = lp1;
      double s2 = lp2;
      double s3 = lp3;
      for (int a = start; a < end; a++) {
        int base = cell[a] << 2;
        s0 += logError[base];
        s1 += logError[base + 1];
        s2 += logError[base + 2];
        s3 += logError[base + 3];
      }
      double p0;
      double p1;
      double p2;
      double p3;
      int g = gold[i];
      if (g >= 0) {
        sum.addLog(g == 0 ? s0 : g == 1 ? s1 : g == 2 ? s2 : s3);
        p0 = g == 0 ? 1.0 : 0.0;
        p1 = g == 1 ? 1.0 : 0.0;
        p2 = g == 2 ? 1.0 : 0.0;
        p3 = g == 3 ? 1.0 : 0.0;
      } else {
        double max = Math.max(Math.max(Math.max(Double.NEGATIVE_INFINITY, s0), s1), s2);
        max = Math.max(max, s3);
        double e0 = Math.exp(s0 - max);
        double e1 = Math.exp(s1 - max);
        double e2 = Math.exp(s2 - max);
        double e3 = Math.exp(s3 - max);
        double z = e0 + e1 + e2 + e3;
        double inv = 1.0 / z;
        p0 = e0 * inv;
        p1 = e1 * inv;
        p2 = e2 * inv;
        p3 = e3 * inv;
        sum.addLogAndFactor(max, z);
      }
      post[row] = p0;
      post[row + 1] = p1;
      post[row + 2] = p2;
      post[row + 3] = p3;
      if (p0 < floor || p1 < floor || p2 < floor || p3 < floor) {
        applyFloor(post, row, 4, floor);
        p0 = post[row];
        p1 = post[row + 1];
        p2 = post[row + 2];
        p3 = post[row + 3];
      }
      if (errorCounts != null) {
        priorCounts[0] += p0;
        priorCounts[1] += p1;
        priorCounts[2] += p2;
        priorCounts[3] += p3;
        for (int a = start; a < end; a++) {
          int base = cell[a] << 2;
          errorCounts[base] += p0;
          errorCounts[base + 1] += p1;
          errorCounts[base + 2] += p2;
          errorCounts[base + 3] += p3;
        }
      }
    }
  }

  /**
   * crowd-kit 1.4.1's ELBO over tasks {@code [fromTask, toTask)}, answers given as {@link #cells}:
   * Σ_a Σ_k q_i(k) (log e_{w(a)}[l(a), k] + log ρ_k) + Σ_i H(q_i), the log prior counted once per
   * answer, with {@code post} indexed {@code i * K}.
   */
  public static double crowdKitElbo(
      int[] cell,
      int[] off,
      int fromTask,
      int toTask,
      double[] post,
      double[] logPrior,
      double[] logError,
      int k) {
    double elbo = 0;
    for (int i = fromTask; i < toTask; i++) {
      int row = i * k;
      for (int a = off[i]; a < off[i + 1]; a++) {
        int base = cell[a] * k;
        for (int c = 0; c < k; c++) {
          elbo += post[row + c] * (logError[base + c] + logPrior[c]);
        }
      }
      for (int c = 0; c < k; c++) {
        double q = post[row + c];
        if (q > 0) {
          elbo -= q * Math.log(q);
        }
      }
    }
    return elbo;
  }

  /**
   * A sum of logarithms kept as an additive part plus the logarithm of a running product, rescaled
   * by powers of two so it never overflows: one {@link Math#log} at the end instead of one per
   * term.
   */
  private static final class LogSum {
    private static final double LN2 = 0.6931471805599453;
    private double additive;
    private double product = 1.0;
    private long exponent;

    void addLog(double v) {
      additive += v;
    }

    /** Adds {@code v + log(factor)}, {@code factor >= 1}. */
    void addLogAndFactor(double v, double factor) {
      additive += v;
      product *= factor;
      if (product > 0x1p512) {
        int e = Math.getExponent(product);
        product = Math.scalb(product, -e);
        exponent += e;
      }
    }

    double value() {
      return additive + Math.log(product) + exponent * LN2;
    }
  }

  /**
   * M-step: turns counts {@code [w][l][k]} into log confusion entries, each count floored at {@code
   * floor} and normalised over {@code l} for every (w, k), as crowd-kit does.
   */
  public static void logErrorsFromCounts(
      double[] counts, int numWorkers, int k, double floor, double[] logError) {
    double[] colSum = new double[k];
    for (int w = 0; w < numWorkers; w++) {
      int wb = w * k * k;
      java.util.Arrays.fill(colSum, 0.0);
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          colSum[c] += Math.max(counts[wb + l * k + c], floor);
        }
      }
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          logError[wb + l * k + c] = Math.log(Math.max(counts[wb + l * k + c], floor) / colSum[c]);
        }
      }
    }
  }

  /**
   * MAP M-step under Dirichlet priors on the confusion rows: adds the pseudo-counts {@code
   * pseudo[c][l]} (flat {@code K × K}, row = true label) to every worker's counts {@code
   * [w][l][c]}.
   */
  public static void addConfusionPrior(double[] counts, int numWorkers, int k, double[] pseudo) {
    for (int w = 0; w < numWorkers; w++) {
      int wb = w * k * k;
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          counts[wb + l * k + c] += pseudo[c * k + l];
        }
      }
    }
  }

  /**
   * Σ_w Σ_{c,l} pseudo[c][l] · log Π_w[c, l]: the log density, up to a constant, of the Dirichlet
   * priors whose pseudo-counts {@link #addConfusionPrior} adds, at log entries {@code [w][l][c]}.
   */
  public static double confusionLogPrior(
      double[] logError, int numWorkers, int k, double[] pseudo) {
    double s = 0;
    for (int w = 0; w < numWorkers; w++) {
      int wb = w * k * k;
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          s += pseudo[c * k + l] * logError[wb + l * k + c];
        }
      }
    }
    return s;
  }

  /** Log of the normalised prior counts, each floored at {@code floor}. */
  public static void logPriorFromCounts(double[] priorCounts, int k, double floor, double[] out) {
    double z = 0;
    for (int c = 0; c < k; c++) {
      z += priorCounts[c];
    }
    for (int c = 0; c < k; c++) {
      double p = z > 0 ? priorCounts[c] / z : 1.0 / k;
      out[c] = Math.log(Math.max(p, floor));
    }
  }

  /**
   * In-place softmax of log-scores; returns log Σ exp. A row of −∞ becomes uniform (and returns
   * −∞), +∞ entries share the mass; NaN propagates (and is rejected by the result).
   */
  public static double softmax(double[] s, int off, int k) {
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < k; c++) {
      max = Math.max(max, s[off + c]);
    }
    if (max == Double.NEGATIVE_INFINITY || max == Double.POSITIVE_INFINITY) {
      // every score −∞ (nothing possible): uniform; some +∞: uniform over those
      int top = 0;
      for (int c = 0; c < k; c++) {
        top += s[off + c] == max ? 1 : 0;
      }
      for (int c = 0; c < k; c++) {
        s[off + c] = s[off + c] == max ? 1.0 / top : 0.0;
      }
      return max;
    }
    double z = 0;
    for (int c = 0; c < k; c++) {
      double e = Math.exp(s[off + c] - max);
      s[off + c] = e;
      z += e;
    }
    double inv = 1.0 / z;
    for (int c = 0; c < k; c++) {
      s[off + c] *= inv;
    }
    return max + Math.log(z);
  }

  /** Raises every entry below {@code floor} to it and renormalises the row. */
  public static void applyFloor(double[] p, int off, int k, double floor) {
    if (floor <= 0) {
      return;
    }
    boolean raised = false;
    for (int c = 0; c < k; c++) {
      if (p[off + c] < floor) {
        p[off + c] = floor;
        raised = true;
      }
    }
    if (raised) {
      double z = 0;
      for (int c = 0; c < k; c++) {
        z += p[off + c];
      }
      for (int c = 0; c < k; c++) {
        p[off + c] /= z;
      }
    }
  }
}
