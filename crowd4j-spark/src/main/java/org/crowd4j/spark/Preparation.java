package org.crowd4j.spark;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_set;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.data.Vocabulary;

/**
 * Turns an answers DataFrame into {@link PreparedAnswers}: validates it (columns, nulls, labels,
 * gold), maps labels to ids in the core's order ({@link Vocabulary#sortedLabels}) and workers to
 * dense ids (sorted names), partitions the answers by task and builds one {@link AnswerBlock} per
 * partition, cached at the requested storage level.
 *
 * <p>A fit's answers go through {@link FitPreparation} (one shuffle, ids attached afterwards). New
 * answers for a fitted model, whose labels and worker ids are fixed, take the general path here:
 * one aggregation for the checks and the label set, a gold check, and one shuffle after a join with
 * the model's worker index (and task values) that builds the blocks. With {@link
 * Settings#cacheInput()} the selected columns are cached for these few jobs, so the input is read
 * once; the cache is dropped when the blocks are built. Both paths partition by the hash of the
 * task and order each block by {@code (task, worker, label)} (here by a sort within partitions,
 * there by {@link RawBlock}'s grouping), so equal answers give equal blocks.
 */
final class Preparation {
  private Preparation() {}

  /**
   * How answers are laid out and cached.
   *
   * @param numPartitions partitions (= blocks); 0 picks a multiple of the default parallelism with
   *     at most {@code answersPerPartition} answers each (counted, or estimated for CSV files by
   *     {@link CsvRowEstimate})
   * @param answersPerPartition target block size for the automatic partition count
   * @param storageLevel storage level of the blocks
   * @param cacheInput cache the selected input columns while preparing
   * @param workerBroadcastLimit up to this many workers the worker ids are numbered on the driver
   *     and joined by broadcast; above, by a distributed sort and a shuffle join
   * @param treeReduceAbove per-worker rows of all blocks above which sums are added in groups on
   *     the executors first
   */
  record Settings(
      int numPartitions,
      long answersPerPartition,
      StorageLevel storageLevel,
      boolean cacheInput,
      int workerBroadcastLimit,
      long treeReduceAbove)
      implements java.io.Serializable {
    /** The layout of {@code params} with the storage level and the tree threshold given. */
    static Settings of(HasBlockLayout<?> params, StorageLevel storageLevel, long treeReduceAbove) {
      return new Settings(
          params.getNumPartitions(),
          params.getAnswersPerPartition(),
          storageLevel,
          params.getCacheInput(),
          params.getWorkerBroadcastLimit(),
          treeReduceAbove);
    }

    /** The layout of an estimator's params. */
    static <T extends HasBlockLayout<?> & HasBlockStorage<?>> Settings of(T params) {
      return of(
          params, StorageLevel.fromString(params.getStorageLevel()), params.getTreeReduceAbove());
    }

    /**
     * The layout of new answers for a model's {@code transform}: blocks not cached (one pass scores
     * them), the default tree threshold.
     */
    static Settings forTransform(HasBlockLayout<?> params) {
      return of(params, StorageLevel.NONE(), SharedParams.TREE_REDUCE_ABOVE);
    }
  }

  /** The model side of {@link #prepare} for new answers: fixed labels and worker ids. */
  record Fixed(
      List<String> labels,
      Dataset<Row> workerIndex,
      int numWorkers,
      boolean needWorkers,
      Dataset<Row> taskValues) {}

  /** Prepares answers for fitting. */
  static PreparedAnswers prepare(
      SparkSession spark, Dataset<Row> df, AnswerColumns cols, Settings settings) {
    return prepare(spark, df, cols, settings, null);
  }

  /**
   * Prepares answers; with {@code fixed}, labels must be among the fixed ones and answers of
   * unknown workers are dropped ({@code fixed.needWorkers()}) or kept with worker ids ignored.
   */
  static PreparedAnswers prepare(
      SparkSession spark, Dataset<Row> df, AnswerColumns cols, Settings settings, Fixed fixed) {
    boolean useWorkers = fixed == null || fixed.needWorkers();
    cols.validate(df.schema(), useWorkers);
    if (fixed == null) {
      return unwrap(() -> FitPreparation.prepare(spark, df, cols, settings));
    }
    Column gold = cols.gold() == null ? lit(null).cast("string") : col(cols.gold()).cast("string");
    // without worker ids the worker column, if any, still orders the answers within a task as
    // the fit did (the same order of additions, so the same rounding)
    boolean hasWorker = Arrays.asList(df.columns()).contains(cols.worker());
    Column worker =
        useWorkers || hasWorker ? col(cols.worker()).cast("string") : lit("").cast("string");
    Dataset<Row> selected =
        df.select(
            col(cols.task()).cast("string").as("t"),
            worker.as("w"),
            col(cols.label()).cast("string").as("l"),
            gold.as("g"));
    Dataset<Row> in =
        settings.cacheInput() ? selected.persist(StorageLevel.MEMORY_AND_DISK()) : selected;
    try {
      return unwrap(() -> build(spark, in, cols, settings, fixed, useWorkers));
    } finally {
      if (settings.cacheInput()) {
        in.unpersist(false);
      }
    }
  }

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Preparation.class);

  private static PreparedAnswers build(
      SparkSession spark,
      Dataset<Row> in,
      AnswerColumns cols,
      Settings settings,
      Fixed fixed,
      boolean useWorkers) {
    long t0 = System.nanoTime();
    List<Row> summary =
        in.groupBy(col("l"))
            .agg(
                count(lit(1)).as("n"),
                sum(when(col("t").isNull(), 1).otherwise(0)).as("nt"),
                sum(when(col("w").isNull(), 1).otherwise(0)).as("nw"),
                collect_set(col("g")).as("gs"))
            .collectAsList();
    long total = 0;
    long nullTasks = 0;
    long nullWorkers = 0;
    long nullLabels = 0;
    Set<String> labelSet = new HashSet<>();
    Set<String> goldSet = new TreeSet<>();
    for (Row r : summary) {
      long n = r.getLong(1);
      total += n;
      nullTasks += r.getLong(2);
      nullWorkers += r.getLong(3);
      if (r.isNullAt(0)) {
        nullLabels += n;
      } else {
        labelSet.add(r.getString(0));
      }
      goldSet.addAll(r.getList(4));
    }
    LOG.info("checked {} answers in {} s", total, (System.nanoTime() - t0) / 1e9);
    if (total == 0) {
      throw new CrowdInputException("no answers: the DataFrame is empty");
    }
    checkNulls(nullTasks, "task", cols.task(), total);
    checkNulls(nullWorkers, "worker", cols.worker(), total);
    checkNulls(nullLabels, "label", cols.label(), total);
    List<String> labels = fixed.labels();
    for (String l : new TreeSet<>(labelSet)) {
      if (!labels.contains(l)) {
        throw new CrowdInputException(
            "the label column '"
                + cols.label()
                + "' holds '"
                + l
                + "', which is not one of the model's labels "
                + labels);
      }
    }
    checkGold(goldSet, labels, cols);

    if (!goldSet.isEmpty()) {
      List<Row> conflicts =
          in.where(col("g").isNotNull())
              .groupBy(col("t"))
              .agg(collect_set(col("g")).as("gs"))
              .where(size(col("gs")).gt(1))
              .limit(1)
              .collectAsList();
      if (!conflicts.isEmpty()) {
        List<String> two = new ArrayList<>(conflicts.get(0).<String>getList(1));
        Collections.sort(two);
        throw new CrowdInputException(
            "the gold column '"
                + cols.gold()
                + "' gives task '"
                + conflicts.get(0).getString(0)
                + "' two labels: '"
                + two.get(0)
                + "' and '"
                + two.get(1)
                + "'");
      }
    }

    Dataset<Row> workerIndex = useWorkers ? fixed.workerIndex() : null;
    int numWorkers = useWorkers ? fixed.numWorkers() : 1;
    return blocks(
        spark, in, cols, settings, fixed, labels, workerIndex, numWorkers, useWorkers, total);
  }

  private static PreparedAnswers blocks(
      SparkSession spark,
      Dataset<Row> in,
      AnswerColumns cols,
      Settings settings,
      Fixed fixed,
      List<String> labels,
      Dataset<Row> workerIndex,
      int numWorkers,
      boolean useWorkers,
      long total) {
    Dataset<Row> withIds;
    if (!useWorkers) {
      withIds = in.select(col("t"), col("w"), lit(0).as("wid"), col("l"), col("g"));
    } else {
      Dataset<Row> index =
          numWorkers <= settings.workerBroadcastLimit() ? broadcast(workerIndex) : workerIndex;
      withIds =
          in.join(index, in.col("w").equalTo(index.col("wname")), "left")
              .select(col("t"), col("w"), col("wid"), col("l"), col("g"));
    }

    boolean withValues = fixed != null && fixed.taskValues() != null;
    if (withValues) {
      Dataset<Row> values = fixed.taskValues();
      withIds =
          withIds
              .join(values, withIds.col("t").equalTo(values.col("tname")), "left")
              .select(col("t"), col("w"), col("wid"), col("l"), col("g"), col("tvalue"));
    }
    int partitions = settings.numPartitions();
    if (partitions <= 0) {
      partitions = autoPartitions(spark, settings, total);
    }
    JavaRDD<AnswerBlock> blocks =
        withIds
            .repartition(partitions, col("t"))
            .sortWithinPartitions(col("t"), col("w"), col("l"))
            .drop("w")
            .javaRDD()
            .mapPartitions(new BlockBuilder(labels.toArray(new String[0]), cols, withValues))
            .setName("crowd4j answer blocks");
    if (!settings.storageLevel().equals(StorageLevel.NONE())) {
      blocks = blocks.persist(settings.storageLevel());
    }
    return finish(spark, settings, blocks, labels, workerIndex, numWorkers);
  }

  /** The partition count for {@code total} answers when it is automatic. */
  static int autoPartitions(SparkSession spark, Settings settings, long total) {
    int dp = Math.max(1, spark.sparkContext().defaultParallelism());
    long perRound = (long) dp * Math.max(1, settings.answersPerPartition());
    return (int) Math.min(1 << 20, dp * Math.max(1, (total + perRound - 1) / perRound));
  }

  /**
   * Materialises the cached {@code blocks} and adds up their sizes; the blocks are dropped again
   * when that fails.
   */
  static PreparedAnswers finish(
      SparkSession spark,
      Settings settings,
      JavaRDD<AnswerBlock> blocks,
      List<String> labels,
      Dataset<Row> workerIndex,
      int numWorkers) {
    long t2 = System.nanoTime();
    BlockSizes sizes = BlockSizes.of(blocks, numWorkers);
    LOG.info(
        "built {} answer blocks in {} s",
        blocks.getNumPartitions(),
        (System.nanoTime() - t2) / 1e9);
    return new PreparedAnswers(
        spark,
        settings,
        sizes.localWorkerSlots(),
        blocks,
        labels,
        workerIndex,
        numWorkers,
        sizes.workerSizes(),
        sizes.numTasks(),
        sizes.numAnswers(),
        sizes.numGold());
  }

  /** Fails on a gold label that is not one of {@code labels}. */
  static void checkGold(Set<String> goldSet, List<String> labels, AnswerColumns cols) {
    for (String g : goldSet) {
      if (!labels.contains(g)) {
        throw new CrowdInputException(
            "the gold column '"
                + cols.gold()
                + "' holds '"
                + g
                + "', which no answer uses; the labels are "
                + labels);
      }
    }
  }

  static void checkNulls(long nulls, String role, String column, long total) {
    if (nulls > 0) {
      throw new CrowdInputException(
          "the "
              + role
              + " column '"
              + column
              + "' is null in "
              + nulls
              + " of "
              + total
              + " answers; every answer needs a task, a worker and a label");
    }
  }

  /** Schema of the worker index: name and dense id. */
  static final StructType WORKER_INDEX =
      new StructType()
          .add("wname", DataTypes.StringType, false)
          .add("wid", DataTypes.IntegerType, false);

  /**
   * Builds the one block of a partition from its rows {@code (t, wid, l, g)}, sorted by task:
   * labels to ids, gold per task (conflicts fail), workers to block-local ids.
   */
  private static final class BlockBuilder implements FlatMapFunction<Iterator<Row>, AnswerBlock> {
    private static final long serialVersionUID = 1L;
    private final String[] labels;
    private final AnswerColumns cols;
    private final boolean withValues;

    BlockBuilder(String[] labels, AnswerColumns cols, boolean withValues) {
      this.labels = labels;
      this.cols = cols;
      this.withValues = withValues;
    }

    @Override
    public Iterator<AnswerBlock> call(Iterator<Row> rows) {
      Map<String, Integer> labelId = new HashMap<>();
      for (int i = 0; i < labels.length; i++) {
        labelId.put(labels[i], i);
      }
      List<String> tasks = new ArrayList<>();
      RawBlock.IntList gold = new RawBlock.IntList();
      RawBlock.IntList worker = new RawBlock.IntList();
      RawBlock.IntList label = new RawBlock.IntList();
      List<Double> values = withValues ? new ArrayList<>() : null;
      int[] off =
          Blocks.taskOffsets(
              rows,
              new Blocks.TaskRows() {
                @Override
                public void task(Row r) {
                  tasks.add(r.getString(0));
                  gold.add(-1);
                  if (values != null) {
                    values.add(r.isNullAt(4) ? Double.NaN : r.getDouble(4));
                  }
                }

                @Override
                public boolean answer(Row r) {
                  Integer l = labelId.get(r.getString(2));
                  if (l == null) {
                    throw new CrowdInputException(
                        "the label column '"
                            + cols.label()
                            + "' holds unknown label '"
                            + r.getString(2)
                            + "'");
                  }
                  if (!r.isNullAt(3)) {
                    setGold(r, labelId, gold);
                  }
                  if (r.isNullAt(1)) {
                    return false; // a worker the model has not seen: no parameters, left out
                  }
                  worker.add(r.getInt(1));
                  label.add(l);
                  return true;
                }
              });
      int[][] ids = Blocks.localIds(worker.toArray());
      AnswerBlock block =
          new AnswerBlock(
              tasks.toArray(new String[0]),
              off,
              ids[1],
              label.toArray(),
              gold.toArray(),
              ids[0],
              labels.length,
              values == null ? null : values.stream().mapToDouble(Double::doubleValue).toArray());
      return Collections.singletonList(block).iterator();
    }

    /** Sets the gold label of the row's task (the last one); conflicting labels fail. */
    private void setGold(Row r, Map<String, Integer> labelId, RawBlock.IntList gold) {
      Integer g = labelId.get(r.getString(3));
      if (g == null) {
        throw new CrowdInputException(
            "the gold column '"
                + cols.gold()
                + "' holds '"
                + r.getString(3)
                + "', which no answer uses");
      }
      int last = gold.size() - 1;
      int had = gold.get(last);
      if (had >= 0 && had != g) {
        throw new CrowdInputException(
            "the gold column '"
                + cols.gold()
                + "' gives task '"
                + r.getString(0)
                + "' two labels: '"
                + labels[had]
                + "' and '"
                + labels[g]
                + "'");
      }
      gold.set(last, g);
    }
  }

  /**
   * Runs {@code job}; a {@link CrowdInputException} thrown on an executor arrives wrapped in
   * Spark's job failure and is rethrown here as itself.
   */
  static <T> T unwrap(Supplier<T> job) {
    try {
      return job.get();
    } catch (CrowdInputException e) {
      throw e;
    } catch (Exception e) { // Spark throws its (checked) SparkException from Scala code
      CrowdInputException input = findInputError(e);
      if (input != null) {
        throw new CrowdInputException(input.getMessage());
      }
      throw Preparation.<RuntimeException>rethrow(e);
    }
  }

  /** Rethrows {@code e} unchanged, checked or not. */
  @SuppressWarnings("unchecked")
  private static <E extends Exception> E rethrow(Exception e) throws E {
    throw (E) e;
  }

  private static CrowdInputException findInputError(Throwable e) {
    Set<Throwable> seen = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
      if (t instanceof CrowdInputException c) {
        return c;
      }
      if (t instanceof SparkException && t.getMessage() != null) {
        String msg = t.getMessage();
        int at = msg.indexOf(CrowdInputException.class.getName() + ": ");
        if (at >= 0) {
          String rest = msg.substring(at + CrowdInputException.class.getName().length() + 2);
          int end = rest.indexOf('\n');
          return new CrowdInputException(end < 0 ? rest : rest.substring(0, end));
        }
      }
    }
    return null;
  }
}
