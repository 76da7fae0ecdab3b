package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.data.Vocabulary;
import scala.Tuple2;

/**
 * Preparation of the answers of a fit in one pass over the data: each reading task encodes its rows
 * into compact per-block {@link AnswerChunk}s (names once, codes per answer), one shuffle brings
 * each block its chunks, and each partition is read straight into a {@link RawBlock} (tasks,
 * offsets and block-local ids, grouped by task without a sort), which also counts the nulls and
 * finds conflicting gold labels (tasks never cross blocks). The driver then collects the small
 * per-block dictionaries, numbers labels in the core's order ({@link Vocabulary#sortedLabels}) and
 * workers densely in name order, and one map over the cached raw blocks attaches the global ids.
 *
 * <p>Jobs: a count of the rows only when the partition count is automatic and the input is not a
 * plain scan of CSV files (whose rows {@link CsvRowEstimate} estimates without a job), the shuffle
 * that builds the raw blocks with the collect of their sizes and label sets, the collect of their
 * worker names, and the map to the final blocks. With more worker names over all blocks than {@link
 * Preparation.Settings#workerBroadcastLimit()} (a worker counted once per block it answers in), the
 * names are numbered by a distributed sort and attached by a join instead of a broadcast array. The
 * blocks and their order are those of {@link Preparation}'s general path, so a fit gives the same
 * bits.
 */
final class FitPreparation {
  private FitPreparation() {}

  /** Rows a reading task holds before it hands its chunks to the shuffle. */
  private static final int CHUNK_ROWS = 1 << 20;

  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(FitPreparation.class);

  /** Prepares {@code df} (columns already validated) for fitting. */
  static PreparedAnswers prepare(
      SparkSession spark, Dataset<Row> df, AnswerColumns cols, Preparation.Settings settings) {
    Column gold = cols.gold() == null ? lit(null).cast("string") : col(cols.gold()).cast("string");
    Dataset<Row> in =
        df.select(
            col(cols.task()).cast("string").as("t"),
            col(cols.worker()).cast("string").as("w"),
            col(cols.label()).cast("string").as("l"),
            gold.as("g"));
    long t0 = System.nanoTime();
    int partitions = settings.numPartitions();
    if (partitions <= 0) {
      long total = CsvRowEstimate.rows(df);
      boolean estimated = total >= 0;
      if (!estimated) {
        total = in.count();
        if (total == 0) {
          throw new CrowdInputException("no answers: the DataFrame is empty");
        }
      }
      partitions = Preparation.autoPartitions(spark, settings, total);
      LOG.info(
          "{} {} answers in {} s",
          estimated ? "estimated" : "counted",
          total,
          (System.nanoTime() - t0) / 1e9);
    }
    long t1 = System.nanoTime();
    int blocks = partitions;
    JavaRDD<RawBlock> raw =
        ((org.apache.spark.sql.classic.Dataset<Row>) in)
            .queryExecution()
            .toRdd()
            .toJavaRDD()
            .mapPartitionsToPair(rows -> AnswerChunk.encode(rows, blocks, CHUNK_ROWS))
            .partitionBy(new BlockPartitioner(blocks))
            .values()
            .mapPartitions(chunks -> List.of(RawBlock.of(chunks)).iterator())
            .setName("crowd4j raw answer blocks")
            .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      return fromRaw(spark, raw, cols, settings, t1);
    } finally {
      raw.unpersist(false);
    }
  }

  /** The sizes, null counts, labels and first gold conflict of one raw block. */
  private record Summary(
      long rows,
      long nullTasks,
      long nullWorkers,
      long nullLabels,
      int numWorkers,
      String[] answerLabels,
      String[] goldLabels,
      String[] conflict)
      implements java.io.Serializable {}

  private static Summary summary(RawBlock b) {
    List<String> answer = new ArrayList<>();
    Set<String> golds = new HashSet<>();
    for (int i = 0; i < b.labels.length; i++) {
      if (b.answered[i]) {
        answer.add(b.labels[i]);
      }
    }
    for (int g : b.gold) {
      if (g >= 0) {
        golds.add(b.labels[g]);
      }
    }
    if (b.conflict != null) {
      golds.add(b.conflict[1]);
      golds.add(b.conflict[2]);
    }
    return new Summary(
        b.rows,
        b.nullTasks,
        b.nullWorkers,
        b.nullLabels,
        b.workers.length,
        answer.toArray(new String[0]),
        golds.toArray(new String[0]),
        b.conflict);
  }

  private static PreparedAnswers fromRaw(
      SparkSession spark,
      JavaRDD<RawBlock> raw,
      AnswerColumns cols,
      Preparation.Settings settings,
      long t1) {
    List<Summary> summaries = raw.map(FitPreparation::summary).collect();
    LOG.info(
        "read and shuffled the answers into {} raw blocks in {} s",
        summaries.size(),
        (System.nanoTime() - t1) / 1e9);
    long total = 0;
    long nullTasks = 0;
    long nullWorkers = 0;
    long nullLabels = 0;
    long slots = 0;
    Set<String> labelSet = new HashSet<>();
    Set<String> goldSet = new TreeSet<>();
    String[] conflict = null;
    for (Summary s : summaries) {
      total += s.rows();
      nullTasks += s.nullTasks();
      nullWorkers += s.nullWorkers();
      nullLabels += s.nullLabels();
      slots += s.numWorkers();
      labelSet.addAll(Arrays.asList(s.answerLabels()));
      goldSet.addAll(Arrays.asList(s.goldLabels()));
      if (conflict == null) {
        conflict = s.conflict();
      }
    }
    if (total == 0) {
      throw new CrowdInputException("no answers: the DataFrame is empty");
    }
    Preparation.checkNulls(nullTasks, "task", cols.task(), total);
    Preparation.checkNulls(nullWorkers, "worker", cols.worker(), total);
    Preparation.checkNulls(nullLabels, "label", cols.label(), total);
    List<String> labels = Vocabulary.sortedLabels(labelSet).names();
    Preparation.checkGold(goldSet, labels, cols);
    if (conflict != null) {
      throw new CrowdInputException(
          "the gold column '"
              + cols.gold()
              + "' gives task '"
              + conflict[0]
              + "' two labels: '"
              + conflict[1]
              + "' and '"
              + conflict[2]
              + "'");
    }
    long t2 = System.nanoTime();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    String[] labelArray = labels.toArray(new String[0]);
    Dataset<Row> workerIndex;
    int numWorkers;
    JavaRDD<AnswerBlock> blocks;
    String[] names = null;
    JavaRDD<String> distinct = null;
    if (slots <= settings.workerBroadcastLimit()) {
      names =
          raw.map(b -> b.workers).collect().stream()
              .flatMap(Arrays::stream)
              .distinct()
              .sorted()
              .toArray(String[]::new);
    } else {
      distinct =
          raw.flatMap(b -> Arrays.asList(b.workers).iterator())
              .distinct()
              .persist(StorageLevel.MEMORY_AND_DISK());
      long count = distinct.count();
      if (count > Integer.MAX_VALUE - 8) {
        distinct.unpersist(false);
        throw new CrowdInputException(count + " distinct workers are too many (at most 2^31 − 9)");
      }
      if (count <= settings.workerBroadcastLimit()) {
        names = distinct.collect().stream().sorted().toArray(String[]::new);
        distinct.unpersist(false);
        distinct = null;
      }
    }
    if (names != null) {
      String[] dictionaryNames = names;
      numWorkers = names.length;
      List<Row> rows = new ArrayList<>(names.length);
      for (int i = 0; i < names.length; i++) {
        rows.add(RowFactory.create(names[i], i));
      }
      // a local relation: already in memory on the driver, nothing to cache
      workerIndex = spark.createDataFrame(rows, Preparation.WORKER_INDEX);
      Broadcast<String[]> dictionary = jsc.broadcast(dictionaryNames);
      blocks =
          raw.map(
              b -> {
                String[] all = dictionary.value();
                int[] ids = new int[b.workers.length];
                for (int j = 0; j < ids.length; j++) {
                  ids[j] = Arrays.binarySearch(all, b.workers[j]);
                }
                return b.toAnswerBlock(labelIds(b, labelArray), ids, labelArray.length);
              });
    } else {
      JavaPairRDD<String, Long> numbered =
          distinct.sortBy(w -> w, true, raw.getNumPartitions()).zipWithIndex();
      numWorkers = (int) distinct.count();
      workerIndex =
          spark
              .createDataFrame(
                  numbered.map(p -> RowFactory.create(p._1(), (int) (long) p._2())),
                  Preparation.WORKER_INDEX)
              .persist(StorageLevel.MEMORY_AND_DISK());
      int p = raw.getNumPartitions();
      JavaPairRDD<Integer, Tuple2<Integer, Integer>> perBlock =
          raw.mapPartitionsWithIndex(
                  (Integer i, Iterator<RawBlock> it) -> {
                    List<Tuple2<String, Tuple2<Integer, Integer>>> out = new ArrayList<>();
                    while (it.hasNext()) {
                      String[] own = it.next().workers;
                      for (int j = 0; j < own.length; j++) {
                        out.add(new Tuple2<>(own[j], new Tuple2<>(i, j)));
                      }
                    }
                    return out.iterator();
                  },
                  true)
              .mapToPair(t -> t)
              .join(numbered)
              .mapToPair(
                  t ->
                      new Tuple2<>(
                          t._2()._1()._1(),
                          new Tuple2<>(t._2()._1()._2(), (int) (long) t._2()._2())))
              .partitionBy(new BlockPartitioner(p));
      blocks =
          raw.zipPartitions(
              perBlock,
              (Iterator<RawBlock> bs, Iterator<Tuple2<Integer, Tuple2<Integer, Integer>>> ids) -> {
                List<AnswerBlock> out = new ArrayList<>(1);
                while (bs.hasNext()) {
                  RawBlock b = bs.next();
                  int[] global = new int[b.workers.length];
                  while (ids.hasNext()) {
                    Tuple2<Integer, Integer> local = ids.next()._2();
                    global[local._1()] = local._2();
                  }
                  for (int j = 1; j < global.length; j++) {
                    if (global[j] <= global[j - 1]) {
                      throw new IllegalStateException("worker ids out of name order in a block");
                    }
                  }
                  out.add(b.toAnswerBlock(labelIds(b, labelArray), global, labelArray.length));
                }
                return out.iterator();
              });
    }
    blocks = blocks.setName("crowd4j answer blocks").persist(settings.storageLevel());
    PreparedAnswers prepared = null;
    try {
      prepared = Preparation.finish(spark, settings, blocks, labels, workerIndex, numWorkers);
      LOG.info(
          "numbered {} workers and built {} answer blocks in {} s",
          numWorkers,
          blocks.getNumPartitions(),
          (System.nanoTime() - t2) / 1e9);
      return prepared;
    } finally {
      if (distinct != null) {
        distinct.unpersist(false);
      }
      if (prepared == null) {
        blocks.unpersist(false);
        workerIndex.unpersist(false);
      }
    }
  }

  /** Global label id of every local label of {@code b}. */
  private static int[] labelIds(RawBlock b, String[] labels) {
    Map<String, Integer> id = new HashMap<>();
    for (int i = 0; i < labels.length; i++) {
      id.put(labels[i], i);
    }
    int[] out = new int[b.labels.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = id.get(b.labels[i]);
    }
    return out;
  }

  /** Sends key {@code i} to partition {@code i}. */
  private static final class BlockPartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;
    private final int partitions;

    BlockPartitioner(int partitions) {
      this.partitions = partitions;
    }

    @Override
    public int numPartitions() {
      return partitions;
    }

    @Override
    public int getPartition(Object key) {
      return (Integer) key;
    }
  }
}
