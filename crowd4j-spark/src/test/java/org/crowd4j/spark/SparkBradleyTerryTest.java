package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.PairwiseReader;
import org.crowd4j.pairwise.PairwiseSimulator;
import org.crowd4j.pairwise.Ranking;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance: Bradley–Terry on Spark gives the core's scores, log-scores and standard errors within
 * 1e-9 (same ranks, same number of MM updates); a Pipeline fits, saves, loads and transforms; bad
 * comparisons fail with a message that names the column.
 */
class SparkBradleyTerryTest extends SparkTestBase {
  private static final double TOLERANCE = 1e-9;

  private static final StructType SCHEMA =
      new StructType()
          .add("worker", DataTypes.StringType)
          .add("left", DataTypes.StringType)
          .add("right", DataTypes.StringType)
          .add("label", DataTypes.StringType);

  @TempDir Path dir;

  private static final List<BradleyTerry.Options> OPTIONS =
      List.of(
          BradleyTerry.Options.defaults(),
          BradleyTerry.Options.defaults().withIterations(1000, 0),
          BradleyTerry.Options.defaults().withPrior(1).withIterations(500, 1e-12));

  /** The comparisons as a DataFrame of names. */
  private static Dataset<Row> frame(Comparisons data, int partitions) {
    List<Row> rows = new ArrayList<>(data.size());
    for (int c = 0; c < data.size(); c++) {
      rows.add(
          RowFactory.create(
              data.workers().name(data.worker(c)),
              data.items().name(data.left(c)),
              data.items().name(data.right(c)),
              data.items().name(data.winner(c))));
    }
    return spark().createDataFrame(rows, SCHEMA).repartition(partitions);
  }

  private static Dataset<Row> frame(Object[]... rows) {
    return spark().createDataFrame(Arrays.stream(rows).map(RowFactory::create).toList(), SCHEMA);
  }

  /** The largest difference of score, log-score and error; ranks and updates must be equal. */
  private static double compare(Ranking expected, SparkBradleyTerryModel model, String what) {
    Map<String, Row> byItem = new HashMap<>();
    for (Row r : model.scores().collectAsList()) {
      byItem.put(r.getString(0), r);
    }
    assertEquals(expected.size(), byItem.size(), what + " items");
    assertEquals(
        expected.diagnostics().iterations(), model.diagnostics().iterations(), what + " updates");
    assertEquals(expected.diagnostics().converged(), model.diagnostics().converged(), what);
    assertEquals(expected.components(), model.components(), what);
    assertEquals(expected.notes(), model.notes(), what);
    double worst = 0;
    for (int i = 0; i < expected.size(); i++) {
      String item = expected.items().name(i);
      Row r = byItem.get(item);
      worst = Math.max(worst, diff(expected.score(i), r.getDouble(1), what + " score " + item));
      worst =
          Math.max(worst, diff(expected.logScore(i), r.getDouble(2), what + " logScore " + item));
      worst = Math.max(worst, diff(expected.stderr(i), r.getDouble(3), what + " stderr " + item));
      assertEquals(expected.rank(i), r.getInt(4), what + " rank " + item);
    }
    assertTrue(worst <= TOLERANCE, what + ": largest difference " + worst);
    System.out.println("Bradley-Terry on Spark vs the core, " + what + ": " + worst);
    return worst;
  }

  private static double diff(double expected, double actual, String what) {
    if (Double.isNaN(expected) || Double.isInfinite(expected)) {
      assertEquals(expected, actual, what);
      return 0;
    }
    return Math.abs(expected - actual);
  }

  @Test
  void crowdKitFixturesEqualTheCore() throws Exception {
    for (String name : List.of("bt_abc.csv", "bt_equal.csv")) {
      Path file = SharedData.suite("data").resolve(name);
      Comparisons data = PairwiseReader.read(file);
      Dataset<Row> df = spark().read().option("header", "true").csv(file.toString());
      for (BradleyTerry.Options o : OPTIONS) {
        SparkBradleyTerryModel model = new SparkBradleyTerry(o).fit(df);
        compare(new BradleyTerry(o).fit(data), model, name + " " + o);
        assertEquals(data.size(), model.numComparisons());
      }
    }
  }

  @Test
  void simulatedComparisonsEqualTheCore() {
    Comparisons data =
        PairwiseSimulator.simulate(
                new PairwiseSimulator.Spec(
                    300, 20_000, 40, 0.1, 0.05, 1.5, PairwiseSimulator.Model.BT),
                11)
            .data();
    Dataset<Row> df = frame(data, 3);
    for (BradleyTerry.Options o : OPTIONS) {
      SparkBradleyTerryModel model = new SparkBradleyTerry(o).fit(df);
      compare(new BradleyTerry(o).fit(data), model, "simulated " + o);
      assertEquals(20_000, model.numComparisons());
    }
  }

  @Test
  void pipelineFitsSavesLoadsAndTransforms() throws Exception {
    Comparisons data =
        PairwiseSimulator.simulate(
                new PairwiseSimulator.Spec(40, 2000, 10, 0, 0, 1, PairwiseSimulator.Model.BT), 5)
            .data();
    Dataset<Row> df = frame(data, 2);
    SparkBradleyTerry bt = new SparkBradleyTerry().setMaxIter(200).setTol(0).setScoreCol("s");
    PipelineModel pipeline = new Pipeline().setStages(new PipelineStage[] {bt}).fit(df);
    pipeline.write().overwrite().save(dir.resolve("pipeline").toString());
    PipelineModel loaded = PipelineModel.load(dir.resolve("pipeline").toString());

    List<Row> itemRows = new ArrayList<>();
    for (String item : data.items().names()) {
      itemRows.add(RowFactory.create(item, item.length()));
    }
    itemRows.add(RowFactory.create("unknown", 0));
    Dataset<Row> items =
        spark()
            .createDataFrame(
                itemRows,
                new StructType().add("item", DataTypes.StringType).add("n", DataTypes.IntegerType));
    List<Row> before = pipeline.transform(items).orderBy("item").collectAsList();
    List<Row> after = loaded.transform(items).orderBy("item").collectAsList();
    assertEquals(before, after);
    assertEquals(data.numItems() + 1, before.size());
    assertEquals(
        List.of("item", "n", "s", "stderr", "rank"), List.of(before.get(0).schema().names()));
    Row unknown = before.stream().filter(r -> r.getString(0).equals("unknown")).findFirst().get();
    assertNull(unknown.get(2));

    SparkBradleyTerryModel model = (SparkBradleyTerryModel) pipeline.stages()[0];
    compare(new BradleyTerry(bt.options()).fit(data), model, "pipeline");
    model.write().overwrite().save(dir.resolve("model").toString());
    SparkBradleyTerryModel reread = SparkBradleyTerryModel.load(dir.resolve("model").toString());
    assertEquals(model.scores().collectAsList(), reread.scores().collectAsList());
    assertEquals(model.uid(), reread.uid());
    assertEquals("s", reread.getScoreCol());
    assertEquals(model.options(), reread.options());
    assertArrayEquals(model.diagnostics().objective(), reread.diagnostics().objective(), 0.0);
    assertEquals(model.diagnostics().stopReason(), reread.diagnostics().stopReason());
    assertEquals(model.notes(), reread.notes());
    assertEquals(model.numPairs(), reread.numPairs());
    assertEquals(model.numComparisons(), reread.numComparisons());

    bt.write().overwrite().save(dir.resolve("estimator").toString());
    SparkBradleyTerry again = SparkBradleyTerry.load(dir.resolve("estimator").toString());
    assertEquals(bt.options(), again.options());
    assertEquals("s", again.getScoreCol());
  }

  private static String fails(SparkBradleyTerry estimator, Dataset<Row> comparisons) {
    CrowdInputException e =
        assertThrows(CrowdInputException.class, () -> estimator.fit(comparisons));
    return e.getMessage();
  }

  @Test
  void badComparisonsNameTheColumn() {
    SparkBradleyTerry bt = new SparkBradleyTerry();
    String left =
        fails(bt, frame(new Object[] {"w", null, "b", "b"}, new Object[] {"w", "a", "b", "a"}));
    assertTrue(left.contains("left column 'left'") && left.contains("null in 1 of 2"), left);
    String right = fails(bt, frame(new Object[] {"w", "a", null, "a"}));
    assertTrue(right.contains("right column 'right'"), right);
    String label =
        fails(
            bt.copy(new org.apache.spark.ml.param.ParamMap()),
            frame(new Object[] {"w", "a", "b", null}));
    assertTrue(label.contains("label column 'label'") && label.contains("null"), label);
    String neither =
        fails(
            bt,
            frame(
                new Object[] {"w", "a", "b", "a"},
                new Object[] {"w", "a", "b", "draw"},
                new Object[] {"w", "b", "c", "c"}));
    assertTrue(
        neither.contains("label column 'label'")
            && neither.contains("1 of 3")
            && neither.contains("'draw'")
            && neither.contains("'a'")
            && neither.contains("'b'"),
        neither);
    String self = fails(bt, frame(new Object[] {"w", "a", "a", "a"}));
    assertTrue(
        self.contains("'left'") && self.contains("'right'") && self.contains("itself"), self);
    String missing =
        fails(
            new SparkBradleyTerry().setLeftCol("first"), frame(new Object[] {"w", "a", "b", "a"}));
    assertTrue(missing.contains("left column 'first'"), missing);
    String empty = fails(bt, frame());
    assertTrue(empty.contains("empty"), empty);
    assertThrows(IllegalArgumentException.class, () -> new SparkBradleyTerry().setPrior(-1));
    assertThrows(IllegalArgumentException.class, () -> new SparkBradleyTerry().setMaxIter(-1));
  }

  @Test
  void numericIdsAndOtherColumnNames() {
    StructType schema =
        new StructType()
            .add("p", DataTypes.IntegerType)
            .add("q", DataTypes.IntegerType)
            .add("winner", DataTypes.IntegerType);
    Dataset<Row> df =
        spark()
            .createDataFrame(
                List.of(
                    RowFactory.create(1, 2, 1),
                    RowFactory.create(2, 3, 2),
                    RowFactory.create(3, 1, 1),
                    RowFactory.create(2, 1, 2)),
                schema);
    SparkBradleyTerryModel model =
        new SparkBradleyTerry().setLeftCol("p").setRightCol("q").setLabelCol("winner").fit(df);
    Comparisons.Builder b = Comparisons.builder();
    b.add(null, "1", "2", "1").add(null, "2", "3", "2").add(null, "3", "1", "1");
    b.add(null, "2", "1", "2");
    compare(new BradleyTerry(BradleyTerry.Options.defaults()).fit(b.build()), model, "numeric");
    Dataset<Row> items =
        spark()
            .createDataFrame(
                List.of(RowFactory.create(3L), RowFactory.create(1L)),
                new StructType().add("item", DataTypes.LongType));
    List<Row> out = model.transform(items).collectAsList();
    assertEquals(2, out.size());
    assertEquals(3L, out.get(0).getLong(0));
  }
}
