package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strict reading: quotes that are never closed, stray quotes, line breaks and control characters in
 * ids and labels, and bytes that are not UTF-8 are errors naming file and line.
 */
class StrictInputTest {
  @TempDir Path dir;

  private Path file(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void unclosedQuoteIsAnErrorAtTheLineWhereTheFieldBegan() throws Exception {
    Path p = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,\"unterminated\nt2,w1,b\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(3, e.line(), e.getMessage());
    assertTrue(e.getMessage().startsWith(p + ":3: a quoted field is never closed"), e.getMessage());
    Path crlf = file("crlf.csv", "task,worker,label\r\nt1,w1,a\r\n\r\nt1,w2,\"x\r\nt2,w1,b\r\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(crlf));
    assertEquals(4, e.line(), e.getMessage());
    Path cr = file("cr.csv", "task,worker,label\rt1,w1,a\rt1,w2,\"x\rt2,w1,b\r");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(cr));
    assertEquals(3, e.line(), e.getMessage());
  }

  @Test
  void unclosedQuoteInGoldAndFeaturesToo() throws Exception {
    Path gold = file("gold.csv", "task,label\nt1,a\n\"t2,b\n");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class, () -> CrowdReader.readGoldMap(gold, "task", "label"));
    assertEquals(3, e.line(), e.getMessage());
    Path x = file("features.csv", "task,f0\nt1,0.5\n\"t2,1\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readFeatures(x));
    assertEquals(3, e.line(), e.getMessage());
  }

  @Test
  void strayQuoteInsideAnUnquotedFieldIsAnError() throws Exception {
    Path p = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,say \"hi\"\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(3, e.line(), e.getMessage());
    assertTrue(e.getMessage().contains("quote inside an unquoted field"), e.getMessage());
    // allowed with lenient quotes: kept as typed
    CrowdDataset d = CrowdReader.readAnswers(p, CsvFormat.defaults().withLenientQuotes());
    assertTrue(d.labels().contains("say \"hi\""));
  }

  @Test
  void textAfterTheClosingQuoteIsAnError() throws Exception {
    Path p = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,\"a\"b\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(3, e.line(), e.getMessage());
    assertTrue(e.getMessage().contains("after the closing quote"), e.getMessage());
  }

  @Test
  void lineBreakInAQuotedLabelIsAnErrorUnlessAllowed() throws Exception {
    Path p = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,\"two\nlines\"\nt2,w1,b\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(3, e.line(), e.getMessage());
    assertEquals("label", e.field());
    assertTrue(e.getMessage().contains("line break"), e.getMessage());
    CrowdDataset d = CrowdReader.readAnswers(p, CsvFormat.defaults().withControlCharacters(true));
    assertEquals(3, d.numAnswers());
    assertTrue(d.labels().contains("two\nlines"));
  }

  @Test
  void controlCharacterInAnIdIsAnError() throws Exception {
    Path p = file("answers.csv", "task,worker,label\nt1,w\u00071,a\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(2, e.line());
    assertEquals("worker", e.field());
    assertTrue(e.getMessage().contains("U+0007"), e.getMessage());
    Path g = file("gold.csv", "task,label\nt\u00011,a\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readGoldMap(g, "task", "label"));
    assertEquals(2, e.line());
  }

  @Test
  void bytesThatAreNotUtf8AreAnError() throws Exception {
    Path p = dir.resolve("answers.csv");
    Files.write(
        p,
        new byte[] {
          't',
          'a',
          's',
          'k',
          ',',
          'w',
          'o',
          'r',
          'k',
          'e',
          'r',
          ',',
          'l',
          'a',
          'b',
          'e',
          'l',
          '\n',
          't',
          '1',
          ',',
          'w',
          '1',
          ',',
          'a',
          '\n',
          't',
          '2',
          ',',
          'w',
          (byte) 0xff,
          ',',
          'b',
          '\n'
        });
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(3, e.line(), e.getMessage());
    assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
  }

  @Test
  void tabsInsideQuotedCsvFieldsAndValidQuotingStillRead() throws Exception {
    Path p =
        file(
            "answers.csv",
            "task,worker,label\n\"t,1\",w1,\"say \"\"yes\"\"\"\r\n\"\",w2,x\n\"t3\",\"w3\",\"\"\"\"\n");
    // an empty quoted task id is still an empty field
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(3, e.line());
    Path ok =
        file("ok.csv", "task,worker,label\n\"t,1\",w1,\"say \"\"yes\"\"\"\r\nt3,w3,\"\"\"\"\n");
    CrowdDataset d = CrowdReader.readAnswers(ok);
    assertTrue(d.labels().contains("\""));
    assertEquals(
        Map.of("t1", "a"),
        CrowdReader.readGoldMap(file("g.csv", "task,label\nt1,a"), "task", "label"));
  }

  @Test
  void readingOneCharacterAtATimeChecksEachCharacterOnce() throws Exception {
    // a surrogate pair (two chars) read through a one-char buffer, then a quoted field
    byte[] text = "a\uD83D\uDE00,\"b,\"\"c\"\n".getBytes(StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder();
    try (StrictText t = new StrictText(new java.io.ByteArrayInputStream(text), ',', false)) {
      char[] one = new char[1];
      while (t.read(one, 0, 1) > 0) {
        out.append(one[0]);
      }
    }
    assertEquals("a\uD83D\uDE00,\"b,\"\"c\"\n", out.toString());
  }
}
