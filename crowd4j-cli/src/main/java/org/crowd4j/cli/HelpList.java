package org.crowd4j.cli;

import java.util.Locale;

/**
 * A two-column list for a help footer: names, then descriptions wrapped at word boundaries within
 * {@link #WIDTH} columns (within picocli's 80), continuation lines indented under the description
 * (picocli would wrap a longer footer line at column 0).
 */
final class HelpList {
  /** Columns of the usage help (picocli's default). */
  static final int WIDTH = 79;

  private final int nameWidth;
  private final StringBuilder text = new StringBuilder();

  /** A list whose names take {@code nameWidth} columns. */
  HelpList(int nameWidth) {
    this.nameWidth = nameWidth;
  }

  /** Adds one entry. */
  HelpList add(String name, String description) {
    String indent = " ".repeat(2 + nameWidth + 1);
    StringBuilder line =
        new StringBuilder(String.format(Locale.ROOT, "  %-" + nameWidth + "s ", name));
    boolean first = true;
    for (String word : description.trim().split("\\s+")) {
      boolean fits = line.length() + (first ? 0 : 1) + word.length() <= WIDTH;
      if (!first && !fits) {
        text.append(line).append('\n');
        line = new StringBuilder(indent);
        first = true;
      }
      line.append(first ? "" : " ").append(word);
      first = false;
    }
    text.append(line).append('\n');
    return this;
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
