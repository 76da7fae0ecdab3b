package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.numeric.Catd;
import org.crowd4j.numeric.Raykar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark ML layer of the numeric estimators: a model scores the fitted answers as it fitted
 * them, saves and loads (alone and in a pipeline) with bit-identical output, the params read and
 * check as the core's options, and bad answers fail naming the column.
 */
class SparkNumericModelTest extends SparkTestBase {
  @TempDir Path dir;

  private static final StructType ANSWERS =
      new StructType()
          .add("item", DataTypes.StringType, false)
          .add("annotator", DataTypes.StringType, true)
          .add("score", DataTypes.StringType, true)
          .add("known", DataTypes.StringType, true);

  @Test
  void modelsScoreAsTheyFittedAndSaveAndLoadBitForBit() throws Exception {
    NumericCrowd c = NumericCrowd.generated(spark(), 150, 5);
    List<SparkNumericAggregator<?>> estimators =
        List.of(
            new SparkTaskStatistic().setStatistic("median"),
            new SparkCatd().setMaxIter(10),
            new SparkPm(),
            new SparkRaykar().setEstimateCol("truth"));
    for (SparkNumericAggregator<?> e : estimators) {
      SparkNumericModel model = e.setNumPartitions(3).fit(c.frame());
      try {
        List<Row> fitted = sorted(model.estimates());
        assertEquals(fitted, sorted(model.transform(c.frame())), e.name());
        assertEquals(e.getEstimateCol(), model.estimates().columns()[1]);
        Path path = dir.resolve("model-" + e.name());
        model.write().save(path.toString());
        SparkNumericModel loaded = SparkNumericModel.load(path.toString());
        assertEquals(model.uid(), loaded.uid());
        assertEquals(model.method(), loaded.method());
        assertEquals(model.diagnostics().objectiveName(), loaded.diagnostics().objectiveName());
        assertEquals(model.diagnostics().stopReason(), loaded.diagnostics().stopReason());
        assertEquals(model.numTasks(), loaded.numTasks());
        assertEquals(fitted, sorted(loaded.transform(c.frame())), e.name());
        assertEquals(model.workers().collectAsList(), loaded.workers().collectAsList());
        assertThrows(IllegalStateException.class, loaded::estimates);
        loaded.unpersist();
      } finally {
        model.unpersist();
      }
    }
    PipelineModel pipe =
        new Pipeline().setStages(new PipelineStage[] {new SparkCatd()}).fit(c.frame());
    Path path = dir.resolve("pipeline");
    pipe.write().save(path.toString());
    assertEquals(
        sorted(pipe.transform(c.frame())),
        sorted(PipelineModel.load(path.toString()).transform(c.frame())));
  }

  @Test
  void paramsHaveTheCoresNamesDefaultsAndChecks() throws Exception {
    SparkRaykar raykar = new SparkRaykar();
    assertEquals(Raykar.Options.defaults(), raykar.options());
    assertEquals("value", raykar.getValueCol());
    assertEquals("estimate", raykar.getEstimateCol());
    assertEquals("", raykar.getGoldCol());
    assertTrue(
        raykar
            .explainParams()
            .contains("maxIter: EM iterations at most; 0 returns the mean start's parameters"),
        raykar.explainParams());
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> raykar.setVarianceFloor(2));
    assertEquals("varianceFloor must be in (0, 1): 2.0", bad.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SparkPm().setMaxIter(-1));
    assertThrows(
        IllegalArgumentException.class, () -> new SparkTaskStatistic().setStatistic("mode"));
    assertEquals("median", new SparkTaskStatistic().setStatistic("Median").name());

    spark();
    SparkCatd catd = new SparkCatd(new Catd.Options(7, 1e-4, 0.1, 1e-5)).setValueCol("score");
    Path path = dir.resolve("catd");
    catd.write().save(path.toString());
    SparkCatd back = SparkCatd.load(path.toString());
    assertEquals(catd.options(), back.options());
    assertEquals("score", back.getValueCol());
    assertEquals(catd.explainParams(), back.explainParams());
  }

  @Test
  void newAnswersOfUnknownWorkersAreLeftOutAndBadAnswersNameTheColumn() {
    Dataset<Row> answers =
        frame(
            row("a", "w1", "1", null),
            row("a", "w2", "3", null),
            row("b", "w1", "2", null),
            row("b", "w2", "6", null),
            row("c", "w2", "5", null));
    SparkRaykar raykar =
        new SparkRaykar().setTaskCol("item").setWorkerCol("annotator").setValueCol("score");
    SparkNumericModel model = raykar.fit(answers);
    try {
      double a = estimate(model.transform(answers), "a");
      Dataset<Row> more = answers.union(frame(row("a", "stranger", "100", null)));
      assertEquals(a, estimate(model.transform(more), "a"));
      SparkNumericModel catd =
          new SparkCatd()
              .setTaskCol("item")
              .setWorkerCol("annotator")
              .setValueCol("score")
              .fit(answers);
      assertEquals(5.0, estimate(catd.estimates(), "c"));
      catd.unpersist();
    } finally {
      model.unpersist();
    }
    assertInputError(
        raykar, frame(row("a", "w1", "x1", null)), "the value column 'score' holds 'x1'");
    assertInputError(
        raykar, frame(row("a", "w1", "NaN", null)), "the value column 'score' holds 'NaN'");
    assertInputError(raykar, frame(row("a", "w1", null, null)), "the value column 'score' is null");
    assertInputError(
        raykar.copy(new org.apache.spark.ml.param.ParamMap()).setGoldCol("known"),
        frame(row("a", "w1", "1", "2"), row("a", "w2", "1", "3")),
        "gives task 'a' two values");
    assertInputError(raykar, frame(), "no answers");
  }

  private static void assertInputError(
      SparkNumericAggregator<?> e, Dataset<Row> answers, String expected) {
    CrowdInputException x = assertThrows(CrowdInputException.class, () -> e.fit(answers));
    assertTrue(x.getMessage().contains(expected), x.getMessage());
  }

  private static Row row(String task, String worker, String value, String known) {
    return RowFactory.create(task, worker, value, known);
  }

  private static Dataset<Row> frame(Row... rows) {
    return spark().createDataFrame(List.of(rows), ANSWERS);
  }

  private static double estimate(Dataset<Row> scored, String task) {
    return scored.where(scored.col(scored.columns()[0]).equalTo(task)).first().getDouble(1);
  }

  private static List<Row> sorted(Dataset<Row> scored) {
    return scored.orderBy(scored.columns()[0]).collectAsList();
  }
}
