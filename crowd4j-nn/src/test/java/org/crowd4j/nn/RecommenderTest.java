package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecommenderTest {
  @Test
  void expectedAccuracyByHand() {
    // two classes, prior (0.6, 0.4), one answer correct with 0.8:
    // answer 0: max(0.48, 0.08) = 0.48; answer 1: max(0.12, 0.32) = 0.32 -> 0.80
    assertEquals(0.80, Recommender.expectedAccuracy(new double[] {0.6, 0.4}, 0.8), 1e-12);
    // a spammer (0.5 on two classes) adds nothing
    assertEquals(0.6, Recommender.expectedAccuracy(new double[] {0.6, 0.4}, 0.5), 1e-12);
    // a weak annotator cannot overturn a confident prior
    assertEquals(0.9, Recommender.expectedAccuracy(new double[] {0.9, 0.1}, 0.7), 1e-12);
    // two answers of 0.8 on a uniform prior: agree (0.5·(0.64+0.04)) -> 0.32·2 ... = 0.8
    double two = Recommender.expectedAccuracy(new double[] {0.5, 0.5}, 0.8, 0.8);
    assertEquals(0.8, two, 1e-12);
    // three answers of 0.8: majority of three is right with 0.896
    assertEquals(
        0.896, Recommender.expectedAccuracy(new double[] {0.5, 0.5}, 0.8, 0.8, 0.8), 1e-12);
  }

  @Test
  void greedyPlanRespectsBudgetCapacityAndPairs() {
    int n = 6;
    int r = 3;
    int k = 2;
    double[] q = new double[n * k];
    for (int i = 0; i < n; i++) {
      q[i * k] = 0.5 + 0.08 * i; // item 0 the least certain
      q[i * k + 1] = 1 - q[i * k];
    }
    double[] pc = new double[n * r];
    for (int i = 0; i < n; i++) {
      pc[i * r] = 0.95; // annotator 0 the best
      pc[i * r + 1] = 0.75;
      pc[i * r + 2] = 0.5; // a spammer: never worth an answer
    }
    List<Recommender.Assignment> plan =
        Recommender.plan(q, k, pc, r, null, null, new Recommender.Options(8, 3, 3));
    // annotator 0 (capacity 3) takes the three least certain items; annotator 1 (0.75) adds
    // nothing to an item with a 0.95 answer or a prior of 0.75 or more, so only item 3 (0.74);
    // the spammer adds nothing anywhere: 4 answers, below the budget of 8
    assertEquals(4, plan.size());
    int[] perAnnotator = new int[r];
    Set<Integer> pairs = new HashSet<>();
    for (Recommender.Assignment a : plan) {
      perAnnotator[a.annotator()]++;
      assertTrue(pairs.add(a.item() * r + a.annotator()), "one answer per pair");
      assertTrue(a.gain() > 0);
      assertTrue(a.accuracyAfter() <= 1 + 1e-12);
    }
    assertEquals(3, perAnnotator[0], "capacity 3 of the best annotator is used up");
    assertEquals(1, perAnnotator[1]);
    assertEquals(0, perAnnotator[2], "the spammer gets nothing");
    // the best annotator goes to the least certain items first
    assertEquals(0, plan.get(0).annotator());
    assertEquals(0, plan.get(0).item());
    // already answered pairs are excluded, per-annotator capacities override
    boolean[] answered = new boolean[n * r];
    answered[0] = true;
    List<Recommender.Assignment> p2 =
        Recommender.plan(
            q, k, pc, r, answered, new int[] {1, 0, 0}, new Recommender.Options(2, 1, 0));
    assertEquals(2, p2.size());
    assertEquals(1, p2.get(0).item(), "item 0's pair with annotator 0 is answered");
    assertEquals(0, p2.get(0).annotator());
    assertEquals(1, p2.get(1).annotator(), "annotator 0's capacity of 1 is spent");
    // zero budget plans nothing
    assertEquals(
        0, Recommender.plan(q, k, pc, r, null, null, new Recommender.Options(0, 1, 0)).size());
  }
}
