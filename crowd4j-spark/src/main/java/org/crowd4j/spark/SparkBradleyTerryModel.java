package org.crowd4j.spark;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.pairwise.BradleyTerry;

/**
 * A fitted {@link SparkBradleyTerry}: the core's Bradley–Terry scores (strengths that sum to one,
 * crowd-kit's scale), log-scores, standard errors of the log-scores relative to their component's
 * mean, 1-based ranks and connected components of every compared item, held on the driver.
 *
 * <p>{@link #scores()} is the item table as a DataFrame; {@link #transform} adds the score, the
 * standard error and the rank to a DataFrame of items (any rows with an item column); {@link
 * #write()} saves the model to any Hadoop file system and {@link #load} reads it back, equal bit
 * for bit. Undefined values are NaN, as in the core (the log-score of an item that never won is −∞
 * and its error NaN without a prior).
 */
public final class SparkBradleyTerryModel extends FittedModel<SparkBradleyTerryModel>
    implements RankingColumns<SparkBradleyTerryModel> {
  private static final long serialVersionUID = 1L;

  private final transient FittedRanking fitted;

  SparkBradleyTerryModel(String uid, FittedRanking fitted) {
    super(uid);
    this.fitted = Objects.requireNonNull(fitted, "fitted");
    RankingColumns.declare(this);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkBradleyTerryModel> read() {
    return new StoredFit.Reader<>(RankingStore::load);
  }

  /** {@code read().load(path)}. */
  public static SparkBradleyTerryModel load(String path) {
    return read().load(path);
  }

  FittedRanking fitted() {
    return fitted;
  }

  @Override
  SparkBradleyTerryModel sameFit(String uid) {
    return new SparkBradleyTerryModel(uid, fitted);
  }

  /** The method's name ({@code bt}). */
  public String method() {
    return fitted.method;
  }

  /** The options of the fit, as the core's record. */
  public BradleyTerry.Options options() {
    return fitted.options;
  }

  /** Number of compared items. */
  public int numItems() {
    return fitted.items.length;
  }

  /** Number of distinct compared pairs of items. */
  public int numPairs() {
    return fitted.pairs;
  }

  /** Number of fitted comparisons. */
  public long numComparisons() {
    return fitted.comparisons;
  }

  /** Number of connected components of the comparison graph. */
  public int components() {
    return fitted.components;
  }

  /** MM updates, convergence and the objective after every update, as the core reports them. */
  public Diagnostics diagnostics() {
    return fitted.diagnostics;
  }

  /** Warnings on the data (items that never won or never lost, a disconnected graph). */
  public List<String> notes() {
    return fitted.notes;
  }

  /** How the standard errors were computed, in words. */
  public String stderrMethod() {
    return fitted.stderrMethod;
  }

  /**
   * Wall time of the fit: counting the pair wins on the executors ({@code [0]}) and the MM updates
   * and standard errors on the driver ({@code [1]}).
   */
  public double[] fitSeconds() {
    return fitted.seconds.clone();
  }

  /**
   * The core's {@link org.crowd4j.pairwise.Ranking} of this fit (scores, standard errors, ranks,
   * diagnostics, provenance), for writing it with the core's writers; empty for a loaded model.
   */
  public java.util.Optional<org.crowd4j.pairwise.Ranking> ranking() {
    return java.util.Optional.ofNullable(fitted.ranking);
  }

  /**
   * The item table, one row per compared item in rank order: {@code item} (string), {@code score},
   * {@code logScore}, {@code stderr} (doubles), {@code rank}, {@code component} (ints). A local
   * DataFrame built from the driver's arrays.
   */
  public Dataset<Row> scores() {
    return fitted.frame(SparkSession.active());
  }

  /**
   * {@code items} with three columns added: the score ({@link #scoreCol()}), its standard error
   * ({@link #stderrCol()}) and the rank ({@link #rankCol()}) of the row's item ({@link #itemCol()},
   * any atomic type, compared as a string); null for an item the model has not fitted. The rows and
   * columns of {@code items} stay as they are (the item table is broadcast).
   *
   * @throws CrowdInputException when the item column is missing or unusable
   * @throws IllegalArgumentException when an output column is already there
   */
  @Override
  public Dataset<Row> transform(Dataset<?> items) {
    transformSchema(items.schema());
    Dataset<Row> frame = items.toDF();
    String key = "__crowd4j_item";
    Dataset<Row> table =
        fitted
            .frame(frame.sparkSession())
            .select(
                col("item").as(key),
                col("score").as(getScoreCol()),
                col("stderr").as(getStderrCol()),
                col("rank").as(getRankCol()));
    Column join = frame.col(getItemCol()).cast("string").equalTo(table.col(key));
    return frame.join(broadcast(table), join, "left").drop(key);
  }

  /**
   * Checks that {@code schema} has the item column and none of the output columns, and returns it
   * with the score, stderr (doubles) and rank (int) columns added.
   *
   * @throws CrowdInputException naming a missing or unusable item column
   */
  @Override
  public StructType transformSchema(StructType schema) {
    return outputSchema(schema, getItemCol(), getScoreCol(), getStderrCol(), getRankCol());
  }

  /** {@code schema} with the output columns added, after the checks of {@link #transformSchema}. */
  static StructType outputSchema(
      StructType schema, String item, String score, String stderr, String rank) {
    AnswerColumns.require(schema, "item", item);
    RankingParams.checkOutput(item, score, stderr, rank, Arrays.asList(schema.fieldNames()));
    return schema
        .add(score, DataTypes.DoubleType, true)
        .add(stderr, DataTypes.DoubleType, true)
        .add(rank, DataTypes.IntegerType, true);
  }

  /**
   * Saves the model: {@code metadata} (the params), {@code data} (one Parquet row: method, options,
   * sizes, diagnostics, notes) and {@code items} (the item table of {@link #scores()}), written
   * into a temporary directory and renamed into place.
   */
  @Override
  public MLWriter write() {
    return new AtomicWriter(this, (instance, dir, spark) -> RankingStore.save(this, dir, spark));
  }
}
