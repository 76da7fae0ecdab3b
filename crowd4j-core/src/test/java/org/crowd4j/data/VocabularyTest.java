package org.crowd4j.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The open-addressing vocabularies: lookups agree, ids stay dense and stable. */
class VocabularyTest {
  @Test
  void growingAndFrozenLookupsAgreeAndIdsStayDense() {
    Vocabulary.Growing g = new Vocabulary.Growing();
    SplittableRandom rng = new SplittableRandom(1);
    List<String> names = new ArrayList<>();
    // "Aa" and "BB" share a hash code; "é" and "日本" are not ASCII; "7" is one character
    for (String s : List.of("Aa", "BB", "é", "日本", "7", "t1", "t12", "")) {
      names.add(s);
    }
    for (int i = 0; i < 50_000; i++) {
      names.add("t" + rng.nextInt(1_000_000));
    }
    List<Integer> ids = new ArrayList<>();
    int distinct = 0;
    for (String s : names) {
      int id = g.intern(s);
      if (id == distinct) {
        distinct++;
      }
      assertTrue(id < distinct, "ids are dense and in first-seen order");
      ids.add(id);
    }
    for (int i = 0; i < names.size(); i++) {
      assertEquals(ids.get(i), g.intern(names.get(i)), names.get(i));
      assertEquals(names.get(i), g.name(ids.get(i)));
    }
    Vocabulary frozen = g.freeze();
    assertEquals(g.size(), frozen.size());
    assertEquals(distinct, frozen.size());
    for (int i = 0; i < names.size(); i++) {
      assertEquals(ids.get(i), frozen.id(names.get(i)));
    }
    assertEquals(-1, frozen.id("absent"));
    assertEquals(-1, frozen.id(null));
    assertFalse(frozen.contains("t1 "));
    assertTrue(frozen.contains("BB"));
    assertTrue(frozen.contains("Aa"));
  }

  @Test
  void duplicateNamesAreRejected() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Vocabulary.of("a", "b", "a"));
    assertTrue(e.getMessage().contains("'a'"), e.getMessage());
  }

  @Test
  void labelsSortLikeCrowdKit() {
    assertEquals(
        List.of("-3", "2", "10"), Vocabulary.sortedLabels(List.of("10", "2", "-3")).names());
    assertEquals(
        List.of("-1x", "10", "2"), Vocabulary.sortedLabels(List.of("10", "2", "-1x")).names());
  }
}
