package org.crowd4j.spark;

import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.IterationListener;
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
public final class SparkBradleyTerry extends Estimator<SparkBradleyTerryModel>
    implements MLWritable {
  private static final long serialVersionUID = 1L;

  private static final BradleyTerry.Options DEFAULTS = BradleyTerry.Options.defaults();

  private final String uid;
  private final Param<String> leftCol;
  private final Param<String> rightCol;
  private final Param<String> labelCol;
  private final Param<String> workerCol;
  private final Param<String> itemCol;
  private final Param<String> scoreCol;
  private final Param<String> stderrCol;
  private final Param<String> rankCol;
  private final IntParam maxIter;
  private final DoubleParam tol;
  private final DoubleParam prior;
  private final IntParam maxDenseErrors;
  private transient IterationListener listener = IterationListener.NONE;

  /** Bradley–Terry with the core's default options. */
  public SparkBradleyTerry() {
    this(SparkAggregator.newUid(BradleyTerry.NAME));
  }

  /** Bradley–Terry with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkBradleyTerry(String uid) {
    this.uid = Objects.requireNonNull(uid, "uid");
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
    itemCol = RankingParams.itemCol(this);
    scoreCol = RankingParams.scoreCol(this);
    stderrCol = RankingParams.stderrCol(this);
    rankCol = RankingParams.rankCol(this);
    maxIter = new IntParam(this, "maxIter", "MM updates at most (the core's maxIterations)");
    tol =
        new DoubleParam(
            this, "tol", "stop when the L1 change of the normalised scores is at most this");
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
    setDefault(itemCol, RankingParams.ITEM);
    setDefault(scoreCol, RankingParams.SCORE);
    setDefault(stderrCol, RankingParams.STDERR);
    setDefault(rankCol, RankingParams.RANK);
    setDefault(maxIter, DEFAULTS.maxIterations());
    setDefault(tol, DEFAULTS.tol());
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

  @Override
  public String uid() {
    return uid;
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

  /** Sets every option from the core's record. */
  public SparkBradleyTerry setOptions(BradleyTerry.Options options) {
    Objects.requireNonNull(options, "options");
    set(maxIter, options.maxIterations());
    set(tol, options.tol());
    set(prior, options.prior());
    set(maxDenseErrors, options.maxDenseErrors());
    return this;
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

  /** The item column of the DataFrames the model transforms (default {@code item}). */
  public Param<String> itemCol() {
    return itemCol;
  }

  /** The value of {@link #itemCol()}. */
  public String getItemCol() {
    return $(itemCol);
  }

  /** Sets {@link #itemCol()}. */
  public SparkBradleyTerry setItemCol(String name) {
    set(itemCol, name);
    return this;
  }

  /** The model's score column (default {@code score}). */
  public Param<String> scoreCol() {
    return scoreCol;
  }

  /** The value of {@link #scoreCol()}. */
  public String getScoreCol() {
    return $(scoreCol);
  }

  /** Sets {@link #scoreCol()}. */
  public SparkBradleyTerry setScoreCol(String name) {
    set(scoreCol, name);
    return this;
  }

  /** The model's standard error column (default {@code stderr}). */
  public Param<String> stderrCol() {
    return stderrCol;
  }

  /** The value of {@link #stderrCol()}. */
  public String getStderrCol() {
    return $(stderrCol);
  }

  /** Sets {@link #stderrCol()}. */
  public SparkBradleyTerry setStderrCol(String name) {
    set(stderrCol, name);
    return this;
  }

  /** The model's rank column (default {@code rank}). */
  public Param<String> rankCol() {
    return rankCol;
  }

  /** The value of {@link #rankCol()}. */
  public String getRankCol() {
    return $(rankCol);
  }

  /** Sets {@link #rankCol()}. */
  public SparkBradleyTerry setRankCol(String name) {
    set(rankCol, name);
    return this;
  }

  /** MM updates at most (the core's {@code maxIterations}, default 100). */
  public IntParam maxIter() {
    return maxIter;
  }

  /** The value of {@link #maxIter()}. */
  public int getMaxIter() {
    return (Integer) $(maxIter);
  }

  /** Sets {@link #maxIter()}, checked by the core's options record. */
  public SparkBradleyTerry setMaxIter(int value) {
    new BradleyTerry.Options(value, getTol(), getPrior(), getMaxDenseErrors());
    set(maxIter, value);
    return this;
  }

  /** The tolerance on the L1 change of the normalised scores (the core's {@code tol}, 1e-5). */
  public DoubleParam tol() {
    return tol;
  }

  /** The value of {@link #tol()}. */
  public double getTol() {
    return (Double) $(tol);
  }

  /** Sets {@link #tol()}, checked by the core's options record. */
  public SparkBradleyTerry setTol(double value) {
    new BradleyTerry.Options(getMaxIter(), value, getPrior(), getMaxDenseErrors());
    set(tol, value);
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
    new BradleyTerry.Options(getMaxIter(), getTol(), value, getMaxDenseErrors());
    set(prior, value);
    return this;
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
    new BradleyTerry.Options(getMaxIter(), getTol(), getPrior(), value);
    set(maxDenseErrors, value);
    return this;
  }

  /**
   * Called on the driver after every MM update (progress, early stop). Not a param: it is not
   * saved, and a copy of this estimator shares it.
   */
  public SparkBradleyTerry setListener(IterationListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return this;
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
    Ranking ranking =
        new BradleyTerry(options)
            .fit(counted.wins(), listener == null ? IterationListener.NONE : listener);
    double[] seconds = {(t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9};
    FittedRanking fitted =
        FittedRanking.of(ranking, counted.comparisons(), counted.wins().pairs(), options, seconds);
    SparkBradleyTerryModel model =
        copyValues(new SparkBradleyTerryModel(uid, fitted), new ParamMap());
    model.setParent(this);
    return model;
  }

  /** A copy with the same uid and params, {@code extra} applied, and the same listener. */
  @Override
  public SparkBradleyTerry copy(ParamMap extra) {
    SparkBradleyTerry that = defaultCopy(extra);
    that.setListener(listener == null ? IterationListener.NONE : listener);
    return that;
  }

  /** Saves the params (Spark ML's metadata layout, readable by {@link #load}). */
  @Override
  public MLWriter write() {
    return new AtomicWriter(this, AtomicWriter::saveParams);
  }

  @Override
  public void save(String path) throws IOException {
    write().save(path);
  }
}
