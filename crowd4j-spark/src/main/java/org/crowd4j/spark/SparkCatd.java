package org.crowd4j.spark;

import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.internal.kernel.TruthDiscoveryKernel;
import org.crowd4j.method.FitProgress;
import org.crowd4j.numeric.Catd;

/**
 * {@link Catd} (confidence-aware truth discovery, Li et al., PVLDB 8(4), 2014) on Spark, with the
 * same options, start (the task medians, known values kept), updates (worker weights of eq. 9,
 * {@link TruthDiscoveryKernel#catdWeights}; weighted means of eq. 10) and stopping rule, so the
 * estimates and weights agree with the single-machine method to rounding.
 *
 * <p>Per iteration one job: the driver broadcasts the weights of this iteration and of the last;
 * every block computes the estimates under both (the last iteration's and this one's), the largest
 * change between them and its workers' squared residuals against this iteration's estimates, from
 * which the driver takes the next weights. The model's estimates are the weighted means under the
 * weights of the last iteration; its worker weights are those of the estimates, as the core reports
 * them.
 */
public final class SparkCatd extends SparkNumericEm<SparkCatd> {
  private static final long serialVersionUID = 1L;
  private static final Catd.Options DEFAULTS = Catd.Options.defaults();

  private final DoubleParam alpha;
  private final DoubleParam residualFloor;

  /** CATD with default options. */
  public SparkCatd() {
    this(newUid("catd"));
  }

  /** CATD with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkCatd(String uid) {
    super(uid, Catd.Options.class, DEFAULTS.maxIterations(), DEFAULTS.tol());
    alpha = new DoubleParam(this, "alpha", OptionSetter.describe(Catd.Options.class, "alpha"));
    residualFloor =
        new DoubleParam(
            this, "residualFloor", OptionSetter.describe(Catd.Options.class, "residualFloor"));
    setDefault(alpha, DEFAULTS.alpha());
    setDefault(residualFloor, DEFAULTS.residualFloor());
  }

  /** CATD with {@code options}. */
  public SparkCatd(Catd.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkCatd> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkCatd load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "catd";
  }

  /** The significance level α of the variance's confidence interval (the core's option). */
  public DoubleParam alpha() {
    return alpha;
  }

  /** The value of {@link #alpha()}. */
  public double getAlpha() {
    return (Double) $(alpha);
  }

  /** Sets {@link #alpha()}, checked by the core's options record. */
  public SparkCatd setAlpha(double value) {
    return setOption(alpha, "alpha", value);
  }

  /** The floor of a worker's mean squared residual, a fraction of the pooled variance. */
  public DoubleParam residualFloor() {
    return residualFloor;
  }

  /** The value of {@link #residualFloor()}. */
  public double getResidualFloor() {
    return (Double) $(residualFloor);
  }

  /** Sets {@link #residualFloor()}, checked by the core's options record. */
  public SparkCatd setResidualFloor(double value) {
    return setOption(residualFloor, "residualFloor", value);
  }

  @Override
  public Catd.Options options() {
    return new Catd.Options(getMaxIter(), getTol(), getAlpha(), getResidualFloor());
  }

  /** Sets every option from a {@link Catd.Options}. */
  @Override
  public SparkCatd setOptions(Record options) {
    Catd.Options o = expect(options, Catd.Options.class);
    return OptionSetter.setAll(this, o);
  }

  @Override
  Estimates fit(PreparedNumeric data) {
    Catd.Options o = options();
    int[] count = data.workerSizes();
    double pooled = NumericPasses.pooledVariance(data);
    double sd = Math.sqrt(pooled);
    double[] chi = TruthDiscoveryKernel.catdQuantiles(count, o.alpha());
    double floor = o.residualFloor() * pooled;
    NumericScorer previous = NumericScorer.median(true);
    double[] weight = new double[count.length];
    double[][] r = NumericPasses.residualSquares(data, previous, null, Double.NaN);
    TruthDiscoveryKernel.catdWeights(r[1], count, chi, floor, weight);
    FitProgress progress =
        new FitProgress(name(), FitProgress.Mode.SETTLED, o.maxIterations(), o.tol(), listener());
    for (int it = 1; it <= o.maxIterations(); it++) {
      NumericScorer current = NumericScorer.weighted(weight);
      r = NumericPasses.residualSquares(data, current, previous, Double.NaN);
      weight = new double[count.length];
      TruthDiscoveryKernel.catdWeights(r[1], count, chi, floor, weight);
      previous = current;
      if (!progress.record(r[0][0] / sd)) {
        break;
      }
    }
    return measured(
        data,
        previous,
        weight,
        progress.diagnostics("largest change of an estimate, in pooled standard deviations"));
  }
}
