package org.crowd4j.spark;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.storage.StorageLevel;

/**
 * Turns a DataFrame of numeric answers into {@link PreparedNumeric}: checks it (columns, nulls,
 * values that are not finite numbers, gold), numbers the workers densely in name order (on the
 * driver up to {@code workerBroadcastLimit} workers, else by a distributed sort), partitions the
 * answers by the hash of the task, orders each partition by {@code (task, worker, value)} (so equal
 * answers give equal blocks) and builds one cached {@link NumericBlock} per partition. With {@link
 * Preparation.Settings#cacheInput()} the selected columns are cached for these few jobs.
 */
final class NumericPreparation {
  private NumericPreparation() {}

  /**
   * Which columns hold the task, worker, value and (optionally, else null) known value of an
   * answer.
   */
  record Columns(String task, String worker, String value, String gold)
      implements java.io.Serializable {
    /** Checks that {@code schema} has the columns (the worker only with {@code needWorker}). */
    void validate(org.apache.spark.sql.types.StructType schema, boolean needWorker) {
      AnswerColumns.require(schema, "task", task);
      if (needWorker) {
        AnswerColumns.require(schema, "worker", worker);
      }
      AnswerColumns.require(schema, "value", value);
      if (gold != null) {
        AnswerColumns.require(schema, "gold", gold);
      }
    }
  }

  /**
   * A fitted model's side of new answers: its worker index, or {@code useWorkers} false when the
   * method does not use worker ids (every answer is kept).
   */
  record Fixed(Dataset<Row> workerIndex, int numWorkers, boolean useWorkers) {}

  /**
   * Prepares answers: for a fit ({@code fixed} null) the workers are numbered; for a model they
   * come from {@code fixed}, and answers of workers it does not know are left out.
   *
   * @throws CrowdInputException naming the column and the problem
   */
  static PreparedNumeric prepare(
      SparkSession spark,
      Dataset<Row> df,
      Columns cols,
      Preparation.Settings settings,
      Fixed fixed) {
    boolean useWorkers = fixed == null || fixed.useWorkers();
    cols.validate(df.schema(), useWorkers);
    boolean hasWorker = Arrays.asList(df.columns()).contains(cols.worker());
    Column worker =
        useWorkers || hasWorker ? col(cols.worker()).cast("string") : lit("").cast("string");
    Column gold = cols.gold() == null ? lit(null) : col(cols.gold());
    Dataset<Row> selected =
        df.select(
            col(cols.task()).cast("string").as("t"),
            worker.as("w"),
            col(cols.value()).try_cast(DataTypes.DoubleType).as("v"),
            col(cols.value()).cast("string").as("vs"),
            gold.try_cast(DataTypes.DoubleType).as("g"),
            gold.cast("string").as("gs"));
    Dataset<Row> in =
        settings.cacheInput() ? selected.persist(StorageLevel.MEMORY_AND_DISK()) : selected;
    try {
      return Preparation.unwrap(() -> build(spark, in, cols, settings, fixed, useWorkers));
    } finally {
      if (settings.cacheInput()) {
        in.unpersist(false);
      }
    }
  }

  private static PreparedNumeric build(
      SparkSession spark,
      Dataset<Row> in,
      Columns cols,
      Preparation.Settings settings,
      Fixed fixed,
      boolean useWorkers) {
    Column badValue = col("vs").isNotNull().and(notFinite(col("v")));
    Column badGold = col("gs").isNotNull().and(notFinite(col("g")));
    Row s =
        in.agg(
                count(lit(1)),
                sum(when(col("t").isNull(), 1).otherwise(0)),
                sum(when(col("w").isNull(), 1).otherwise(0)),
                sum(when(col("vs").isNull(), 1).otherwise(0)),
                sum(when(badValue, 1).otherwise(0)),
                min(when(badValue, col("vs"))),
                sum(when(badGold, 1).otherwise(0)),
                min(when(badGold, col("gs"))),
                sum(when(col("g").isNotNull(), 1).otherwise(0)))
            .first();
    long total = s.getLong(0);
    if (total == 0) {
      throw new CrowdInputException("no answers: the DataFrame is empty");
    }
    checkNulls(s.getLong(1), "task", cols.task(), total);
    checkNulls(s.getLong(2), "worker", cols.worker(), total);
    checkNulls(s.getLong(3), "value", cols.value(), total);
    checkNumbers(s.getLong(4), s.getString(5), "value", cols.value());
    checkNumbers(s.getLong(6), s.getString(7), "gold", cols.gold());
    if (s.getLong(8) > 0) {
      checkGold(in, cols);
    }
    Dataset<Row> workerIndex;
    int numWorkers;
    if (fixed != null) {
      workerIndex = useWorkers ? fixed.workerIndex() : null;
      numWorkers = useWorkers ? fixed.numWorkers() : 1;
    } else {
      workerIndex = numberWorkers(spark, in, settings);
      numWorkers = (int) workerIndex.count();
    }
    Dataset<Row> withIds;
    if (workerIndex == null) {
      withIds = in.select(col("t"), col("w"), lit(0).as("wid"), col("v"), col("g"));
    } else {
      Dataset<Row> index =
          numWorkers <= settings.workerBroadcastLimit() ? broadcast(workerIndex) : workerIndex;
      withIds =
          in.join(index, in.col("w").equalTo(index.col("wname")), "left")
              .select(col("t"), col("w"), col("wid"), col("v"), col("g"));
    }
    int partitions = settings.numPartitions();
    if (partitions <= 0) {
      partitions = Preparation.autoPartitions(spark, settings, total);
    }
    JavaRDD<NumericBlock> blocks =
        withIds
            .repartition(partitions, col("t"))
            .sortWithinPartitions(col("t"), col("w"), col("v"))
            .drop("w")
            .javaRDD()
            .mapPartitions(new BlockBuilder())
            .setName("crowd4j numeric answer blocks");
    if (!settings.storageLevel().equals(StorageLevel.NONE())) {
      blocks = blocks.persist(settings.storageLevel());
    }
    try {
      return new PreparedNumeric(
          spark, settings, blocks, workerIndex, numWorkers, BlockSizes.of(blocks, numWorkers));
    } catch (RuntimeException | Error e) {
      if (fixed == null) {
        workerIndex.unpersist(false);
      }
      throw e;
    }
  }

  private static Column notFinite(Column x) {
    return x.isNull().or(x.isNaN()).or(abs(x).equalTo(lit(Double.POSITIVE_INFINITY)));
  }

  private static void checkNulls(long nulls, String role, String column, long total) {
    if (nulls > 0) {
      throw refused(
          role,
          column,
          "is null in "
              + nulls
              + " of "
              + total
              + " answers; every answer needs a task, a worker and a value");
    }
  }

  private static void checkNumbers(long bad, String example, String role, String column) {
    if (bad > 0) {
      throw refused(
          role, column, "holds '" + example + "' (" + bad + " rows in all), not a finite number");
    }
  }

  private static CrowdInputException refused(String role, String column, String problem) {
    return new CrowdInputException("the " + role + " column '" + column + "' " + problem);
  }

  /** Fails on a task whose rows give two different known values. */
  private static void checkGold(Dataset<Row> in, Columns cols) {
    List<Row> conflicts =
        in.where(col("g").isNotNull())
            .groupBy(col("t"))
            .agg(countDistinct(col("g")).as("n"), min(col("g")), max(col("g")))
            .where(col("n").gt(1))
            .limit(1)
            .collectAsList();
    if (!conflicts.isEmpty()) {
      Row c = conflicts.get(0);
      throw refused(
          "gold",
          cols.gold(),
          "gives task '"
              + c.getString(0)
              + "' two values: "
              + c.getDouble(2)
              + " and "
              + c.getDouble(3));
    }
  }

  /**
   * The worker index ({@code wname, wid}) of the answers' workers, numbered densely in name order:
   * a local relation built on the driver up to {@code workerBroadcastLimit} workers, else a sort
   * and numbering on the executors (cached).
   */
  private static Dataset<Row> numberWorkers(
      SparkSession spark, Dataset<Row> in, Preparation.Settings settings) {
    Dataset<Row> names = in.select(col("w")).distinct();
    long n = names.count();
    if (n > Integer.MAX_VALUE - 8) {
      throw new CrowdInputException(n + " distinct workers are too many (at most 2^31 − 9)");
    }
    if (n <= settings.workerBroadcastLimit()) {
      List<String> sorted = new ArrayList<>();
      for (Row r : names.collectAsList()) {
        sorted.add(r.getString(0));
      }
      Collections.sort(sorted);
      List<Row> rows = new ArrayList<>(sorted.size());
      for (int i = 0; i < sorted.size(); i++) {
        rows.add(RowFactory.create(sorted.get(i), i));
      }
      return spark.createDataFrame(rows, Preparation.WORKER_INDEX);
    }
    JavaRDD<Row> numbered =
        names
            .javaRDD()
            .map(r -> r.getString(0))
            .sortBy(w -> w, true, names.rdd().getNumPartitions())
            .zipWithIndex()
            .map(p -> RowFactory.create(p._1(), (int) (long) p._2()));
    return spark
        .createDataFrame(numbered, Preparation.WORKER_INDEX)
        .persist(StorageLevel.MEMORY_AND_DISK());
  }

  /**
   * Builds the one block of a partition from its rows {@code (t, wid, v, g)}, sorted by task: the
   * known value per task, workers to block-local ids; an answer of a worker the model does not know
   * (null id) is left out, its task kept.
   */
  private static final class BlockBuilder implements FlatMapFunction<Iterator<Row>, NumericBlock> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<NumericBlock> call(Iterator<Row> rows) {
      List<String> tasks = new ArrayList<>();
      RawBlock.IntList worker = new RawBlock.IntList();
      List<Double> gold = new ArrayList<>();
      double[][] value = {new double[1024]};
      int[] off =
          Blocks.taskOffsets(
              rows,
              new Blocks.TaskRows() {
                @Override
                public void task(Row r) {
                  tasks.add(r.getString(0));
                  gold.add(Double.NaN);
                }

                @Override
                public boolean answer(Row r) {
                  if (!r.isNullAt(3)) {
                    gold.set(gold.size() - 1, r.getDouble(3));
                  }
                  if (r.isNullAt(1)) {
                    return false;
                  }
                  if (worker.size() == value[0].length) {
                    value[0] = Arrays.copyOf(value[0], 2 * value[0].length);
                  }
                  value[0][worker.size()] = r.getDouble(2);
                  worker.add(r.getInt(1));
                  return true;
                }
              });
      int[][] ids = Blocks.localIds(worker.toArray());
      NumericBlock block =
          new NumericBlock(
              tasks.toArray(new String[0]),
              off,
              ids[1],
              Arrays.copyOf(value[0], worker.size()),
              gold.stream().mapToDouble(Double::doubleValue).toArray(),
              ids[0]);
      return Collections.singletonList(block).iterator();
    }
  }
}
