package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
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
    extends SparkDawidSkeneEm<SparkOneCoinDawidSkeneModel, SparkOneCoinDawidSkene> {
  private static final long serialVersionUID = 1L;
  private static final OneCoinDawidSkene.Options DEFAULTS = OneCoinDawidSkene.Options.defaults();

  /** One-coin Dawid–Skene with default options. */
  public SparkOneCoinDawidSkene() {
    this(newUid("one-coin-ds"));
  }

  /** One-coin Dawid–Skene with default options and the uid {@code uid}. */
  public SparkOneCoinDawidSkene(String uid) {
    super(
        uid,
        DEFAULTS.maxIterations(),
        DEFAULTS.tol(),
        "the skills and the prior",
        DEFAULTS.floor(),
        DEFAULTS.stopping());
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
    return new OneCoinDawidSkene.Options(getMaxIter(), getTol(), getFloor(), getStoppingRule());
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
    int k = data.numLabels();
    int numWorkers = data.numWorkers;
    double floor = getFloor();
    // [log prior, log errors, skills]
    double[][] theta = new double[3][];
    EmRun run =
        em(
            data,
            1,
            (b, post) -> {
              double[] pc = new double[k];
              double[] sum = new double[b.numLocalWorkers()];
              int[] off = b.off();
              for (int i = 0; i < b.numTasks(); i++) {
                OneCoinKernel.accumulate(
                    b.worker(), b.label(), off[i], off[i + 1], post, i * k, k, pc, sum);
              }
              return new PartialSums(pc, b.workerIds(), sum, 1);
            },
            (b, lp, le, post) -> {
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
                        worker, label, off[i], off[i + 1], lp, le, k, gold[i], floor, post, i * k);
                OneCoinKernel.accumulate(
                    worker, label, off[i], off[i + 1], post, i * k, k, pc, sum);
              }
              pc[k] = ll;
              return new PartialSums(pc, b.workerIds(), sum, 1);
            },
            (priorCounts, skillSums) -> {
              double[] logPrior = new double[k];
              double[] skills = new double[numWorkers];
              double[] logError = new double[numWorkers * k * k];
              OneCoinKernel.mStep(
                  priorCounts, skillSums, data.workerSizes, k, floor, logPrior, skills, logError);
              return new double[][] {logPrior, logError, skills};
            },
            SparkOneCoinDawidSkene::scorer,
            theta);

    double[] skills = theta[2];
    return state(data, run, theta[0])
        .column(WorkerColumn.number("skill", skills))
        .accuracy(() -> accuracies(skills, k, floor))
        .build();
  }

  @Override
  BlockElbo elbo() {
    return (b, post, logPrior, logError) ->
        OneCoinKernel.crowdKitElbo(
            b.worker(),
            b.label(),
            b.off(),
            0,
            b.numTasks(),
            post,
            logPrior,
            logError,
            b.numLabels());
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
}
