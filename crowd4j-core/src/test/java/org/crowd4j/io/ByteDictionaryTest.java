package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Short strings (by packed key) and long ones (by hash) numbered as one sequence. */
class ByteDictionaryTest {
  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void shortKeysPackTheBytesAndTheLength() {
    assertEquals(0x01L << 56 | 'a', ByteDictionary.shortKey(bytes("a"), 0, 1));
    assertEquals(0x02L << 56 | 'b' << 8 | 'a', ByteDictionary.shortKey(bytes("ab"), 0, 2));
    // a trailing zero byte is told apart from a shorter string by the length
    byte[] withZero = {'a', 0};
    assertNotEquals(
        ByteDictionary.shortKey(withZero, 0, 2), ByteDictionary.shortKey(withZero, 0, 1));
    assertEquals(0, ByteDictionary.shortKey(bytes("abcdefgh"), 0, 8), "8 bytes are not short");
    assertEquals(0, ByteDictionary.shortKey(bytes("x"), 0, 0), "the empty string is not short");
    assertEquals(
        ByteDictionary.shortKey(bytes("abcdefg"), 0, 7),
        ByteDictionary.shortKey(bytes("..abcdefg.."), 2, 7));
  }

  @Test
  void shortAndLongStringsAreNumberedInOrderOfArrivalWhateverTheirTable() {
    Random random = new Random(5);
    List<String> distinct = new ArrayList<>();
    Map<String, Integer> expected = new HashMap<>();
    ByteDictionary d = new ByteDictionary();
    for (int i = 0; i < 20_000; i++) {
      // lengths 1 to 12 across the short/long boundary, many repeats, some non-ASCII
      int len = 1 + random.nextInt(12);
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < len; c++) {
        sb.append(random.nextInt(40) == 0 ? 'é' : (char) ('a' + random.nextInt(3)));
      }
      String s = sb.toString();
      byte[] b = bytes("," + s + ",");
      int id = d.intern(b, 1, b.length - 2);
      Integer known = expected.putIfAbsent(s, distinct.size());
      if (known == null) {
        distinct.add(s);
        assertEquals(distinct.size() - 1, id, s);
      } else {
        assertEquals(known, id, s);
      }
      assertTrue(d.is(id, b, 1, b.length - 2));
      assertTrue(d.holds(id, b, 1, b.length - 2, ByteDictionary.hash(b, 1, b.length - 2)));
    }
    assertEquals(distinct.size(), d.size());
    assertArrayEquals(distinct.toArray(String[]::new), d.strings());
    byte[] longer = bytes(distinct.get(0) + "x");
    assertFalse(d.is(0, longer, 0, longer.length));
    assertFalse(d.is(0, longer, 1, longer.length - 1));
  }

  @Test
  void internAllMapsAnotherDictionarysIdsAddingTheNewOnes() {
    ByteDictionary a = new ByteDictionary();
    ByteDictionary b = new ByteDictionary();
    String[] first = {"t1", "a-rather-long-task-id", "w9"};
    String[] second = {"w9", "new", "another-long-id-here", "t1"};
    for (String s : first) {
      a.intern(bytes(s), 0, bytes(s).length);
    }
    for (String s : second) {
      b.intern(bytes(s), 0, bytes(s).length);
    }
    assertArrayEquals(new int[] {2, 3, 4, 0}, a.internAll(b));
    assertArrayEquals(
        new String[] {"t1", "a-rather-long-task-id", "w9", "new", "another-long-id-here"},
        a.strings());
  }

  @Test
  void aNewIdThatIsNotUtf8TextIsRefusedWhenChecked() {
    ByteDictionary d = new ByteDictionary();
    byte[] bad = {'a', (byte) 0xC3};
    assertEquals(-1, d.internShort(ByteDictionary.shortKey(bad, 0, 2), bad, 0, 2, true));
    assertEquals(0, d.size());
    byte[] good = bytes("aé");
    assertEquals(0, d.internShort(ByteDictionary.shortKey(good, 0, 3), good, 0, 3, true));
  }
}
