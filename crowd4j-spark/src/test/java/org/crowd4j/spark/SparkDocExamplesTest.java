package org.crowd4j.spark;

import static org.apache.spark.ml.functions.vector_to_array;
import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.array_position;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.element_at;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.method.Diagnostics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java example of docs/spark.md: the block between {@code // example:NAME} and {@code // end}
 * runs here and the page quotes it verbatim.
 */
class SparkDocExamplesTest extends SparkTestBase {
  @TempDir Path dir;

  @Test
  void theJavaExampleRuns() throws Exception {
    Parity.Data d = Parity.withHalfGold(spark(), Parity.load(spark(), "bluebirds"));
    Dataset<Row> answers =
        d.frame()
            .withColumnRenamed("task", "item")
            .withColumnRenamed("worker", "annotator")
            .withColumnRenamed("label", "answer")
            .withColumnRenamed("gold", "known");
    Dataset<Row> newAnswers = answers.where("item < '5'").drop("known");
    String modelDir = dir.resolve("ds").toString();
    String pipelineDir = dir.resolve("pipeline").toString();

    // example:spark-ml
    SparkDawidSkene ds =
        new SparkDawidSkene()
            .setTaskCol("item") // the answer columns: any atomic type
            .setWorkerCol("annotator")
            .setLabelCol("answer")
            .setGoldCol("known") // optional: the true label on some rows, else null
            .setMaxIter(50); // the core's options are params, checked by its record
    SparkDawidSkeneModel model = ds.fit(answers);

    Dataset<Row> labels = model.transform(answers); // item, prediction, probability (vector)
    Dataset<Row> workers = model.workers(); // worker, answers, skill, confusion, answerConfusion
    Diagnostics diagnostics = model.diagnostics(); // iterations, converged, objectives
    ConfusionMatrices confusions = model.confusionMatrices(); // the core's record
    model.write().overwrite().save(modelDir);

    SparkDawidSkeneModel loaded = SparkDawidSkeneModel.load(modelDir);
    Dataset<Row> scored = loaded.transform(newAnswers); // no training data needed

    PipelineModel pipeline = new Pipeline().setStages(new PipelineStage[] {ds}).fit(answers);
    pipeline.write().overwrite().save(pipelineDir);
    Dataset<Row> again = PipelineModel.load(pipelineDir).transform(newAnswers);
    // end

    try {
      assertEquals(List.of("item", "prediction", "probability"), List.of(labels.columns()));
      assertEquals(d.core().numTasks(), labels.count());
      assertEquals(d.core().numWorkers(), workers.count());
      assertTrue(diagnostics.iterations() > 0 && diagnostics.iterations() <= 50);
      assertEquals(d.core().numWorkers(), confusions.numWorkers());
      assertEquals(d.gold().count(), model.numGold());
      List<Row> a = scored.orderBy("item").collectAsList();
      List<Row> b = again.orderBy("item").collectAsList();
      assertEquals(newAnswers.select("item").distinct().count(), a.size());
      for (int i = 0; i < a.size(); i++) {
        assertEquals(a.get(i).getString(1), b.get(i).getString(1));
        assertArrayEquals(
            a.get(i).<org.apache.spark.ml.linalg.Vector>getAs(2).toArray(),
            b.get(i).<org.apache.spark.ml.linalg.Vector>getAs(2).toArray(),
            0.0);
      }
    } finally {
      model.unpersist();
      ((CrowdModel<?>) pipeline.stages()[0]).unpersist();
    }
  }

  @Test
  void theBradleyTerryExampleRuns() throws Exception {
    Path csv = org.crowd4j.testing.SharedData.suite("data").resolve("bt_abc.csv");
    Dataset<Row> comparisons = spark().read().option("header", "true").csv(csv.toString());
    Dataset<Row> items =
        spark().createDataFrame(List.of(RowFactory.create("a"), RowFactory.create("c")), ITEMS);
    String modelDir = dir.resolve("bt").toString();

    // example:spark-bradley-terry
    SparkBradleyTerry bt =
        new SparkBradleyTerry()
            .setLeftCol("left") // the comparison columns: any atomic type
            .setRightCol("right")
            .setLabelCol("label") // the winner: the left or the right item's id
            .setMaxIter(100) // the core's options are params, checked by its record
            .setPrior(0);
    SparkBradleyTerryModel model = bt.fit(comparisons);

    Dataset<Row> scores = model.scores(); // item, score, logScore, stderr, rank, component
    Dataset<Row> ranked = model.transform(items); // items + score, stderr, rank
    Diagnostics diagnostics = model.diagnostics(); // MM updates, converged, log-likelihoods
    model.write().overwrite().save(modelDir);
    SparkBradleyTerryModel loaded = SparkBradleyTerryModel.load(modelDir);
    // end

    assertEquals(3, scores.count());
    assertEquals(List.of("item", "score", "stderr", "rank"), List.of(ranked.columns()));
    assertTrue(diagnostics.iterations() > 0);
    assertEquals(scores.collectAsList(), loaded.scores().collectAsList());
  }

  @Test
  void theNumericExampleRuns() throws Exception {
    Path csv = org.crowd4j.testing.SharedData.dataset("emotion").resolve("answers.csv");
    Dataset<Row> answers = spark().read().option("header", "true").csv(csv.toString());
    String modelDir = dir.resolve("raykar").toString();

    // example:spark-numeric
    SparkRaykar raykar =
        new SparkRaykar()
            .setValueCol("label") // numbers, or strings that read as numbers
            .setMaxIter(200); // the core's options are params, checked by its record
    SparkNumericModel model = raykar.fit(answers);

    Dataset<Row> estimates = model.transform(answers); // task, estimate
    Dataset<Row> workers = model.workers(); // worker, answers, bias, variance, weight
    Diagnostics diagnostics = model.diagnostics(); // iterations, converged, log-likelihoods
    model.write().overwrite().save(modelDir);
    SparkNumericModel loaded = SparkNumericModel.load(modelDir);
    // end

    try {
      assertEquals(List.of("task", "estimate"), List.of(estimates.columns()));
      assertEquals(700, estimates.count());
      assertEquals(38, workers.count());
      assertTrue(diagnostics.converged(), diagnostics.stopReason());
      assertEquals(
          estimates.orderBy("task").collectAsList(),
          loaded.transform(answers).orderBy("task").collectAsList());
    } finally {
      model.unpersist();
    }
  }

  @Test
  void theClassifierExampleRuns() throws Exception {
    Parity.Data d = Parity.load(spark(), "bluebirds");
    Dataset<Row> answers = d.frame();
    SparkSession spark = spark();
    Path csv = dir.resolve("predictions.csv");
    StringBuilder text = new StringBuilder("task,label,p_0,p_1\n");
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    for (int i = 0; i < d.core().numTasks(); i++) {
      double p1 = d.gold().label(i) == 1 ? 0.5 + 0.5 * random.nextDouble() : random.nextDouble();
      p1 = Math.round(p1 * 1000) / 1000.0;
      text.append(d.core().tasks().name(i)).append(p1 >= 0.5 ? ",1," : ",0,");
      text.append(Math.round((1 - p1) * 1000) / 1000.0).append(',').append(p1).append('\n');
    }
    Files.writeString(csv, text);
    String predictionsCsv = csv.toString();

    // example:spark-classifier
    Dataset<Row> predictions = // task, label, p_<class>...: train --predictions-out
        spark.read().option("header", "true").option("inferSchema", "true").csv(predictionsCsv);
    Dataset<Row> withP =
        answers
            .join(
                predictions.drop("label").withColumnRenamed("task", "ptask"),
                col("task").equalTo(col("ptask")),
                "left")
            .drop("ptask");
    SparkClassifierEmModel m = new SparkClassifierEm().setUse("annotator").fit(withP);
    Dataset<Row> labels = m.posteriors(); // task, prediction, probability (vector)
    double[][] classifier = m.classifierConfusion(); // [true class][class]; null for "prior"
    Column classes = array(m.labels().stream().map(functions::lit).toArray(Column[]::new));
    Dataset<Row> quality = // P(answer right): the posterior of the answer's label
        withP
            .join(labels, "task")
            .withColumn(
                "quality",
                element_at(
                    vector_to_array(col("probability"), "float64"),
                    array_position(classes, col("label")).cast("int")));
    // end

    try {
      assertEquals(d.core().numTasks(), labels.count());
      assertEquals(2, classifier.length);
      assertTrue(classifier[1][1] > 0.5, "the simulated classifier is better than chance on 1");
      List<Row> q = quality.select("quality").collectAsList();
      assertEquals(d.core().numAnswers(), q.size());
      for (Row r : q) {
        assertTrue(r.getDouble(0) >= 0 && r.getDouble(0) <= 1, r.toString());
      }
    } finally {
      m.unpersist();
    }
  }

  private static final org.apache.spark.sql.types.StructType ITEMS =
      new org.apache.spark.sql.types.StructType()
          .add("item", org.apache.spark.sql.types.DataTypes.StringType);

  @Test
  void thePageQuotesTheExample() throws Exception {
    String source =
        Files.readString(Path.of("src/test/java/org/crowd4j/spark/SparkDocExamplesTest.java"));
    String page = Files.readString(Path.of("..", "docs", "spark.md"));
    Matcher m =
        Pattern.compile("(?s)\\n( *)// example:([a-z-]+)\\n(.*?)\\n *// end\\n").matcher(source);
    int found = 0;
    while (m.find()) {
      String indent = m.group(1);
      StringBuilder block = new StringBuilder();
      for (String line : m.group(3).split("\n")) {
        block.append(line.startsWith(indent) ? line.substring(indent.length()) : line.strip());
        block.append('\n');
      }
      assertTrue(
          page.contains("```java\n" + block + "```"),
          "docs/spark.md must quote example '" + m.group(2) + "' verbatim:\n" + block);
      found++;
    }
    assertEquals(4, found);
  }
}
