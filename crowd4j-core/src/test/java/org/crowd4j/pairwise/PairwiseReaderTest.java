package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PairwiseReaderTest {
  @TempDir Path dir;

  private Path file(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  private CrowdFormatException bad(String text) throws IOException {
    Path p = file("bad.csv", text);
    return assertThrows(CrowdFormatException.class, () -> PairwiseReader.read(p));
  }

  /** crowd-kit's fixture has an extra task column, which is ignored. */
  @Test
  void readsCrowdKitFixture() throws Exception {
    Comparisons c = PairwiseReader.read(SharedData.suite("data/bt_abc.csv"));
    assertEquals(3, c.size());
    assertEquals(List.of("a", "b", "c"), c.items().names());
    assertEquals(1, c.numWorkers());
    assertEquals("a", c.items().name(c.winner(2)));
    assertFalse(c.leftWon(2));
  }

  @Test
  void readsTsvAndAnonymous() throws Exception {
    Path p = file("c.tsv", "left\tright\tlabel\nx\ty\ty\n");
    PairwiseFormat anonymous =
        new PairwiseFormat(null, "left", "right", "label", CsvFormat.defaults());
    Comparisons c = PairwiseReader.read(p, anonymous, null);
    assertEquals(1, c.size());
    assertEquals("y", c.items().name(c.winner(0)));
  }

  @Test
  void labelNamingNeitherItemIsAnError() throws Exception {
    CrowdFormatException e = bad("worker,left,right,label\nw,a,b,a\nw,a,b,tie\n");
    assertEquals(3, e.line());
    assertEquals("label", e.field());
    assertTrue(e.getMessage().startsWith(dir.resolve("bad.csv") + ":3: field 'label' is 'tie'"));
    assertTrue(e.getMessage().contains("ties are not supported"));
  }

  @Test
  void otherErrorsNameLineAndField() throws Exception {
    CrowdFormatException self = bad("worker,left,right,label\nw,a,a,a\n");
    assertEquals(2, self.line());
    assertEquals("right", self.field());
    CrowdFormatException empty = bad("worker,left,right,label\nw,a,,a\n");
    assertEquals("right", empty.field());
    assertTrue(empty.getMessage().contains("field 'right' is empty"));
    CrowdFormatException missing = bad("worker,first,right,label\nw,a,b,a\n");
    assertEquals("left", missing.field());
    assertTrue(missing.getMessage().contains("missing column 'left'"));
    CrowdFormatException width = bad("worker,left,right,label\nw,a,b\n");
    assertEquals(2, width.line());
    CrowdFormatException none = bad("worker,left,right,label\n");
    assertTrue(none.getMessage().contains("no comparisons"));
    CrowdFormatException quote = bad("worker,left,right,label\nw,a\"x,b,b\n");
    assertEquals(2, quote.line());
  }

  /** The CSV is in rank order with an empty field for an undefined error; model.json has it all. */
  @Test
  void writesRankingAndModel() throws Exception {
    Path p = file("c.csv", "worker,left,right,label\nw1,a,b,a\nw1,b,c,b\nw2,c,a,a\n");
    Comparisons c = PairwiseReader.read(p);
    Ranking r = new BradleyTerry(BradleyTerry.Options.defaults().withIterations(10, 0)).fit(c);
    Path out = dir.resolve("out/ranking.csv");
    RankingWriter.writeCsv(out, r);
    List<String> lines = Files.readAllLines(out);
    assertEquals("item,score,stderr,rank,component", lines.get(0));
    assertTrue(lines.get(1).startsWith("a,0.934897041420792"));
    assertTrue(lines.get(3).startsWith("c,0.0,,3,0"), lines.get(3));
    Path model = dir.resolve("model.json");
    org.crowd4j.model.RankingModelWriter.write(model, r, c);
    String json = Files.readString(model);
    assertTrue(json.contains("\"method\" : \"bt\""));
    assertTrue(json.contains("\"converged\" : false"));
    assertTrue(json.contains("\"iterations\" : 10"));
    assertTrue(json.contains("never won"));
    try (var files = Files.list(dir.resolve("out"))) {
      assertEquals(1, files.count());
    }
  }
}
