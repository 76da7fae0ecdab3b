package org.crowd4j.spark;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.array_contains;
import static org.apache.spark.sql.functions.array_distinct;
import static org.apache.spark.sql.functions.array_sort;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.explode_outer;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.flatten;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.split;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.transform;
import static org.apache.spark.sql.functions.trim;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.spark.ml.functions;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.crowd4j.data.Vocabulary;

/**
 * Binary relevance on Spark: multi-label answers (the label column holds a worker's tags joined
 * with a separator, or one row per tag; rows of one (task, worker) are united) aggregated with any
 * Spark aggregator, one binary question per tag ("did this worker give the tag?"), as the core's
 * {@code org.crowd4j.multilabel.BinaryRelevance} does — with the same tags, the same binary answers
 * and therefore the same results within the Spark engine's 1e-9 parity. A tag that every answer
 * gives (or none) is decided without a fit: present (absent) on every task, as the core's fit over
 * one observed class decides it.
 */
public final class SparkBinaryRelevance {
  private final SparkAggregator<?, ?> inner;
  private String taskCol = SharedParams.TASK;
  private String workerCol = SharedParams.WORKER;
  private String labelCol = SharedParams.LABEL;
  private char separator = '|';

  /** Binary relevance over {@code inner} (its column params are set here, its options kept). */
  public SparkBinaryRelevance(SparkAggregator<?, ?> inner) {
    this.inner = Objects.requireNonNull(inner, "inner");
  }

  /** The task id column (default {@code task}). */
  public SparkBinaryRelevance setTaskCol(String name) {
    this.taskCol = Objects.requireNonNull(name);
    return this;
  }

  /** The worker id column (default {@code worker}). */
  public SparkBinaryRelevance setWorkerCol(String name) {
    this.workerCol = Objects.requireNonNull(name);
    return this;
  }

  /** The tags column (default {@code label}). */
  public SparkBinaryRelevance setLabelCol(String name) {
    this.labelCol = Objects.requireNonNull(name);
    return this;
  }

  /** The character between the tags of one field (default {@code '|'}; empty field: no tag). */
  public SparkBinaryRelevance setSeparator(char separator) {
    this.separator = separator;
    return this;
  }

  /** Fits every tag's question on {@code answers}. */
  public Result fit(Dataset<Row> answers) {
    for (String c : List.of(taskCol, workerCol, labelCol)) {
      if (!List.of(answers.columns()).contains(c)) {
        throw new CrowdInputException(
            "the answers have no column '" + c + "' (columns: " + List.of(answers.columns()) + ")");
      }
    }
    Column raw = trim(col(labelCol).cast("string"));
    Column tagList =
        when(raw.isNull().or(raw.equalTo("")), array().cast("array<string>"))
            .otherwise(
                transform(split(raw, Pattern.quote(String.valueOf(separator)), -1), x -> trim(x)));
    Dataset<Row> united =
        answers
            .select(
                col(taskCol).cast("string").as("task"),
                col(workerCol).cast("string").as("worker"),
                tagList.as("tags"))
            .groupBy("task", "worker")
            .agg(collect_list(col("tags")).as("lists"))
            .select(
                col("task"),
                col("worker"),
                array_sort(array_distinct(flatten(col("lists")))).as("tags"))
            .cache();
    long bad =
        united.filter(exists(col("tags"), x -> x.isNull().or(x.equalTo("")))).limit(1).count();
    if (bad > 0) {
      Row r = united.filter(exists(col("tags"), x -> x.isNull().or(x.equalTo("")))).first();
      united.unpersist();
      throw new CrowdInputException(
          "column '"
              + labelCol
              + "': task '"
              + r.getString(0)
              + "', worker '"
              + r.getString(1)
              + "' holds an empty tag between the separators '"
              + separator
              + "'");
    }
    long total = united.count();
    Map<String, Long> givenBy = new HashMap<>();
    for (Row r :
        united
            .select(explode_outer(col("tags")).as("tag"))
            .filter(col("tag").isNotNull())
            .groupBy("tag")
            .count()
            .collectAsList()) {
      givenBy.put(r.getString(0), r.getLong(1));
    }
    Vocabulary tags = Vocabulary.sortedLabels(givenBy.keySet());
    List<CrowdModel<?>> models = new ArrayList<>();
    List<Dataset<Row>> perTag = new ArrayList<>();
    for (int t = 0; t < tags.size(); t++) {
      String tag = tags.name(t);
      if (givenBy.get(tag) == total) {
        models.add(null);
        perTag.add(constant(united, t, 1.0));
        continue;
      }
      Dataset<Row> question =
          united.select(
              col("task"),
              col("worker"),
              when(array_contains(col("tags"), tag), "1").otherwise("0").as("label"));
      SparkAggregator<?, ?> a = (SparkAggregator<?, ?>) inner.copy(ParamMap.empty());
      a.setTaskCol("task").setWorkerCol("worker").setLabelCol("label").setGoldCol("");
      CrowdModel<?> m = a.fit(question);
      models.add(m);
      int one = m.labels().indexOf("1");
      perTag.add(
          m.posteriors()
              .select(
                  col(m.getTaskCol()).as("task"),
                  lit(t).as("t"),
                  element_at(
                          functions.vector_to_array(col(m.getProbabilityCol()), "float64"), one + 1)
                      .as("p"),
                  col(m.getPredictionCol()).equalTo("1").as("chosen")));
    }
    return new Result(tags.names(), models, united, perTag);
  }

  private static Dataset<Row> constant(Dataset<Row> united, int t, double p) {
    return united
        .select(col("task"))
        .distinct()
        .select(col("task"), lit(t).as("t"), lit(p).as("p"), lit(p >= 0.5).as("chosen"));
  }

  /** The fitted tags: per-tag models and the tag sets of the tasks. */
  public static final class Result {
    private final List<String> tags;
    private final List<CrowdModel<?>> models;
    private final Dataset<Row> united;
    private final List<Dataset<Row>> perTag;

    Result(
        List<String> tags,
        List<CrowdModel<?>> models,
        Dataset<Row> united,
        List<Dataset<Row>> perTag) {
      this.tags = List.copyOf(tags);
      this.models = Collections.unmodifiableList(new ArrayList<>(models));
      this.united = united;
      this.perTag = List.copyOf(perTag);
    }

    /** The tags, in the core's order. */
    public List<String> tags() {
      return tags;
    }

    /**
     * The model of tag {@code t}'s question (its workers, diagnostics, posteriors), or {@code null}
     * for a tag every answer gives.
     */
    public CrowdModel<?> model(int t) {
      return models.get(t);
    }

    /**
     * One row per task: {@code task}, {@code tags} (the chosen tags, in tag order) and {@code
     * presence} (a vector: P(task has tag t) in tag order).
     */
    public Dataset<Row> tagSets() {
      Dataset<Row> all = perTag.get(0);
      for (int t = 1; t < perTag.size(); t++) {
        all = all.unionByName(perTag.get(t));
      }
      Column names =
          array(tags.stream().map(org.apache.spark.sql.functions::lit).toArray(Column[]::new));
      Column sorted = array_sort(collect_list(struct(col("t"), col("p"), col("chosen"))));
      return all.groupBy("task")
          .agg(sorted.as("cells"))
          .select(
              col("task"),
              transform(
                      filter(col("cells"), x -> x.getField("chosen")),
                      x -> element_at(names, x.getField("t").plus(1)))
                  .as("tags"),
              functions
                  .array_to_vector(transform(col("cells"), x -> x.getField("p")))
                  .as("presence"));
    }

    /** Releases the cached answers and every tag model's blocks. */
    public void unpersist() {
      united.unpersist();
      for (CrowdModel<?> m : models) {
        if (m != null) {
          m.unpersist();
        }
      }
    }
  }
}
