package org.crowd4j.nn.internal;

import java.util.Arrays;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.CrowdDataset;

/**
 * Per-annotator confusions in closed form on top of the classifier (Raykar et al. 2010, multiclass
 * as DL-EM / AggNet): M-step Π_r[k, l] ∝ Σ_{i labelled l by r} μ_i(k) + prior, E-step μ_i(k) ∝
 * f_k(x_i) Π_r Π_r[k, y_ir] in log space; the targets are μ.
 */
public final class RaykarHead extends EmHead {
  private static final double FLOOR = 1e-10;

  private final int k;
  private final int numWorkers;
  private final int[] off;
  private final int[] label;
  private final int[] worker;
  private final long numAnswers;
  private final double prior;
  private final double tol;
  private double[] pi;
  private double[] kept;
  private double previous = Double.NaN;
  private double lastObjective = Double.NaN;

  public RaykarHead(CrowdDataset data, double prior, double tol, int epochsPerRound) {
    super(epochsPerRound);
    this.k = data.numLabels();
    this.numWorkers = data.numWorkers();
    this.off = data.taskOffsets();
    this.label = data.labelColumn();
    this.worker = data.workerColumn();
    this.numAnswers = data.numAnswers();
    this.prior = prior;
    this.tol = tol;
    this.pi = mStep(softMajority(data));
    this.kept = pi.clone();
  }

  /** Soft majority vote, {@code n × K}; rows of items without answers are zero. */
  public static double[] softMajority(CrowdDataset data) {
    int k = data.numLabels();
    int[] off = data.taskOffsets();
    int[] label = data.labelColumn();
    double[] t = new double[data.numTasks() * k];
    for (int i = 0; i < data.numTasks(); i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        t[i * k + label[a]] += 1;
      }
      if (off[i + 1] > off[i]) {
        Posteriors.normalizeInPlace(t, i * k, k);
      }
    }
    return t;
  }

  /**
   * Π_r[k, l] = (Σ_{answers of r with label l} μ_i(k) + prior) row-normalised (uniform if empty).
   */
  double[] mStep(double[] mu) {
    int k2 = k * k;
    double[] p = new double[numWorkers * k2];
    Arrays.fill(p, prior);
    int n = off.length - 1;
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        int base = worker[a] * k2 + label[a];
        for (int c = 0; c < k; c++) {
          p[base + c * k] += mu[i * k + c];
        }
      }
    }
    for (int row = 0; row < numWorkers * k; row++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += p[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        p[row * k + l] = s > 0 ? p[row * k + l] / s : 1.0 / k;
      }
    }
    return p;
  }

  /**
   * E-step at classifier {@code f} and the current Π: writes μ into {@code mu} (when not null) and
   * returns Σ_i log Σ_k f_k(x_i) Π_r Π_r[k, y_ir].
   */
  double eStep(float[] f, double[] mu) {
    int n = off.length - 1;
    double[] row = new double[k];
    double logLik = 0;
    for (int i = 0; i < n; i++) {
      if (off[i + 1] == off[i]) {
        if (mu != null) {
          Arrays.fill(mu, i * k, (i + 1) * k, 0.0);
        }
        continue;
      }
      for (int c = 0; c < k; c++) {
        row[c] = Math.log(Math.max(f[i * k + c], FLOOR));
      }
      for (int a = off[i]; a < off[i + 1]; a++) {
        int base = worker[a] * k * k + label[a];
        for (int c = 0; c < k; c++) {
          row[c] += Math.log(Math.max(pi[base + c * k], Double.MIN_NORMAL));
        }
      }
      logLik += Posteriors.softmaxInPlace(row, 0, k);
      if (mu != null) {
        System.arraycopy(row, 0, mu, i * k, k);
      }
    }
    return logLik;
  }

  @Override
  boolean round(TrainingSet set, float[] probabilities) {
    int n = off.length - 1;
    double[] mu = new double[n * k];
    for (int j = 0; j < mu.length; j++) {
      mu[j] = set.targets[j];
    }
    double[] next = mStep(mu);
    double change = 0;
    for (int j = 0; j < next.length; j++) {
      change += Math.abs(next[j] - pi[j]) / Math.max(pi[j], 1e-12);
    }
    change /= Math.max(1, next.length);
    pi = next;
    double obj = eStep(probabilities, mu) / Math.max(1, numAnswers);
    for (int j = 0; j < mu.length; j++) {
      set.targets[j] = (float) mu[j];
    }
    double relative = Math.abs(obj - previous) / Math.max(Math.abs(previous), 1e-300);
    previous = obj;
    lastObjective = obj;
    return !(tol > 0 && relative <= tol && change <= tol);
  }

  /** The log-likelihood per answer of the last E-step. */
  double lastObjective() {
    return lastObjective;
  }

  /** The current confusions, {@code [r][k][l]}. */
  double[] confusions() {
    return pi.clone();
  }

  @Override
  double objective(TrainingSet set, float[] probabilities) {
    return eStep(probabilities, null) / Math.max(1, numAnswers);
  }

  @Override
  void keepSelected() {
    kept = pi.clone();
  }

  @Override
  void restoreSelected() {
    pi = kept.clone();
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, ai.djl.ndarray.NDManager scope) {
    return new ConfusionMatrices(numWorkers, k, pi);
  }
}
