package org.crowd4j.multilabel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultiLabelReaderTest {
  @TempDir Path dir;

  private TagAnswers read(String csv) throws Exception {
    Path f = dir.resolve("answers.csv");
    Files.writeString(f, csv);
    return MultiLabelReader.readAnswers(
        f, MultiLabelReader.Layout.defaults(), CsvFormat.defaults(), List.of());
  }

  @Test
  void joinedAndOneRowPerTagReadTheSame() throws Exception {
    TagAnswers joined = read("task,worker,label\nt1,w1,dog|cat\nt1,w2,\nt2,w1,cat\n");
    TagAnswers rows = read("task,worker,label\nt1,w1,cat\nt2,w1,cat\nt1,w1,dog\nt1,w2,\n");
    for (TagAnswers d : List.of(joined, rows)) {
      assertEquals(List.of("cat", "dog"), d.tags().names());
      assertEquals(3, d.numAnswers());
      assertEquals(3, d.numTagEntries());
      CrowdDataset cat = d.binary(d.tags().id("cat"));
      int t1 = d.tasks().id("t1");
      int[] labels = new int[2];
      for (int a = cat.taskStart(t1); a < cat.taskEnd(t1); a++) {
        labels[cat.label(a)]++;
      }
      assertArrayEquals(new int[] {1, 1}, labels, "t1: w2 (empty set) against, w1 for");
    }
  }

  @Test
  void anEmptyTagBetweenSeparatorsNamesLineAndField() {
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class, () -> read("task,worker,label\nt1,w1,a\nt2,w1,a||b\n"));
    assertEquals(3, e.line());
    assertEquals("label", e.field());
    assertTrue(e.getMessage().contains("empty tag"), e.getMessage());
  }

  @Test
  void goldRowsOfOneTaskAreUnitedAndItsTagsDeclared() throws Exception {
    Path g = dir.resolve("gold.csv");
    Files.writeString(g, "task,label\nt1,cat\nt1,bird\nt2,\n");
    Map<String, Set<String>> gold =
        MultiLabelReader.readGold(g, MultiLabelReader.Layout.defaults(), CsvFormat.defaults());
    assertEquals(Map.of("t1", Set.of("bird", "cat"), "t2", Set.of()), gold);
    Path f = dir.resolve("answers.csv");
    Files.writeString(f, "task,worker,label\nt1,w1,cat\nt2,w1,cat\n");
    TagAnswers d =
        MultiLabelReader.readAnswers(
            f,
            MultiLabelReader.Layout.defaults(),
            CsvFormat.defaults(),
            MultiLabelReader.tagsOf(gold));
    assertEquals(List.of("bird", "cat"), d.tags().names());
    TagGold tg = TagGold.of(d, gold);
    assertTrue(tg.present(d.tasks().id("t1"), d.tags().id("bird")));
  }

  @Test
  void platformLabelsJoinedWithTheSeparatorSplitBack() {
    CrowdDataset single =
        CrowdDataset.builder().add("t1", "w1", "cat|dog").add("t1", "w2", "dog").build();
    TagAnswers d = TagAnswers.fromJoined(single, '|', List.of());
    assertEquals(List.of("cat", "dog"), d.tags().names());
    assertEquals(3, d.numTagEntries());
  }
}
