package org.crowd4j.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.DawidSkene.Stopping;
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
    // [log prior, log errors, skills], replaced (never changed in place) by every M-step
    double[][] theta = {new double[k], new double[numWorkers * k2], new double[numWorkers]};
    OneCoinKernel.mStep(sums[0], sums[1], data.workerSizes, k, floor, theta[0], theta[2], theta[1]);

    EmRun run =
        em(
            data,
            options.maxIterations(),
            options.tol(),
            () -> new double[][] {theta[0], theta[1]},
            params -> {
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
              double[][] total = PartialSums.total(parts, k + 1, numWorkers, 1);
              double[] logPrior = new double[k];
              double[] skills = new double[numWorkers];
              double[] logError = new double[numWorkers * k2];
              OneCoinKernel.mStep(
                  Arrays.copyOf(total[0], k),
                  total[1],
                  data.workerSizes,
                  k,
                  floor,
                  logPrior,
                  skills,
                  logError);
              theta[0] = logPrior;
              theta[1] = logError;
              theta[2] = skills;
              if (options.stopping() == Stopping.CROWDKIT_ELBO) {
                return crowdKitElbo(data, params, logPrior, logError, floor) / Math.max(1, m);
              }
              return m == 0 ? 0 : total[0][k] / m;
            });

    return emModel(
        data,
        run,
        p -> scorer(p, floor),
        exp(theta[0]),
        options.stopping().objectiveName(),
        new WorkerSkills(theta[2]),
        new StructType().add("skill", DataTypes.DoubleType, false),
        new double[][] {theta[2]},
        (w, p) -> new Object[] {p[0][w]},
        () -> accuracies(theta[2], k, floor));
  }

  /** The skills as the answer model's accuracies, kept in [floor, 1 − floor] as the core does. */
  private static double[] accuracies(double[] skills, int k, double floor) {
    double[] accuracy = new double[skills.length];
    for (int w = 0; w < skills.length; w++) {
      accuracy[w] = k == 1 ? 1.0 : Math.min(Math.max(skills[w], floor), 1 - floor);
    }
    return accuracy;
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
