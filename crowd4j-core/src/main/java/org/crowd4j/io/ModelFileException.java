package org.crowd4j.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A saved model that cannot be loaded: names the file, the 1-based line (0 when not tied to a line,
 * e.g. in a binary file) and what is wrong, e.g. {@code model/model.json: written by a newer
 * crowd4j (format version 3; this version reads 1 to 2)}.
 */
public final class ModelFileException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The offending file (not serialized). */
  private final transient Path file;

  private final long line;

  /** A problem in {@code file} at {@code line} (0 for none). */
  public ModelFileException(Path file, long line, String problem) {
    super(format(file, line, problem));
    this.file = file;
    this.line = line;
  }

  /** A problem caused by {@code cause}. */
  public ModelFileException(Path file, long line, String problem, Throwable cause) {
    super(format(file, line, problem), cause);
    this.file = file;
    this.line = line;
  }

  private static String format(Path file, long line, String problem) {
    String name = file == null ? "<model>" : file.toString();
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
}
