package org.crowd4j.multilabel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MultiLabelMetricsTest {
  /**
   * Three gold tasks, tags a b c. Gold: {a, b}, {b}, {}; predicted: {a}, {b, c}, {}. Per tag (TP,
   * FP, FN): a (1, 0, 0), b (1, 0, 1), c (0, 1, 0).
   */
  @Test
  void handCheckedCase() {
    TagAnswers data =
        TagAnswers.builder()
            .add("1", "w", List.of("a"))
            .add("2", "w", List.of("b", "c"))
            .add("3", "w", List.of())
            .add("4", "w", List.of("a"))
            .build();
    TagGold gold =
        TagGold.of(
            data, Map.of("1", Set.of("a", "b"), "2", Set.of("b"), "3", Set.of(), "9", Set.of()));
    assertEquals(3, gold.count());
    assertEquals(1, gold.unmatchedTasks());
    boolean[] predicted = new boolean[4 * 3];
    predicted[0] = true; // 1: a
    predicted[3 + 1] = true; // 2: b
    predicted[3 + 2] = true; // 2: c
    predicted[9] = true; // 4: a (no gold, not counted)
    MultiLabelMetrics m = MultiLabelMetrics.of(predicted, gold);
    assertEquals(3, m.tasks());
    assertArrayEquals(new double[] {1.0, 2.0 / 3, 2.0 / 3}, m.tagAccuracy(), 1e-12);
    assertArrayEquals(new double[] {1.0, 2.0 / 3, 0.0}, m.f1(), 1e-12);
    assertEquals(Double.NaN, m.recall()[2]);
    assertEquals(0.0, m.precision()[2]);
    // micro: TP 2, FP 1, FN 1 → 4 / 6
    assertEquals(4.0 / 6, m.microF1(), 1e-12);
    assertEquals((1.0 + 2.0 / 3 + 0.0) / 3, m.macroF1(), 1e-12);
    assertEquals(3, m.macroTags());
    assertEquals(2.0 / 9, m.hammingLoss(), 1e-12);
    assertEquals(1.0 / 3, m.subsetAccuracy(), 1e-12);
  }

  @Test
  void aTagInNeitherGoldNorPredictionsIsLeftOutOfTheMacroMean() {
    TagAnswers data = TagAnswers.builder().add("1", "w", List.of("a")).declareTag("never").build();
    TagGold gold = TagGold.of(data, Map.of("1", Set.of("a")));
    MultiLabelMetrics m = MultiLabelMetrics.of(new boolean[] {true, false}, gold);
    assertEquals(1, m.macroTags());
    assertEquals(1.0, m.macroF1());
    assertEquals(0.0, m.hammingLoss());
  }

  @Test
  void tagSetsByNameGiveTheSameMetrics() {
    MultiLabelMetrics m =
        MultiLabelMetrics.of(
            List.of("a", "b", "c"),
            Map.of("1", Set.of("a"), "2", Set.of("b", "c"), "3", Set.of(), "4", Set.of("a")),
            Map.of("1", Set.of("a", "b"), "2", Set.of("b"), "3", Set.of(), "9", Set.of()));
    assertEquals(3, m.tasks());
    assertArrayEquals(new double[] {1.0, 2.0 / 3, 0.0}, m.f1(), 1e-12);
    assertEquals(4.0 / 6, m.microF1(), 1e-12);
    assertEquals(2.0 / 9, m.hammingLoss(), 1e-12);
    assertEquals(1.0 / 3, m.subsetAccuracy(), 1e-12);
  }
}
