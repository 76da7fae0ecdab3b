package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.internal.kernel.RaykarKernel;
import org.crowd4j.method.FitProgress;
import org.crowd4j.numeric.Raykar;

/**
 * {@link Raykar} (Raykar et al., "Learning from crowds", JMLR 11, 2010, section 3: the Gaussian
 * annotator model of regression, without features, with a bias per annotator) on Spark, with the
 * same options, start (the task means, known values kept), kernel ({@link RaykarKernel}) and
 * stopping rule, so the estimates, biases and variances agree with the single-machine method to
 * rounding.
 *
 * <p>Per iteration two jobs: every block runs the E-step ({@link RaykarKernel#expect}) over its
 * tasks under the broadcast parameters and returns its log-likelihood, Σ m_i and the residuals of
 * its workers, from which the driver takes the biases and μ; the second job runs the E-step again
 * and returns the squares about the new biases, from which the driver finishes the M-step ({@link
 * RaykarKernel#maximise}). The model's estimates are the posterior means under the last parameters.
 */
public final class SparkRaykar extends SparkNumericEm<SparkRaykar> {
  private static final long serialVersionUID = 1L;
  private static final Raykar.Options DEFAULTS = Raykar.Options.defaults();

  private final DoubleParam varianceFloor;
  private final BooleanParam bias;

  /** Raykar's model with default options. */
  public SparkRaykar() {
    this(newUid("raykar"));
  }

  /** Raykar's model with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkRaykar(String uid) {
    super(uid, Raykar.Options.class, DEFAULTS.maxIterations(), DEFAULTS.tol());
    varianceFloor =
        new DoubleParam(
            this, "varianceFloor", OptionSetter.describe(Raykar.Options.class, "varianceFloor"));
    bias = new BooleanParam(this, "bias", OptionSetter.describe(Raykar.Options.class, "bias"));
    setDefault(varianceFloor, DEFAULTS.varianceFloor());
    setDefault(bias, DEFAULTS.bias());
  }

  /** Raykar's model with {@code options}. */
  public SparkRaykar(Raykar.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkRaykar> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkRaykar load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "raykar";
  }

  /** The floor of every variance, a fraction of the pooled variance (the core's option). */
  public DoubleParam varianceFloor() {
    return varianceFloor;
  }

  /** The value of {@link #varianceFloor()}. */
  public double getVarianceFloor() {
    return (Double) $(varianceFloor);
  }

  /** Sets {@link #varianceFloor()}, checked by the core's options record. */
  public SparkRaykar setVarianceFloor(double value) {
    return setOption(varianceFloor, "varianceFloor", value);
  }

  /** Whether annotators have a bias (the core's {@code bias}). */
  public BooleanParam bias() {
    return bias;
  }

  /** The value of {@link #bias()}. */
  public boolean getBias() {
    return (Boolean) $(bias);
  }

  /** Sets {@link #bias()}. */
  public SparkRaykar setBias(boolean value) {
    return setOption(bias, "bias", value);
  }

  @Override
  public Raykar.Options options() {
    return new Raykar.Options(getMaxIter(), getTol(), getVarianceFloor(), getBias());
  }

  /** Sets every option from a {@link Raykar.Options}. */
  @Override
  public SparkRaykar setOptions(Record options) {
    Raykar.Options o = expect(options, Raykar.Options.class);
    return OptionSetter.setAll(this, o);
  }

  @Override
  Estimates fit(PreparedNumeric data) {
    Raykar.Options o = options();
    int[] count = data.workerSizes();
    boolean centre = data.numGold() == 0 && o.bias();
    double floor = o.varianceFloor() * NumericPasses.pooledVariance(data);
    NumericScorer p = maximise(data, null, eStep(data, null), o.bias(), centre, floor);
    FitProgress progress = FitProgress.ascent(name(), o.maxIterations(), o.tol(), listener());
    for (int it = 1; it <= o.maxIterations(); it++) {
      Broadcast<NumericScorer> params = NumericPasses.broadcast(data, p);
      try {
        double[][] sums = eStep(data, params);
        if (!progress.record(sums[0][0] / data.numAnswers())) {
          break;
        }
        p = maximise(data, params, sums, o.bias(), centre, floor);
      } finally {
        params.destroy();
      }
    }
    double[] bias = p.tables[0].clone();
    double[] variance = p.tables[1].clone();
    double[] weight = new double[count.length];
    for (int w = 0; w < count.length; w++) {
      if (count[w] == 0) {
        bias[w] = Double.NaN;
        variance[w] = Double.NaN;
      } else {
        weight[w] = 1 / variance[w];
      }
    }
    return new Estimates(
        p,
        bias,
        variance,
        NumericKernel.normalised(weight, count),
        progress.diagnostics("marginal log-likelihood per answer"));
  }

  /**
   * The posteriors of a block's tasks under {@code params}, or at the start (null: the task means,
   * known values kept, no variance): {@code [0]} means, {@code [1]} variances, {@code [2][0]} the
   * log-likelihood (0 at the start).
   */
  private static double[][] posterior(NumericBlock b, Broadcast<NumericScorer> params) {
    if (params != null) {
      return params.value().posterior(b);
    }
    double[] mean = NumericKernel.means(b.off(), b.value());
    NumericKernel.clamp(mean, b.gold());
    return new double[][] {mean, new double[b.numTasks()], {0}};
  }

  /**
   * One job: the E-step under {@code params} (or the start) and the first M-step sums: {@code [0]}
   * the log-likelihood and Σ m_i, {@code [1]} every worker's Σ (x − m_i).
   */
  private static double[][] eStep(PreparedNumeric data, Broadcast<NumericScorer> params) {
    List<PartialSums> parts =
        data.run(
            b -> {
              double[][] post = posterior(b, params);
              double[] sum = new double[b.numLocalWorkers()];
              NumericKernel.addResiduals(b.off(), b.worker(), b.value(), post[0], sum);
              double means = NumericKernel.addValues(post[0], 0, post[0].length, 0);
              return new PartialSums(new double[] {post[2][0], means}, b.workerIds(), sum, 1);
            });
    return PartialSums.total(parts, 2, data.numWorkers(), 1);
  }

  /**
   * The exact M-step from the posteriors under {@code params} (or the start), whose {@link #eStep}
   * sums are {@code sums}: the biases and μ on the driver, then one job for the squares about them.
   */
  private static NumericScorer maximise(
      PreparedNumeric data,
      Broadcast<NumericScorer> params,
      double[][] sums,
      boolean withBias,
      boolean centre,
      double floor) {
    int[] count = data.workerSizes();
    double mu = sums[0][1] / data.numTasks();
    double[] bias = new double[count.length];
    RaykarKernel.biases(sums[1], count, withBias, bias);
    Broadcast<double[]> biases = NumericPasses.broadcast(data, bias);
    try {
      List<PartialSums> parts =
          data.run(
              b -> {
                double[][] post = posterior(b, params);
                double[] squares = new double[b.numLocalWorkers()];
                RaykarKernel.addSquares(
                    b.off(),
                    b.worker(),
                    b.value(),
                    post[0],
                    post[1],
                    b.gather(biases.value(), 1),
                    squares);
                return new PartialSums(
                    new double[] {RaykarKernel.priorSquares(post[0], post[1], mu)},
                    b.workerIds(),
                    squares,
                    1);
              });
      double[][] total = PartialSums.total(parts, 1, count.length, 1);
      double[] variance = new double[count.length];
      double[] prior =
          RaykarKernel.maximise(
              mu, total[0][0], data.numTasks(), total[1], count, floor, centre, bias, variance);
      return NumericScorer.raykar(prior[0], prior[1], bias, variance);
    } finally {
      biases.destroy();
    }
  }
}
