package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
    CrowdModel<?> a = new SparkDawidSkene().fit(fromCsv);
    CrowdModel<?> b = new SparkDawidSkene().fit(fromParquet);
    try {
      List<Row> pa = a.posteriors().orderBy("task").collectAsList();
      List<Row> pb = b.posteriors().orderBy("task").collectAsList();
      assertEquals(pa, pb);

      Path csv = dir.resolve("out").resolve("labels.csv");
      Files.createDirectories(csv.getParent());
      SparkCrowd.writePosteriors(a, a.posteriors(), csv.toString());
      List<String> lines = Files.readAllLines(csv);
      assertEquals("task,label,p_0,p_1,p_2,p_3", lines.get(0));
      assertEquals(a.numTasks() + 1, lines.size());
      try (Stream<Path> files = Files.list(csv.getParent())) {
        assertEquals(List.of(csv), files.toList(), "one file, no side files");
      }
      Path out = dir.resolve("labels.parquet");
      SparkCrowd.writePosteriors(a, a.posteriors(), out.toString());
      List<Row> back = spark().read().parquet(out.toString()).orderBy("task").collectAsList();
      assertEquals(pa.size(), back.size());
      for (int i = 0; i < pa.size(); i++) {
        Row r = back.get(i);
        double[] p = probabilities(pa.get(i));
        assertEquals(pa.get(i).getString(0), r.getAs("task"));
        assertEquals(pa.get(i).getString(1), r.getAs("label"));
        List<Double> posterior = r.getList(r.fieldIndex("posterior"));
        assertEquals(p.length, posterior.size());
        double max = 0;
        for (int c = 0; c < p.length; c++) {
          assertEquals(p[c], posterior.get(c), 0.0, "the posterior as written");
          max = Math.max(max, p[c]);
        }
        assertEquals(max, r.<Double>getAs("probability"), 0.0);
      }
      List<String> csvRow = List.of(lines.get(1).split(","));
      Row first =
          a.posteriors()
              .where(org.apache.spark.sql.functions.col("task").equalTo(csvRow.get(0)))
              .first();
      assertEquals(first.getString(1), csvRow.get(1));
      for (int c = 0; c < 4; c++) {
        assertEquals(probabilities(first)[c], Double.parseDouble(csvRow.get(2 + c)), 0.0);
      }
      assertFalse(Files.exists(dir.resolve(".labels.csv.crowd4j-tmp")));
      assertTrue(Files.isDirectory(out));
    } finally {
      a.unpersist();
      b.unpersist();
    }
  }

  @Test
  void csvSchemaFromTheHeaderLineAndRowEstimate() throws Exception {
    Path csv = dir.resolve("small.csv");
    Files.writeString(csv, "task,worker,label\nt1,w1,a\nt1,w2,b\nt2,w1,a\n");
    Dataset<Row> frame = SparkCrowd.read(spark(), csv.toString(), null);
    assertEquals(List.of("task", "worker", "label"), List.of(frame.columns()));
    assertEquals(3, frame.count());
    assertEquals(3, CsvRowEstimate.rows(frame), "a small file is read whole");
    assertEquals(3, CsvRowEstimate.rows(frame.select(col("task").as("t"), col("label"))));
    assertEquals(-1, CsvRowEstimate.rows(frame.where(col("label").equalTo("a"))), "filtered");

    Path quoted = dir.resolve("quoted.csv");
    Files.writeString(quoted, "\"task\",worker,label\nt1,w1,a\n");
    assertNull(SparkCrowd.csvSchema(spark(), quoted.toString(), ','), "Spark reads this header");
    assertEquals(
        List.of("task", "worker", "label"),
        List.of(SparkCrowd.read(spark(), quoted.toString(), null).columns()));

    Path large = dir.resolve("large.csv");
    StringBuilder text = new StringBuilder("task,worker,label\n");
    int rows = 300_000;
    for (int i = 0; i < rows; i++) {
      text.append('t').append(i / 10).append(",w").append(i % 997).append(',').append(i % 4);
      text.append('\n');
    }
    Files.writeString(large, text);
    long estimate = CsvRowEstimate.rows(SparkCrowd.read(spark(), large.toString(), null));
    assertTrue(Math.abs(estimate - rows) < rows / 20, "estimated " + estimate + " rows");

    Path parquet = dir.resolve("small.parquet");
    frame.write().parquet(parquet.toString());
    assertEquals(-1, CsvRowEstimate.rows(SparkCrowd.read(spark(), parquet.toString(), null)));
  }
}
