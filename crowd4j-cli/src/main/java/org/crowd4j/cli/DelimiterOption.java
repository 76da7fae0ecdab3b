package org.crowd4j.cli;

import picocli.CommandLine.Option;

/** The {@code --delimiter} option of the commands that read CSV/TSV files. */
final class DelimiterOption {
  @Option(
      names = "--delimiter",
      paramLabel = "CHAR",
      description = "Field separator (default: tab for .tsv, comma otherwise). Use '\\t' for tab.")
  String text;

  /** Whether {@code --delimiter} was given. */
  boolean given() {
    return text != null;
  }

  /**
   * The {@code --delimiter} character ({@code \t} for '\t' or 'tab'), or 0 when not given.
   *
   * @throws IllegalArgumentException if it is not one character
   */
  char separator() {
    if (text == null) {
      return 0;
    }
    String s = text.equals("\\t") || text.equalsIgnoreCase("tab") ? "\t" : text;
    if (s.length() != 1) {
      throw new IllegalArgumentException("--delimiter must be one character: '" + text + "'");
    }
    return s.charAt(0);
  }
}
