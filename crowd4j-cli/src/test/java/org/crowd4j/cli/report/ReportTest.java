package org.crowd4j.cli.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.metrics.Agreement;
import org.junit.jupiter.api.Test;

/** The numbers the report shows, on cases small enough to check by hand. */
class ReportTest {
  static CrowdDataset of(String... triples) {
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (String t : triples) {
      String[] p = t.split(":");
      b.add(p[0], p[1], p[2]);
    }
    return b.build();
  }

  /**
   * Tasks X = {a, a, b}, Y = {a, b}, Z = {b, b, b}, W = {a} (W has no pair and is ignored).
   * Coincidences (each ordered pair of a task's answers weighted 1/(m − 1)): o_aa = 2·1/2 = 1, o_ab
   * = o_ba = 2·1/2 + 1 = 2, o_bb = 3·2/2 = 3; n_a = 3, n_b = 5, n = 8. alpha = 1 − (n − 1)(o_ab +
   * o_ba) / (2 n_a n_b) = 1 − 7·4/30 = 1/15.
   */
  @Test
  void krippendorffAlphaHandChecked() {
    CrowdDataset d =
        of(
            "X:u1:a", "X:u2:a", "X:u3:b", "Y:u1:a", "Y:u2:b", "Z:u1:b", "Z:u2:b", "Z:u3:b",
            "W:u1:a");
    assertEquals(1.0 / 15, Agreement.krippendorffAlpha(d), 1e-12);
    // perfect agreement and the overview's wording
    assertEquals(1.0, Agreement.krippendorffAlpha(of("X:u1:a", "X:u2:a", "Y:u1:b", "Y:u2:b")));
    assertTrue(OverviewSection.interpret(1.0 / 15).contains("barely"));
  }

  /**
   * 300 tasks, 3 classes, 8 annotators right 75 % of the time, one answering uniformly at random,
   * one always answering '2', and one answering the cyclic relabelling 0→1, 1→2, 2→0 of the truth
   * 85 % of the time: exactly the last three are flagged, with the right pattern and evidence.
   */
  @Test
  void flagsUniformConstantAndPermutedAnnotators() {
    SplittableRandom rng = new SplittableRandom(7);
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int i = 0; i < 300; i++) {
      int truth = rng.nextInt(3);
      for (int w = 0; w < 8; w++) {
        int l = rng.nextDouble() < 0.75 ? truth : (truth + 1 + rng.nextInt(2)) % 3;
        b.add("t" + i, "good" + w, Integer.toString(l));
      }
      b.add("t" + i, "uniform", Integer.toString(rng.nextInt(3)));
      b.add("t" + i, "constant", "2");
      int p = rng.nextDouble() < 0.85 ? (truth + 1) % 3 : rng.nextInt(3);
      b.add("t" + i, "permuted", Integer.toString(p));
    }
    CrowdDataset data = b.build();
    MethodRun ds = Report.fit("ds", Methods.spec("ds").create(Map.of()), data);
    CrowdSummary s = new CrowdSummary(data, ds.result());
    Map<String, AnnotatorFlags.Flag> flags = new TreeMap<>();
    for (AnnotatorFlags.Flag f : AnnotatorFlags.detect(s)) {
      flags.put(data.workers().name(f.worker()), f);
    }
    assertEquals(List.of("constant", "permuted", "uniform"), List.copyOf(flags.keySet()));
    assertEquals("near-uniform", flags.get("uniform").kind());
    assertEquals("near-uniform", flags.get("constant").kind());
    assertTrue(
        flags.get("constant").evidence().contains("'2' 100%"), flags.get("constant").evidence());
    AnnotatorFlags.Flag p = flags.get("permuted");
    assertEquals("permuted", p.kind());
    assertTrue(p.evidence().contains("true '0' → answers '1'"), p.evidence());
    assertTrue(p.evidence().contains("true '1' → answers '2'"), p.evidence());
    assertTrue(p.evidence().contains("true '2' → answers '0'"), p.evidence());
    assertTrue(flags.get("uniform").score() < AnnotatorFlags.UNIFORM_TV);
  }

  @Test
  void bestPermutationIsExact() {
    double[][] c = {{0.1, 0.8, 0.1}, {0.1, 0.1, 0.8}, {0.7, 0.2, 0.1}};
    boolean[] all = {true, true, true};
    for (boolean exact : new boolean[] {true, false}) {
      assertArrayEquals(new int[] {1, 2, 0}, AnnotatorFlags.bestPermutation(c, all, exact));
      double[][] id = {{0.6, 0.2, 0.2}, {0.2, 0.6, 0.2}, {0.2, 0.2, 0.6}};
      assertArrayEquals(new int[] {0, 1, 2}, AnnotatorFlags.bestPermutation(id, all, exact));
    }
    // greedy takes 0.9 first and misses the better total of the exact search
    double[][] trap = {{0.9, 0.8}, {0.8, 0.0}};
    assertArrayEquals(
        new int[] {1, 0}, AnnotatorFlags.bestPermutation(trap, new boolean[] {true, true}, true));
    assertArrayEquals(
        new int[] {0, 1}, AnnotatorFlags.bestPermutation(trap, new boolean[] {true, true}, false));
  }

  /**
   * Soft majority vote on four tasks with vote splits 3–0, 2–1, 1–1 (twice) and 1–1–1: posterior
   * entropies 0, H(2/3, 1/3), ln 2, ln 2, ln 3; the most uncertain first, ties to the lower id.
   */
  @Test
  void entropyRanking() {
    CrowdDataset d =
        of(
            "A:u1:x", "A:u2:x", "A:u3:x", "B:u1:x", "B:u2:x", "B:u3:y", "C:u1:x", "C:u2:y",
            "D:u1:y", "D:u2:x", "E:u1:x", "E:u2:y", "E:u3:z");
    AggregationResult r =
        Methods.spec("soft-mv").create(Map.of()).fit(d, org.crowd4j.method.FitContext.none());
    double[] h = ItemSection.entropies(r);
    int a = d.tasks().id("A");
    int bb = d.tasks().id("B");
    int c = d.tasks().id("C");
    int dd = d.tasks().id("D");
    int e = d.tasks().id("E");
    assertEquals(0, h[a], 1e-12);
    assertEquals(-(2 / 3.0) * Math.log(2 / 3.0) - (1 / 3.0) * Math.log(1 / 3.0), h[bb], 1e-12);
    assertEquals(Math.log(2), h[c], 1e-12);
    assertEquals(Math.log(2), h[dd], 1e-12);
    assertEquals(Math.log(3), h[e], 1e-12);
    int[] top = ItemSection.mostUncertain(h, 4);
    assertArrayEquals(new int[] {e, Math.min(c, dd), Math.max(c, dd), bb}, top);
    assertEquals(5, ItemSection.mostUncertain(h, 99).length);
  }

  @Test
  void confusedPairsAndRedundancyGrid() {
    // mv gives T1 = x (three x, one y) and T2 = y: P(answer y | true x) = 1/4
    CrowdDataset d = of("T1:u1:x", "T1:u2:x", "T1:u3:x", "T1:u4:y", "T2:u1:y", "T2:u2:y");
    AggregationResult mv =
        Methods.spec("mv").create(Map.of()).fit(d, org.crowd4j.method.FitContext.none());
    List<ClassSection.Pair> pairs = ClassSection.confusedPairs(new CrowdSummary(d, mv), 5);
    assertEquals(1, pairs.size());
    assertEquals(d.labels().id("x"), pairs.get(0).truth());
    assertEquals(d.labels().id("y"), pairs.get(0).answered());
    assertEquals(0.25, pairs.get(0).rate(), 1e-12);
    assertArrayEquals(new int[] {1, 2, 3}, RedundancySection.redundancies(3));
    assertArrayEquals(new int[] {1, 4, 7, 10, 13, 16, 19, 22}, RedundancySection.redundancies(22));
  }

  /** UMAP keeps two well separated clusters apart; PCA (the fallback below 10 points) is exact. */
  @Test
  void annotatorLayout() {
    SplittableRandom rng = new SplittableRandom(3);
    float[][] x = new float[24][6];
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < 6; j++) {
        x[i][j] = (float) ((i < 12 ? 0 : 10) + rng.nextDouble() * 0.5);
      }
    }
    Embedding2d.Layout a = Embedding2d.project(x, 1);
    Embedding2d.Layout b = Embedding2d.project(x, 1);
    assertTrue(a.method().startsWith("UMAP"), a.method());
    assertTrue(java.util.Arrays.deepEquals(a.points(), b.points()), "same seed, same layout");
    double within = 0;
    double between = 0;
    int nw = 0;
    int nb = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = i + 1; j < x.length; j++) {
        double d =
            Math.hypot(a.points()[i][0] - a.points()[j][0], a.points()[i][1] - a.points()[j][1]);
        if ((i < 12) == (j < 12)) {
          within += d;
          nw++;
        } else {
          between += d;
          nb++;
        }
      }
    }
    assertTrue(between / nb > 2 * within / nw, within / nw + " vs " + between / nb);
    // four points on a line in 3-D: the first component is the line, the second is zero
    float[][] line = {{0, 0, 0}, {1, 2, 2}, {2, 4, 4}, {3, 6, 6}};
    Embedding2d.Layout p = Embedding2d.project(line, 1);
    assertTrue(p.method().startsWith("PCA"), p.method());
    assertEquals(9, Math.abs(p.points()[3][0] - p.points()[0][0]), 1e-6);
    for (double[] pt : p.points()) {
      assertEquals(0, pt[1], 1e-6);
    }
  }

  /** Anonymous answers, a single class and single-answer tasks still give a complete page. */
  @Test
  void edgeCasesRender() throws Exception {
    CrowdDataset.Builder anon = CrowdDataset.builder();
    for (int i = 0; i < 30; i++) {
      anon.add("t" + i, null, i % 3 == 0 ? "b" : "a");
      anon.add("t" + i, null, "a");
    }
    CrowdDataset single = of("X:u1:a", "Y:u2:a", "Z:u1:a");
    for (CrowdDataset d : List.of(anon.build(), single)) {
      MethodRun mv = Report.fit("mv", Methods.spec("mv").create(Map.of()), d);
      MethodRun ds = Report.fit("ds", Methods.spec("ds").create(Map.of()), d);
      ReportContext ctx =
          new ReportContext(d, null, List.of(ds, mv), null, new ChartSink(null, null, "x"), 1);
      String html = Report.render(ctx, "<edge & case>");
      assertTrue(html.contains("<title>Crowd report: &lt;edge &amp; case&gt;</title>"));
      assertTrue(html.contains("<h2 id=\"redundancy\">"));
      assertTrue(!html.contains("NaN"), "no NaN shown");
    }
  }

  @Test
  void escapesText() {
    assertEquals("&lt;b&gt; &amp; &quot;x&quot; &#39;y&#39;", Html.escape("<b> & \"x\" 'y'"));
  }
}
