package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.CrowdMixture;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.Glad;
import org.crowd4j.aggregate.GladModel;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance of the Spark ML layer: the estimators in a {@link Pipeline}, fitted models saved and
 * loaded (alone and as pipeline stages) with bit-identical output, parity of the probability
 * vectors with the core's posteriors, and the params of estimators saved and read back.
 */
class SparkMlTest extends SparkTestBase {
  @TempDir Path dir;

  /** Every Spark method (the slow ones with fewer iterations: the layer is what is tested). */
  private static List<Supplier<SparkAggregator<?, ?>>> all() {
    return List.of(
        SparkMajorityVote::new,
        () -> new SparkMajorityVote().setSoft(true),
        SparkDawidSkene::new,
        SparkOneCoinDawidSkene::new,
        () -> new SparkGlad().setMaxIter(20),
        () -> new SparkCrowdMixture().setRestarts(1).setMaxIter(30),
        SparkCommonConfusionEm::new);
  }

  /** The rows of a model's output in task order. */
  private static List<Row> sorted(Dataset<Row> scored, String taskCol) {
    return scored.orderBy(taskCol).collectAsList();
  }

  /** Same tasks, same predictions, the same probabilities bit for bit. */
  private static void assertSameOutput(
      Dataset<Row> expected, Dataset<Row> actual, String[] columns, String what) {
    assertEquals(List.of(columns), List.of(actual.columns()), what + ": columns");
    List<Row> a = sorted(expected, columns[0]);
    List<Row> b = sorted(actual, columns[0]);
    assertEquals(a.size(), b.size(), what + ": tasks");
    for (int i = 0; i < a.size(); i++) {
      assertEquals(a.get(i).getString(0), b.get(i).getString(0), what);
      assertEquals(a.get(i).getString(1), b.get(i).getString(1), what + " prediction");
      assertArrayEquals(
          a.get(i).<org.apache.spark.ml.linalg.Vector>getAs(2).toArray(),
          b.get(i).<org.apache.spark.ml.linalg.Vector>getAs(2).toArray(),
          0.0,
          what + " probabilities of " + a.get(i).getString(0));
    }
  }

  private static final String[] DEFAULT_COLUMNS = {"task", "prediction", "probability"};

  @Test
  void pipelinesFitTransformSaveAndLoadWithIdenticalOutputAndTheCoresPosteriors()
      throws IOException {
    Parity.Data d = Parity.load(spark(), "dog");
    Dataset<Row> answers =
        d.frame()
            .withColumnRenamed("task", "item")
            .withColumnRenamed("worker", "annotator")
            .withColumnRenamed("label", "answer");
    String[] columns = {"item", "truth", "posterior"};
    record Case(SparkAggregator<?, ?> estimator, Aggregator core, Class<?> model) {}
    // fewer iterations and restarts than the defaults, the same for the core and Spark
    Glad.Options glad = Glad.Options.defaults();
    glad = new Glad.Options(30, glad.tol(), 1.0, 1.0, glad.betaSteps(), glad.memory());
    CrowdMixture.Options mixture = new CrowdMixture.Options(3, 60, 1e-5, 2, true, true, 0L);
    List<Case> cases =
        List.of(
            new Case(new SparkDawidSkene(), new DawidSkene(), SparkDawidSkeneModel.class),
            new Case(new SparkGlad(glad), new Glad(glad), SparkGladModel.class),
            new Case(
                new SparkCrowdMixture(mixture),
                new CrowdMixture(mixture),
                SparkCrowdMixtureModel.class));
    for (Case c : cases) {
      c.estimator()
          .setTaskCol("item")
          .setWorkerCol("annotator")
          .setLabelCol("answer")
          .setPredictionCol("truth")
          .setProbabilityCol("posterior");
      Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {c.estimator()});
      PipelineModel fitted = pipeline.fit(answers);
      CrowdModel<?> stage = (CrowdModel<?>) fitted.stages()[0];
      String name = stage.method();
      try {
        Dataset<Row> first = fitted.transform(answers);
        assertSameOutput(stage.posteriors(), first, columns, name + ": transform = posteriors");

        Path path = dir.resolve("pipeline-" + name);
        fitted.write().save(path.toString());
        PipelineModel loaded = PipelineModel.load(path.toString());
        CrowdModel<?> loadedStage = (CrowdModel<?>) loaded.stages()[0];
        assertEquals(c.model(), loadedStage.getClass(), name);
        assertEquals(stage.uid(), loadedStage.uid(), name + " uid");
        assertEquals("item", loadedStage.getTaskCol(), name + " params saved");
        assertEquals("posterior", loadedStage.getProbabilityCol(), name + " params saved");
        assertSameOutput(first, loaded.transform(answers), columns, name + ": loaded pipeline");
        assertThrows(IllegalStateException.class, loadedStage::posteriors, name);

        AggregationResult core = c.core().fit(d.core());
        Parity.Diff diff = Parity.compare(core, first.toDF(DEFAULT_COLUMNS), stage.labels());
        assertTrue(diff.maxAbs() <= 1e-9, name + ": " + diff);
        assertEquals(0, diff.labelMismatches(), name + ": " + diff);
      } finally {
        stage.unpersist();
      }
    }
  }

  @Test
  void everyModelSavesAndLoadsAndScoresAnswersBitForBit() throws Exception {
    Parity.Data d = Parity.load(spark(), "bluebirds");
    String known = d.core().workers().name(0);
    Dataset<Row> others =
        d.frame()
            .where("task < '3'")
            .union(
                spark()
                    .createDataFrame(
                        List.of(
                            RowFactory.create("new-task", known, "1"),
                            RowFactory.create("new-task", "somebody new", "0"),
                            RowFactory.create("lonely-task", "somebody new", "1")),
                        new StructType()
                            .add("task", "string")
                            .add("worker", "string")
                            .add("label", "string")));
    for (Supplier<SparkAggregator<?, ?>> s : all()) {
      CrowdModel<?> model = s.get().setNumPartitions(3).fit(d.frame());
      String name = model.method();
      try {
        Path path = dir.resolve(name);
        model.write().save(path.toString());
        CrowdModel<?> back =
            (CrowdModel<?>)
                model.getClass().getMethod("load", String.class).invoke(null, path.toString());
        assertEquals(model.getClass(), back.getClass(), name);
        assertEquals(model.uid(), back.uid(), name);
        assertEquals(3, back.fitPartitions(), name);
        // fitted tasks (at their fitted parameters, e.g. GLAD's β) and new ones
        assertSameOutput(
            model.transform(others), back.transform(others), DEFAULT_COLUMNS, name + ": new");
        assertEquals(
            model.workers().orderBy("worker").collectAsList(),
            back.workers().orderBy("worker").collectAsList(),
            name + ": worker table");
        assertEquals(List.of(model.workers().columns()), List.of(back.workers().columns()));
        assertEquals(model.labels(), back.labels(), name);
        assertEquals(model.numTasks(), back.numTasks(), name);
        assertEquals(model.numAnswers(), back.numAnswers(), name);
        assertEquals(model.numWorkers(), back.numWorkers(), name);
        assertArrayEquals(model.classPriors(), back.classPriors(), 0.0, name);
        assertArrayEquals(model.answerConfusion(), back.answerConfusion(), 0.0, name);
        assertEquals(model.diagnostics().iterations(), back.diagnostics().iterations(), name);
        assertEquals(model.diagnostics().converged(), back.diagnostics().converged(), name);
        assertArrayEquals(
            model.diagnostics().objective(), back.diagnostics().objective(), 0.0, name);
        assertArrayEquals(numbers(model.localWorkerModel()), numbers(back.localWorkerModel()), 0.0);
        if (model instanceof SparkGladModel glad) {
          assertEquals(
              glad.tasks().orderBy("task").collectAsList(),
              ((SparkGladModel) back).tasks().orderBy("task").collectAsList());
        }
      } finally {
        model.unpersist();
      }
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(
          files.noneMatch(f -> f.getFileName().toString().contains("crowd4j-tmp")),
          "no temporary directory left");
    }
  }

  /** Every number of an annotator model, in a fixed order. */
  private static double[] numbers(WorkerModel m) {
    if (m instanceof ConfusionMatrices c) {
      return c.toArray();
    }
    if (m instanceof WorkerSkills s) {
      return s.values();
    }
    if (m instanceof GladModel g) {
      return g.alpha();
    }
    if (m instanceof GroupMixtureModel g) {
      return concat(g.groupWeights(), g.groupConfusions(), g.membership());
    }
    CommonConfusionModel c = (CommonConfusionModel) m;
    return concat(c.common(), c.individual().toArray(), c.omega());
  }

  private static double[] concat(double[]... parts) {
    return Stream.of(parts).flatMapToDouble(java.util.Arrays::stream).toArray();
  }

  @Test
  void aLoadedModelSavesAgainAndSavingRespectsOverwrite() throws Exception {
    Parity.Data d = Parity.load(spark(), "bluebirds");
    SparkGladModel model = new SparkGlad().setMaxIter(20).fit(d.frame());
    try {
      Path first = dir.resolve("first");
      model.save(first.toString());
      IOException exists = assertThrows(IOException.class, () -> model.save(first.toString()));
      assertTrue(exists.getMessage().contains("overwrite()"), exists.getMessage());
      model.write().overwrite().save(first.toString());
      SparkGladModel loaded = SparkGladModel.load(first.toString());
      Path second = dir.resolve("second");
      loaded.save(second.toString());
      SparkGladModel again = SparkGladModel.load(second.toString());
      assertSameOutput(
          model.posteriors(), again.transform(d.frame()), DEFAULT_COLUMNS, "saved twice");
      assertEquals(
          spark().read().parquet(first.resolve("data").toString()).collectAsList(),
          spark().read().parquet(second.resolve("data").toString()).collectAsList());
      assertEquals(
          spark()
              .read()
              .parquet(first.resolve("workers").toString())
              .orderBy("wid")
              .collectAsList(),
          spark()
              .read()
              .parquet(second.resolve("workers").toString())
              .orderBy("wid")
              .collectAsList());
    } finally {
      model.unpersist();
    }
  }

  @Test
  void estimatorsSaveAndLoadTheirParams() throws Exception {
    spark();
    SparkDawidSkene ds =
        new SparkDawidSkene()
            .setMaxIter(17)
            .setTol(1e-7)
            .setFloor(1e-9)
            .setStopping("crowdkit-elbo")
            .setTaskCol("item")
            .setGoldCol("known")
            .setNumPartitions(3)
            .setStorageLevel("DISK_ONLY");
    Path path = dir.resolve("ds-estimator");
    ds.write().save(path.toString());
    SparkDawidSkene back = SparkDawidSkene.load(path.toString());
    assertEquals(ds.uid(), back.uid());
    assertEquals(
        new DawidSkene.Options(17, 1e-7, 1e-9, DawidSkene.Stopping.CROWDKIT_ELBO), back.options());
    assertEquals("item", back.getTaskCol());
    assertEquals("known", back.getGoldCol());
    assertEquals(3, back.getNumPartitions());
    assertEquals("DISK_ONLY", back.getStorageLevel());
    for (Supplier<SparkAggregator<?, ?>> s : all()) {
      SparkAggregator<?, ?> e = s.get();
      Path p = dir.resolve("estimator-" + e.name());
      e.save(p.toString());
      SparkAggregator<?, ?> loaded =
          (SparkAggregator<?, ?>)
              e.getClass().getMethod("load", String.class).invoke(null, p.toString());
      assertEquals(e.getClass(), loaded.getClass());
      assertEquals(e.options(), loaded.options(), e.name());
      assertEquals(e.name(), loaded.name());
    }
    assertEquals(
        new MajorityVote.Options(true, org.crowd4j.aggregate.TieBreak.LOWEST, 0L),
        new SparkMajorityVote().setSoft(true).options());
    assertEquals(
        50,
        ((SparkDawidSkene) SparkMethods.create("ds", java.util.Map.of("maxIterations", "50")))
            .getMaxIter());
  }

  @Test
  void loadingWhatIsNotSuchAModelNamesTheProblem() throws Exception {
    spark();
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () -> SparkDawidSkeneModel.load(dir.resolve("nothing").toString()));
    assertTrue(
        none.getMessage().contains("no crowd4j model at") && none.getMessage().contains("metadata"),
        none.getMessage());
    Parity.Data d = Parity.load(spark(), "bluebirds");
    SparkMajorityVoteModel mv = new SparkMajorityVote().fit(d.frame());
    Path path = dir.resolve("mv");
    try {
      mv.save(path.toString());
    } finally {
      mv.unpersist();
    }
    Exception other =
        assertThrows(Exception.class, () -> SparkDawidSkeneModel.load(path.toString()));
    assertTrue(
        other.getMessage().contains(SparkMajorityVoteModel.class.getName())
            && other.getMessage().contains(SparkDawidSkeneModel.class.getName()),
        other.getMessage());
    assertFalse(SparkMajorityVoteModel.load(path.toString()).soft());
  }
}
