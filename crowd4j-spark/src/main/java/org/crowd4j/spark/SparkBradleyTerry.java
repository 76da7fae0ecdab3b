package org.crowd4j.spark;

import java.util.Arrays;
import java.util.Objects;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.PairWins;
import org.crowd4j.pairwise.Ranking;

/**
 * {@link BradleyTerry} on Spark: item scores from pairwise comparisons under the Bradley–Terry
 * model (Bradley &amp; Terry 1952), fitted by Hunter's (2004) MM algorithm, as a Spark ML {@link
 * Estimator}. {@link #fit} takes a comparisons DataFrame, one row per judgement with the left item,
 * the right item and the label, the winner's id (crowd-kit's layout; columns of any atomic type,
 * compared as strings), and returns a {@link SparkBradleyTerryModel}.
 *
 * <p>The win counts of every pair of items are the model's sufficient statistics: the executors
 * count them (one aggregation by pair of items), the driver receives one entry per pair as
 * primitive arrays of item ids (items numbered in name order) and runs the core's {@link
 * BradleyTerry#fit(PairWins)} on them: the same MM updates, stopping rule and standard errors, so
 * the scores and errors equal the core's on the same comparisons to rounding (the sums over pairs
 * run in another order). The driver holds the items and the pairs, not the comparisons: millions of
 * comparisons of up to millions of items fit a driver of a few GB.
 *
 * <p>The options are params with the names of the core's record ({@code maxIterations} is {@code
 * maxIter}) and its defaults; a setter checks its value with the record. The worker column is not
 * used: Bradley–Terry has no annotator model.
 *
 * <p>Hunter, D. R. MM algorithms for generalized Bradley–Terry models. Ann. Statist. 32(1), 2004.
 */
public final class SparkBradleyTerry
    extends CrowdEstimator<SparkBradleyTerryModel, SparkBradleyTerry>
    implements HasMaxIter<SparkBradleyTerry>,
        HasTol<SparkBradleyTerry>,
        RankingColumns<SparkBradleyTerry> {
  private static final long serialVersionUID = 1L;

  private static final BradleyTerry.Options DEFAULTS = BradleyTerry.Options.defaults();

  private final Param<String> leftCol;
  private final Param<String> rightCol;
  private final Param<String> labelCol;
  private final Param<String> workerCol;
  private final DoubleParam prior;
  private final IntParam maxDenseErrors;

  /** Bradley–Terry with the core's default options. */
  public SparkBradleyTerry() {
    this(newUid(BradleyTerry.NAME));
  }

  /** Bradley–Terry with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkBradleyTerry(String uid) {
    super(uid);
    leftCol = column("leftCol", "left item id column of the comparisons (default left)");
    rightCol = column("rightCol", "right item id column of the comparisons (default right)");
    labelCol =
        column(
            "labelCol",
            "winner column of the comparisons: the left or the right item's id (default label)");
    workerCol =
        column(
            "workerCol",
            "worker (annotator) id column of the comparisons; not used by Bradley-Terry, which has"
                + " no annotator model, and it need not exist (default worker)");
    RankingColumns.declare(this);
    HasMaxIter.declare(
        this, "MM updates at most (the core's maxIterations)", DEFAULTS.maxIterations());
    HasTol.declare(
        this, "stop when the L1 change of the normalised scores is at most this", DEFAULTS.tol());
    prior =
        new DoubleParam(
            this,
            "prior",
            "virtual wins and losses of every item against a reference item (0: maximum"
                + " likelihood)");
    maxDenseErrors =
        new IntParam(
            this,
            "maxDenseErrors",
            "largest component whose information matrix is inverted for the standard errors");
    setDefault(leftCol, "left");
    setDefault(rightCol, "right");
    setDefault(labelCol, SharedParams.LABEL);
    setDefault(workerCol, SharedParams.WORKER);
    setDefault(prior, DEFAULTS.prior());
    setDefault(maxDenseErrors, DEFAULTS.maxDenseErrors());
  }

  /** Bradley–Terry with {@code options}. */
  public SparkBradleyTerry(BradleyTerry.Options options) {
    this();
    setOptions(options);
  }

  private Param<String> column(String name, String doc) {
    return RankingParams.column(this, name, doc);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkBradleyTerry> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkBradleyTerry load(String path) {
    return read().load(path);
  }

  /** The method's name, as on the command line ({@code bt}). */
  public String name() {
    return BradleyTerry.NAME;
  }

  /**
   * The options as the core's record, built from the params (which it validates).
   *
   * @throws IllegalArgumentException for a value the record refuses
   */
  public BradleyTerry.Options options() {
    return new BradleyTerry.Options(getMaxIter(), getTol(), getPrior(), getMaxDenseErrors());
  }

  /** Sets every option from a {@link BradleyTerry.Options}. */
  @Override
  public SparkBradleyTerry setOptions(Record options) {
    return setOptions(expect(options, BradleyTerry.Options.class));
  }

  /** Sets every option from the core's record. */
  public SparkBradleyTerry setOptions(BradleyTerry.Options options) {
    Objects.requireNonNull(options, "options");
    return OptionSetter.setAll(this, options);
  }

  /** The left item column (default {@code left}). */
  public Param<String> leftCol() {
    return leftCol;
  }

  /** The value of {@link #leftCol()}. */
  public String getLeftCol() {
    return $(leftCol);
  }

  /** Sets {@link #leftCol()}. */
  public SparkBradleyTerry setLeftCol(String name) {
    set(leftCol, name);
    return this;
  }

  /** The right item column (default {@code right}). */
  public Param<String> rightCol() {
    return rightCol;
  }

  /** The value of {@link #rightCol()}. */
  public String getRightCol() {
    return $(rightCol);
  }

  /** Sets {@link #rightCol()}. */
  public SparkBradleyTerry setRightCol(String name) {
    set(rightCol, name);
    return this;
  }

  /** The label column: the winner's id, equal to the left or the right item (default label). */
  public Param<String> labelCol() {
    return labelCol;
  }

  /** The value of {@link #labelCol()}. */
  public String getLabelCol() {
    return $(labelCol);
  }

  /** Sets {@link #labelCol()}. */
  public SparkBradleyTerry setLabelCol(String name) {
    set(labelCol, name);
    return this;
  }

  /** The worker column (default {@code worker}; not used by Bradley–Terry). */
  public Param<String> workerCol() {
    return workerCol;
  }

  /** The value of {@link #workerCol()}. */
  public String getWorkerCol() {
    return $(workerCol);
  }

  /** Sets {@link #workerCol()}. */
  public SparkBradleyTerry setWorkerCol(String name) {
    set(workerCol, name);
    return this;
  }

  /** The prior λ ≥ 0 (the core's {@code prior}, default 0). */
  public DoubleParam prior() {
    return prior;
  }

  /** The value of {@link #prior()}. */
  public double getPrior() {
    return (Double) $(prior);
  }

  /** Sets {@link #prior()}, checked by the core's options record. */
  public SparkBradleyTerry setPrior(double value) {
    return setOption(prior, "prior", value);
  }

  /** The largest component whose errors are computed by the dense inverse (default 2000). */
  public IntParam maxDenseErrors() {
    return maxDenseErrors;
  }

  /** The value of {@link #maxDenseErrors()}. */
  public int getMaxDenseErrors() {
    return (Integer) $(maxDenseErrors);
  }

  /** Sets {@link #maxDenseErrors()}, checked by the core's options record. */
  public SparkBradleyTerry setMaxDenseErrors(int value) {
    return setOption(maxDenseErrors, "maxDenseErrors", value);
  }

  ComparisonColumns columns() {
    return new ComparisonColumns(getLeftCol(), getRightCol(), getLabelCol(), null);
  }

  /**
   * Checks that {@code schema} has the comparison columns (left, right, label; of atomic types) and
   * returns it unchanged: the model transforms DataFrames of items, not comparisons, and a schema
   * that has the item column gets the model's output columns.
   *
   * @throws CrowdInputException naming a missing or unusable column
   */
  @Override
  public StructType transformSchema(StructType schema) {
    columns().validate(schema);
    if (Arrays.asList(schema.fieldNames()).contains(getItemCol())) {
      return SparkBradleyTerryModel.outputSchema(
          schema, getItemCol(), getScoreCol(), getStderrCol(), getRankCol());
    }
    return schema;
  }

  /**
   * Fits Bradley–Terry to {@code comparisons}, one row per judgement. The model has this
   * estimator's uid and output params and this estimator as its parent.
   *
   * @throws CrowdInputException (an {@link IllegalArgumentException}) for a missing column, null
   *     ids or labels, a label that names neither item, an item compared with itself, or no rows;
   *     the message names the column and the problem
   * @throws IllegalArgumentException for an option value the core's record refuses
   */
  @Override
  public SparkBradleyTerryModel fit(Dataset<?> comparisons) {
    Objects.requireNonNull(comparisons, "comparisons");
    BradleyTerry.Options options = options();
    columns().validate(comparisons.schema());
    Dataset<Row> frame = comparisons.toDF();
    long t0 = System.nanoTime();
    PairTally.Counted counted = Preparation.unwrap(() -> PairTally.tally(frame, columns()));
    long t1 = System.nanoTime();
    Ranking ranking = new BradleyTerry(options).fit(counted.wins(), listener());
    double[] seconds = {(t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9};
    FittedRanking fitted =
        FittedRanking.of(ranking, counted.comparisons(), counted.wins().pairs(), options, seconds);
    SparkBradleyTerryModel model =
        copyValues(new SparkBradleyTerryModel(uid(), fitted), new ParamMap());
    model.setParent(this);
    return model;
  }
}
