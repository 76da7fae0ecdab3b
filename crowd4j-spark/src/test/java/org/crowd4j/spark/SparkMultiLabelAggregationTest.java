package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.multilabel.BinaryRelevance;
import org.crowd4j.multilabel.MultiLabelMetrics;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.MultiLabelSimulator;
import org.crowd4j.multilabel.MultiLabelWriter;
import org.crowd4j.multilabel.TagGold;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aggregate-multilabel --engine spark}: the files and summary of the local command. */
class SparkMultiLabelAggregationTest extends SparkTestBase {
  @TempDir Path dir;

  @Test
  void sameTagSetsProbabilitiesAndMetricsAsTheCore() throws Exception {
    spark();
    MultiLabelSimulator.Simulated sim =
        MultiLabelSimulator.simulate(
            new MultiLabelSimulator.Spec(150, 3, 15, 4, 0.1, 0.5, 0.8, 0.05, 0.3), 5);
    MultiLabelWriter.writeSimulation(dir, sim);
    Path out = dir.resolve("sets.csv");
    SparkMultiLabelAggregation.Outcome outcome =
        SparkMultiLabelAggregation.run(
            new SparkMultiLabelAggregation.Request(
                dir.resolve("answers.csv").toString(),
                null,
                new AnswerColumns("task", "worker", "label", null),
                '|',
                "ds",
                Map.of(),
                dir.resolve("gold.csv").toString(),
                out.toString(),
                null,
                0,
                false));
    MultiLabelResult core = new BinaryRelevance(Methods.create("ds", Map.of())).fit(sim.answers());
    MultiLabelMetrics m = MultiLabelMetrics.of(core, TagGold.of(sim.answers(), sim.truth()));
    MultiLabelMetrics spark = outcome.metrics();
    assertEquals(m.tasks(), spark.tasks());
    assertEquals(m.microF1(), spark.microF1(), 1e-12);
    assertEquals(m.macroF1(), spark.macroF1(), 1e-12);
    assertEquals(m.macroTags(), spark.macroTags());
    assertEquals(m.hammingLoss(), spark.hammingLoss(), 1e-12);
    assertEquals(m.subsetAccuracy(), spark.subsetAccuracy(), 1e-12);
    assertEquals(core.tags().names(), outcome.reported());
    for (int t = 0; t < core.numTags(); t++) {
      int chosen = 0;
      for (int i = 0; i < core.numTasks(); i++) {
        chosen += core.chosen(i, t) ? 1 : 0;
      }
      assertEquals(chosen, outcome.chosen()[t], core.tags().name(t));
      assertEquals(m.tagAccuracy()[t], spark.tagAccuracy()[t], 1e-12);
      assertEquals(m.f1()[t], spark.f1()[t], 1e-12);
    }
    List<String> lines = Files.readAllLines(out);
    assertEquals("task,tags,p_tag0,p_tag1,p_tag2", lines.get(0));
    assertEquals(151, lines.size());
    double worst = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      int i = core.tasks().id(f[0]);
      assertEquals(core.joinedTags(i, '|'), f[1], f[0]);
      for (int t = 0; t < 3; t++) {
        worst = Math.max(worst, Math.abs(Double.parseDouble(f[2 + t]) - core.presence(i, t)));
      }
    }
    assertTrue(worst < 1e-9, "largest difference " + worst);
  }
}
