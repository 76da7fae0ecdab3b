package org.crowd4j.aggregate.select;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LabelMatchingTest {
  @Test
  void identityWhenTheLabellingsAgreeMostly() {
    int[] a = {0, 0, 1, 1, 2, 2, 2};
    int[] b = {0, 1, 1, 1, 2, 2, 0};
    LabelMatching m = LabelMatching.of(a, b, 3);
    assertArrayEquals(new int[] {0, 1, 2}, m.matching());
    assertFalse(m.permuted());
    assertEquals(5, m.agreement());
    assertEquals(7, m.tasks());
    assertEquals(1, m.count(0, 1));
  }

  @Test
  void findsARenamingOfClasses() {
    // a's 0 is b's 2, a's 1 is b's 0, a's 2 is b's 1 (one task off)
    int[] a = {0, 0, 0, 1, 1, 2, 2, 2, 2};
    int[] b = {2, 2, 2, 0, 0, 1, 1, 1, 0};
    LabelMatching m = LabelMatching.of(a, b, 3);
    assertArrayEquals(new int[] {2, 0, 1}, m.matching());
    assertTrue(m.permuted());
    assertEquals(0, m.agreement());
    assertEquals(8, m.matchedAgreement());
  }

  @Test
  void tiesKeepTheIdentityAndMissingLabelsAreLeftOut() {
    int[] a = {0, 1, -1, 0, 1};
    int[] b = {1, 0, 0, 0, 1};
    LabelMatching m = LabelMatching.of(a, b, 2);
    assertEquals(4, m.tasks());
    assertArrayEquals(new int[] {0, 1}, m.matching());
    assertFalse(m.permuted());
  }

  @Test
  void optimalOnRandomTablesAgainstBruteForce() {
    SplittableRandom rng = new SplittableRandom(3);
    for (int round = 0; round < 200; round++) {
      int k = 2 + rng.nextInt(4);
      int n = 5 + rng.nextInt(40);
      int[] a = new int[n];
      int[] b = new int[n];
      for (int i = 0; i < n; i++) {
        a[i] = rng.nextInt(k);
        b[i] = rng.nextInt(k);
      }
      LabelMatching m = LabelMatching.of(a, b, k);
      assertEquals(bruteForce(m, k), m.matchedAgreement(), "round " + round);
      assertTrue(m.matchedAgreement() >= m.agreement());
    }
  }

  private static long bruteForce(LabelMatching m, int k) {
    return best(m, k, 0, new boolean[k]);
  }

  private static long best(LabelMatching m, int k, int x, boolean[] used) {
    if (x == k) {
      return 0;
    }
    long b = Long.MIN_VALUE;
    for (int y = 0; y < k; y++) {
      if (!used[y]) {
        used[y] = true;
        b = Math.max(b, m.count(x, y) + best(m, k, x + 1, used));
        used[y] = false;
      }
    }
    return b;
  }
}
