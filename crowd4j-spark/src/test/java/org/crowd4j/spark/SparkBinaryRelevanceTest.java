package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.multilabel.BinaryRelevance;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.MultiLabelSimulator;
import org.crowd4j.multilabel.TagAnswers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SparkBinaryRelevanceTest extends SparkTestBase {
  private static final StructType SCHEMA =
      new StructType()
          .add("task", DataTypes.StringType)
          .add("worker", DataTypes.StringType)
          .add("label", DataTypes.StringType);

  private static Dataset<Row> frame(List<Row> rows) {
    return spark().createDataFrame(rows, SCHEMA);
  }

  /** One row per (task, worker), tags joined with '|'. */
  private static Dataset<Row> joined(TagAnswers d) {
    List<Row> rows = new ArrayList<>();
    for (int a = 0; a < d.numAnswers(); a++) {
      StringBuilder b = new StringBuilder();
      for (int t : d.tagsOf(a)) {
        b.append(b.length() == 0 ? "" : "|").append(d.tags().name(t));
      }
      rows.add(
          RowFactory.create(
              d.tasks().name(d.answers().task(a)),
              d.workers().name(d.answers().worker(a)),
              b.toString()));
    }
    return frame(rows);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ds", "glad"})
  void equalsTheCoreOnASimulatedCrowd(String method) {
    TagAnswers data =
        MultiLabelSimulator.simulate(
                new MultiLabelSimulator.Spec(200, 4, 20, 4, 0.1, 0.5, 0.8, 0.05, 0.3), 11)
            .answers();
    MultiLabelResult core = new BinaryRelevance(Methods.create(method, Map.of())).fit(data);
    SparkBinaryRelevance.Result spark =
        new SparkBinaryRelevance(SparkMethods.create(method, Map.of())).fit(joined(data));
    try {
      assertEquals(data.tags().names(), spark.tags());
      Map<String, Row> byTask = new HashMap<>();
      for (Row r : spark.tagSets().collectAsList()) {
        byTask.put(r.getString(0), r);
      }
      assertEquals(data.tasks().size(), byTask.size());
      double worst = 0;
      for (int i = 0; i < core.numTasks(); i++) {
        Row r = byTask.get(core.tasks().name(i));
        double[] p = r.<Vector>getAs("presence").toArray();
        for (int t = 0; t < core.numTags(); t++) {
          worst = Math.max(worst, Math.abs(p[t] - core.presence(i, t)));
        }
        assertEquals(core.joinedTags(i, '|'), String.join("|", r.getList(1)), core.tasks().name(i));
      }
      assertTrue(worst < 1e-9, "largest presence difference " + worst);
    } finally {
      spark.unpersist();
    }
  }

  @Test
  void oneRowPerTagReadsAsJoinedAndAConstantTagNeedsNoFit() {
    Dataset<Row> rows =
        frame(
            List.of(
                RowFactory.create("t1", "w1", "all"),
                RowFactory.create("t1", "w1", "cat"),
                RowFactory.create("t1", "w2", "all"),
                RowFactory.create("t2", "w1", "all|cat"),
                RowFactory.create("t2", "w2", "all"),
                RowFactory.create("t2", "w3", " all | dog ")));
    SparkBinaryRelevance.Result r = new SparkBinaryRelevance(new SparkMajorityVote()).fit(rows);
    try {
      assertEquals(List.of("all", "cat", "dog"), r.tags());
      assertEquals(null, r.model(0));
      Map<String, String> sets = new HashMap<>();
      for (Row row : r.tagSets().collectAsList()) {
        sets.put(row.getString(0), String.join("|", row.getList(1)));
        assertEquals(1.0, row.<Vector>getAs("presence").apply(0));
      }
      assertEquals("all", sets.get("t2"));
    } finally {
      r.unpersist();
    }
  }

  @Test
  void anEmptyTagNamesTheColumn() {
    Dataset<Row> rows = frame(List.of(RowFactory.create("t1", "w1", "a||b")));
    CrowdInputException e =
        assertThrows(
            CrowdInputException.class,
            () -> new SparkBinaryRelevance(new SparkMajorityVote()).fit(rows));
    assertTrue(e.getMessage().contains("column 'label'"), e.getMessage());
  }
}
