package org.crowd4j.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.DawidSkene.Stopping;
import org.crowd4j.aggregate.OneCoinDawidSkene;

/**
 * An EM of the Dawid–Skene family ({@link DawidSkene}, {@link OneCoinDawidSkene}): the params
 * {@code floor} ({@link HasFloor}) and {@code stopping} ({@link HasStopping}) besides those of
 * {@link SparkEmAggregator}, and their EM on Spark: the soft-majority start, per iteration one job
 * that sweeps every block under the broadcast {@code [log prior, log errors]} and returns its prior
 * counts, log-likelihood and per-worker sums, the M-step on the driver, and the objective the
 * core's stopping rule watches ({@link Stopping}).
 *
 * @param <M> the fitted model
 * @param <E> the estimator itself
 */
public abstract class SparkDawidSkeneEm<M extends CrowdModel<M>, E extends SparkDawidSkeneEm<M, E>>
    extends SparkEmAggregator<M, E> implements HasFloor<E>, HasStopping<E> {
  private static final long serialVersionUID = 1L;

  /**
   * Declares the params with the defaults of the core's options: {@code floored} names what the
   * floor bounds, in its documentation.
   */
  SparkDawidSkeneEm(
      String uid, int maxIterations, double tol, String floored, double floor, Stopping stopping) {
    super(uid, maxIterations, tol);
    HasFloor.declare(this, floored, floor);
    HasStopping.declare(this, stopping);
  }

  /**
   * A block's E-step and M-step statistics under {@code logPrior} and the log errors of its workers
   * ({@code logError}): prior counts then the log-likelihood in the head, the worker sums; {@code
   * post} is scratch for its posteriors.
   */
  @FunctionalInterface
  interface Sweep extends Serializable {
    PartialSums sums(AnswerBlock block, double[] logPrior, double[] logError, double[] post);
  }

  /**
   * The M-step on the driver: from the prior counts and the per-worker sums, new arrays {@code [log
   * prior, log errors, …]}.
   */
  @FunctionalInterface
  interface MStep {
    double[][] update(double[] priorCounts, double[] workerSums);
  }

  /** crowd-kit's ELBO of a block: posteriors, log prior and the log errors of its workers. */
  @FunctionalInterface
  interface BlockElbo extends Serializable {
    double elbo(AnswerBlock block, double[] post, double[] logPrior, double[] logError);
  }

  /** The method's E-step under broadcast {@code [log prior, log errors]} (the model's scorer). */
  @FunctionalInterface
  interface EStep {
    BlockScorer under(Broadcast<double[][]> params, double floor);
  }

  /** The method's crowd-kit ELBO of a block. */
  abstract BlockElbo elbo();

  /** The value of {@link #stopping()} as the core's constant. */
  final Stopping getStoppingRule() {
    return Stopping.valueOf(getStopping());
  }

  /**
   * The core's EM under the params ({@code maxIter}, {@code tol}, {@code floor}, {@code stopping}):
   * the M-step of the start's sums ({@code start}, {@code stride} numbers per worker), then per
   * iteration one {@code sweep} job and the M-step, stopped as the core does (crowd-kit's ELBO at
   * the posteriors of {@code eStep}). Returns the run; {@code theta} (the length of what {@code
   * mStep} returns) holds the parameters of the last M-step.
   */
  final EmRun em(
      PreparedAnswers data,
      int stride,
      StartPass start,
      Sweep sweep,
      MStep mStep,
      EStep eStep,
      double[][] theta) {
    Stopping stopping = getStoppingRule();
    double floor = getFloor();
    int k = data.numLabels();
    int k2 = k * k;
    double[][] sums = PartialSums.total(fromMajorityStart(data, start), k, data.numWorkers, stride);
    // replaced (never changed in place) by every M-step
    System.arraycopy(mStep.update(sums[0], sums[1]), 0, theta, 0, theta.length);
    BlockElbo elbo = elbo();
    return em(
        data,
        getMaxIter(),
        getTol(),
        () -> new double[][] {theta[0], theta[1]},
        params -> {
          List<PartialSums> parts =
              run(
                  data,
                  b -> {
                    double[][] p = params.value();
                    double[] le = b.gather(p[1], k2);
                    double[] post = Scratch.doubles(0, b.numTasks() * k);
                    return sweep.sums(b, p[0], le, post);
                  });
          double[][] total = PartialSums.total(parts, k + 1, data.numWorkers, stride);
          double[][] next = mStep.update(Arrays.copyOf(total[0], k), total[1]);
          System.arraycopy(next, 0, theta, 0, theta.length);
          return objective(
              data, stopping, total[0][k], eStep.under(params, floor), next[0], next[1], elbo);
        });
  }

  /**
   * The objective per answer after an M-step, as the core's {@code stopping}: the E-step's
   * log-likelihood {@code logLik}, or crowd-kit's ELBO at the E-step posteriors ({@code
   * posteriors}) and the new parameters ({@code logPrior}, {@code logError}), one more job.
   */
  private static double objective(
      PreparedAnswers data,
      Stopping stopping,
      double logLik,
      BlockScorer posteriors,
      double[] logPrior,
      double[] logError,
      BlockElbo elbo) {
    long m = data.numAnswers;
    if (stopping == Stopping.CROWDKIT_ELBO) {
      return crowdKitElbo(data, posteriors, logPrior, logError, elbo) / Math.max(1, m);
    }
    return m == 0 ? 0 : logLik / m;
  }

  private static double crowdKitElbo(
      PreparedAnswers data,
      BlockScorer posteriors,
      double[] logPrior,
      double[] logError,
      BlockElbo elbo) {
    int k2 = data.numLabels() * data.numLabels();
    Broadcast<double[][]> next = broadcast(data, new double[][] {logPrior, logError});
    List<PartialSums> parts =
        run(
            data,
            b -> {
              double[] post = posteriors.score(b);
              double[][] q = next.value();
              return PartialSums.head(elbo.elbo(b, post, q[0], b.gather(q[1], k2)));
            });
    destroy(next);
    return PartialSums.total(parts, 1, 0, 0)[0][0];
  }

  /**
   * The model state of a fit: the last E-step ({@code [log prior, log errors]}, {@code K²} per
   * worker), the diagnostics of {@code run}, the class prior and the floor.
   */
  final ModelState.Builder state(PreparedAnswers data, EmRun run, double[] logPrior) {
    int k = data.numLabels();
    return emState(data, run, getStoppingRule().objectiveName(), 0, k * k)
        .classPriors(exp(logPrior))
        .array(SparkDawidSkeneModel.FLOOR, getFloor());
  }
}
