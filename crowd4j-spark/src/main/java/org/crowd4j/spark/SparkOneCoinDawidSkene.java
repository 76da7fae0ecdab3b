package org.crowd4j.spark;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.DawidSkene.Stopping;
import org.crowd4j.aggregate.OneCoinDawidSkene;
import org.crowd4j.internal.kernel.DawidSkeneKernel;
import org.crowd4j.internal.kernel.OneCoinKernel;

/**
 * {@link OneCoinDawidSkene} on Spark: one accuracy s_w per worker. Same start, options and stopping
 * rule as the core; per iteration one job in which every block runs the core's E-step ({@link
 * DawidSkeneKernel#posterior}) and M-step statistics ({@link OneCoinKernel#accumulate}) task by
 * task and returns its prior counts, log-likelihood and one sum per worker of the block; the driver
 * takes the M-step ({@link OneCoinKernel#mStep}).
 */
public final class SparkOneCoinDawidSkene
    extends SparkEmAggregator<SparkOneCoinDawidSkeneModel, SparkOneCoinDawidSkene>
    implements HasFloor<SparkOneCoinDawidSkene>, HasStopping<SparkOneCoinDawidSkene> {
  private static final long serialVersionUID = 1L;
  private static final OneCoinDawidSkene.Options DEFAULTS = OneCoinDawidSkene.Options.defaults();

  /** One-coin Dawid–Skene with default options. */
  public SparkOneCoinDawidSkene() {
    this(newUid("one-coin-ds"));
  }

  /** One-coin Dawid–Skene with default options and the uid {@code uid}. */
  public SparkOneCoinDawidSkene(String uid) {
    super(uid, DEFAULTS.maxIterations(), DEFAULTS.tol());
    HasFloor.declare(this, "the skills and the prior", DEFAULTS.floor());
    HasStopping.declare(this, DEFAULTS.stopping());
  }

  /** One-coin Dawid–Skene with {@code options}. */
  public SparkOneCoinDawidSkene(OneCoinDawidSkene.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkOneCoinDawidSkene> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkOneCoinDawidSkene load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "one-coin-ds";
  }

  @Override
  public OneCoinDawidSkene.Options options() {
    return new OneCoinDawidSkene.Options(
        getMaxIter(), getTol(), getFloor(), Stopping.valueOf(getStopping()));
  }

  /** Sets every option from a {@link OneCoinDawidSkene.Options}. */
  @Override
  public SparkOneCoinDawidSkene setOptions(Record options) {
    OneCoinDawidSkene.Options o = expect(options, OneCoinDawidSkene.Options.class);
    return OptionSetter.setAll(this, o);
  }

  @Override
  SparkOneCoinDawidSkeneModel newModel(String uid, ModelState state) {
    return new SparkOneCoinDawidSkeneModel(uid, state);
  }

  @Override
  ModelState fit(PreparedAnswers data) {
    OneCoinDawidSkene.Options options = options();
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

    double[] skills = theta[2];
    return emState(data, run, options.stopping().objectiveName(), 0, k2)
        .classPriors(exp(theta[0]))
        .array(SparkDawidSkeneModel.FLOOR, floor)
        .column(WorkerColumn.number("skill", skills))
        .accuracy(() -> accuracies(skills, k, floor))
        .build();
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
