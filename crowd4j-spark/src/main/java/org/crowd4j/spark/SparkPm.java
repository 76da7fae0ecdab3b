package org.crowd4j.spark;

import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.internal.kernel.TruthDiscoveryKernel;
import org.crowd4j.method.FitProgress;
import org.crowd4j.numeric.Pm;

/**
 * {@link Pm} (PM/CRH, Li et al., SIGMOD 2014, for continuous answers) on Spark, with the same
 * options, start (the task medians, known values kept), block coordinate descent (weights of eq. 5,
 * {@link TruthDiscoveryKernel#pmWeights}; weighted means of eq. 13; distances normalised by the
 * task's spread, eq. 12) and stopping rule, so the estimates and weights agree with the
 * single-machine method to rounding.
 *
 * <p>Per iteration one job: the driver broadcasts the weights; every block computes its estimates
 * (weighted means) and its workers' normalised distances to them, from which the driver takes the
 * objective (eq. 1) and the next weights. The model's estimates are the weighted means under the
 * weights of the last iteration; its worker weights are those of the estimates, as the core reports
 * them.
 */
public final class SparkPm extends SparkNumericEm<SparkPm> {
  private static final long serialVersionUID = 1L;
  private static final Pm.Options DEFAULTS = Pm.Options.defaults();

  private final DoubleParam shareFloor;

  /** PM with default options. */
  public SparkPm() {
    this(newUid("pm"));
  }

  /** PM with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkPm(String uid) {
    super(uid, Pm.Options.class, DEFAULTS.maxIterations(), DEFAULTS.tol());
    shareFloor =
        new DoubleParam(this, "shareFloor", OptionSetter.describe(Pm.Options.class, "shareFloor"));
    setDefault(shareFloor, DEFAULTS.shareFloor());
  }

  /** PM with {@code options}. */
  public SparkPm(Pm.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkPm> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkPm load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "pm";
  }

  /** The floor of a worker's share of the total distance (the core's {@code shareFloor}). */
  public DoubleParam shareFloor() {
    return shareFloor;
  }

  /** The value of {@link #shareFloor()}. */
  public double getShareFloor() {
    return (Double) $(shareFloor);
  }

  /** Sets {@link #shareFloor()}, checked by the core's options record. */
  public SparkPm setShareFloor(double value) {
    return setOption(shareFloor, "shareFloor", value);
  }

  @Override
  public Pm.Options options() {
    return new Pm.Options(getMaxIter(), getTol(), getShareFloor());
  }

  /** Sets every option from a {@link Pm.Options}. */
  @Override
  public SparkPm setOptions(Record options) {
    Pm.Options o = expect(options, Pm.Options.class);
    return OptionSetter.setAll(this, o);
  }

  @Override
  Estimates fit(PreparedNumeric data) {
    Pm.Options o = options();
    int[] count = data.workerSizes();
    double pooledSd = Math.sqrt(NumericPasses.pooledVariance(data));
    NumericScorer current = NumericScorer.median(true);
    double[] distance = NumericPasses.residualSquares(data, current, null, pooledSd)[1];
    double[] weight = new double[count.length];
    TruthDiscoveryKernel.pmWeights(distance, count, o.shareFloor(), weight);
    FitProgress progress =
        new FitProgress(name(), FitProgress.Mode.DESCENT, o.maxIterations(), o.tol(), listener());
    for (int it = 1; it <= o.maxIterations(); it++) {
      current = NumericScorer.weighted(weight);
      distance = NumericPasses.residualSquares(data, current, null, pooledSd)[1];
      double f = TruthDiscoveryKernel.pmObjective(weight, distance);
      weight = new double[count.length];
      TruthDiscoveryKernel.pmWeights(distance, count, o.shareFloor(), weight);
      if (!progress.record(f / data.numAnswers())) {
        break;
      }
    }
    return measured(
        data,
        current,
        weight,
        progress.diagnostics("weighted normalised squared distance per answer"));
  }
}
