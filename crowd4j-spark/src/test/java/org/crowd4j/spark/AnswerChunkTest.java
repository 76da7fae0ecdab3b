package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.spark_partition_id;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import scala.Tuple2;

/**
 * The encoding of answers where they are read: tasks land in the partition Spark's own {@code
 * repartition} gives them, and a block is the same whatever the chunking and the order of the rows.
 */
class AnswerChunkTest extends SparkTestBase {

  @Test
  void tasksGoWhereSparksHashPartitioningSendsThem() {
    String[] odd = {"", "a", "é", "\uD83D\uDE00", "tâche 1", "a,b", " x", "\uFF21\u00A0"};
    List<Row> rows = new ArrayList<>();
    for (String s : odd) {
      rows.add(RowFactory.create(s));
    }
    Random random = new Random(3);
    for (int i = 0; i < 2000; i++) {
      rows.add(RowFactory.create("task-" + random.nextInt(1_000_000) + "-" + "x".repeat(i % 13)));
    }
    StructType schema = new StructType().add("t", DataTypes.StringType);
    for (int n : new int[] {1, 4, 7}) {
      Dataset<Row> placed =
          spark()
              .createDataFrame(rows, schema)
              .repartition(n, col("t"))
              .withColumn("p", spark_partition_id());
      for (Row r : placed.collectAsList()) {
        assertEquals(
            r.getInt(1), AnswerChunk.partitionOf(UTF8String.fromString(r.getString(0)), n));
      }
    }
  }

  @Test
  void aBlockDoesNotDependOnTheChunkingOrTheRowOrder() {
    List<InternalRow> rows = new ArrayList<>();
    Random random = new Random(11);
    for (int t = 0; t < 40; t++) {
      String gold = t % 4 == 0 ? "g" + (t % 3) : null;
      for (int a = 0; a < 1 + random.nextInt(5); a++) {
        rows.add(row("t" + t, "w" + random.nextInt(9), "l" + random.nextInt(3), gold));
      }
    }
    rows.add(row(null, "w1", "l1", null));
    rows.add(row("t1", null, "l1", null));
    rows.add(row("t2", "w2", null, null));
    RawBlock whole = block(rows, 1, 1 << 20);
    assertEquals(rows.size(), whole.rows);
    assertEquals(1, whole.nullTasks);
    assertEquals(1, whole.nullWorkers);
    assertEquals(1, whole.nullLabels);
    assertEquals(10, java.util.Arrays.stream(goldNames(whole)).filter(g -> g != null).count());
    for (int flush : new int[] {1, 2, 7}) {
      List<InternalRow> shuffled = new ArrayList<>(rows);
      java.util.Collections.shuffle(shuffled, new Random(flush));
      RawBlock chunked = block(shuffled, 1, flush);
      assertArrayEquals(whole.tasks, chunked.tasks);
      assertArrayEquals(whole.off, chunked.off);
      assertArrayEquals(whole.worker, chunked.worker);
      assertArrayEquals(whole.workers, chunked.workers);
      assertArrayEquals(goldNames(whole), goldNames(chunked));
      assertEquals(labelNames(whole), labelNames(chunked));
      assertEquals(whole.rows, chunked.rows);
    }
  }

  @Test
  void rowsAreSplitByBlockAndNoneIsLost() {
    List<InternalRow> rows = new ArrayList<>();
    for (int t = 0; t < 100; t++) {
      for (int a = 0; a < 3; a++) {
        rows.add(row("task" + t, "w" + a, "x", null));
      }
    }
    int n = 3;
    long total = 0;
    Iterator<Tuple2<Integer, AnswerChunk>> chunks = AnswerChunk.encode(rows.iterator(), n, 50);
    while (chunks.hasNext()) {
      Tuple2<Integer, AnswerChunk> c = chunks.next();
      total += c._2().rows;
      for (int i = 0; i < c._2().tasks.size(); i++) {
        assertEquals((int) c._1(), AnswerChunk.partitionOf(c._2().tasks.get(i), n));
      }
      assertEquals(null, c._2().gold);
    }
    assertEquals(rows.size(), total);
  }

  private static RawBlock block(List<InternalRow> rows, int blocks, int flush) {
    List<AnswerChunk> chunks = new ArrayList<>();
    AnswerChunk.encode(rows.iterator(), blocks, flush).forEachRemaining(t -> chunks.add(t._2()));
    return RawBlock.of(chunks.iterator());
  }

  /** Each task's gold label by name, null for none. */
  private static String[] goldNames(RawBlock b) {
    String[] out = new String[b.gold.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = b.gold[i] < 0 ? null : b.labels[b.gold[i]];
    }
    return out;
  }

  private static List<String> labelNames(RawBlock b) {
    List<String> out = new ArrayList<>();
    for (int l : b.label) {
      out.add(b.labels[l]);
    }
    return out;
  }

  private static InternalRow row(String t, String w, String l, String g) {
    return new GenericInternalRow(new Object[] {utf8(t), utf8(w), utf8(l), utf8(g)});
  }

  private static UTF8String utf8(String s) {
    return s == null ? null : UTF8String.fromString(s);
  }
}
