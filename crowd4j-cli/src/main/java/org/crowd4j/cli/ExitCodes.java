package org.crowd4j.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/** The exit codes of every {@code crowd4j} command, as listed in each command's help. */
final class ExitCodes {
  /** The command did what it was asked. */
  static final int OK = 0;

  /** The run failed: an error while computing or writing results, or a missing runtime. */
  static final int FAILURE = 1;

  /**
   * Usage error: unknown command, option, method, learner or parameter, a bad option value, or an
   * input file that does not exist.
   */
  static final int USAGE = 2;

  /**
   * Bad input data: a file that exists but cannot be used (malformed row, missing column, values
   * that are not numbers, features that do not fit the model); the message names file:line and
   * field.
   */
  static final int BAD_INPUT = 3;

  private ExitCodes() {}

  /** The list shown in the help of every command. */
  static Map<String, String> helpList() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(" " + OK, "success");
    m.put(" " + FAILURE, "the run failed (error while computing or writing results)");
    m.put(" " + USAGE, "usage error: bad option or value, unknown method, missing input file");
    m.put(" " + BAD_INPUT, "bad input data: the message names file:line and the field");
    return m;
  }
}
