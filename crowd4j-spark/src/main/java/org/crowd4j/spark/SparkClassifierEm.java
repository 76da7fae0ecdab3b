package org.crowd4j.spark;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.classifier.ClassifierEm;
import org.crowd4j.aggregate.classifier.ClassifierEm.Use;
import org.crowd4j.internal.kernel.ClassifierEmKernel;
import org.crowd4j.internal.kernel.ClassifierEmKernel.Counts;

/**
 * {@link ClassifierEm} on Spark: Dawid–Skene EM with a classifier's out-of-sample class
 * probabilities per task, as one more annotator with its own confusion ({@code use = ANNOTATOR}) or
 * as each task's class prior ({@code PRIOR}), with the core's options, start (soft majority vote,
 * gold tasks clamped), kernel ({@link ClassifierEmKernel}), MAP M-step and stopping rule, so the
 * posteriors agree with the single-machine method to rounding.
 *
 * <p>The probabilities come in the answers DataFrame: one column {@code <predictionPrefix><class>}
 * per class (default {@code p_}, the command line's layout), every answer row of a task holding its
 * task's values (join the predictions onto the answers by task; nulls for a task without one).
 * {@link TaskPredictions} joins them into the cached answer blocks once; then every iteration is
 * one job whose blocks return their prior sums, the classifier's confusion sums, the log-likelihood
 * and the confusion sums of their workers, and the driver takes the M-step. The model's {@code
 * transform} reads the same columns from new answers.
 */
public final class SparkClassifierEm
    extends SparkEmAggregator<SparkClassifierEmModel, SparkClassifierEm>
    implements HasPredictionPrefix<SparkClassifierEm> {
  private static final long serialVersionUID = 1L;
  private static final ClassifierEm.Options DEFAULTS = ClassifierEm.Options.of(Use.ANNOTATOR);

  private final Param<String> use;
  private final DoubleParam confusionPrior;

  /** The classifier as one more annotator, with the core's default options. */
  public SparkClassifierEm() {
    this(newUid("classifier_em"));
  }

  /**
   * The classifier-aware EM with default options and the uid {@code uid} (for Spark ML's readers).
   */
  public SparkClassifierEm(String uid) {
    super(uid, DEFAULTS.maxIterations(), DEFAULTS.tol());
    use =
        new Param<>(
            this,
            "use",
            OptionSetter.describe(ClassifierEm.Options.class, "use"),
            ParamValidators.inArray(SharedParams.names(Use.values())));
    confusionPrior =
        new DoubleParam(
            this,
            "confusionPrior",
            OptionSetter.describe(ClassifierEm.Options.class, "confusionPrior"));
    HasPredictionPrefix.declare(this);
    setDefault(use, DEFAULTS.use().name());
    setDefault(confusionPrior, DEFAULTS.confusionPrior());
  }

  /** The classifier-aware EM with {@code options}. */
  public SparkClassifierEm(ClassifierEm.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkClassifierEm> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkClassifierEm load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return getUseValue() == Use.ANNOTATOR ? "classifier-annotator" : "classifier-prior";
  }

  /** How the classifier enters: {@code ANNOTATOR} or {@code PRIOR} (the core's {@code use}). */
  public Param<String> use() {
    return use;
  }

  /** The value of {@link #use()}. */
  public String getUse() {
    return $(use);
  }

  Use getUseValue() {
    return Use.valueOf(getUse());
  }

  /** Sets {@link #use()}: {@code annotator} or {@code prior}, any case. */
  public SparkClassifierEm setUse(String value) {
    Use u = (Use) OptionSetter.bound(options(), "use", value);
    set(use, u.name());
    return this;
  }

  /** Pseudo-counts per confusion row, half on the diagonal (the core's {@code confusionPrior}). */
  public DoubleParam confusionPrior() {
    return confusionPrior;
  }

  /** The value of {@link #confusionPrior()}. */
  public double getConfusionPrior() {
    return (Double) $(confusionPrior);
  }

  /** Sets {@link #confusionPrior()}, checked by the core's options record. */
  public SparkClassifierEm setConfusionPrior(double value) {
    return setOption(confusionPrior, "confusionPrior", value);
  }

  @Override
  public ClassifierEm.Options options() {
    return new ClassifierEm.Options(getUseValue(), getMaxIter(), getTol(), getConfusionPrior());
  }

  /** Sets every option from a {@link ClassifierEm.Options}. */
  @Override
  public SparkClassifierEm setOptions(Record options) {
    ClassifierEm.Options o = expect(options, ClassifierEm.Options.class);
    return OptionSetter.setAll(this, o);
  }

  @Override
  SparkClassifierEmModel newModel(String uid, ModelState state) {
    return new SparkClassifierEmModel(uid, state);
  }

  @Override
  ModelState fit(PreparedAnswers data) {
    ClassifierEm.Options o = options();
    boolean asAnnotator = o.use() == Use.ANNOTATOR;
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers;
    int head = k + (asAnnotator ? k2 : 0);
    double[] alpha = ConfusionMatrices.pseudoCounts(k, o.confusionPrior());
    Driver driver = new Driver(numWorkers, k, asAnnotator, alpha, data.numTasks);
    driver.mStep(
        PartialSums.total(
            fromMajorityStart(
                data,
                (b, post) -> {
                  Counts c = new Counts(b.numLocalWorkers(), k, asAnnotator);
                  accumulate(b, post, c);
                  return sums(b, c, k, Double.NaN);
                }),
            head,
            numWorkers,
            k2));
    double[] usedRho = driver.rho.clone();
    EmRun run =
        em(
            data,
            o.maxIterations(),
            o.tol(),
            driver::parameters,
            params -> {
              List<PartialSums> parts =
                  run(
                      data,
                      b -> {
                        double[][] q = params.value();
                        Counts c = new Counts(b.numLocalWorkers(), k, asAnnotator);
                        double[] post = Scratch.doubles(0, b.numTasks() * k);
                        double logLik = sweep(b, q, k, asAnnotator, c, post);
                        return sums(b, c, k, logLik);
                      });
              double[][] total = PartialSums.total(parts, head + 1, numWorkers, k2);
              double objective = (total[0][head] + driver.logPrior) / Math.max(1, data.numAnswers);
              System.arraycopy(driver.rho, 0, usedRho, 0, k);
              driver.mStep(new double[][] {Arrays.copyOf(total[0], head), total[1]});
              return objective;
            });
    double[][] used = run.iterations() == 0 ? driver.parameters() : run.eStepValue();
    double[] confusion = SparkAggregator.exp(used[1]);
    ConfusionMatrices matrices = new ConfusionMatrices(numWorkers, k, confusion);
    ModelState.Builder state =
        emState(data, run, "log-posterior per answer", 0, k2)
            .classPriors(usedRho)
            .array(SparkClassifierEmModel.USE, asAnnotator ? 1 : 0)
            .column(WorkerColumn.number("skill", matrices.skills()))
            .column(WorkerColumn.matrix("confusion", k, confusion));
    if (asAnnotator) {
      state.array(
          SparkClassifierEmModel.CLASSIFIER_CONFUSION,
          SparkAggregator.exp(Arrays.copyOfRange(used[0], k, k + k2)));
    }
    return state.build();
  }

  /**
   * The E-step of a block's tasks under {@code [log ρ (then the classifier's log confusion when it
   * is an annotator), log confusions]}, its statistics into {@code counts} when not null; returns
   * the log-likelihood and leaves the posteriors in {@code post}.
   */
  static double sweep(
      AnswerBlock b, double[][] params, int k, boolean asAnnotator, Counts counts, double[] post) {
    double[] p = b.taskValue();
    double[] logRho = Arrays.copyOf(params[0], k);
    double[] logModel = asAnnotator ? Arrays.copyOfRange(params[0], k, k + k * k) : null;
    return ClassifierEmKernel.sweep(
        b.off(),
        b.worker(),
        b.label(),
        0,
        b.numTasks(),
        k,
        p,
        TaskPredictions.has(p, b.numTasks(), k),
        logRho,
        logModel,
        b.gather(params[1], k * k),
        b.gold(),
        post,
        counts);
  }

  /** Adds every task's M-step statistics under the posteriors {@code post} to {@code counts}. */
  static void accumulate(AnswerBlock b, double[] post, Counts counts) {
    int k = b.numLabels();
    double[] p = b.taskValue();
    ClassifierEmKernel.accumulateTasks(
        b.off(),
        b.worker(),
        b.label(),
        0,
        b.numTasks(),
        k,
        p,
        TaskPredictions.has(p, b.numTasks(), k),
        post,
        counts);
  }

  /**
   * A block's sums: ρ, the classifier's confusion (when fitted), the log-likelihood (unless NaN).
   */
  private static PartialSums sums(AnswerBlock b, Counts c, int k, double logLik) {
    int head = k + (c.model == null ? 0 : k * k);
    double[] h = new double[Double.isNaN(logLik) ? head : head + 1];
    System.arraycopy(c.rho, 0, h, 0, k);
    if (c.model != null) {
      System.arraycopy(c.model, 0, h, k, k * k);
    }
    if (!Double.isNaN(logLik)) {
      h[head] = logLik;
    }
    return new PartialSums(h, b.workerIds(), c.worker, k * k);
  }

  /** The M-step on the driver and the parameters it broadcasts. */
  private static final class Driver {
    private final int numWorkers;
    private final int k;
    private final boolean asAnnotator;
    private final double[] alpha;
    private final long numTasks;
    private final double[] rho;
    private double[][] parameters;
    private double logPrior;

    Driver(int numWorkers, int k, boolean asAnnotator, double[] alpha, long numTasks) {
      this.numWorkers = numWorkers;
      this.k = k;
      this.asAnnotator = asAnnotator;
      this.alpha = alpha;
      this.numTasks = numTasks;
      this.rho = new double[k];
    }

    /** The M-step from the totals {@code [ρ sums ++ classifier sums, worker sums]}. */
    void mStep(double[][] total) {
      int k2 = k * k;
      double[] logRhoModel = new double[k + (asAnnotator ? k2 : 0)];
      double[] logRho = new double[k];
      ClassifierEmKernel.rho(Arrays.copyOf(total[0], k), numTasks, rho, logRho);
      System.arraycopy(logRho, 0, logRhoModel, 0, k);
      double[] logConf = new double[numWorkers * k2];
      double prior =
          ClassifierEmKernel.logConfusions(total[1], numWorkers * k, k, alpha, true, logConf);
      if (asAnnotator) {
        double[] logModel = new double[k2];
        prior +=
            ClassifierEmKernel.logConfusions(
                Arrays.copyOfRange(total[0], k, k + k2), k, k, alpha, true, logModel);
        System.arraycopy(logModel, 0, logRhoModel, k, k2);
      }
      parameters = new double[][] {logRhoModel, logConf};
      logPrior = prior;
    }

    double[][] parameters() {
      return parameters;
    }
  }
}
