package org.crowd4j.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;

/**
 * For the writers' round-trip tests: seeded random fields that need quoting (quotes, commas, tabs,
 * CR, LF, CRLF, leading and trailing spaces, text beyond the basic plane), and a written file read
 * back through the record source as typed.
 */
public final class CsvRoundTrip {
  /** The pieces a random field is made of. */
  public static final String[] PIECES = {
    "a",
    "\"",
    "\"\"",
    ",",
    "\t",
    "\n",
    "\r\n",
    "\r",
    " ",
    "  x  ",
    "é",
    "猫",
    "\uD83D\uDE00",
    "0",
    "-1.5",
    "'",
    ";",
    "|"
  };

  private CsvRoundTrip() {}

  /**
   * {@code n} distinct fields: up to three random pieces, the field's index between {@code #}s, up
   * to three more; no piece holds a character of {@code without}.
   */
  public static List<String> fields(SplittableRandom rng, int n, String without) {
    List<String> pieces = new ArrayList<>();
    for (String p : PIECES) {
      if (p.chars().noneMatch(c -> without.indexOf(c) >= 0)) {
        pieces.add(p);
      }
    }
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      StringBuilder b = new StringBuilder();
      for (int p = rng.nextInt(4); p > 0; p--) {
        b.append(pieces.get(rng.nextInt(pieces.size())));
      }
      b.append('#').append(i).append('#');
      for (int p = rng.nextInt(4); p > 0; p--) {
        b.append(pieces.get(rng.nextInt(pieces.size())));
      }
      out.add(b.toString());
    }
    return out;
  }

  /** Every record of {@code file}, the header first, as typed (control characters allowed). */
  public static List<List<String>> records(Path file) throws CrowdFormatException {
    List<List<String>> out = new ArrayList<>();
    try (CsvRecords in = CsvRecords.open(file, CsvFormat.defaults().withControlCharacters(true))) {
      out.add(in.headerFields());
      while (in.next()) {
        out.add(in.fields());
      }
    }
    return out;
  }
}
