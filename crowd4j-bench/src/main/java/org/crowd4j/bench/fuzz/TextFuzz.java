package org.crowd4j.bench.fuzz;

import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextReader;

/**
 * Fuzz target of the text readers: the variant byte chooses (bits 0–1) text answers with an
 * embedding column ({@code task,worker,text,embedding}), text answers alone, the embeddings of the
 * answers t1/w1, t1/w2 and t2/w1 ({@link TextReader#readEmbeddings}) or true task embeddings
 * ({@link TextReader#readTaskEmbeddings}), the container (bits 2–3: CSV, TSV, gzip, raw bytes
 * claiming gzip) and the text rules (bits 4–5). Every number read must be finite.
 */
public final class TextFuzz {
  private static final Path DIR = Inputs.scratch("text");
  private static final TextReader.Layout EMBEDDED =
      new TextReader.Layout("task", "worker", "text", "embedding");
  private static final TextAnswers ANSWERS =
      TextAnswers.builder().add("t1", "w1", "a").add("t1", "w2", "b").add("t2", "w1", "c").build();

  private TextFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    Path file = Inputs.container(DIR, "texts", v >> 2, Inputs.body(data));
    CsvFormat rules = Inputs.rules(v >> 2);
    try {
      switch (v & 3) {
        case 0 -> finite(TextReader.read(file, EMBEDDED, rules));
        case 1 -> TextReader.read(file, TextReader.Layout.defaults(), rules);
        case 2 -> finite(TextReader.readEmbeddings(file, ANSWERS, "task", "worker", rules));
        default -> finite(TextReader.readTaskEmbeddings(file, "task", rules).values());
      }
    } catch (CrowdFormatException e) {
      Inputs.expected(e, file);
    }
  }

  private static void finite(TextAnswers a) {
    for (int i = 0; i < a.size(); i++) {
      finite(a.embedding(i));
    }
  }

  private static void finite(double[] values) {
    for (double x : values) {
      if (!Double.isFinite(x)) {
        throw new IllegalStateException("an embedding number that is not finite: " + x);
      }
    }
  }
}
