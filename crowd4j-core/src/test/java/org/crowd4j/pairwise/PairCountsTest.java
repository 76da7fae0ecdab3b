package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The counting-sort fold of comparisons into pairs equals the straightforward one: a sorted map
 * from pair to its comparisons.
 */
class PairCountsTest {
  @Test
  void foldEqualsASortedMapOfPairs() {
    for (int[] shape : new int[][] {{2, 5}, {5, 200}, {40, 3000}, {300, 2000}}) {
      Comparisons data =
          PairwiseSimulator.simulate(
                  new PairwiseSimulator.Spec(
                      shape[0], shape[1], 9, 0.1, 0.1, 1.0, PairwiseSimulator.Model.BT),
                  shape[0])
              .data();
      // pair key (smaller id, larger id) -> {comparisons, wins of the smaller id}
      TreeMap<Long, int[]> expected = new TreeMap<>();
      for (int c = 0; c < data.size(); c++) {
        int lo = Math.min(data.left(c), data.right(c));
        int hi = Math.max(data.left(c), data.right(c));
        int[] v = expected.computeIfAbsent((long) lo << 32 | hi, k -> new int[2]);
        v[0]++;
        v[1] += data.winner(c) == lo ? 1 : 0;
      }
      PairCounts counts = PairCounts.of(data);
      assertEquals(expected.size(), counts.pairs());
      int p = 0;
      for (Map.Entry<Long, int[]> e : expected.entrySet()) {
        assertEquals((int) (e.getKey() >>> 32), counts.a[p]);
        assertEquals((int) (long) e.getKey(), counts.b[p]);
        assertEquals(e.getValue()[0], counts.count[p]);
        assertEquals(e.getValue()[1], counts.winsA[p]);
        p++;
      }
      int[] wins = new int[data.numItems()];
      for (int c = 0; c < data.size(); c++) {
        int q = counts.pairOf[c];
        assertEquals(Math.min(data.left(c), data.right(c)), counts.a[q]);
        assertEquals(Math.max(data.left(c), data.right(c)), counts.b[q]);
        wins[data.winner(c)]++;
      }
      assertArrayEquals(wins, counts.wins);
    }
  }

  @Test
  void pairOrderIsStableByLowThenHigh() {
    int[] lo = {2, 0, 2, 0, 1, 0};
    int[] hi = {3, 3, 3, 1, 2, 1};
    assertArrayEquals(new int[] {3, 5, 1, 4, 0, 2}, PairCounts.pairOrder(4, lo, hi));
  }
}
