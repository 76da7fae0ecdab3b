package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading answers from CSV and Parquet, writing posteriors to CSV and Parquet. */
class IoTest extends SparkTestBase {
  @TempDir Path dir;

  @Test
  void csvAndParquetGiveTheSameFitAndOutputsRoundTrip() throws Exception {
    Parity.Data d = Parity.load(spark(), "dog");
    Path parquet = dir.resolve("answers.parquet");
    d.frame().write().parquet(parquet.toString());
    Dataset<Row> fromParquet = SparkCrowd.read(spark(), parquet.toString(), null);
    Dataset<Row> fromCsv = SparkCrowd.read(spark(), Parity.answersPath("dog").toString(), null);
    CrowdModel a = new SparkDawidSkene().fit(fromCsv);
    CrowdModel b = new SparkDawidSkene().fit(fromParquet);
    try {
      List<Row> pa = a.posteriors().orderBy("task").collectAsList();
      List<Row> pb = b.posteriors().orderBy("task").collectAsList();
      assertEquals(pa, pb);

      Path csv = dir.resolve("out").resolve("labels.csv");
      Files.createDirectories(csv.getParent());
      SparkCrowd.writePosteriors(a.posteriors(), a.labels(), csv.toString());
      List<String> lines = Files.readAllLines(csv);
      assertEquals("task,label,p_0,p_1,p_2,p_3", lines.get(0));
      assertEquals(a.numTasks() + 1, lines.size());
      try (Stream<Path> files = Files.list(csv.getParent())) {
        assertEquals(List.of(csv), files.toList(), "one file, no side files");
      }
      Path out = dir.resolve("labels.parquet");
      SparkCrowd.writePosteriors(a.posteriors(), a.labels(), out.toString());
      List<Row> back = spark().read().parquet(out.toString()).orderBy("task").collectAsList();
      assertEquals(pa, back);
      assertFalse(Files.exists(dir.resolve(".labels.csv.crowd4j-tmp")));
      assertTrue(Files.isDirectory(out));
    } finally {
      a.unpersist();
      b.unpersist();
    }
  }
}
