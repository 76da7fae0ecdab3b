package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.classifier.ClassifierEm;
import org.crowd4j.aggregate.classifier.ClassifierEm.Use;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;
import org.crowd4j.aggregate.classifier.CrowdLab;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance: {@link SparkClassifierEm} gives the core {@link ClassifierEm}'s posteriors within
 * 1e-9, the same labels and iteration counts, on shared crowds with a simulated classifier (both
 * ways, with and without gold), and {@link SparkCrowdLab} the core {@link CrowdLab}'s; its model
 * transforms the fitted answers into its posteriors, saves and loads; bad prediction columns fail
 * with a message naming them.
 */
class SparkClassifierEmTest extends SparkTestBase {
  private static final double TOLERANCE = 1e-9;

  /**
   * A seeded classifier over {@code data}'s tasks: about 85 % of them have probabilities, peaked
   * (mass 0.5 plus noise) on the gold label with chance 0.7 where gold is known, else on a random
   * class.
   */
  private static Simulated simulated(Parity.Data d, long seed) {
    CrowdDataset data = d.core();
    int k = data.numLabels();
    SplittableRandom random = new SplittableRandom(seed);
    List<String> tasks = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    for (int i = 0; i < data.numTasks(); i++) {
      if (random.nextDouble() >= 0.85) {
        continue;
      }
      int peak =
          d.gold().hasKnown(i) && random.nextDouble() < 0.7 ? d.gold().label(i) : random.nextInt(k);
      double[] p = new double[k];
      double sum = 0;
      for (int c = 0; c < k; c++) {
        p[c] = random.nextDouble();
        sum += p[c];
      }
      for (int c = 0; c < k; c++) {
        p[c] = 0.5 * p[c] / sum + (c == peak ? 0.5 : 0);
        values.add(p[c]);
      }
      tasks.add(data.tasks().name(i));
    }
    double[] p = values.stream().mapToDouble(Double::doubleValue).toArray();
    return new Simulated(tasks, p, ClassifierProbabilities.of(tasks, data.labels(), p));
  }

  /**
   * A simulated classifier's raw probabilities ({@code tasks × K}) and the core's record of them.
   */
  private record Simulated(List<String> tasks, double[] values, ClassifierProbabilities core) {}

  /** The answers of {@code d} with the predictions joined on as {@code p_<class>} columns. */
  private static Dataset<Row> withPredictions(Parity.Data d, Simulated p) {
    CrowdDataset data = d.core();
    int k = data.numLabels();
    StructType schema = new StructType().add("ptask", DataTypes.StringType);
    for (String c : data.labels().names()) {
      schema = schema.add("p_" + c, DataTypes.DoubleType);
    }
    List<Row> rows = new ArrayList<>();
    for (int r = 0; r < p.tasks().size(); r++) {
      Object[] row = new Object[k + 1];
      row[0] = p.tasks().get(r);
      for (int c = 0; c < k; c++) {
        row[c + 1] = p.values()[r * k + c];
      }
      rows.add(RowFactory.create(row));
    }
    Dataset<Row> predictions = spark().createDataFrame(rows, schema);
    Dataset<Row> frame = d.frame();
    return frame
        .join(predictions, frame.col("task").equalTo(predictions.col("ptask")), "left")
        .drop("ptask");
  }

  private static void check(String name, Use use, boolean withGold) {
    Parity.Data d = Parity.load(spark(), name);
    Simulated p = simulated(d, 7);
    if (withGold) {
      d = Parity.withHalfGold(spark(), d);
    }
    ClassifierEm.Options options = ClassifierEm.Options.of(use);
    AggregationResult expected =
        new ClassifierEm(p.core(), options)
            .fit(d.core(), withGold ? FitContext.withGold(d.gold()) : FitContext.none());
    SparkClassifierEm estimator = new SparkClassifierEm(options);
    if (withGold) {
      estimator.setGoldCol("gold");
    }
    SparkClassifierEmModel model = estimator.fit(withPredictions(d, p));
    try {
      String what = "classifier-" + use.name().toLowerCase(java.util.Locale.ROOT);
      Parity.Diff diff = Parity.compare(expected, model);
      Parity.record(what + (withGold ? " + gold" : ""), name, diff);
      assertTrue(diff.maxAbs() <= TOLERANCE && diff.labelMismatches() == 0, name + ": " + diff);
      assertEquals(
          expected.diagnostics().iterations(), model.diagnostics().iterations(), "iterations");
      assertTrue(Parity.answerConfusionDiff(expected, d.core(), model) <= TOLERANCE);
      assertEquals(use == Use.ANNOTATOR, model.classifierIsAnnotator());
      if (use == Use.PRIOR) {
        assertNull(model.classifierConfusion());
      }
    } finally {
      model.unpersist();
    }
  }

  @Test
  void classifierAsAnnotatorMatchesTheCore() {
    check("bluebirds", Use.ANNOTATOR, false);
    check("labelme", Use.ANNOTATOR, true);
  }

  @Test
  void classifierAsPriorMatchesTheCore() {
    check("bluebirds", Use.PRIOR, true);
    check("labelme", Use.PRIOR, false);
  }

  @Test
  void crowdLabMatchesTheCoreAndSavesAndLoads(@TempDir Path dir) throws java.io.IOException {
    for (String name : List.of("bluebirds", "labelme")) {
      Parity.Data d = Parity.load(spark(), name);
      Simulated p = simulated(d, 5);
      boolean withGold = name.equals("labelme");
      if (withGold) {
        d = Parity.withHalfGold(spark(), d);
      }
      AggregationResult expected =
          new CrowdLab(p.core())
              .fit(d.core(), withGold ? FitContext.withGold(d.gold()) : FitContext.none());
      SparkCrowdLab estimator = new SparkCrowdLab();
      if (withGold) {
        estimator.setGoldCol("gold");
      }
      Dataset<Row> frame = withPredictions(d, p);
      SparkCrowdLabModel model = estimator.fit(frame);
      try {
        Parity.Diff diff = Parity.compare(expected, model);
        Parity.record("crowdlab" + (withGold ? " + gold" : ""), name, diff);
        assertTrue(diff.maxAbs() <= TOLERANCE && diff.labelMismatches() == 0, name + ": " + diff);
        assertTrue(Parity.answerConfusionDiff(expected, d.core(), model) <= TOLERANCE);
        assertArrayEquals(expected.classPriors(), model.classPriors(), TOLERANCE);
        double[][] fitted = sorted(model.posteriors());
        assertArrayEquals(fitted, sorted(model.transform(frame)));
        String path = dir.resolve(name).toString();
        model.write().overwrite().save(path);
        SparkCrowdLabModel loaded = SparkCrowdLabModel.load(path);
        assertArrayEquals(fitted, sorted(loaded.transform(frame)));
        assertEquals(model.classifierWeight(), loaded.classifierWeight(), 0.0);
      } finally {
        model.unpersist();
      }
    }
  }

  @Test
  void transformOfTheFittedAnswersAndAfterLoadingGiveThePosteriors(@TempDir Path dir)
      throws java.io.IOException {
    Parity.Data d = Parity.load(spark(), "bluebirds");
    Dataset<Row> frame = withPredictions(d, simulated(d, 3));
    SparkClassifierEmModel model = new SparkClassifierEm().setMaxIter(20).fit(frame);
    try {
      double[][] fitted = sorted(model.posteriors());
      assertArrayEquals(fitted, sorted(model.transform(frame)));
      String path = dir.resolve("model").toString();
      model.write().overwrite().save(path);
      SparkClassifierEmModel loaded = SparkClassifierEmModel.load(path);
      assertArrayEquals(fitted, sorted(loaded.transform(frame)));
      assertTrue(loaded.classifierIsAnnotator());
      double[][] c = loaded.classifierConfusion();
      for (double[] row : c) {
        assertEquals(1.0, Arrays.stream(row).sum(), 1e-12);
      }
    } finally {
      model.unpersist();
    }
  }

  private static double[][] sorted(Dataset<Row> scored) {
    return scored.orderBy("task").collectAsList().stream()
        .map(SparkTestBase::probabilities)
        .toArray(double[][]::new);
  }

  private static final StructType SCHEMA =
      new StructType()
          .add("task", DataTypes.StringType)
          .add("worker", DataTypes.StringType)
          .add("label", DataTypes.StringType)
          .add("p_a", DataTypes.DoubleType)
          .add("p_b", DataTypes.DoubleType);

  private static String fails(Object[]... rows) {
    Dataset<Row> frame =
        spark().createDataFrame(Arrays.stream(rows).map(RowFactory::create).toList(), SCHEMA);
    return assertThrows(CrowdInputException.class, () -> new SparkClassifierEm().fit(frame))
        .getMessage();
  }

  @Test
  void badPredictionColumnsNameTheProblem() {
    Dataset<Row> noColumns =
        spark()
            .createDataFrame(
                List.of(RowFactory.create("t1", "w1", "a")),
                new StructType()
                    .add("task", DataTypes.StringType)
                    .add("worker", DataTypes.StringType)
                    .add("label", DataTypes.StringType));
    String none =
        assertThrows(CrowdInputException.class, () -> new SparkClassifierEm().fit(noColumns))
            .getMessage();
    assertTrue(none.contains("no prediction columns 'p_<class>'"), none);

    String twice =
        fails(new Object[] {"t1", "w1", "a", 0.9, 0.1}, new Object[] {"t1", "w2", "b", 0.8, 0.2});
    assertTrue(twice.contains("task 't1' has two different rows"), twice);
    String halfNull =
        fails(new Object[] {"t1", "w1", "a", 0.9, null}, new Object[] {"t2", "w2", "b", 1.0, 0.0});
    assertTrue(halfNull.contains("'p_b' is null"), halfNull);
    String sum =
        fails(new Object[] {"t1", "w1", "a", 0.9, 0.3}, new Object[] {"t2", "w2", "b", 1.0, 0.0});
    assertTrue(sum.contains("sum to"), sum);
  }
}
