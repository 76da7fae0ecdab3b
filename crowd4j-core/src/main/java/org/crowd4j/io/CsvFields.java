package org.crowd4j.io;

/** Writing CSV fields: the one quoting rule of every CSV file the library writes. */
public final class CsvFields {
  private CsvFields() {}

  /**
   * {@code s} as a CSV field: quoted as RFC 4180 asks (inner quotes doubled) when it holds a comma,
   * a quote, a tab or a line break, or starts or ends with a space, which readers would trim.
   */
  public static String field(String s) {
    boolean quote = !s.isEmpty() && (s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' ');
    for (int i = 0; i < s.length() && !quote; i++) {
      char c = s.charAt(i);
      quote = c == ',' || c == '"' || c == '\n' || c == '\r' || c == '\t';
    }
    return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
  }
}
