package org.crowd4j.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The open-addressing vocabularies: string and byte lookups agree, ids stay dense and stable. */
class VocabularyTest {
  private static int internBytes(Vocabulary.Growing g, String s, int guess) {
    byte[] raw = ("##" + s + "#").getBytes(StandardCharsets.UTF_8);
    return g.intern(raw, 2, raw.length - 1, guess);
  }

  @Test
  void stringAndByteLookupsGiveTheSameIds() {
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
    int last = -1;
    for (int i = 0; i < names.size(); i++) {
      String s = names.get(i);
      int id = (i % 3 == 0) ? g.intern(s) : internBytes(g, s, i % 3 == 1 ? last : 0);
      ids.add(id);
      last = id;
    }
    for (int i = 0; i < names.size(); i++) {
      assertEquals(ids.get(i), g.intern(names.get(i)), names.get(i));
      assertEquals(ids.get(i), internBytes(g, names.get(i), -1), names.get(i));
      assertEquals(ids.get(i), internBytes(g, names.get(i), ids.get((i + 1) % ids.size())));
      assertEquals(names.get(i), g.name(ids.get(i)));
    }
    Vocabulary frozen = g.freeze();
    assertEquals(g.size(), frozen.size());
    for (int i = 0; i < names.size(); i++) {
      assertEquals(ids.get(i), frozen.id(names.get(i)));
    }
    assertEquals(-1, frozen.id("absent"));
    assertEquals(-1, frozen.id(null));
    assertFalse(frozen.contains("t1 "));
    assertTrue(frozen.contains("BB"));
  }

  @Test
  void guessesNeverReturnAnotherName() {
    Vocabulary.Growing g = new Vocabulary.Growing();
    int t1 = internBytes(g, "t1", -1);
    int t12 = internBytes(g, "t12", t1);
    assertEquals(1, t12);
    assertEquals(t1, internBytes(g, "t1", t12));
    assertEquals(t12, internBytes(g, "t12", t12));
    assertEquals(t12, internBytes(g, "t12", t12));
    assertEquals(2, internBytes(g, "t2", t12));
    assertEquals(3, g.size());
  }

  @Test
  void malformedUtf8DecodesAsTheReplacementCharacterOnce() {
    Vocabulary.Growing g = new Vocabulary.Growing();
    int a = g.intern(new byte[] {(byte) 0xFF}, 0, 1, -1);
    int b = g.intern(new byte[] {(byte) 0xFE}, 0, 1, a);
    assertEquals(a, b);
    assertEquals("\uFFFD", g.name(a));
    assertEquals(1, g.freeze().size());
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
