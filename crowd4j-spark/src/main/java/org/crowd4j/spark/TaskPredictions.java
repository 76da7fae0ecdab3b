package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;
import org.crowd4j.data.Vocabulary;

/**
 * A classifier's class probabilities per task, read from the answer rows' {@code <prefix><class>}
 * columns (the command line's {@code p_<class>} layout; every answer row of a task repeats its
 * task's values, as a join of the answers with the predictions on the task gives them; all null: no
 * prediction), and joined into the answer blocks: each block's {@link AnswerBlock#taskValue()}
 * becomes {@code numTasks × K} probabilities over the answers' classes, aligned as the core aligns
 * them ({@link ClassifierProbabilities#alignedTo}: floored, renormalised), with NaN in the first
 * entry of a task without a prediction. The rows are hash-partitioned by task like the blocks, so
 * the join is one shuffle of the task and probability columns and a zip, without a join of the
 * blocks.
 */
final class TaskPredictions {
  private TaskPredictions() {}

  /**
   * The class names of the prediction columns of {@code schema}: every column named {@code prefix}
   * and a class, in column order.
   *
   * @throws CrowdInputException when there is none, or one is not numeric
   */
  static List<String> classes(StructType schema, String prefix) {
    List<String> classes = new ArrayList<>();
    for (StructField f : columns(schema, prefix)) {
      DataType t = f.dataType();
      if (!(t instanceof NumericType)) {
        throw new CrowdInputException(
            "the prediction column '" + f.name() + "' is " + t.simpleString() + ", not a number");
      }
      classes.add(f.name().substring(prefix.length()));
    }
    if (classes.isEmpty()) {
      throw new CrowdInputException(
          "no prediction columns '"
              + prefix
              + "<class>' among "
              + Arrays.toString(schema.fieldNames())
              + ": join the classifier's probabilities onto the answers by task");
    }
    return classes;
  }

  /** The columns of {@code schema} named {@code prefix} and a class, in column order. */
  static List<StructField> columns(StructType schema, String prefix) {
    List<StructField> out = new ArrayList<>();
    for (StructField f : schema.fields()) {
      if (f.name().startsWith(prefix) && f.name().length() > prefix.length()) {
        out.add(f);
      }
    }
    return out;
  }

  /**
   * {@code data} with the probabilities of {@code answers}' prediction columns joined into its
   * blocks; cached and materialised (and {@code data}'s blocks dropped) unless the storage level is
   * {@code NONE}.
   *
   * @throws CrowdInputException for a task with two different rows of probabilities, a row with
   *     some values null, a value outside [0, 1], a row that does not sum to 1 or no class shared
   *     with the answers
   */
  static PreparedAnswers attach(
      PreparedAnswers data, Dataset<Row> answers, String taskCol, String prefix) {
    List<String> classes = classes(answers.schema(), prefix);
    List<Column> cols = new ArrayList<>();
    cols.add(col(taskCol).cast("string").as("t"));
    for (String c : classes) {
      cols.add(col(prefix + c).cast("double"));
    }
    int partitions = data.numPartitions();
    JavaRDD<Row> rows =
        answers.select(cols.toArray(new Column[0])).repartition(partitions, col("t")).javaRDD();
    String[] classNames = classes.toArray(new String[0]);
    List<String> labels = data.labels;
    JavaRDD<AnswerBlock> blocks =
        data.blocks.zipPartitions(
            rows,
            (Iterator<AnswerBlock> bs, Iterator<Row> rs) -> {
              ClassifierProbabilities p = read(rs, classNames, prefix);
              List<AnswerBlock> out = new ArrayList<>(1);
              while (bs.hasNext()) {
                out.add(withPredictions(bs.next(), p, labels));
              }
              return out.iterator();
            });
    StorageLevel level = data.settings.storageLevel();
    if (!level.equals(StorageLevel.NONE())) {
      blocks = blocks.setName("crowd4j answer blocks with predictions").persist(level);
      JavaRDD<AnswerBlock> cached = blocks;
      Preparation.unwrap(cached::count);
      data.unpersist();
    }
    return new PreparedAnswers(
        data.spark,
        data.settings,
        data.localWorkerSlots,
        blocks,
        data.labels,
        data.workerIndex,
        data.numWorkers,
        data.workerSizes,
        data.numTasks,
        data.numAnswers,
        data.numGold);
  }

  /** The probabilities of one partition's rows, each task once. */
  private static ClassifierProbabilities read(Iterator<Row> rows, String[] classes, String prefix) {
    int k = classes.length;
    Map<String, double[]> byTask = new HashMap<>();
    while (rows.hasNext()) {
      Row r = rows.next();
      int nulls = 0;
      for (int c = 0; c < k; c++) {
        nulls += r.isNullAt(c + 1) ? 1 : 0;
      }
      if (nulls == k) {
        continue;
      }
      String task = r.getString(0);
      double[] v = new double[k];
      for (int c = 0; c < k; c++) {
        if (r.isNullAt(c + 1)) {
          throw new CrowdInputException(
              "task '" + task + "': the prediction column '" + prefix + classes[c] + "' is null");
        }
        v[c] = r.getDouble(c + 1);
      }
      double[] before = byTask.putIfAbsent(task, v);
      if (before != null && !Arrays.equals(before, v)) {
        throw new CrowdInputException(
            "task '" + task + "' has two different rows of '" + prefix + "<class>' values");
      }
    }
    List<String> tasks = new ArrayList<>(byTask.keySet());
    double[] probabilities = new double[tasks.size() * k];
    for (int i = 0; i < tasks.size(); i++) {
      System.arraycopy(byTask.get(tasks.get(i)), 0, probabilities, i * k, k);
    }
    try {
      return ClassifierProbabilities.of(tasks, Vocabulary.of(classes), probabilities);
    } catch (IllegalArgumentException e) {
      throw new CrowdInputException("the '" + prefix + "<class>' columns: " + e.getMessage());
    }
  }

  /** {@code b} with the probabilities of its tasks as its task values. */
  private static AnswerBlock withPredictions(
      AnswerBlock b, ClassifierProbabilities p, List<String> labels) {
    String[] tasks = b.tasks();
    int k = labels.size();
    ClassifierProbabilities.Aligned aligned;
    try {
      aligned = p.alignedTo(tasks.length, i -> tasks[i], labels);
    } catch (IllegalArgumentException e) {
      throw new CrowdInputException(e.getMessage());
    }
    double[] values = aligned.probabilities();
    for (int i = 0; i < tasks.length; i++) {
      if (!aligned.has()[i]) {
        values[i * k] = Double.NaN;
      }
    }
    return new AnswerBlock(
        tasks, b.off(), b.worker(), b.label(), b.gold(), b.workerIds(), k, values);
  }

  /** Which tasks of a block have a prediction (the first entry of their row is not NaN). */
  static boolean[] has(double[] values, int numTasks, int k) {
    boolean[] has = new boolean[numTasks];
    if (values != null) {
      for (int i = 0; i < numTasks; i++) {
        has[i] = !Double.isNaN(values[i * k]);
      }
    }
    return has;
  }
}
