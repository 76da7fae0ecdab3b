package org.crowd4j.nn.internal;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.internal.kernel.CrowdMixtureKernel;

/**
 * The crowd mixture on top of the classifier (Mena &amp; Ñanculef 2019): group weights α and group
 * confusions β in closed form, consensus targets for the network. The M-step and the stopping rule
 * are core's {@link CrowdMixtureKernel.Run}, fed with the per-answer E-step of the network model:
 * given the classifier's f(x_i), an answer with label j has q(m, k) = s(k) · α_m β^(m)[k, j] / P[k,
 * j] with s(k) ∝ f_k(x_i) P[k, j] and P = Σ_m α_m β^(m), so the counts N[k, j] = Σ_i r_ij s_ij(k)
 * are all the M-step needs (paper eq. 6), and the network's target is r̄_ik = Σ_j r_ij s_ij(k) (eq.
 * 7).
 */
public final class CrowdMixtureHead extends EmHead {
  private static final int KMEANS_ITERATIONS = 100;
  private static final double FLOOR = 1e-10;

  private final int k;
  private final int groups;
  private final boolean laplace;
  private final boolean normalizeTargets;
  private final int[] off;
  private final int[] label;
  private final int[] worker;
  private final int numWorkers;
  private final long numAnswers;
  private final CrowdMixtureKernel.Run run;
  private double[] alpha;
  private double[] beta;
  private double[] keptAlpha;
  private double[] keptBeta;
  private double lastObjective = Double.NaN;

  private CrowdMixtureHead(
      CrowdDataset data,
      int groups,
      int maxRounds,
      double tol,
      boolean laplace,
      boolean normalizeTargets,
      int epochsPerRound) {
    super(epochsPerRound);
    this.k = data.numLabels();
    this.groups = groups;
    this.laplace = laplace;
    this.normalizeTargets = normalizeTargets;
    this.off = data.taskOffsets();
    this.label = data.labelColumn();
    this.worker = data.workerColumn();
    this.numWorkers = data.numWorkers();
    this.numAnswers = data.numAnswers();
    this.run =
        new CrowdMixtureKernel.Run(
            k, groups, Math.max(1, maxRounds), tol, laplace, CrowdMixtureKernel.Run.Rule.AUTHORS);
  }

  /**
   * A head after its first M-step from the k-means start (authors' code): answers are clustered on
   * −softMV_i ⊙ log onehot_ε(j) into {@code groups} groups, each answer's class distribution is z =
   * λ_m softMV_i + (1 − λ_m) onehot(j) (λ_m ~ U(0,1) per group when {@code randomLambda}, else 1);
   * α and β are the Laplace-smoothed counts of these, and the first targets r̄_i = Σ_{answers} z
   * are written into {@code targets} ({@code n × K}).
   */
  public static CrowdMixtureHead start(
      CrowdDataset data,
      int groups,
      int maxRounds,
      double tol,
      boolean laplace,
      boolean randomLambda,
      boolean normalizeTargets,
      int epochsPerRound,
      SplittableRandom rng,
      double[] targets) {
    CrowdMixtureHead h =
        new CrowdMixtureHead(
            data, groups, maxRounds, tol, laplace, normalizeTargets, epochsPerRound);
    int n = data.numTasks();
    int k = h.k;
    int m = data.numAnswers();
    if (m == 0) {
      throw new IllegalArgumentException("the crowd mixture needs at least one answer");
    }
    int[] off = h.off;
    int[] label = h.label;
    double[] softMv = new double[n * k];
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        softMv[i * k + label[a]] += 1;
      }
      if (off[i + 1] > off[i]) {
        Posteriors.normalizeInPlace(softMv, i * k, k);
      }
    }
    CrowdMixtureKernel.StartPoints.Builder builder = CrowdMixtureKernel.StartPoints.builder(k);
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        builder.add(label[a], softMv, i * k, 1);
      }
    }
    CrowdMixtureKernel.StartPoints points = builder.build();
    int[] pointCluster = points.cluster(points.features(), groups, KMEANS_ITERATIONS, rng);
    int[] cluster = new int[m];
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        cluster[a] = pointCluster[points.indexOf(label[a], softMv, i * k)];
      }
    }
    double[] lambda = new double[groups];
    for (int g = 0; g < groups; g++) {
      lambda[g] = randomLambda ? rng.nextDouble() : 1.0;
    }
    double[] rho = new double[k];
    double[] alpha = new double[groups];
    double[] beta = new double[groups * k * k];
    Arrays.fill(alpha, h.run.prior());
    Arrays.fill(beta, h.run.prior());
    Arrays.fill(targets, 0.0);
    for (int i = 0; i < n; i++) {
      CrowdMixtureKernel.accumulateStart(
          label, off[i], off[i + 1], cluster, 0, lambda, softMv, i * k, k, rho, alpha, beta);
      for (int a = off[i]; a < off[i + 1]; a++) {
        double lg = lambda[cluster[a]];
        for (int c = 0; c < k; c++) {
          targets[i * k + c] += lg * softMv[i * k + c] + (c == label[a] ? 1 - lg : 0);
        }
      }
      h.scaleTargets(targets, i);
    }
    if (Arrays.stream(rho).sum() == 0) {
      Arrays.fill(rho, 1.0);
    }
    h.run.start(rho, alpha, beta);
    h.alpha = h.run.alpha();
    h.beta = h.run.beta();
    h.keepSelected();
    return h;
  }

  /** A head with given α and β (for tests and inspection). */
  static CrowdMixtureHead withParameters(
      CrowdDataset data,
      double[] alpha,
      double[] beta,
      int maxRounds,
      double tol,
      boolean laplace) {
    CrowdMixtureHead h =
        new CrowdMixtureHead(data, alpha.length, maxRounds, tol, laplace, false, 1);
    double[] rho = new double[h.k];
    Arrays.fill(rho, 1.0);
    h.run.start(rho, alpha.clone(), beta.clone());
    h.alpha = h.run.alpha();
    h.beta = h.run.beta();
    h.keepSelected();
    return h;
  }

  private void scaleTargets(double[] targets, int i) {
    int t = off[i + 1] - off[i];
    if (normalizeTargets && t > 0) {
      for (int c = 0; c < k; c++) {
        targets[i * k + c] /= t;
      }
    }
  }

  /** P = Σ_m α_m β^(m). */
  private double[] pooled() {
    int k2 = k * k;
    double[] p = new double[k2];
    for (int g = 0; g < groups; g++) {
      for (int j = 0; j < k2; j++) {
        p[j] += alpha[g] * beta[g * k2 + j];
      }
    }
    return p;
  }

  /**
   * The E-step sums at the current α, β and classifier {@code f}: returns Σ_answers log Σ_k f_k
   * P[k, j]; adds s into {@code counts[k][j]} and {@code classCounts[k]} and writes the targets
   * (when {@code targets} is not null).
   */
  private double sweep(float[] f, double[] counts, double[] classCounts, float[] targets) {
    double[] p = pooled();
    double[] s = new double[k];
    double logLik = 0;
    int n = off.length - 1;
    for (int i = 0; i < n; i++) {
      if (targets != null) {
        Arrays.fill(targets, i * k, (i + 1) * k, 0f);
      }
      int t = off[i + 1] - off[i];
      for (int a = off[i]; a < off[i + 1]; a++) {
        int j = label[a];
        double z = 0;
        for (int c = 0; c < k; c++) {
          s[c] = Math.max(f[i * k + c], FLOOR) * p[c * k + j];
          z += s[c];
        }
        z = Math.max(z, Double.MIN_NORMAL);
        logLik += Math.log(z);
        for (int c = 0; c < k; c++) {
          double v = s[c] / z;
          if (counts != null) {
            counts[c * k + j] += v;
            classCounts[c] += v;
          }
          if (targets != null) {
            targets[i * k + c] += (float) (normalizeTargets ? v / t : v);
          }
        }
      }
    }
    return logLik;
  }

  private double logPrior() {
    if (!laplace) {
      return 0;
    }
    double s = 0;
    for (double v : alpha) {
      s += Math.log(v);
    }
    for (double v : beta) {
      s += Math.log(v);
    }
    return s;
  }

  @Override
  boolean round(TrainingSet set, float[] probabilities) {
    return step(probabilities, set.targets);
  }

  /**
   * One EM iteration at classifier probabilities {@code f}: E-step, objective, closed-form M-step
   * of α and β, new targets (into {@code targets} when not null). Returns whether the stopping rule
   * left the run going.
   */
  boolean step(float[] f, float[] targets) {
    if (!run.active()) {
      return false;
    }
    double[] counts = new double[k * k];
    double[] classCounts = new double[k];
    double logLik = sweep(f, counts, classCounts, targets);
    if (Arrays.stream(classCounts).sum() == 0) {
      Arrays.fill(classCounts, 1.0);
    }
    lastObjective = run.update(logLik, classCounts, counts, numAnswers, v -> true);
    alpha = run.alpha();
    beta = run.beta();
    return run.active();
  }

  /**
   * The objective of the last E-step (log-posterior, or log-likelihood without Laplace, per
   * answer).
   */
  double lastObjective() {
    return lastObjective;
  }

  /** The EM objective history (one entry per E-step). */
  double[] history() {
    return run.history();
  }

  /** Whether the stopping rule fired. */
  boolean converged() {
    return run.converged();
  }

  /** Current group weights α. */
  double[] alpha() {
    return alpha.clone();
  }

  /** Current group confusions β, {@code [m][k][j]}. */
  double[] beta() {
    return beta.clone();
  }

  @Override
  double objective(TrainingSet set, float[] probabilities) {
    return objective(probabilities);
  }

  /** (Σ_answers log Σ_{m,k} α_m β^(m)[k, j] f_k(x_i) + log prior) / answers at the current α, β. */
  double objective(float[] f) {
    return (sweep(f, null, null, null) + logPrior()) / Math.max(1, numAnswers);
  }

  @Override
  void keepSelected() {
    keptAlpha = alpha.clone();
    keptBeta = beta.clone();
  }

  @Override
  void restoreSelected() {
    alpha = keptAlpha.clone();
    beta = keptBeta.clone();
  }

  private float[] lastProbabilities;

  @Override
  void beforeAnnotatorModelHook(float[] probabilities) {
    lastProbabilities = probabilities;
  }

  /**
   * Group weights, group confusions and each annotator's membership p(g = m | a) ∝ α_m Π_{her
   * answers} Σ_k f_k(x_i) β^(m)[k, j] (paper §3.4), at the classifier's probabilities of the
   * returned model. In the global setting every anonymous answer is its own annotator.
   */
  @Override
  WorkerModel annotatorModel(TrainingSet set, ai.djl.ndarray.NDManager scope) {
    double[] out = new double[numWorkers * groups];
    for (int w = 0; w < numWorkers; w++) {
      for (int g = 0; g < groups; g++) {
        out[w * groups + g] = Math.log(Math.max(alpha[g], Double.MIN_NORMAL));
      }
    }
    if (lastProbabilities != null) {
      int n = off.length - 1;
      double[] post = new double[n * k];
      for (int i = 0; i < post.length; i++) {
        post[i] = lastProbabilities[i];
      }
      for (int i = 0; i < n; i++) {
        CrowdMixtureKernel.membershipTask(
            worker, label, off[i], off[i + 1], post, i * k, beta, groups, k, out);
      }
    }
    for (int w = 0; w < numWorkers; w++) {
      Posteriors.softmaxInPlace(out, w * groups, groups);
    }
    return new GroupMixtureModel(alpha, beta, out, k);
  }
}
