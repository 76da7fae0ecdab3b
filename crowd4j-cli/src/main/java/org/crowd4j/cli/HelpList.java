package org.crowd4j.cli;

import java.util.Locale;
import org.crowd4j.method.MethodList;
import org.crowd4j.method.MethodSpec;

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

  /**
   * The methods of {@code list}, each with its description and its options as {@code name=default}
   * (an enum option: its values, the default in parentheses), read from the catalogue.
   */
  static String methods(MethodList<?> list, int nameWidth) {
    HelpList help = new HelpList(nameWidth);
    for (MethodSpec<?> s : list.all()) {
      StringBuilder d = new StringBuilder(s.description());
      String sep = "; ";
      for (MethodSpec.OptionInfo o : s.options()) {
        Class<?> type = o.type();
        if (!type.isEnum() && !type.isPrimitive() && type != String.class) {
          continue; // not typed on the command line (e.g. worker weights read from a file)
        }
        d.append(sep).append(o.name()).append('=');
        if (type.isEnum()) {
          StringBuilder values = new StringBuilder();
          for (Object v : type.getEnumConstants()) {
            values
                .append(values.length() == 0 ? "" : "|")
                .append(v.toString().toLowerCase(Locale.ROOT));
          }
          d.append(values)
              .append(" (")
              .append(o.defaultValue().toLowerCase(Locale.ROOT))
              .append(')');
        } else {
          d.append(type == String.class ? "'" + o.defaultValue() + "'" : o.defaultValue());
        }
        sep = ", ";
      }
      help.add(s.name(), d.toString());
    }
    return help.toString();
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
