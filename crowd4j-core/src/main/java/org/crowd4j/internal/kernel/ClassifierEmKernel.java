package org.crowd4j.internal.kernel;

import org.crowd4j.aggregate.Posteriors;

/**
 * The per-task maths of the classifier-aware Dawid–Skene EM ({@code
 * org.crowd4j.aggregate.classifier.ClassifierEm}) over primitive arrays, shared by the
 * single-machine and the Spark implementations. Confusions are {@code [w][true z][answered l]}; the
 * classifier's probabilities are one row of {@code K} per task, used where {@code has[i]}.
 */
public final class ClassifierEmKernel {
  private ClassifierEmKernel() {}

  /**
   * One EM sweep over tasks {@code [fromTask, toTask)}: every task's E-step, log q_i(z) = (log
   * p_i(z) when the classifier is the prior and the task has a prediction, else log ρ_z) + (Σ_l
   * p_i(l) log Π_M[z, l] when the classifier is an annotator and the task has a prediction) + Σ_a
   * log Π_{w(a)}[z, l(a)], normalised into {@code post}, a gold label {@code gold[i] >= 0} clamped;
   * then, when {@code counts} is not null, its M-step statistics ({@link #accumulate}).
   *
   * @param logModel the classifier's log confusion {@code [z][l]}, or null when it is the prior
   * @return the log-likelihood of the tasks (log Z_i, or the clamped label's score for gold tasks)
   */
  public static double sweep(
      int[] off,
      int[] worker,
      int[] label,
      int fromTask,
      int toTask,
      int k,
      double[] prediction,
      boolean[] has,
      double[] logRho,
      double[] logModel,
      double[] logConf,
      int[] gold,
      double[] post,
      Counts counts) {
    int k2 = k * k;
    double logLikelihood = 0;
    for (int i = fromTask; i < toTask; i++) {
      int row = i * k;
      boolean predicted = has != null && has[i];
      for (int z = 0; z < k; z++) {
        double v = predicted && logModel == null ? Math.log(prediction[row + z]) : logRho[z];
        if (predicted && logModel != null) {
          for (int l = 0; l < k; l++) {
            v += prediction[row + l] * logModel[z * k + l];
          }
        }
        post[row + z] = v;
      }
      for (int a = off[i]; a < off[i + 1]; a++) {
        int base = worker[a] * k2 + label[a];
        for (int z = 0; z < k; z++) {
          post[row + z] += logConf[base + z * k];
        }
      }
      if (gold != null && gold[i] >= 0) {
        logLikelihood += post[row + gold[i]];
        java.util.Arrays.fill(post, row, row + k, 0.0);
        post[row + gold[i]] = 1.0;
      } else {
        logLikelihood += Posteriors.softmaxInPlace(post, row, k);
      }
      if (counts != null) {
        accumulate(off, worker, label, i, k, prediction, predicted, post, counts);
      }
    }
    return logLikelihood;
  }

  /**
   * Adds task {@code i}'s M-step statistics under its posterior {@code post[i*K ..]}: q_i(z) to
   * every answer's cell {@code [w][z][l]} of {@code counts.worker}, q_i(z) p_i(l) to {@code
   * counts.model} when it has a prediction, q_i to {@code counts.rho}.
   */
  public static void accumulate(
      int[] off,
      int[] worker,
      int[] label,
      int i,
      int k,
      double[] prediction,
      boolean predicted,
      double[] post,
      Counts counts) {
    int k2 = k * k;
    int row = i * k;
    for (int a = off[i]; a < off[i + 1]; a++) {
      int base = worker[a] * k2 + label[a];
      for (int z = 0; z < k; z++) {
        counts.worker[base + z * k] += post[row + z];
      }
    }
    if (predicted && counts.model != null) {
      for (int z = 0; z < k; z++) {
        double qz = post[row + z];
        for (int l = 0; l < k; l++) {
          counts.model[z * k + l] += qz * prediction[row + l];
        }
      }
    }
    for (int z = 0; z < k; z++) {
      counts.rho[z] += post[row + z];
    }
  }

  /** {@link #accumulate} for every task of {@code [fromTask, toTask)}. */
  public static void accumulateTasks(
      int[] off,
      int[] worker,
      int[] label,
      int fromTask,
      int toTask,
      int k,
      double[] prediction,
      boolean[] has,
      double[] post,
      Counts counts) {
    for (int i = fromTask; i < toTask; i++) {
      accumulate(off, worker, label, i, k, prediction, has[i], post, counts);
    }
  }

  /**
   * The MAP M-step of {@code rows} confusion rows of {@code K} entries: row r of {@code counts}
   * plus the pseudo-counts {@code alpha[(r mod K) * K ..]} (when {@code addAlpha}), normalised into
   * log probabilities in {@code log}. Returns Σ α log π over the rows, their log Dirichlet prior up
   * to a constant.
   */
  public static double logConfusions(
      double[] counts, int rows, int k, double[] alpha, boolean addAlpha, double[] log) {
    double logPrior = 0;
    for (int r = 0; r < rows; r++) {
      int off = r * k;
      int alphaOff = (r % k) * k;
      double sum = 0;
      for (int l = 0; l < k; l++) {
        double c = addAlpha ? alpha[alphaOff + l] + counts[off + l] : counts[off + l];
        log[off + l] = c;
        sum += c;
      }
      double logSum = Math.log(sum);
      for (int l = 0; l < k; l++) {
        double v = Math.log(log[off + l]) - logSum;
        log[off + l] = v;
        logPrior += alpha[alphaOff + l] * v;
      }
    }
    return logPrior;
  }

  /**
   * ρ, the mean posterior of {@code numTasks} tasks from their summed posteriors (uniform when
   * there are none), into {@code rho}, and its logarithm into {@code logRho}.
   */
  public static void rho(double[] rhoSums, long numTasks, double[] rho, double[] logRho) {
    int k = rho.length;
    for (int z = 0; z < k; z++) {
      rho[z] = numTasks == 0 ? 1.0 / k : rhoSums[z] / numTasks;
      logRho[z] = Math.log(Math.max(rho[z], 1e-300));
    }
  }

  /**
   * M-step statistics: {@code worker} {@code [w][z][l]}, {@code model} {@code [z][l]} (null when
   * the classifier is the prior) and {@code rho} ({@code K}).
   */
  public static final class Counts {
    /** Posterior mass per worker, true class and answered label. */
    public final double[] worker;

    /** Posterior mass times the classifier's probability, per true class and class; or null. */
    public final double[] model;

    /** Posterior mass per class. */
    public final double[] rho;

    /** Zeroed statistics for {@code workers} workers and {@code K} classes. */
    public Counts(int workers, int k, boolean withModel) {
      this.worker = new double[workers * k * k];
      this.model = withModel ? new double[k * k] : null;
      this.rho = new double[k];
    }
  }
}
