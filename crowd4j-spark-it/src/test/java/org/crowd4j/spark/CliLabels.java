package org.crowd4j.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.crowd4j.aggregate.AggregationResult;

/** Compares the labels file of {@code crowd4j aggregate} ({@code task,label,p_<label>…}). */
final class CliLabels {
  private CliLabels() {}

  /**
   * The largest difference between a posterior in {@code file} and the core's.
   *
   * @throws IllegalStateException when the file's header, tasks or labels differ from the core's
   */
  static double maxDifference(AggregationResult core, Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty()) {
      throw new IllegalStateException(file + " is empty");
    }
    int k = core.numLabels();
    StringBuilder header = new StringBuilder("task,label");
    for (int c = 0; c < k; c++) {
      header.append(",p_").append(core.labelNames().name(c));
    }
    if (!lines.get(0).equals(header.toString())) {
      throw new IllegalStateException(file + ": header " + lines.get(0) + ", expected " + header);
    }
    double max = 0;
    Set<String> seen = new HashSet<>();
    for (int n = 1; n < lines.size(); n++) {
      String[] f = lines.get(n).split(",", -1);
      if (f.length != k + 2) {
        throw new IllegalStateException(file + ":" + (n + 1) + ": " + f.length + " fields");
      }
      int i = core.tasks().id(f[0]);
      if (i < 0 || !seen.add(f[0])) {
        throw new IllegalStateException(file + ":" + (n + 1) + ": unknown or repeated " + f[0]);
      }
      if (!f[1].equals(core.labelNames().name(core.label(i)))) {
        throw new IllegalStateException(
            file + ":" + (n + 1) + ": label " + f[1] + ", the core's " + core.label(i));
      }
      for (int c = 0; c < k; c++) {
        max = Math.max(max, Math.abs(Double.parseDouble(f[c + 2]) - core.posterior(i, c)));
      }
    }
    if (seen.size() != core.numTasks()) {
      throw new IllegalStateException(
          file + " has " + seen.size() + " tasks, the core " + core.numTasks());
    }
    return max;
  }
}
