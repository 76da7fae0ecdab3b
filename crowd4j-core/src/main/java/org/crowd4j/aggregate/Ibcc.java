package org.crowd4j.aggregate;

import java.util.Arrays;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.SpecialFunctions;
import org.crowd4j.method.ConfiguredMethod;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Provenance;

/**
 * Independent Bayesian Classifier Combination with mean-field variational Bayes (Kim &amp;
 * Ghahramani 2012, "Bayesian classifier combination", AISTATS; the VB updates follow Simpson et al.
 * 2013, "Dynamic Bayesian combination of multiple imperfect classifiers", §2).
 *
 * <p><b>Model.</b> Class proportions κ ~ Dir(ν0); true label t_i ~ Categorical(κ); each worker's
 * confusion rows π_w[k,·] ~ Dir(α0[k,·]) with α0[k,k] = {@code alphaDiagonal} and α0[k,l≠k] =
 * {@code alphaOffDiagonal}; answer l of worker w on task i ~ π_w[t_i, ·]. By default the prior has
 * 2 on the diagonal and, off it, the value of {@link #OFF_DIAGONAL_GRID} (0.25, 0.5, 1: from a
 * quarter of the textbook 1 up to it) whose fit reaches the highest evidence lower bound — the
 * variational estimate of log p(answers | α0), i.e. type-II maximum likelihood of the prior on the
 * user's own answers (Kim &amp; Ghahramani 2012 §4 choose hyper-parameters by the same evidence).
 * The chosen value is in the result's provenance. A fixed {@code alphaOffDiagonal} &gt; 0 skips the
 * choice.
 *
 * <p><b>Updates.</b> q(t) q(κ) q(π) factorised. Start from soft majority-vote q(t) (gold tasks
 * clamped); each iteration: q(κ) = Dir(ν), ν_k = ν0 + Σ_i q_i(k); q(π_w[k,·]) = Dir(α_w[k,·]),
 * α_w[k,l] = α0[k,l] + Σ_{answers of w with label l} q_i(k); then with E ln κ_k = ψ(ν_k) − ψ(Σν)
 * and E ln π_w[k,l] = ψ(α_w[k,l]) − ψ(Σ_l α_w[k,l]): q_i(k) ∝ exp(E ln κ_k + Σ_{a ∈ i} E ln
 * π_{w(a)}[k, l(a)]) (Kim &amp; Ghahramani eq. 5–7; Simpson et al. eq. 10–15).
 *
 * <p><b>Objective.</b> The evidence lower bound, evaluated after each q(t) update: ELBO = Σ_i log
 * Z_i − KL(q(κ) ‖ p(κ)) − Σ_{w,k} KL(q(π_w[k]) ‖ p(π_w[k])), where log Z_i is the log normaliser of
 * task i's q(t) update (the expected complete-data log-likelihood of t plus the entropy of q(t)
 * equal it exactly after that update; for a gold-clamped task it is the score of the gold label).
 * Each half-step is an exact coordinate ascent, so the ELBO never decreases. Reported per answer.
 *
 * <p><b>Stopping.</b> When the ELBO per answer gains less than {@code tol}, or after {@code
 * maxIterations}. The worker model is the posterior mean confusion α_w[k,l] / Σ_l α_w[k,l]; the
 * class prior is E[κ]. Time {@code O(m K + W K²)} digamma evaluations per iteration; memory {@code
 * O(n K + W K²)}.
 */
public final class Ibcc
    extends ConfiguredMethod<CrowdDataset, Gold, AggregationResult, Ibcc.Options>
    implements Aggregator {
  /**
   * Options of {@link Ibcc}.
   *
   * @param maxIterations VB iterations at most
   * @param tol stop when the ELBO per answer gains less than this
   * @param classConcentration ν0, the Dirichlet parameter of every class proportion
   * @param alphaDiagonal α0[k,k], prior pseudo-count of a correct answer
   * @param alphaOffDiagonal α0[k,l≠k], prior pseudo-count of each wrong answer
   */
  public record Options(
      @Describe("VB iterations at most") int maxIterations,
      @Describe("stop when the ELBO per answer gains less than this") double tol,
      @Describe("ν0, the Dirichlet parameter of every class proportion") double classConcentration,
      @Describe("α0[k,k], prior pseudo-count of a correct answer") double alphaDiagonal,
      @Describe("α0[k,l≠k], prior pseudo-count of each wrong answer") double alphaOffDiagonal) {
    /** Validates. */
    public Options {
      FitProgress.requireLimits(maxIterations, tol);
      if (!(classConcentration > 0) || Double.isInfinite(classConcentration)) {
        throw new IllegalArgumentException(
            "classConcentration must be positive and finite: " + classConcentration);
      }
      if (!(alphaDiagonal > 0) || Double.isInfinite(alphaDiagonal)) {
        throw new IllegalArgumentException(
            "alphaDiagonal must be positive and finite: " + alphaDiagonal);
      }
      if (!(alphaOffDiagonal >= 0) || Double.isInfinite(alphaOffDiagonal)) {
        throw new IllegalArgumentException(
            "alphaOffDiagonal must be >= 0 and finite (0 = chosen by the evidence): "
                + alphaOffDiagonal);
      }
    }

    /**
     * 100 iterations, tol 1e-6, ν0 = 1, α0 = 2 on the diagonal and off it the value of {@link
     * #OFF_DIAGONAL_GRID} with the highest evidence lower bound.
     */
    public static Options defaults() {
      return new Options(100, 1e-6, 1.0, 2.0, 0);
    }

    /** A copy with {@code alphaOffDiagonal} = {@code a}. */
    public Options withOffDiagonal(double a) {
      return new Options(maxIterations, tol, classConcentration, alphaDiagonal, a);
    }
  }

  /** IBCC with {@code options}. */
  public Ibcc(Options options) {
    super("ibcc", options);
  }

  /** IBCC with default options. */
  public Ibcc() {
    this(Options.defaults());
  }

  /** The off-diagonal pseudo-counts tried when {@code alphaOffDiagonal} is 0. */
  public static final double[] OFF_DIAGONAL_GRID = {0.25, 0.5, 1.0};

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    if (options().alphaOffDiagonal() > 0) {
      return fitWith(options(), data, context);
    }
    long start = System.nanoTime();
    AggregationResult best = null;
    double bestElbo = Double.NEGATIVE_INFINITY;
    double chosen = OFF_DIAGONAL_GRID[0];
    for (double a : OFF_DIAGONAL_GRID) {
      AggregationResult r = fitWith(options().withOffDiagonal(a), data, context);
      double[] o = r.diagnostics().objective();
      double elbo = o.length == 0 ? Double.NEGATIVE_INFINITY : o[o.length - 1];
      if (best == null || elbo > bestElbo) {
        best = r;
        bestElbo = elbo;
        chosen = a;
      }
    }
    return best.chosenBy(
        Provenance.of(name(), options().withOffDiagonal(chosen), data::digest, start), null);
  }

  private AggregationResult fitWith(Options options, CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int numWorkers = data.numWorkers();
    int m = data.numAnswers();
    int[] off = data.taskOffsets();
    int[] worker = data.workerColumn();
    int[] label = data.labelColumn();
    int[] gold = DawidSkene.goldLabels(context.gold(), n);

    double[] post = Votes.softStart(data, gold);

    double[] nu0 = new double[k];
    Arrays.fill(nu0, options.classConcentration());
    double[] alpha0 = new double[k * k];
    for (int c = 0; c < k; c++) {
      for (int l = 0; l < k; l++) {
        alpha0[c * k + l] = c == l ? options.alphaDiagonal() : options.alphaOffDiagonal();
      }
    }
    double[] nu = new double[k];
    double[] alpha = new double[numWorkers * k * k]; // [w][k][l]
    double[] eLogKappa = new double[k];
    double[] eLogPi = new double[numWorkers * k * k]; // [w][l][k], answer-major for the E-step
    FitProgress progress =
        FitProgress.ascent(name(), options.maxIterations(), options.tol(), context.listener());
    for (int it = 1; it <= options.maxIterations(); it++) {
      // q(κ), q(π) from q(t)
      System.arraycopy(nu0, 0, nu, 0, k);
      for (int w = 0; w < numWorkers; w++) {
        System.arraycopy(alpha0, 0, alpha, w * k * k, k * k);
      }
      for (int i = 0; i < n; i++) {
        int row = i * k;
        for (int c = 0; c < k; c++) {
          nu[c] += post[row + c];
        }
        for (int a = off[i]; a < off[i + 1]; a++) {
          int base = worker[a] * k * k + label[a];
          for (int c = 0; c < k; c++) {
            alpha[base + c * k] += post[row + c];
          }
        }
      }
      double kl = SpecialFunctions.dirichletKl(nu, 0, nu0, 0, k);
      expectedLog(nu, 0, k, eLogKappa);
      double[] rowLog = new double[k];
      for (int w = 0; w < numWorkers; w++) {
        int b = w * k * k;
        for (int c = 0; c < k; c++) {
          kl += SpecialFunctions.dirichletKl(alpha, b + c * k, alpha0, c * k, k);
          expectedLog(alpha, b + c * k, k, rowLog);
          for (int l = 0; l < k; l++) {
            eLogPi[b + l * k + c] = rowLog[l];
          }
        }
      }
      // q(t)
      double sumLogZ = 0;
      for (int i = 0; i < n; i++) {
        int row = i * k;
        for (int c = 0; c < k; c++) {
          post[row + c] = eLogKappa[c];
        }
        for (int a = off[i]; a < off[i + 1]; a++) {
          int base = (worker[a] * k + label[a]) * k;
          for (int c = 0; c < k; c++) {
            post[row + c] += eLogPi[base + c];
          }
        }
        if (gold[i] >= 0) {
          sumLogZ += post[row + gold[i]];
          Arrays.fill(post, row, row + k, 0.0);
          post[row + gold[i]] = 1.0;
        } else {
          sumLogZ += Posteriors.softmaxInPlace(post, row, k);
        }
      }
      double objective = (sumLogZ - kl) / Math.max(1, m);
      if (!progress.record(objective)) {
        break;
      }
    }

    double[] mean = new double[numWorkers * k * k];
    if (progress.iterations() == 0) {
      // no VB step ran: the posterior mean under the majority-vote counts
      System.arraycopy(nu0, 0, nu, 0, k);
      for (int w = 0; w < numWorkers; w++) {
        System.arraycopy(alpha0, 0, alpha, w * k * k, k * k);
      }
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < k; c++) {
          nu[c] += post[i * k + c];
        }
        for (int a = off[i]; a < off[i + 1]; a++) {
          for (int c = 0; c < k; c++) {
            alpha[(worker[a] * k + c) * k + label[a]] += post[i * k + c];
          }
        }
      }
    }
    for (int r = 0; r < numWorkers * k; r++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += alpha[r * k + l];
      }
      for (int l = 0; l < k; l++) {
        mean[r * k + l] = alpha[r * k + l] / s;
      }
    }
    double[] prior = nu.clone();
    Posteriors.normalizeInPlace(prior, 0, k);
    return new AggregationResult(
        data,
        post,
        null,
        prior,
        new ConfusionMatrices(numWorkers, k, mean),
        progress.diagnostics("ELBO per answer"),
        Provenance.of(name(), options, data::digest, start));
  }

  /** out[j] = ψ(a_j) − ψ(Σ a) for the Dirichlet parameters {@code a[from..from+k)}. */
  private static void expectedLog(double[] a, int from, int k, double[] out) {
    double sum = 0;
    for (int j = 0; j < k; j++) {
      sum += a[from + j];
    }
    double psiSum = SpecialFunctions.digamma(sum);
    for (int j = 0; j < k; j++) {
      out[j] = SpecialFunctions.digamma(a[from + j]) - psiSum;
    }
  }
}
