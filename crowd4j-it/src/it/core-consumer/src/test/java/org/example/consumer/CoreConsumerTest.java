package org.example.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a project that depends on crowd4j-core alone can do, and what it does not get. */
class CoreConsumerTest {
  @Test
  void dawidSkeneOnACsv(@TempDir Path dir) throws Exception {
    // three careful annotators and one who always answers "cat"
    StringBuilder csv = new StringBuilder("task,worker,label\n");
    String[] truth = {"cat", "dog", "dog", "cat", "dog", "cat", "dog", "dog"};
    for (int t = 0; t < truth.length; t++) {
      for (String w : List.of("ann", "bob", "cy")) {
        csv.append("t").append(t).append(',').append(w).append(',').append(truth[t]).append('\n');
      }
      csv.append("t").append(t).append(",zed,cat\n");
    }
    Path answers = dir.resolve("answers.csv");
    Files.writeString(answers, csv);

    CrowdDataset data = CrowdReader.readAnswers(answers);
    AggregationResult result = new DawidSkene().fit(data);

    int[] labels = result.labels();
    assertEquals(truth.length, labels.length);
    for (int i = 0; i < labels.length; i++) {
      int t = Integer.parseInt(data.tasks().name(i).substring(1));
      assertEquals(truth[t], data.labels().name(labels[i]), data.tasks().name(i));
    }
    assertEquals(System.getProperty("crowd4j.project.version"), result.provenance().library());
  }

  @Test
  void noDeepLearningSparkChartsOrCommandLine() {
    for (String name :
        List.of(
            "ai.djl.engine.Engine",
            "org.apache.spark.sql.SparkSession",
            "org.jfree.chart.JFreeChart",
            "picocli.CommandLine",
            "com.fasterxml.jackson.databind.ObjectMapper",
            "org.crowd4j.nn.Conal",
            "org.crowd4j.cli.Main")) {
      assertThrows(ClassNotFoundException.class, () -> Class.forName(name), name);
    }
  }
}
