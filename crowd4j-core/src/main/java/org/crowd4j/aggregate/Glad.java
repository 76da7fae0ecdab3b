package org.crowd4j.aggregate;

import java.util.Arrays;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.GladKernel;
import org.crowd4j.internal.kernel.GladSolver;
import org.crowd4j.internal.kernel.TaskChunks;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Provenance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * GLAD, Generative model of Labels, Abilities and Difficulties (Whitehill, Ruvolo, Wu, Bergsma
 * &amp; Movellan 2009, "Whose vote should count more: optimal integration of labels from labelers
 * of unknown expertise", NIPS).
 *
 * <p><b>Model</b> (the paper's model in crowd-kit's multi-class form). The true label z_i is
 * uniform over the {@code K} labels. Worker {@code w} has ability α_w ∈ ℝ, task {@code i} has log
 * inverse difficulty β_i (inverse difficulty e^{β_i} &gt; 0). The answer is correct with
 * probability σ(α_w e^{β_i}); a wrong answer is uniform over the other {@code K − 1} labels. Priors
 * α_w ~ N({@code alphaPriorMean}, 1) and β_i ~ N({@code betaPriorMean}, 1); start α = β = 1, as
 * crowd-kit does. The estimate is the MAP of (α, β), as in the paper's EM; labels come from the
 * posterior q_i(k) ∝ π_k Π_a P(l_a | z_i = k) at it.
 *
 * <p><b>Algorithm.</b> The objective is the log posterior L(α, β) = log p(answers | α, β) + log
 * p(α) + log p(β). Given α it splits into one problem per task, and the E-step is per task too, so
 * each iteration is one pass over the tasks (a <em>sweep</em>) that, for each task, does the E-step
 * at the current β_i, a safeguarded Newton step on β_i for the expected complete-data
 * log-likelihood of the task (Armijo backtracking, so by the EM inequality it never lowers the
 * task's term of L), and the E-step at the new β_i; a second step and E-step only if the first
 * moved β_i by more than 0.02 ({@code betaSteps} bounds the steps). The same pass sums ∂L/∂α_w = Σ
 * (q_i(l_a) − σ(x_a)) e^{β_i} − (α_w − μ_α) (Fisher's identity) and the complete-data curvature per
 * worker. In effect L is maximised over α with β and q following α (an expectation–conditional
 * maximisation in the sense of Meng &amp; Rubin 1993, with β eliminated as in variable projection):
 * the α step is a limited-memory BFGS step (memory {@code memory}, the complete-data curvature as
 * the initial inverse Hessian; the pair of the first step, taken from the start far from the
 * optimum, is not kept), halved until the next sweep ends at a log posterior no lower than before,
 * so L never decreases (if every halving fails, the step is 0 and the sweep only improves β). After
 * each α step, the likelihood is invariant under (α, β) → (e^u α, β − u), and u is chosen exactly
 * to maximise the log prior along that curve (a one-dimensional problem in a few sums), which block
 * methods otherwise follow only slowly. Gold tasks from the {@link FitContext} are clamped to their
 * label in every E-step. The Javadoc of {@link GladKernel} has the formulas; the α side of the
 * iteration is {@link GladSolver}, which the Spark version shares.
 *
 * <p><b>Objective and stopping.</b> The reported objective is L per answer at the end of each
 * sweep, non-decreasing. EM stops when it gained less than {@code tol} in the last iteration
 * <em>and</em> the gain predicted for the next step is below {@code tol} too (½ g·d for the
 * quasi-Newton step d on α, which sees flat directions, plus Σ g²/(2h) for a Fisher-scoring step on
 * every β_i), so it does not stop on a short step away from the optimum; or after {@code
 * maxIterations}. The returned α, β are those of the last sweep's end and the posteriors come from
 * its E-step at them. The default {@code tol} (1e-6, on L per answer) stops within about 10⁻⁶ per
 * answer of the MAP on the shared real datasets, in 5 to 11 iterations. The second step on β_i
 * matters for more than speed: without it the α gradients carry the error of β, and on small
 * ill-conditioned crowds results then depend on the order of the answers (through rounding) by up
 * to 10⁻³ instead of 10⁻⁷.
 *
 * <p><b>Differences from crowd-kit 1.4.1.</b> crowd-kit's M-step is scipy's conjugate gradient with
 * {@code tol=1e-2} and at most 25 iterations, and it stops on the change of Q/(m·K) — the expected
 * complete-data log-likelihood without the entropy term, divided by the number of (answer, label)
 * rows — so it ends short of GLAD's MAP estimate: on crowd-kit's own fixtures this class, run to
 * convergence, reaches a higher log posterior than crowd-kit's α, β give (on toy, crowd-kit's β of
 * t1 is 0.604 and its P(t1 = no) 0.120; the MAP's are 0.618 and 0.114). With default options the
 * labels on those fixtures are identical, posteriors and α agree within 0.01 and β within 0.02.
 * crowd-kit returns posteriors from the E-step before its last M-step; here they match the returned
 * parameters. The first E-step from the initial parameters (crowd-kit's {@code test_glad_e_step})
 * is the same: {@code maxIterations = 0} returns it.
 *
 * <p><b>Complexity.</b> Per iteration one sweep, O(m + n·K), with two {@code exp} and two divisions
 * per answer (at the current and at the new β_i; three of each where β_i takes a second step) and
 * two logarithms per task, all while the task's answers are in cache; the α step costs O(W ·
 * memory). No allocation per answer or task. Memory O(n·K + n + W · memory) plus O(W + largest
 * task) per parallel chunk. Runs on all cores in fixed task chunks, so results do not depend on the
 * thread count.
 */
public final class Glad implements Aggregator {
  private static final Logger LOG = LoggerFactory.getLogger(Glad.class);

  /**
   * Options of {@link Glad}.
   *
   * @param maxIterations iterations (sweeps with an α step) at most; 0 returns the posterior of the
   *     first E-step
   * @param tol stop when the log posterior per answer gained less than this and a further step is
   *     predicted to gain less than this
   * @param alphaPriorMean mean of the N(·, 1) prior on abilities α
   * @param betaPriorMean mean of the N(·, 1) prior on log inverse difficulties β
   * @param betaSteps safeguarded Newton steps on each β_i per sweep at most, each followed by the
   *     task's E-step; a step after the first only when the one before moved β_i by more than 0.02
   * @param memory curvature pairs kept by the quasi-Newton step on α; 0 for a diagonal Newton step
   */
  public record Options(
      @Describe(
              "iterations (sweeps with an α step) at most; 0 returns the posterior of the first E-step")
          int maxIterations,
      @Describe(
              "stop when the log posterior per answer gained less than this and a further step is predicted to gain less than this")
          double tol,
      @Describe("mean of the N(·, 1) prior on abilities α") double alphaPriorMean,
      @Describe("mean of the N(·, 1) prior on log inverse difficulties β") double betaPriorMean,
      @Describe(
              "safeguarded Newton steps on each β_i per sweep at most, each followed by the task's E-step; a step after the first only when the one before moved β_i by more than 0.02")
          int betaSteps,
      @Describe("curvature pairs kept by the quasi-Newton step on α; 0 for a diagonal Newton step")
          int memory) {
    /** Validates. */
    public Options {
      FitProgress.requireLimits(maxIterations, tol);
      if (!Double.isFinite(alphaPriorMean)) {
        throw new IllegalArgumentException("alphaPriorMean must be finite: " + alphaPriorMean);
      }
      if (!Double.isFinite(betaPriorMean)) {
        throw new IllegalArgumentException("betaPriorMean must be finite: " + betaPriorMean);
      }
      if (betaSteps < 1) {
        throw new IllegalArgumentException("betaSteps must be >= 1: " + betaSteps);
      }
      if (memory < 0) {
        throw new IllegalArgumentException("memory must be >= 0: " + memory);
      }
    }

    /**
     * 100 iterations and priors N(1, 1) as crowd-kit; tol 1e-6 on the log posterior per answer
     * (crowd-kit's 1e-5 applies to another quantity, see the class comment); up to two Newton steps
     * per β_i and sweep; memory 5.
     */
    public static Options defaults() {
      return new Options(100, 1e-6, 1.0, 1.0, 2, 5);
    }
  }

  private final Options options;

  /** GLAD with {@code options}. */
  public Glad(Options options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
  }

  /** GLAD with default options. */
  public Glad() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "glad";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    Tasks tasks = new Tasks(data, DawidSkene.goldLabels(context.gold(), data.numTasks()), options);
    GladSolver solver =
        new GladSolver(
            data.numWorkers(), data.numTasks(), options.alphaPriorMean(), options.memory(), tasks);
    GladSolver.Run run =
        solver.run(
            options.maxIterations(), options.tol(), data.numAnswers(), context.listener(), name());
    LOG.debug("GLAD: {} iterations, {} sweeps", run.iterations(), solver.sweeps());
    double[] prior = new double[tasks.k];
    Arrays.fill(prior, 1.0 / tasks.k);
    return new AggregationResult(
        data,
        tasks.post,
        null,
        prior,
        new GladModel(solver.alpha(), tasks.betaNext),
        new Diagnostics(
            run.iterations(),
            run.converged(),
            run.history(),
            "log posterior of (alpha, beta) per answer"),
        Provenance.of(name(), options, data::digest, start));
  }

  /**
   * The objective of {@link #fit} — log p(answers | α, β) + log p(α) + log p(β), per answer — at
   * {@code theta = [α, β]}; exposed to compare parameter estimates.
   */
  static double logPosterior(CrowdDataset data, Options options, double[] theta) {
    Tasks tasks = new Tasks(data, DawidSkene.goldLabels(null, data.numTasks()), options);
    GladSolver solver =
        new GladSolver(
            data.numWorkers(), data.numTasks(), options.alphaPriorMean(), options.memory(), tasks);
    System.arraycopy(theta, 0, solver.alpha(), 0, data.numWorkers());
    System.arraycopy(theta, data.numWorkers(), tasks.beta, 0, data.numTasks());
    return solver.sweep(false) / Math.max(1, data.numAnswers());
  }

  /**
   * The tasks of one fit in memory: β, posteriors and the sweeps over fixed task chunks, on all
   * cores.
   */
  private static final class Tasks implements GladSolver.Sweeper {
    final int numWorkers;
    final int k;
    final int betaSteps;
    final TaskChunks chunks;
    final GladKernel kernel;
    final GladKernel.Workspace[] workspaces;
    final double[] post;

    /** β the sweeps start from, and the β the last sweep ended at. */
    double[] beta;

    double[] betaNext;

    Tasks(CrowdDataset data, int[] gold, Options options) {
      int n = data.numTasks();
      this.numWorkers = data.numWorkers();
      this.k = Math.max(1, data.numLabels());
      double[] logPrior = new double[k];
      Arrays.fill(logPrior, -Math.log(k));
      this.betaSteps = options.betaSteps();
      long perChunk = Math.max(1L, (long) GladKernel.STRIDE * numWorkers);
      int maxChunks = (int) Math.max(1, Math.min(64, 8_000_000L / perChunk));
      this.chunks = TaskChunks.of(data, 65_536, maxChunks);
      this.kernel =
          new GladKernel(
              data.taskOffsets(),
              data.workerColumn(),
              data.labelColumn(),
              k,
              logPrior,
              gold,
              options.betaPriorMean(),
              GladSolver.MAX_STEP);
      this.workspaces = new GladKernel.Workspace[chunks.count()];
      for (int c = 0; c < workspaces.length; c++) {
        workspaces[c] = kernel.workspace(numWorkers);
      }
      this.post = new double[n * k];
      this.beta = new double[n];
      this.betaNext = new double[n];
      Arrays.fill(beta, 1.0);
    }

    @Override
    public void sweep(
        double[] alpha,
        double shift,
        boolean improve,
        double[] gradient,
        double[] curvature,
        double[] sums) {
      int steps = improve ? betaSteps : 0;
      chunks.forEach(
          ch -> {
            GladKernel.Workspace ws = workspaces[ch];
            ws.clear();
            kernel.sweep(
                chunks.from(ch),
                chunks.to(ch),
                alpha,
                beta,
                shift,
                steps,
                improve,
                post,
                betaNext,
                ws);
          });
      for (GladKernel.Workspace ws : workspaces) {
        double[] a = ws.workerAcc;
        for (int w = 0, b = 0; w < numWorkers; w++, b += GladKernel.STRIDE) {
          gradient[w] += a[b + GladKernel.GRADIENT];
          curvature[w] += a[b + GladKernel.CURVATURE];
        }
        for (int j = 0; j < sums.length; j++) {
          sums[j] += ws.sums[j];
        }
      }
    }

    @Override
    public void commit() {
      double[] t = beta;
      beta = betaNext;
      betaNext = t;
    }
  }
}
