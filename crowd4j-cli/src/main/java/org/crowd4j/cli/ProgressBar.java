package org.crowd4j.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.crowd4j.aggregate.IterationListener;

/**
 * Shows iteration progress on standard error: a redrawn bar on a terminal, a plain line every few
 * seconds otherwise, nothing when quiet.
 */
final class ProgressBar implements IterationListener {
  private final PrintWriter err;
  private final boolean terminal;
  private final boolean enabled;
  private long lastLine = System.nanoTime();
  private boolean drawn;

  ProgressBar(PrintWriter err, boolean enabled) {
    this.err = err;
    this.terminal = System.console() != null;
    this.enabled = enabled;
  }

  @Override
  public boolean onIteration(String method, int iteration, int maxIterations, double objective) {
    if (!enabled) {
      return true;
    }
    if (terminal) {
      int width = 30;
      int done = maxIterations <= 0 ? width : (int) ((long) width * iteration / maxIterations);
      err.printf(
          Locale.ROOT,
          "\r%s [%s%s] %d/%d  objective %.6f",
          method,
          "#".repeat(done),
          " ".repeat(Math.max(0, width - done)),
          iteration,
          maxIterations,
          objective);
      err.flush();
      drawn = true;
    } else if (System.nanoTime() - lastLine > 2_000_000_000L) {
      err.printf(
          Locale.ROOT,
          "%s: iteration %d/%d, objective %.6f%n",
          method,
          iteration,
          maxIterations,
          objective);
      err.flush();
      lastLine = System.nanoTime();
    }
    return true;
  }

  /** Ends the bar's line. */
  void finish() {
    if (drawn) {
      err.println();
      err.flush();
      drawn = false;
    }
  }
}
