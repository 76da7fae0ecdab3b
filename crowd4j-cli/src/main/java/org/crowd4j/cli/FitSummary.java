package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import org.crowd4j.method.Diagnostics;

/** How a fit went (iterations, convergence, seconds) in the summary of an aggregate command. */
final class FitSummary {
  private FitSummary() {}

  /** Puts the iterations, whether they converged and why they stopped into {@code j}. */
  static void json(ObjectNode j, Diagnostics d) {
    j.put("iterations", d.iterations());
    j.put("converged", d.converged());
    j.put("stopReason", d.stopReason());
  }

  /** Puts the seconds spent reading the input and fitting into {@code j}. */
  static void seconds(ObjectNode j, double loadSeconds, double fitSeconds) {
    Output.put(j, "loadSeconds", loadSeconds);
    Output.put(j, "fitSeconds", fitSeconds);
  }

  /** Prints the line of iterations, convergence, stop reason and seconds. */
  static void print(PrintWriter outw, Diagnostics d, double loadSeconds, double fitSeconds) {
    outw.printf(
        Locale.ROOT,
        "iterations %d, converged %s (%s), load %.2f s, fit %.2f s%n",
        d.iterations(),
        d.converged(),
        d.stopReason(),
        loadSeconds,
        fitSeconds);
  }

  /** Prints the line of a Spark fit: iterations, convergence and the seconds of load and fit. */
  static void printSpark(PrintWriter outw, Diagnostics d, double seconds) {
    outw.printf(
        Locale.ROOT,
        "iterations %d, converged %s, load + fit %.2f s%n",
        d.iterations(),
        d.converged(),
        seconds);
  }
}
