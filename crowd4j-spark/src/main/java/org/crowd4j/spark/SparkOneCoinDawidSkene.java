package org.crowd4j.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.DawidSkene.Stopping;
import org.crowd4j.aggregate.Diagnostics;
import org.crowd4j.aggregate.OneCoinDawidSkene;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.aggregate.kernel.DawidSkeneKernel;
import org.crowd4j.aggregate.kernel.OneCoinKernel;

/**
 * {@link OneCoinDawidSkene} on Spark: one accuracy s_w per worker. Same start, options and stopping
 * rule as the core; per iteration one job in which every block runs the core's E-step ({@link
 * DawidSkeneKernel#posterior}) and M-step statistics ({@link OneCoinKernel#accumulate}) task by
 * task and returns its prior counts, log-likelihood and one sum per worker of the block; the driver
 * takes the M-step ({@link OneCoinKernel#mStep}).
 */
public final class SparkOneCoinDawidSkene extends SparkAggregator {
  private final OneCoinDawidSkene.Options options;

  /** One-coin Dawid–Skene with {@code options}. */
  public SparkOneCoinDawidSkene(OneCoinDawidSkene.Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** One-coin Dawid–Skene with default options. */
  public SparkOneCoinDawidSkene() {
    this(OneCoinDawidSkene.Options.defaults());
  }

  @Override
  public String name() {
    return "one-coin-ds";
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
              double[] pc = new double[k];
              double[] sum = new double[b.numLocalWorkers()];
              int[] off = b.off();
              for (int i = 0; i < b.numTasks(); i++) {
                OneCoinKernel.accumulate(
                    b.worker(), b.label(), off[i], off[i + 1], post, i * k, k, pc, sum);
              }
              return new PartialSums(pc, b.workerIds(), sum, 1);
            });
    double[][] sums = PartialSums.total(start, k, numWorkers, 1);
    double[] logPrior = new double[k];
    double[] skills = new double[numWorkers];
    double[] logError = new double[numWorkers * k2];
    OneCoinKernel.mStep(sums[0], sums[1], data.workerSizes, k, floor, logPrior, skills, logError);

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
                double[] pc = new double[k + 1];
                double[] sum = new double[b.numLocalWorkers()];
                int[] off = b.off();
                int[] worker = b.worker();
                int[] label = b.label();
                int[] gold = b.gold();
                double ll = 0;
                for (int i = 0; i < b.numTasks(); i++) {
                  ll +=
                      DawidSkeneKernel.posterior(
                          worker,
                          label,
                          off[i],
                          off[i + 1],
                          p[0],
                          le,
                          k,
                          gold[i],
                          floor,
                          post,
                          i * k);
                  OneCoinKernel.accumulate(
                      worker, label, off[i], off[i + 1], post, i * k, k, pc, sum);
                }
                pc[k] = ll;
                return new PartialSums(pc, b.workerIds(), sum, 1);
              });
      destroy(eStepParams);
      eStepParams = params;
      sums = PartialSums.total(parts, k + 1, numWorkers, 1);
      double ll = sums[0][k];
      logPrior = new double[k];
      skills = new double[numWorkers];
      logError = new double[numWorkers * k2];
      OneCoinKernel.mStep(
          Arrays.copyOf(sums[0], k),
          sums[1],
          data.workerSizes,
          k,
          floor,
          logPrior,
          skills,
          logError);
      double objective;
      if (options.stopping() == Stopping.CROWDKIT_ELBO) {
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
    BlockScorer scorer =
        eStepParams == null ? SparkDawidSkene.startScorer() : scorer(eStepParams, floor);
    StructType schema =
        new StructType()
            .add("answers", DataTypes.IntegerType, false)
            .add("skill", DataTypes.DoubleType, false);
    double[][] table = {sizes(data), skills};
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
                options.stopping() == Stopping.CROWDKIT_ELBO
                    ? "crowd-kit ELBO per answer"
                    : "log-likelihood per answer"),
            new WorkerSkills(skills),
            () -> workerTable(data, schema, table, (w, p) -> new Object[] {(int) p[0][w], p[1][w]}),
            null)
        .onUnpersist(() -> destroy(held));
  }

  /** The core's E-step task by task under broadcast {@code [log prior, log errors]}. */
  static BlockScorer scorer(Broadcast<double[][]> params, double floor) {
    return b -> {
      int k = b.numLabels();
      double[][] p = params.value();
      double[] le = b.gather(p[1], k * k);
      double[] post = new double[b.numTasks() * k];
      int[] off = b.off();
      for (int i = 0; i < b.numTasks(); i++) {
        DawidSkeneKernel.posterior(
            b.worker(),
            b.label(),
            off[i],
            off[i + 1],
            p[0],
            le,
            k,
            b.gold()[i],
            floor,
            post,
            i * k);
      }
      return post;
    };
  }

  private static double crowdKitElbo(
      PreparedAnswers data,
      Broadcast<double[][]> eStep,
      double[] logPrior,
      double[] logError,
      double floor) {
    int k = data.numLabels();
    int k2 = k * k;
    BlockScorer posteriors = scorer(eStep, floor);
    Broadcast<double[][]> next = broadcast(data, new double[][] {logPrior, logError});
    List<PartialSums> parts =
        run(
            data,
            b -> {
              double[] post = posteriors.score(b);
              double[][] q = next.value();
              return PartialSums.head(
                  OneCoinKernel.crowdKitElbo(
                      b.worker(),
                      b.label(),
                      b.off(),
                      0,
                      b.numTasks(),
                      post,
                      q[0],
                      b.gather(q[1], k2),
                      k));
            });
    destroy(next);
    return PartialSums.total(parts, 1, 0, 0)[0][0];
  }
}
