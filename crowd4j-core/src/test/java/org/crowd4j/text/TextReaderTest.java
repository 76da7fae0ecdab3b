package org.crowd4j.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextReaderTest {
  @TempDir Path dir;

  private static final TextReader.Layout WITH_EMBEDDING =
      new TextReader.Layout("task", "worker", "text", "embedding");

  @Test
  void textsAreKeptAsTypedAndEmbeddingsReadFromAColumnOrAFile() throws Exception {
    Path csv = dir.resolve("a.csv");
    Files.writeString(csv, "task,worker,text,embedding\nt1,w1, a b ,1 2\nt1,w2,,0.5 -1e-3\n");
    TextAnswers data = TextReader.read(csv, WITH_EMBEDDING, CsvFormat.defaults());
    assertEquals(" a b ", data.text(0));
    assertEquals("", data.text(1));
    assertArrayEquals(new double[] {0.5, -1e-3}, data.embedding(1), 0);
    Path emb = dir.resolve("e.csv");
    Files.writeString(emb, "task,worker,e0,e1,e2\nt1,w2,4,5,6\nt1,w1,1,2,3\n");
    TextAnswers plain = TextReader.read(csv, TextReader.Layout.defaults(), CsvFormat.defaults());
    TextAnswers with =
        TextReader.readEmbeddings(emb, plain, "task", "worker", CsvFormat.defaults());
    assertEquals(3, with.dim());
    assertArrayEquals(new double[] {1, 2, 3}, with.embedding(0), 0);
  }

  @Test
  void badRowsNameFileLineAndField() throws Exception {
    Path csv = dir.resolve("b.csv");
    Files.writeString(csv, "task,worker,text,embedding\nt1,w1,a,1 2\nt1,w2,b,1 x\n");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () -> TextReader.read(csv, WITH_EMBEDDING, CsvFormat.defaults()));
    assertEquals(3, e.line());
    assertEquals("embedding", e.field());
    assertTrue(e.getMessage().startsWith(csv + ":3: field 'embedding' holds 'x'"), e.getMessage());
    Files.writeString(csv, "task,worker,text,embedding\nt1,w1,a,1 2\nt1,w2,b,1 2 3\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> TextReader.read(csv, WITH_EMBEDDING, CsvFormat.defaults()));
    assertTrue(e.getMessage().contains(":3: embedding has 3 numbers"), e.getMessage());
    Files.writeString(csv, "task,worker,text\nt1,w1,a\nt1,w1,b\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> TextReader.read(csv, TextReader.Layout.defaults(), CsvFormat.defaults()));
    assertTrue(e.getMessage().contains(":3: worker 'w1' answered task 't1' again"));
    Files.writeString(csv, "task,worker,output\nt1,w1,a\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> TextReader.read(csv, TextReader.Layout.defaults(), CsvFormat.defaults()));
    assertTrue(e.getMessage().contains("missing column 'text'"), e.getMessage());
    Files.writeString(csv, "task,worker,text\nt1,w1,\"a\nb\"\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> TextReader.read(csv, TextReader.Layout.defaults(), CsvFormat.defaults()));
    assertTrue(e.getMessage().contains("U+000A"), e.getMessage());
    TextAnswers multi =
        TextReader.read(
            csv, TextReader.Layout.defaults(), CsvFormat.defaults().withControlCharacters(true));
    assertEquals("a\nb", multi.text(0));
  }

  /** Found by fuzzing: an embedding of separators only was an empty vector and a raw exception. */
  @Test
  void anEmbeddingOfSeparatorsOnlyIsABadField() throws Exception {
    Path tsv = dir.resolve("e.tsv");
    Files.writeString(tsv, "task\tworker\ttext\tembedding\nt1\tw1\ta\t ,\n");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () -> TextReader.read(tsv, WITH_EMBEDDING, CsvFormat.defaults()));
    assertEquals(2, e.line());
    assertEquals("embedding", e.field());
    assertTrue(e.getMessage().contains("holds no numbers, only separators"), e.getMessage());
  }

  @Test
  void trueEmbeddingsMustBeUnique() throws Exception {
    Path csv = dir.resolve("t.csv");
    Files.writeString(csv, "task,embedding\nt1,1 2\nt1,3 4\n");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () -> TextReader.readTaskEmbeddings(csv, "task", CsvFormat.defaults()));
    assertTrue(e.getMessage().contains(":3: task 't1' has a second true embedding"));
  }

  @Test
  void embeddingNumbersFollowTheDecimalGrammar() throws Exception {
    // 1d, 0f and 0x1p3 are numbers to Java's parser, not in an input file
    Path csv = dir.resolve("e.csv");
    for (String bad : new String[] {"1d", "0f", "0x1p3"}) {
      Files.writeString(csv, "task,embedding\nt1,1 2\nt2,3 " + bad + "\n");
      CrowdFormatException e =
          assertThrows(
              CrowdFormatException.class,
              () -> TextReader.readTaskEmbeddings(csv, "task", CsvFormat.defaults()));
      assertTrue(
          e.getMessage()
              .contains(":3: field 'embedding' holds '" + bad + "', not a decimal number"),
          e.getMessage());
    }
  }
}
