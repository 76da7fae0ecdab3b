package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.CommonConfusionEm;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.TieBreak;
import org.junit.jupiter.api.Test;

/**
 * Acceptance: bad answers fail with a {@link CrowdInputException} (an IllegalArgumentException)
 * whose message names the column and the problem, not with an exception from inside Spark.
 */
class InputErrorsTest extends SparkTestBase {
  private static final StructType SCHEMA =
      new StructType()
          .add("task", DataTypes.StringType)
          .add("worker", DataTypes.StringType)
          .add("label", DataTypes.StringType)
          .add("gold", DataTypes.StringType);

  private static Dataset<Row> frame(Object[]... rows) {
    List<Row> list = Arrays.stream(rows).map(RowFactory::create).toList();
    return spark().createDataFrame(list, SCHEMA);
  }

  private static Dataset<Row> good() {
    return frame(
        new Object[] {"t1", "w1", "a", null},
        new Object[] {"t1", "w2", "b", "a"},
        new Object[] {"t2", "w1", "b", null},
        new Object[] {"t2", "w2", "b", null});
  }

  private static String fails(SparkAggregator<?, ?> estimator, Dataset<Row> answers) {
    CrowdInputException e = assertThrows(CrowdInputException.class, () -> estimator.fit(answers));
    assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
    assertTrue(
        e.getStackTrace().length == 0
            || !e.getStackTrace()[0].getClassName().startsWith("org.apache.spark"),
        "thrown from crowd4j, not from inside Spark: " + e.getStackTrace()[0]);
    return e.getMessage();
  }

  @Test
  void nullIdsNameTheColumn() {
    String task = fails(new SparkDawidSkene(), frame(new Object[] {null, "w1", "a", null}));
    assertTrue(task.contains("task column 'task'") && task.contains("null in 1 of 1"), task);
    String worker =
        fails(
            new SparkDawidSkene(),
            frame(new Object[] {"t1", null, "a", null}, new Object[] {"t1", "w2", "a", null}));
    assertTrue(worker.contains("worker column 'worker'") && worker.contains("1 of 2"), worker);
    String label = fails(new SparkMajorityVote(), frame(new Object[] {"t1", "w1", null, null}));
    assertTrue(label.contains("label column 'label'"), label);
  }

  @Test
  void unknownGoldLabel() {
    Dataset<Row> answers =
        frame(new Object[] {"t1", "w1", "a", "zebra"}, new Object[] {"t2", "w1", "b", null});
    String msg = fails(new SparkDawidSkene().setGoldCol("gold"), answers);
    assertTrue(msg.contains("gold column 'gold'") && msg.contains("'zebra'"), msg);
    assertTrue(msg.contains("[a, b]"), "lists the labels: " + msg);
    String glad = fails(new SparkGlad().setGoldCol("gold"), answers);
    assertTrue(glad.contains("gold column 'gold'") && glad.contains("'zebra'"), glad);
  }

  @Test
  void conflictingGoldFoundOnAnExecutorIsUnwrapped() {
    Dataset<Row> answers =
        frame(new Object[] {"t1", "w1", "a", "a"}, new Object[] {"t1", "w2", "b", "b"});
    String msg = fails(new SparkDawidSkene().setGoldCol("gold"), answers);
    assertTrue(msg.contains("task 't1' two labels"), msg);
  }

  @Test
  void emptyInput() {
    String msg = fails(new SparkDawidSkene(), frame());
    assertTrue(msg.contains("no answers"), msg);
    String filtered = fails(new SparkOneCoinDawidSkene(), good().where("task = 'nothing'"));
    assertTrue(filtered.contains("no answers"), filtered);
    String glad = fails(new SparkGlad(), good().where("task = 'nothing'"));
    assertTrue(glad.contains("no answers"), glad);
  }

  @Test
  void missingOrUnusableColumn() {
    String msg = fails(new SparkDawidSkene().setWorkerCol("annotator"), good());
    assertTrue(msg.contains("worker column 'annotator' is not in the DataFrame"), msg);
    assertTrue(msg.contains("[task, worker, label, gold]"), msg);
    String gold = fails(new SparkDawidSkene().setGoldCol("truth"), good());
    assertTrue(gold.contains("gold column 'truth'"), gold);
    Dataset<Row> arrays = good().selectExpr("array(task) as task", "worker", "label");
    String type = fails(new SparkMajorityVote(), arrays);
    assertTrue(type.contains("task column 'task' has type array<string>"), type);
  }

  @Test
  void transformRejectsUnknownLabels() {
    CrowdModel<?> model = new SparkDawidSkene().fit(good());
    try {
      CrowdInputException e =
          assertThrows(
              CrowdInputException.class,
              () -> model.transform(frame(new Object[] {"t9", "w1", "c", null})));
      assertTrue(e.getMessage().contains("'c'") && e.getMessage().contains("model's labels"));
    } finally {
      model.unpersist();
    }
  }

  @Test
  void optionsAndSettingsAreValidated() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new SparkMajorityVote(new MajorityVote.Options(false, TieBreak.RANDOM, 1L)));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new SparkCommonConfusionEm(
                new CommonConfusionEm.Options(
                    10, 1e-5, 0.01, CommonConfusionEm.OmegaMode.PER_ANSWER, 0.5)));
    assertThrows(IllegalArgumentException.class, () -> new SparkDawidSkene().setTaskCol(" "));
    assertThrows(IllegalArgumentException.class, () -> new SparkDawidSkene().setNumPartitions(-1));
    assertEquals("t", new SparkDawidSkene().setTaskCol("t").getTaskCol());
    SparkAggregator<?, ?> glad = SparkMethods.create("glad", Map.of("maxIterations", "7"));
    assertTrue(glad instanceof SparkGlad, glad.getClass().getName());
    assertEquals("glad", glad.name());
    assertEquals(7, ((SparkGlad) glad).getMaxIter());
    IllegalArgumentException iterations =
        assertThrows(IllegalArgumentException.class, () -> new SparkGlad().setMaxIter(-1));
    assertTrue(
        iterations.getMessage().contains("maxIterations must be >= 0"), iterations.getMessage());
    IllegalArgumentException stopping =
        assertThrows(
            IllegalArgumentException.class, () -> new SparkDawidSkene().setStopping("sometimes"));
    assertTrue(stopping.getMessage().contains("likelihood"), stopping.getMessage());
    assertEquals("CROWDKIT_ELBO", new SparkDawidSkene().setStopping("crowdkit-elbo").getStopping());
    assertThrows(
        IllegalArgumentException.class, () -> new SparkDawidSkene().setStorageLevel("NONE"));
    IllegalArgumentException steps =
        assertThrows(
            IllegalArgumentException.class,
            () -> SparkMethods.create("glad", Map.of("betaSteps", "0")));
    assertTrue(steps.getMessage().contains("betaSteps"), steps.getMessage());
    assertThrows(NullPointerException.class, () -> new SparkGlad((String) null));
  }
}
