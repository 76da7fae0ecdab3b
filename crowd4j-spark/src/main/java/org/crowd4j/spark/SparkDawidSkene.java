package org.crowd4j.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.Diagnostics;
import org.crowd4j.aggregate.kernel.DawidSkeneKernel;

/**
 * {@link DawidSkene} EM on Spark, with the same options, the same start (soft majority vote, gold
 * tasks clamped), the same kernel ({@link DawidSkeneKernel#sweep}: E-step and M-step counts in one
 * pass over a block) and the same M-step and stopping rule on the driver, so the posteriors agree
 * with the single-machine method to rounding (the sums are added in another order).
 *
 * <p>Per iteration: one job; each block gathers the log confusion entries of its own workers from
 * the broadcast table, sweeps its tasks and returns its prior counts, log-likelihood and confusion
 * counts ({@code K²} per worker of the block). With {@link DawidSkene.Stopping#CROWDKIT_ELBO} a
 * second job per iteration evaluates crowd-kit's ELBO. Gold labels come from the gold column.
 */
public final class SparkDawidSkene extends SparkAggregator {
  private final DawidSkene.Options options;

  /** Dawid–Skene with {@code options}. */
  public SparkDawidSkene(DawidSkene.Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Dawid–Skene with default options. */
  public SparkDawidSkene() {
    this(DawidSkene.Options.defaults());
  }

  @Override
  public String name() {
    return "ds";
  }

  @Override
  CrowdModel fit(PreparedAnswers data) {
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers;
    double floor = options.floor();
    long m = data.numAnswers;

    List<PartialSums> start =
        run(
            data,
            b -> {
              double[] post = Scratch.doubles(0, b.numTasks() * k);
              Blocks.softMajority(b, post, true);
              double[] ec = new double[b.numLocalWorkers() * k2];
              double[] pc = new double[k];
              DawidSkeneKernel.accumulateTasks(
                  b.cells(), b.off(), 0, b.numTasks(), post, k, ec, pc);
              return new PartialSums(pc, b.workerIds(), ec, k2);
            });
    double[][] sums = PartialSums.total(start, k, numWorkers, k2);
    double[] logPrior = new double[k];
    double[] logError = new double[numWorkers * k2];
    DawidSkeneKernel.logPriorFromCounts(sums[0], k, floor, logPrior);
    DawidSkeneKernel.logErrorsFromCounts(sums[1], numWorkers, k, floor, logError);

    double[] history = new double[options.maxIterations()];
    int iterations = 0;
    boolean converged = options.maxIterations() == 0;
    double previous = Double.NEGATIVE_INFINITY;
    Broadcast<double[][]> eStepParams = null;
    for (int it = 1; it <= options.maxIterations(); it++) {
      Broadcast<double[][]> params = broadcast(data, new double[][] {logPrior, logError});
      List<PartialSums> parts =
          run(
              data,
              b -> {
                double[][] p = params.value();
                double[] le = b.gather(p[1], k2);
                double[] post = Scratch.doubles(0, b.numTasks() * k);
                double[] ec = new double[b.numLocalWorkers() * k2];
                double[] pc = new double[k + 1];
                double ll =
                    DawidSkeneKernel.sweep(
                        b.cells(),
                        b.off(),
                        0,
                        b.numTasks(),
                        p[0],
                        le,
                        k,
                        b.gold(),
                        floor,
                        post,
                        ec,
                        pc);
                pc[k] = ll;
                return new PartialSums(pc, b.workerIds(), ec, k2);
              });
      destroy(eStepParams);
      eStepParams = params;
      sums = PartialSums.total(parts, k + 1, numWorkers, k2);
      double ll = sums[0][k];
      logPrior = new double[k];
      logError = new double[numWorkers * k2];
      DawidSkeneKernel.logPriorFromCounts(Arrays.copyOf(sums[0], k), k, floor, logPrior);
      DawidSkeneKernel.logErrorsFromCounts(sums[1], numWorkers, k, floor, logError);
      double objective;
      if (options.stopping() == DawidSkene.Stopping.CROWDKIT_ELBO) {
        objective = crowdKitElbo(data, params, logPrior, logError, floor) / Math.max(1, m);
      } else {
        objective = m == 0 ? 0 : ll / m;
      }
      history[it - 1] = objective;
      iterations = it;
      boolean keepGoing = listener().onIteration(name(), it, options.maxIterations(), objective);
      if (objective - previous < options.tol()) {
        converged = true;
        break;
      }
      previous = objective;
      if (!keepGoing) {
        break;
      }
    }

    double[] prior = new double[k];
    for (int c = 0; c < k; c++) {
      prior[c] = Math.exp(logPrior[c]);
    }
    double[] confusion = confusions(logError, numWorkers, k);
    BlockScorer scorer = eStepParams == null ? startScorer() : scorer(eStepParams, floor);
    StructType schema =
        new StructType()
            .add("answers", DataTypes.IntegerType, false)
            .add("skill", DataTypes.DoubleType, false)
            .add(
                "confusion",
                DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType, false)),
                false);
    ConfusionMatrices matrices = new ConfusionMatrices(numWorkers, k, confusion);
    double[] skills = matrices.skills();
    double[][] table = {sizes(data), skills, confusion};
    Broadcast<double[][]> held = eStepParams;
    return new CrowdModel(
            name(),
            data,
            columns(),
            settings(),
            scorer,
            true,
            prior,
            new Diagnostics(
                iterations,
                converged,
                Arrays.copyOf(history, iterations),
                "log-likelihood per answer"),
            matrices,
            () ->
                workerTable(
                    data,
                    schema,
                    table,
                    (w, p) -> new Object[] {(int) p[0][w], p[1][w], matrix(p[2], w * k * k, k)}),
            null)
        .onUnpersist(() -> destroy(held));
  }

  /** crowd-kit's ELBO at the E-step posteriors of {@code eStep} and the new parameters. */
  private static double crowdKitElbo(
      PreparedAnswers data,
      Broadcast<double[][]> eStep,
      double[] logPrior,
      double[] logError,
      double floor) {
    int k = data.numLabels();
    int k2 = k * k;
    Broadcast<double[][]> next = broadcast(data, new double[][] {logPrior, logError});
    List<PartialSums> parts =
        run(
            data,
            b -> {
              double[][] p = eStep.value();
              double[] post = Scratch.doubles(0, b.numTasks() * k);
              DawidSkeneKernel.sweep(
                  b.cells(),
                  b.off(),
                  0,
                  b.numTasks(),
                  p[0],
                  b.gather(p[1], k2),
                  k,
                  b.gold(),
                  floor,
                  post,
                  null,
                  null);
              double[][] q = next.value();
              return PartialSums.head(
                  DawidSkeneKernel.crowdKitElbo(
                      b.cells(), b.off(), 0, b.numTasks(), post, q[0], b.gather(q[1], k2), k));
            });
    destroy(next);
    return PartialSums.total(parts, 1, 0, 0)[0][0];
  }

  /** Posteriors of the soft-majority-vote start (no iteration run). */
  static BlockScorer startScorer() {
    return b -> {
      double[] post = new double[b.numTasks() * b.numLabels()];
      Blocks.softMajority(b, post, true);
      return post;
    };
  }

  /** The E-step under broadcast {@code [log prior, log errors]}. */
  static BlockScorer scorer(Broadcast<double[][]> params, double floor) {
    return b -> {
      int k = b.numLabels();
      double[][] p = params.value();
      double[] post = new double[b.numTasks() * k];
      DawidSkeneKernel.sweep(
          b.cells(),
          b.off(),
          0,
          b.numTasks(),
          p[0],
          b.gather(p[1], k * k),
          k,
          b.gold(),
          floor,
          post,
          null,
          null);
      return post;
    };
  }

  /** Log entries {@code [w][l][k]} to probabilities {@code [w][k][l]}. */
  static double[] confusions(double[] logError, int numWorkers, int k) {
    double[] out = new double[numWorkers * k * k];
    for (int w = 0; w < numWorkers; w++) {
      int b = w * k * k;
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          out[b + c * k + l] = Math.exp(logError[b + l * k + c]);
        }
      }
    }
    return out;
  }
}
