package org.crowd4j.spark;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.pairwise.PairWins;

/**
 * Counts the wins of every pair of items in a comparisons DataFrame on the executors, checks the
 * rows on the way, and returns them to the driver as the core's {@link PairWins}.
 *
 * <p>One pass over the input: an aggregation by unordered pair of item names (Spark adds the rows
 * up within each input partition first, so only one row per pair and partition is shuffled) gives
 * per pair the comparisons, the wins of either item and the counts of bad rows (null ids, an item
 * compared with itself, a label that names neither item). The pair table, a row per pair, is
 * cached; a summary of it is checked on the driver; its distinct items, sorted by name, are the
 * dictionary (item ids in name order); and every partition of it becomes primitive arrays of ids
 * and wins (the names looked up by binary search in the broadcast dictionary), which the driver
 * folds into {@link PairWins}. The driver holds the items and the pairs, never a comparison: {@code
 * O(items + pairs)} memory, a few hundred MB for millions of items and pairs.
 */
final class PairTally {
  private PairTally() {}

  /** The counted wins and the number of comparisons. */
  record Counted(PairWins wins, long comparisons) {}

  /**
   * Counts the comparisons of {@code frame}. The aggregation by pair uses only sums, so that Spark
   * runs it as a hash aggregation with partial sums per input partition.
   *
   * @throws CrowdInputException naming the column for null ids or labels, an item compared with
   *     itself, a label that names neither item, or no rows
   */
  static Counted tally(Dataset<Row> frame, ComparisonColumns cols) {
    Column l = col("l");
    Column r = col("r");
    Column w = col("w");
    Column complete = l.isNotNull().and(r.isNotNull()).and(w.isNotNull());
    Column bad = complete.and(w.notEqual(l)).and(w.notEqual(r));
    Column self = l.isNotNull().and(l.equalTo(r));
    Dataset<Row> selected =
        frame.select(
            col(cols.left()).cast("string").as("l"),
            col(cols.right()).cast("string").as("r"),
            col(cols.label()).cast("string").as("w"));
    Dataset<Row> pairs =
        selected
            .groupBy(least(l, r).as("a"), greatest(l, r).as("b"))
            .agg(
                count(lit(1)).as("n"),
                indicator(l.isNull()).as("nullLeft"),
                indicator(r.isNull()).as("nullRight"),
                indicator(w.isNull()).as("nullLabel"),
                indicator(self).as("self"),
                indicator(bad).as("bad"),
                indicator(complete.and(w.equalTo(least(l, r)))).as("winsA"),
                indicator(complete.and(w.equalTo(greatest(l, r)))).as("winsB"))
            .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      long total = check(pairs, cols, selected.filter(bad));
      String[] names =
          pairs
              .select(explode(array(col("a"), col("b"))).as("item"))
              .distinct()
              .collectAsList()
              .stream()
              .map(row -> row.getString(0))
              .sorted()
              .toArray(String[]::new);
      Broadcast<String[]> dictionary =
          new org.apache.spark.api.java.JavaSparkContext(frame.sparkSession().sparkContext())
              .broadcast(names);
      try {
        List<Block> blocks =
            pairs
                .select(col("a"), col("b"), col("winsA"), col("winsB"))
                .javaRDD()
                .mapPartitions(new BlockBuilder(dictionary))
                .collect();
        PairWins wins = fold(Vocabulary.of(names), blocks);
        return new Counted(wins, total);
      } finally {
        dictionary.destroy();
      }
    } finally {
      pairs.unpersist(false);
    }
  }

  private static Column indicator(Column condition) {
    return sum(when(condition, 1L).otherwise(0L));
  }

  /**
   * Checks the pair table's summary; returns the number of comparisons. {@code badRows}, the rows
   * whose label names neither item, is read only to quote one of them in the error.
   */
  private static long check(Dataset<Row> pairs, ComparisonColumns cols, Dataset<Row> badRows) {
    Row s =
        pairs
            .agg(
                sum(col("n")),
                sum(col("nullLeft")),
                sum(col("nullRight")),
                sum(col("nullLabel")),
                sum(col("self")),
                min(when(col("self").gt(0), col("a"))),
                sum(col("bad")))
            .first();
    long total = s.isNullAt(0) ? 0 : s.getLong(0);
    if (total == 0) {
      throw new CrowdInputException("no comparisons: the DataFrame is empty");
    }
    nulls(s.getLong(1), "left", cols.left(), total);
    nulls(s.getLong(2), "right", cols.right(), total);
    nulls(s.getLong(3), "label", cols.label(), total);
    if (s.getLong(4) > 0) {
      throw new CrowdInputException(
          "the left column '"
              + cols.left()
              + "' and the right column '"
              + cols.right()
              + "' hold the same item in "
              + s.getLong(4)
              + " of "
              + total
              + " rows, e.g. '"
              + s.getString(5)
              + "': an item cannot be compared with itself");
    }
    if (s.getLong(6) > 0) {
      Row e = badRows.agg(min(struct(col("w"), col("l"), col("r")))).first().getStruct(0);
      throw new CrowdInputException(
          "the label column '"
              + cols.label()
              + "' names neither the left nor the right item in "
              + s.getLong(6)
              + " of "
              + total
              + " rows, e.g. '"
              + e.getString(0)
              + "' for the left item '"
              + e.getString(1)
              + "' and the right item '"
              + e.getString(2)
              + "' (the label is the winner's id; ties are not supported)");
    }
    return total;
  }

  private static void nulls(long n, String role, String column, long total) {
    if (n > 0) {
      throw new CrowdInputException(
          "the " + role + " column '" + column + "' is null in " + n + " of " + total + " rows");
    }
  }

  /** The blocks' entries, in partition order, folded into pair wins. */
  private static PairWins fold(Vocabulary items, List<Block> blocks) {
    int size = 0;
    for (Block b : blocks) {
      size = Math.addExact(size, b.first.length);
    }
    int[] first = new int[size];
    int[] second = new int[size];
    int[] firstWins = new int[size];
    int[] secondWins = new int[size];
    int at = 0;
    for (Block b : blocks) {
      int n = b.first.length;
      System.arraycopy(b.first, 0, first, at, n);
      System.arraycopy(b.second, 0, second, at, n);
      System.arraycopy(b.firstWins, 0, firstWins, at, n);
      System.arraycopy(b.secondWins, 0, secondWins, at, n);
      at += n;
    }
    try {
      return PairWins.of(items, first, second, firstWins, secondWins);
    } catch (ArithmeticException e) {
      throw new CrowdInputException(
          "more than " + Integer.MAX_VALUE + " comparisons of one item or pair: " + e.getMessage());
    }
  }

  /** One partition of the pair table as item ids and wins. */
  static final class Block implements Serializable {
    private static final long serialVersionUID = 1L;
    final int[] first;
    final int[] second;
    final int[] firstWins;
    final int[] secondWins;

    Block(int[] first, int[] second, int[] firstWins, int[] secondWins) {
      this.first = first;
      this.second = second;
      this.firstWins = firstWins;
      this.secondWins = secondWins;
    }
  }

  /** Reads a partition of {@code (a, b, winsA, winsB)} rows into one {@link Block}. */
  private static final class BlockBuilder implements FlatMapFunction<Iterator<Row>, Block> {
    private static final long serialVersionUID = 1L;
    private final Broadcast<String[]> dictionary;

    BlockBuilder(Broadcast<String[]> dictionary) {
      this.dictionary = dictionary;
    }

    @Override
    public Iterator<Block> call(Iterator<Row> rows) {
      String[] names = dictionary.value();
      int[] first = new int[64];
      int[] second = new int[64];
      int[] firstWins = new int[64];
      int[] secondWins = new int[64];
      int n = 0;
      while (rows.hasNext()) {
        Row row = rows.next();
        if (n == first.length) {
          first = Arrays.copyOf(first, 2 * n);
          second = Arrays.copyOf(second, 2 * n);
          firstWins = Arrays.copyOf(firstWins, 2 * n);
          secondWins = Arrays.copyOf(secondWins, 2 * n);
        }
        first[n] = id(names, row.getString(0));
        second[n] = id(names, row.getString(1));
        firstWins[n] = wins(row.getLong(2));
        secondWins[n] = wins(row.getLong(3));
        n++;
      }
      List<Block> out = new ArrayList<>(1);
      out.add(
          new Block(
              Arrays.copyOf(first, n),
              Arrays.copyOf(second, n),
              Arrays.copyOf(firstWins, n),
              Arrays.copyOf(secondWins, n)));
      return out.iterator();
    }

    private static int id(String[] names, String name) {
      int i = Arrays.binarySearch(names, name);
      if (i < 0) {
        throw new IllegalStateException("item '" + name + "' is not in the dictionary");
      }
      return i;
    }

    private static int wins(long n) {
      if (n > Integer.MAX_VALUE) {
        throw new CrowdInputException(
            "more than " + Integer.MAX_VALUE + " comparisons of one pair of items");
      }
      return (int) n;
    }
  }
}
