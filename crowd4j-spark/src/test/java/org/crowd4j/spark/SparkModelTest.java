package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.CommonConfusionEm;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.CrowdMixture;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.Glad;
import org.crowd4j.aggregate.GladModel;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.OneCoinDawidSkene;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

/** The fitted model: annotator parameters as the core's, transform, determinism, lineage. */
class SparkModelTest extends SparkTestBase {
  private static final double TOL = 1e-9;

  private static List<Supplier<SparkAggregator<?, ?>>> all() {
    return List.of(
        SparkMajorityVote::new,
        () -> new SparkMajorityVote(MajorityVote.Options.softDefaults()),
        SparkDawidSkene::new,
        SparkOneCoinDawidSkene::new,
        SparkGlad::new,
        SparkCrowdMixture::new,
        SparkCommonConfusionEm::new);
  }

  /**
   * {@code stage} with at most {@value #FEW} iterations when it iterates: for checks that hold
   * after any number of iterations (transform, grouped sums), without a fit to convergence.
   */
  private static SparkAggregator<?, ?> few(SparkAggregator<?, ?> stage) {
    if (stage instanceof HasMaxIter<?> iterating) {
      iterating.setMaxIter(FEW);
    }
    return stage;
  }

  private static final int FEW = 8;

  /** Global worker id of every worker name of the core's dataset. */
  private static int[] sparkIds(CrowdModel<?> model, Parity.Data d) {
    Map<String, Integer> ids = new HashMap<>();
    for (Row r : model.workerIndex().collectAsList()) {
      ids.put(r.getString(0), r.getInt(1));
    }
    int[] out = new int[d.core().numWorkers()];
    for (int w = 0; w < out.length; w++) {
      out[w] = ids.get(d.core().workers().name(w));
    }
    return out;
  }

  @Test
  void transformOfTheFittedAnswersIsThePosteriors() {
    Parity.Data d = Parity.load(spark(), "dog");
    for (Supplier<SparkAggregator<?, ?>> s : all()) {
      CrowdModel<?> model = few(s.get()).fit(d.frame());
      try {
        assertEquals(
            byTask(model.posteriors()), byTask(model.transform(d.frame())), model.method());
      } finally {
        model.unpersist();
      }
    }
  }

  @Test
  void annotatorModelsEqualTheCore() {
    Parity.Data d = Parity.load(spark(), "labelme");
    int k = d.core().numLabels();

    AggregationResult ds = new DawidSkene().fit(d.core(), FitContext.none());
    CrowdModel<?> sds = new SparkDawidSkene().fit(d.frame());
    int[] ids = sparkIds(sds, d);
    ConfusionMatrices a = (ConfusionMatrices) ds.workers();
    ConfusionMatrices b = (ConfusionMatrices) sds.localWorkerModel();
    for (int w = 0; w < ids.length; w++) {
      for (int c = 0; c < k; c++) {
        assertArrayEquals(a.matrix(w)[c], b.matrix(ids[w])[c], TOL);
      }
    }
    assertArrayEquals(ds.classPriors(), sds.classPriors(), TOL);
    Row row = sds.workers().where("worker = '" + d.core().workers().name(0) + "'").first();
    assertEquals(d.core().workerSize(0), row.getInt(1));
    assertEquals(a.skill(0), row.getDouble(2), TOL);
    List<scala.collection.Seq<Double>> confusion = row.getList(3);
    assertEquals(a.get(0, 1, 2), confusion.get(1).apply(2), TOL);
    assertEquals(d.core().numWorkers(), sds.workers().count());
    sds.unpersist();

    AggregationResult oc = new OneCoinDawidSkene().fit(d.core(), FitContext.none());
    CrowdModel<?> soc = new SparkOneCoinDawidSkene().fit(d.frame());
    double[] sk = ((WorkerSkills) soc.localWorkerModel()).values();
    for (int w = 0; w < ids.length; w++) {
      assertEquals(oc.workers().skill(w), sk[ids[w]], TOL);
    }
    soc.unpersist();

    AggregationResult gl = new Glad().fit(d.core(), FitContext.none());
    SparkGladModel sgl = new SparkGlad().fit(d.frame());
    double[] alpha = ((GladModel) sgl.localWorkerModel()).alpha();
    GladModel core = (GladModel) gl.workers();
    for (int w = 0; w < ids.length; w++) {
      assertEquals(core.alpha()[w], alpha[ids[w]], TOL);
    }
    Map<String, Double> beta = new HashMap<>();
    for (Row r : sgl.tasks().collectAsList()) {
      beta.put(r.getString(0), r.getDouble(1));
    }
    assertEquals(d.core().numTasks(), beta.size());
    for (int i = 0; i < d.core().numTasks(); i++) {
      assertEquals(core.beta()[i], beta.get(d.core().tasks().name(i)), TOL);
    }
    Row glRow = sgl.workers().where("worker = '" + d.core().workers().name(0) + "'").first();
    assertEquals(core.alpha()[0], glRow.getDouble(2), TOL);
    sgl.unpersist();

    AggregationResult cm = new CrowdMixture().fit(d.core(), FitContext.none());
    CrowdModel<?> scm = new SparkCrowdMixture().fit(d.frame());
    GroupMixtureModel gc = (GroupMixtureModel) cm.workers();
    GroupMixtureModel gs = (GroupMixtureModel) scm.localWorkerModel();
    assertArrayEquals(gc.groupWeights(), gs.groupWeights(), TOL);
    assertArrayEquals(gc.groupConfusions(), gs.groupConfusions(), TOL);
    int groups = gc.numGroups();
    for (int w = 0; w < ids.length; w++) {
      for (int g = 0; g < groups; g++) {
        assertEquals(gc.membership()[w * groups + g], gs.membership()[ids[w] * groups + g], TOL);
      }
    }
    scm.unpersist();

    AggregationResult ce = new CommonConfusionEm().fit(d.core(), FitContext.none());
    CrowdModel<?> sce = new SparkCommonConfusionEm().fit(d.frame());
    CommonConfusionModel cc = (CommonConfusionModel) ce.workers();
    CommonConfusionModel cs = (CommonConfusionModel) sce.localWorkerModel();
    assertArrayEquals(cc.common(), cs.common(), TOL);
    for (int w = 0; w < ids.length; w++) {
      for (int c = 0; c < k; c++) {
        assertArrayEquals(cc.individual().matrix(w)[c], cs.individual().matrix(ids[w])[c], TOL);
      }
      // the core keeps ω per answer; every answer of a worker carries the worker's ω
      int first = d.core().workerAnswer(d.core().workerStart(w));
      assertEquals(cc.omega()[first], cs.omega()[ids[w]], TOL);
    }
    sce.unpersist();

    AggregationResult mv = new MajorityVote().fit(d.core(), FitContext.none());
    CrowdModel<?> smv = new SparkMajorityVote().fit(d.frame());
    double[] agreement = ((WorkerSkills) smv.localWorkerModel()).values();
    for (int w = 0; w < ids.length; w++) {
      assertEquals(mv.workers().skill(w), agreement[ids[w]], 0.0);
    }
    smv.unpersist();
  }

  @Test
  void resultsAreBitStableAndNearlyIndependentOfThePartitioning() {
    Parity.Data d = Parity.load(spark(), "adult");
    CrowdModel<?> a = new SparkDawidSkene().setNumPartitions(3).fit(d.frame());
    CrowdModel<?> b = new SparkDawidSkene().setNumPartitions(3).fit(d.frame());
    CrowdModel<?> c = new SparkDawidSkene().setNumPartitions(4).fit(d.frame());
    try {
      assertEquals(3, a.fitPartitions());
      Map<String, List<Double>> pa = byTask(a.posteriors());
      assertEquals(pa, byTask(b.posteriors()), "same partitions: the same bits");
      assertArrayEquals(a.diagnostics().objective(), b.diagnostics().objective(), 0.0);
      Map<String, List<Double>> pc = byTask(c.posteriors());
      double max = 0;
      for (Map.Entry<String, List<Double>> e : pa.entrySet()) {
        List<Double> q = pc.get(e.getKey());
        for (int j = 0; j < q.size(); j++) {
          max = Math.max(max, Math.abs(q.get(j) - e.getValue().get(j)));
        }
      }
      assertTrue(max < TOL, "another partitioning changes rounding only: " + max);
    } finally {
      a.unpersist();
      b.unpersist();
      c.unpersist();
    }
  }

  @Test
  void manyWorkersAreNumberedByADistributedSortWithTheSameResult() {
    Parity.Data d = Parity.load(spark(), "snow-rte");
    CrowdModel<?> local = new SparkDawidSkene().fit(d.frame());
    CrowdModel<?> sorted = new SparkDawidSkene().setWorkerBroadcastLimit(10).fit(d.frame());
    try {
      assertTrue(d.core().numWorkers() > 10);
      assertEquals(byTask(local.posteriors()), byTask(sorted.posteriors()));
      assertEquals(
          local.workerIndex().orderBy("wid").collectAsList(),
          sorted.workerIndex().orderBy("wid").collectAsList());
    } finally {
      local.unpersist();
      sorted.unpersist();
    }
  }

  @Test
  void sumsAddedInGroupsOnTheExecutorsGiveTheSameFit() {
    Parity.Data d = Parity.load(spark(), "crowdtruth-mre-cause");
    for (Supplier<SparkAggregator<?, ?>> s :
        List.<Supplier<SparkAggregator<?, ?>>>of(
            SparkDawidSkene::new, SparkOneCoinDawidSkene::new, SparkGlad::new)) {
      CrowdModel<?> direct = few(s.get().setNumPartitions(6)).fit(d.frame());
      CrowdModel<?> grouped = few(s.get().setNumPartitions(6).setTreeReduceAbove(0)).fit(d.frame());
      CrowdModel<?> again = few(s.get().setNumPartitions(6).setTreeReduceAbove(0)).fit(d.frame());
      try {
        Map<String, List<Double>> a = byTask(direct.posteriors());
        Map<String, List<Double>> b = byTask(grouped.posteriors());
        assertEquals(b, byTask(again.posteriors()), "grouped sums: the same bits every time");
        double max = 0;
        for (Map.Entry<String, List<Double>> e : a.entrySet()) {
          for (int j = 0; j < e.getValue().size(); j++) {
            max = Math.max(max, Math.abs(e.getValue().get(j) - b.get(e.getKey()).get(j)));
          }
        }
        assertTrue(max < TOL, direct.method() + ": " + max);
        assertEquals(direct.diagnostics().iterations(), grouped.diagnostics().iterations());
      } finally {
        direct.unpersist();
        grouped.unpersist();
        again.unpersist();
      }
    }
  }

  @Test
  void listenerSeesEveryIterationAndCanStop() {
    Parity.Data d = Parity.load(spark(), "bluebirds");
    List<Double> seen = new ArrayList<>();
    CrowdModel<?> model =
        new SparkDawidSkene()
            .setListener(
                (method, it, max, objective) -> {
                  assertEquals("ds", method);
                  assertEquals(seen.size() + 1, it);
                  assertEquals(100, max);
                  seen.add(objective);
                  return true;
                })
            .fit(d.frame());
    double[] history = model.diagnostics().objective();
    assertEquals(history.length, seen.size());
    for (int i = 0; i < history.length; i++) {
      assertEquals(history[i], seen.get(i), 0.0);
      if (i > 0) {
        assertTrue(history[i] >= history[i - 1] - 1e-12, "EM does not decrease the likelihood");
      }
    }
    model.unpersist();
    for (SparkAggregator<?, ?> a : List.of(new SparkDawidSkene(), new SparkGlad())) {
      CrowdModel<?> stopped = a.setListener((method, it, max, objective) -> it < 2).fit(d.frame());
      assertEquals(2, stopped.diagnostics().iterations(), a.name());
      assertFalse(stopped.diagnostics().converged());
      stopped.unpersist();
    }
  }

  @Test
  void theInputIsReadOnceWhatever50IterationsDo() {
    Parity.Data d = Parity.load(spark(), "snow-rte");
    org.apache.spark.util.LongAccumulator reads = spark().sparkContext().longAccumulator("reads");
    org.apache.spark.sql.expressions.UserDefinedFunction counted =
        org.apache
            .spark
            .sql
            .functions
            .udf(
                (org.apache.spark.sql.api.java.UDF1<String, String>)
                    t -> {
                      reads.add(1);
                      return t;
                    },
                org.apache.spark.sql.types.DataTypes.StringType)
            .asNondeterministic();
    Dataset<Row> answers =
        d.frame().withColumn("task", counted.apply(org.apache.spark.sql.functions.col("task")));
    CrowdModel<?> model =
        new SparkDawidSkene(new DawidSkene.Options(50, 0.0, 1e-10, DawidSkene.Stopping.LIKELIHOOD))
            .fit(answers);
    try {
      model.posteriors().count();
      assertTrue(model.diagnostics().iterations() > 20);
      assertEquals(d.core().numAnswers(), reads.value(), "every answer read once");
    } finally {
      model.unpersist();
    }
  }

  @Test
  void lineageDoesNotGrowWithIterations() {
    Parity.Data d = Parity.load(spark(), "snow-temp");
    for (Supplier<SparkAggregator<?, ?>> s :
        List.<Supplier<SparkAggregator<?, ?>>>of(
            SparkDawidSkene::new, SparkOneCoinDawidSkene::new, SparkGlad::new)) {
      SparkAggregator<?, ?> two = s.get();
      CrowdModel<?> few = withIterations(two, 2).fit(d.frame());
      CrowdModel<?> many = withIterations(s.get(), 40).fit(d.frame());
      try {
        assertTrue(many.diagnostics().iterations() > few.diagnostics().iterations());
        int depthFew = depth(few.posteriors());
        int depthMany = depth(many.posteriors());
        assertEquals(depthFew, depthMany, few.method() + " lineage");
      } finally {
        few.unpersist();
        many.unpersist();
      }
    }
  }

  private static SparkAggregator<?, ?> withIterations(SparkAggregator<?, ?> a, int n) {
    if (a instanceof SparkDawidSkene) {
      return new SparkDawidSkene(
          new DawidSkene.Options(n, 0.0, 1e-10, DawidSkene.Stopping.LIKELIHOOD));
    }
    if (a instanceof SparkGlad) {
      return new SparkGlad(new Glad.Options(n, 0.0, 1.0, 1.0, 2, 5));
    }
    return new SparkOneCoinDawidSkene(
        new OneCoinDawidSkene.Options(n, 0.0, 1e-10, DawidSkene.Stopping.LIKELIHOOD));
  }

  private static int depth(Dataset<Row> frame) {
    return frame.rdd().toDebugString().split("\n").length;
  }

  @Test
  void unknownWorkersAreLeftOutOfTransform() {
    Parity.Data d = Parity.load(spark(), "bluebirds");
    CrowdModel<?> model = new SparkDawidSkene().fit(d.frame());
    try {
      Dataset<Row> fresh =
          spark()
              .createDataFrame(
                  List.of(
                      org.apache.spark.sql.RowFactory.create("new-task", "nobody", "1"),
                      org.apache.spark.sql.RowFactory.create(
                          "other-task", d.core().workers().name(0), "1")),
                  new org.apache.spark.sql.types.StructType()
                      .add("task", "string")
                      .add("worker", "string")
                      .add("label", "string"));
      Map<String, List<Double>> p = byTask(model.transform(fresh));
      assertEquals(2, p.size());
      // the E-step's prior: the class prior of the M-step before the last one
      double[] prior = model.classPriors();
      assertEquals(prior[0], p.get("new-task").get(0), 1e-3, "no known answer: the prior");
      assertEquals(1.0, p.get("new-task").get(0) + p.get("new-task").get(1), 1e-12);
      assertNotNull(p.get("other-task"));
      assertTrue(p.get("other-task").get(1) > prior[1], "a known worker's answer moves it");
    } finally {
      model.unpersist();
    }
  }
}
