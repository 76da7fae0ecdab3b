package org.crowd4j.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.crowd4j.method.IterationListener;

/**
 * Progress of a long step on standard error. On a terminal a bar is redrawn in place; otherwise
 * (output piped or redirected, as in logs and CI) it degrades to plain lines, at most one every
 * {@code interval} and always the last one; with {@code --quiet} it prints nothing. The mode comes
 * from {@link #mode}: the environment variable {@code CROWD4J_PROGRESS} ({@code bar}, {@code
 * lines}, {@code off}) overrides the terminal detection.
 */
final class ProgressBar implements IterationListener {
  /** How progress is shown. */
  enum Mode {
    /** A bar redrawn in place (a terminal). */
    BAR,
    /** Plain log lines. */
    LINES,
    /** Nothing. */
    OFF
  }

  private static final int WIDTH = 30;
  private final PrintWriter err;
  private final Mode mode;
  private final long intervalNanos;
  private long lastLine;
  private boolean drawn;
  private int drawnLength;
  private String pending;

  /** Two seconds: the plain lines' interval, and the delay before a choice shows progress. */
  static final long TWO_SECONDS = 2_000_000_000L;

  private final long quietUntil;

  /** A bar for EM iterations: plain lines at most every 2 s. */
  ProgressBar(PrintWriter err, Mode mode) {
    this(err, mode, TWO_SECONDS);
  }

  ProgressBar(PrintWriter err, Mode mode, long intervalNanos) {
    this(err, mode, intervalNanos, 0L);
  }

  /**
   * As {@link #ProgressBar(PrintWriter, Mode)}, showing nothing for the first {@code delayNanos}.
   */
  static ProgressBar delayed(PrintWriter err, Mode mode, long delayNanos) {
    return new ProgressBar(err, mode, TWO_SECONDS, delayNanos);
  }

  ProgressBar(PrintWriter err, Mode mode, long intervalNanos, long delayNanos) {
    this.err = err;
    this.mode = mode;
    this.intervalNanos = intervalNanos;
    long now = System.nanoTime();
    this.lastLine = now - intervalNanos;
    this.quietUntil = now + delayNanos;
  }

  /**
   * The mode for progress that only a person at a terminal wants (a choice that may take seconds):
   * a bar on a terminal, nothing in pipes or with {@code --quiet}; {@code CROWD4J_PROGRESS}
   * overrides.
   */
  static Mode terminalMode(boolean quiet) {
    Mode m = mode(quiet);
    return m == Mode.LINES && System.getenv("CROWD4J_PROGRESS") == null ? Mode.OFF : m;
  }

  /** The mode for a command: off when quiet, else {@code CROWD4J_PROGRESS} or the terminal. */
  static Mode mode(boolean quiet) {
    if (quiet) {
      return Mode.OFF;
    }
    String env = System.getenv("CROWD4J_PROGRESS");
    if (env != null) {
      switch (env.trim().toLowerCase(Locale.ROOT)) {
        case "bar":
          return Mode.BAR;
        case "lines":
          return Mode.LINES;
        case "off", "none", "quiet":
          return Mode.OFF;
        default:
          break;
      }
    }
    return System.console() != null ? Mode.BAR : Mode.LINES;
  }

  /** Whether anything is shown. */
  boolean enabled() {
    return mode != Mode.OFF;
  }

  @Override
  public boolean onIteration(String method, int iteration, int maxIterations, double objective) {
    String detail =
        Double.isNaN(objective) ? "" : String.format(Locale.ROOT, "objective %.6f", objective);
    step(method, iteration, maxIterations, "iteration", detail, iteration >= maxIterations);
    return true;
  }

  /**
   * Reports {@code done} of {@code total} units (total ≤ 0: unknown) of the step {@code what};
   * {@code unit} names them in plain lines ("epoch", "MB"), {@code detail} follows. {@code last}
   * forces a plain line.
   */
  void step(String what, long done, long total, String unit, String detail, boolean last) {
    if (mode == Mode.OFF || (!last && System.nanoTime() - quietUntil < 0)) {
      return;
    }
    String tail = detail == null || detail.isEmpty() ? "" : "  " + detail;
    if (mode == Mode.BAR) {
      int filled = total <= 0 ? 0 : (int) Math.min(WIDTH, (long) WIDTH * Math.max(0, done) / total);
      String line =
          String.format(
              Locale.ROOT,
              "%s [%s%s] %d/%s%s",
              what,
              "#".repeat(filled),
              " ".repeat(WIDTH - filled),
              done,
              total <= 0 ? "?" : Long.toString(total),
              tail);
      // pad with blanks so that a shorter line wipes the previous one
      err.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
      drawnLength = line.length();
      err.flush();
      drawn = true;
      return;
    }
    long now = System.nanoTime();
    String count = done + "/" + (total <= 0 ? "?" : Long.toString(total));
    // sizes after the numbers ("3/28 MB"), counted steps before them ("iteration 3/28")
    String counted = unit.endsWith("B") ? count + " " + unit : unit + " " + count;
    String line =
        String.format(
            Locale.ROOT, "%s: %s%s", what, counted, tail.isEmpty() ? "" : "," + tail.substring(1));
    if (last || now - lastLine >= intervalNanos) {
      err.println(line);
      err.flush();
      lastLine = now;
      pending = null;
    } else {
      // shown by finish() if it is the last step: a fit that stops early still ends on its line
      pending = line;
    }
  }

  /** A one-off message (on its own line, after the bar if one is drawn). */
  void note(String message) {
    if (mode == Mode.OFF) {
      return;
    }
    finish();
    err.println(message);
    err.flush();
  }

  /** Ends the bar's line; in plain lines, prints the last step if it was not shown. */
  void finish() {
    if (pending != null) {
      err.println(pending);
      err.flush();
      pending = null;
    }
    if (drawn) {
      err.println();
      err.flush();
      drawn = false;
      drawnLength = 0;
    }
  }
}
