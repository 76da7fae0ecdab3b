package org.crowd4j.numeric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NumericReaderTest {
  @TempDir Path dir;

  private NumericAnswers read(String csv) throws Exception {
    Path f = dir.resolve("answers.csv");
    Files.writeString(f, csv);
    return NumericReader.read(f);
  }

  @Test
  void decimalNumbersInEveryPlainSpellingAreRead() throws Exception {
    NumericAnswers d =
        read("task,worker,label\nt1,w1,12\nt1,w2, -0.5 \nt2,w1,3e-2\nt2,w2,+.25\nt3,w1,7.\n");
    assertEquals(5, d.numAnswers());
    double[] v = d.valueColumn();
    assertEquals(List.of(12.0, -0.5, 0.03, 0.25, 7.0), List.of(v[0], v[1], v[2], v[3], v[4]));
  }

  @Test
  void otherColumnNamesAndTabsAreRead() throws Exception {
    Path f = dir.resolve("a.tsv");
    Files.writeString(f, "rating\titem\trater\n4\ti1\tr1\n5\ti1\tr2\n");
    NumericAnswers d =
        NumericReader.read(
            f, new NumericReader.Layout("item", "rater", "rating"), CsvFormat.defaults());
    assertEquals(1, d.numTasks());
    assertEquals("r2", d.workers().name(d.worker(1)));
    assertEquals(5.0, d.value(1));
  }

  @Test
  void aNumberThatIsNotPlainDecimalNamesFileLineAndField() throws Exception {
    for (String bad :
        List.of("1d", "0x1p3", "NaN", "Infinity", "-Infinity", "", "1e999", "1,5", "1 2")) {
      Path f = dir.resolve("bad.csv");
      String field = bad.contains(",") ? "\"" + bad + "\"" : bad;
      Files.writeString(f, "task,worker,label\nt1,w1,1\nt1,w2," + field + "\n");
      CrowdFormatException e =
          assertThrows(CrowdFormatException.class, () -> NumericReader.read(f), bad);
      assertEquals(3, e.line(), bad);
      assertEquals("label", e.field(), bad);
      assertTrue(e.getMessage().startsWith(f + ":3: field 'label'"), e.getMessage());
    }
  }

  @Test
  void aMissingColumnAndAnEmptyFileAreErrors() throws Exception {
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> read("task,worker,value\nt1,w1,1\n"));
    assertTrue(e.getMessage().contains("label"), e.getMessage());
    e = assertThrows(CrowdFormatException.class, () -> read("task,worker,label\n"));
    assertTrue(e.getMessage().contains("no answers"), e.getMessage());
  }

  @Test
  void goldIsReadInFileOrderAndATaskTwiceIsAnError() throws Exception {
    Path g = dir.resolve("gold.csv");
    Files.writeString(g, "task,label\nt2,4.5\nt1,-1\n");
    Map<String, Double> gold = NumericReader.readGold(g);
    assertEquals(List.of("t2", "t1"), List.copyOf(gold.keySet()));
    assertEquals(-1.0, gold.get("t1"));
    Files.writeString(g, "task,label\nt2,4.5\nt1,-1\nt2,4\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> NumericReader.readGold(g));
    assertEquals(4, e.line());
    assertTrue(e.getMessage().contains("first at line 2"), e.getMessage());
    Files.writeString(g, "task,label\nt2,NaN\n");
    e = assertThrows(CrowdFormatException.class, () -> NumericReader.readGold(g));
    assertEquals("label", e.field());
  }

  @Test
  void aValueBeyondTheRangeAndAGoldFileWithoutValuesAreErrors() throws Exception {
    Path f = dir.resolve("huge.csv");
    Files.writeString(f, "task,worker,label\nt1,w1,1\nt1,w2,1e308\n");
    CrowdFormatException e = assertThrows(CrowdFormatException.class, () -> NumericReader.read(f));
    assertTrue(e.getMessage().startsWith(f + ":3: field 'label' holds 1.0E308"), e.getMessage());
    Path g = dir.resolve("gold.csv");
    Files.writeString(g, "task,label\nt1,-2e150\n");
    e = assertThrows(CrowdFormatException.class, () -> NumericReader.readGold(g));
    assertEquals(2, e.line());
    Files.writeString(g, "task,label\n");
    e = assertThrows(CrowdFormatException.class, () -> NumericReader.readGold(g));
    assertTrue(e.getMessage().contains("no gold values after the header"), e.getMessage());
  }
}
