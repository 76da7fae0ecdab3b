package org.crowd4j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.CsvWriter;

/** The folder of a simulate command: its CSV files and the line that says where they went. */
final class SimulatedFolder {
  private SimulatedFolder() {}

  /**
   * Writes answers.csv (task,worker,{@code column}), gold.csv (task,{@code column}) and workers.csv
   * ({@code workerHeader}) to {@code out}.
   */
  static void write(
      Path out,
      String column,
      List<String[]> answers,
      List<String[]> gold,
      List<String> workerHeader,
      List<String[]> workers)
      throws IOException {
    CsvWriter.write(out.resolve("answers.csv"), List.of("task", "worker", column), answers);
    CsvWriter.write(out.resolve("gold.csv"), List.of("task", column), gold);
    CsvWriter.write(out.resolve("workers.csv"), workerHeader, workers);
  }

  /** Prints "written to {@code out} ({@code files})" and flushes. */
  static void printWritten(PrintWriter pw, Path out, String files) {
    pw.println("written to " + out + " (" + files + ")");
    pw.flush();
  }
}
