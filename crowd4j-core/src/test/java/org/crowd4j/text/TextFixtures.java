package org.crowd4j.text;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.testing.SharedData;

/** crowd-kit's text fixtures from the shared folder. */
final class TextFixtures {
  private TextFixtures() {}

  static Path suite(String relative) {
    return SharedData.suite(relative);
  }

  /** text_simple.csv with its embedding column. */
  static TextAnswers textSimple() throws CrowdFormatException {
    return TextReader.read(
        suite("data/text_simple.csv"),
        new TextReader.Layout("task", "worker", "output", "embedding"),
        CsvFormat.defaults());
  }

  /** A two-column expected file as key → value, in file order. */
  static Map<String, String> twoColumns(Path file, String key, String value)
      throws CrowdFormatException {
    Map<String, String> out = new LinkedHashMap<>();
    try (CsvRecords t = CsvRecords.open(file, CsvFormat.defaults())) {
      int k = t.column(key);
      int v = t.column(value);
      while (t.next()) {
        out.put(t.id(k), t.text(v));
      }
    }
    return out;
  }
}
