package org.crowd4j.io;

import java.nio.file.Path;

/**
 * Bad input: names the file, the 1-based line (0 when not tied to a line) and the field (or {@code
 * null}), e.g. {@code answers.csv:17: field 'label' is empty}.
 */
public final class CrowdFormatException extends Exception {
  private final Path file;
  private final long line;
  private final String field;

  /** A problem at {@code file:line} in {@code field}. */
  public CrowdFormatException(Path file, long line, String field, String problem) {
    super(format(file, line, problem));
    this.file = file;
    this.line = line;
    this.field = field;
  }

  /** A problem caused by {@code cause}. */
  public CrowdFormatException(Path file, long line, String field, String problem, Throwable cause) {
    super(format(file, line, problem), cause);
    this.file = file;
    this.line = line;
    this.field = field;
  }

  private static String format(Path file, long line, String problem) {
    String name = file == null ? "<input>" : file.toString();
    return line > 0 ? name + ":" + line + ": " + problem : name + ": " + problem;
  }

  /** The offending file. */
  public Path file() {
    return file;
  }

  /** The 1-based line, or 0. */
  public long line() {
    return line;
  }

  /** The offending field name, or {@code null}. */
  public String field() {
    return field;
  }
}
