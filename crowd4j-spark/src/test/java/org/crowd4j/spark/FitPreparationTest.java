package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

/**
 * The one-pass preparation of a fit on a small crowd with awkward names (accents, a character
 * outside the BMP, commas, spaces, prefixes of one another), repeated answers, numeric labels that
 * sort as numbers, and gold on some rows of some tasks: the same posteriors as the core, dense
 * worker ids in name order, the same bits with the distributed worker numbering and with the
 * general path that scores new answers.
 */
class FitPreparationTest extends SparkTestBase {
  private static final String[] WORKERS = {
    "w",
    "w1",
    "w10",
    "w2",
    "émile",
    "Zoë",
    "a,b",
    " lead space",
    "\uD83D\uDE00 smile",
    "ω",
    "\uFF21",
    "w\u00A0nbsp"
  };
  private static final String[] LABELS = {"2", "10", "9"};

  private record Crowd(Dataset<Row> frame, CrowdDataset core, Gold gold) {}

  private static Crowd crowd() {
    Random random = new Random(7);
    List<Row> rows = new ArrayList<>();
    CrowdDataset.Builder core = CrowdDataset.builder();
    Map<String, String> goldOf = new HashMap<>();
    List<String> tasks = new ArrayList<>();
    for (int t = 0; t < 60; t++) {
      String task = (t % 3 == 0 ? "tâche " : "t") + t;
      tasks.add(task);
      int truth = random.nextInt(LABELS.length);
      String gold = t % 5 == 0 ? LABELS[truth] : null;
      if (gold != null) {
        goldOf.put(task, gold);
      }
      int answers = 3 + random.nextInt(5);
      for (int a = 0; a < answers; a++) {
        String worker = WORKERS[random.nextInt(WORKERS.length)];
        String label =
            random.nextDouble() < 0.7 ? LABELS[truth] : LABELS[random.nextInt(LABELS.length)];
        int copies = a == 0 && t % 7 == 0 ? 2 : 1; // a repeated answer
        for (int c = 0; c < copies; c++) {
          // gold on the first answer row of the task only (null on the others)
          rows.add(RowFactory.create(task, worker, label, a == 0 ? gold : null));
          core.add(task, worker, label);
        }
      }
    }
    StructType schema =
        new StructType()
            .add("task", DataTypes.StringType)
            .add("worker", DataTypes.StringType)
            .add("label", DataTypes.StringType)
            .add("gold", DataTypes.StringType);
    CrowdDataset data = core.build();
    int[] gold = new int[data.numTasks()];
    for (int i = 0; i < gold.length; i++) {
      String g = goldOf.get(data.tasks().name(i));
      gold[i] = g == null ? -1 : data.labels().id(g);
    }
    return new Crowd(spark().createDataFrame(rows, schema), data, Gold.ofIds(gold));
  }

  @Test
  void oddNamesRepeatsAndGoldGiveTheCoresFit() {
    Crowd c = crowd();
    AggregationResult core = new DawidSkene().fit(c.core(), FitContext.withGold(c.gold()));
    CrowdModel<?> broadcast = new SparkDawidSkene().setGoldCol("gold").fit(c.frame());
    CrowdModel<?> sorted =
        new SparkDawidSkene().setGoldCol("gold").setWorkerBroadcastLimit(0).fit(c.frame());
    CrowdModel<?> three =
        new SparkDawidSkene().setGoldCol("gold").setNumPartitions(3).fit(c.frame());
    // more names over the three blocks than the limit, but no more distinct workers
    CrowdModel<?> distinct =
        new SparkDawidSkene()
            .setGoldCol("gold")
            .setNumPartitions(3)
            .setWorkerBroadcastLimit(WORKERS.length)
            .fit(c.frame());
    try {
      assertEquals(c.core().labels().names(), broadcast.labels(), "the core's label order");
      Parity.Diff diff = Parity.compare(core, broadcast);
      assertTrue(diff.maxAbs() < 1e-9 && diff.labelMismatches() == 0, diff.toString());
      Parity.Diff diff3 = Parity.compare(core, three);
      assertTrue(diff3.maxAbs() < 1e-9 && diff3.labelMismatches() == 0, diff3.toString());
      assertEquals(core.diagnostics().iterations(), broadcast.diagnostics().iterations());

      List<String> names = new ArrayList<>(new TreeSet<>(List.of(WORKERS)));
      List<Row> index = broadcast.workerIndex().orderBy("wid").collectAsList();
      assertEquals(names.size(), index.size());
      for (int w = 0; w < index.size(); w++) {
        assertEquals(names.get(w), index.get(w).getString(0), "worker ids in name order");
        assertEquals(w, index.get(w).getInt(1), "dense worker ids");
      }
      assertEquals(index, sorted.workerIndex().orderBy("wid").collectAsList());

      Map<String, List<Double>> posteriors = byTask(broadcast.posteriors());
      assertEquals(posteriors, byTask(sorted.posteriors()), "distributed numbering: same bits");
      assertEquals(
          posteriors, byTask(broadcast.transform(c.frame())), "the general path: same bits");
      assertEquals(60, posteriors.size());
      assertEquals(byTask(three.posteriors()), byTask(distinct.posteriors()));
      assertEquals(index, distinct.workerIndex().orderBy("wid").collectAsList());
    } finally {
      distinct.unpersist();
      broadcast.unpersist();
      sorted.unpersist();
      three.unpersist();
    }
  }

  @Test
  void theOrderOfTheRowsDoesNotChangeTheFit() {
    Crowd c = crowd();
    Dataset<Row> mixed = c.frame().orderBy(org.apache.spark.sql.functions.rand(3)).repartition(3);
    CrowdModel<?> a = new SparkDawidSkene().setGoldCol("gold").setNumPartitions(2).fit(c.frame());
    CrowdModel<?> b = new SparkDawidSkene().setGoldCol("gold").setNumPartitions(2).fit(mixed);
    try {
      assertEquals(byTask(a.posteriors()), byTask(b.posteriors()), "the same blocks: same bits");
    } finally {
      a.unpersist();
      b.unpersist();
    }
  }
}
