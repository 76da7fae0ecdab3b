package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.Provenance;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/**
 * A declared label that no answer uses can never be true: every method gives it prior and posterior
 * 0 and fits the other classes exactly as without it.
 */
class UnobservedLabelsTest {
  /** {@code data} with {@code extra} declared as a label at position {@code at}. */
  static CrowdDataset withDeclared(CrowdDataset data, String extra, int at) {
    List<String> names = new ArrayList<>(data.labels().names());
    names.add(at, extra);
    CrowdDataset.Builder b = CrowdDataset.builder().labels(names);
    for (int a = 0; a < data.numAnswers(); a++) {
      b.add(
          data.tasks().name(data.task(a)),
          data.workers().name(data.worker(a)),
          data.labels().name(data.label(a)));
    }
    return b.build();
  }

  @Test
  void everyMethodIgnoresADeclaredButUnansweredLabel() {
    CrowdDataset data = AutoTest.classConfusingCrowd().data();
    CrowdDataset wide = withDeclared(data, "never", 1);
    int k = data.numLabels();
    for (MethodSpec<Aggregator> spec : Methods.all()) {
      if (List.of("wmv", "gold-mv", "kos").contains(spec.name())) {
        continue;
      }
      Map<String, String> seeded =
          Provenance.describe(spec.defaults()).containsKey("seed") ? Map.of("seed", "3") : Map.of();
      AggregationResult narrow = spec.create(seeded).fit(data);
      AggregationResult r = spec.create(seeded).fit(wide);
      for (int i = 0; i < wide.numTasks(); i++) {
        assertEquals(0.0, r.posterior(i, 1), 0.0, spec.name() + " task " + i);
        assertNotEquals(1, r.label(i), spec.name());
        for (int c = 0; c < k; c++) {
          int wc = c < 1 ? c : c + 1;
          assertEquals(
              narrow.posterior(i, c), r.posterior(i, wc), 1e-12, spec.name() + " task " + i);
        }
      }
      if (r.classPriors() != null) {
        assertEquals(0.0, r.classPriors()[1], 0.0, spec.name());
      }
      for (int w = 0; w < wide.numWorkers(); w += 5) {
        double[] p = r.answerDistribution(0, w);
        assertEquals(0.0, p[1], 1e-15, spec.name() + " predicts the unused answer");
        assertEquals(1.0, java.util.Arrays.stream(p).sum(), 1e-9, spec.name());
      }
    }
  }

  @Test
  void aGoldLabelMakesAClassPossible() {
    CrowdDataset data = AutoTest.oneCoinCrowd().data();
    CrowdDataset wide = withDeclared(data, "rare", 0);
    int[] g = new int[wide.numTasks()];
    java.util.Arrays.fill(g, Gold.NONE);
    g[0] = 0; // task 0 is known to be "rare"
    AggregationResult r = new DawidSkene().fit(wide, FitContext.withGold(Gold.ofIds(g)));
    assertEquals(0, r.label(0));
    assertEquals(1.0, r.posterior(0, 0), 1e-9);
  }

  /** The case measured on snow-rte: one unused label moved 42 (DS) and 78 (MMCE) tasks to it. */
  @Test
  void snowRteKeepsItsAccuracy() throws Exception {
    Path dir = SharedData.dataset("snow-rte");
    CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
    CrowdDataset wide = withDeclared(data, "unused", 2);
    Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), wide);
    Gold narrowGold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
    // the unused label changes nothing: the same accuracy as without it, every task labelled
    assertEquals(
        narrowGold.accuracy(new DawidSkene().fit(data).labels()),
        gold.accuracy(new DawidSkene().fit(wide).labels()),
        1e-12);
    assertEquals(
        narrowGold.accuracy(new Mmce().fit(data).labels()),
        gold.accuracy(new Mmce().fit(wide).labels()),
        1e-12);
  }
}
