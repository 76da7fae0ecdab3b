package org.crowd4j.multilabel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.crowd4j.io.CsvWriter;

/**
 * Writes aggregated tag sets as CSV through {@link CsvWriter}: {@code task}, the chosen {@code
 * tags} joined with the separator, then one column {@code p_<tag>} per tag with the probability
 * that the task has it; and simulated crowds as the files the readers take.
 */
public final class MultiLabelWriter {
  private MultiLabelWriter() {}

  /** Writes {@code result} to {@code file}, tags joined with {@code separator}. */
  public static void writeCsv(Path file, MultiLabelResult result, char separator)
      throws IOException {
    int m = result.numTags();
    CsvWriter.write(
        file,
        csv -> {
          csv.field("task").field("tags");
          for (int t = 0; t < m; t++) {
            csv.field("p_" + result.tags().name(t));
          }
          csv.end();
          for (int i = 0; i < result.numTasks(); i++) {
            csv.field(result.tasks().name(i)).field(result.joinedTags(i, separator));
            for (int t = 0; t < m; t++) {
              csv.number(result.presence(i, t));
            }
            csv.end();
          }
        });
  }

  /**
   * Writes a simulated crowd into folder {@code dir}: {@code answers.csv} ({@code
   * task,worker,label}, tags joined with {@code '|'}), {@code gold.csv} ({@code task,label}, the
   * true sets) and {@code workers.csv} ({@code worker,spammer}), each moved into place when done.
   */
  public static void writeSimulation(Path dir, MultiLabelSimulator.Simulated sim)
      throws IOException {
    java.nio.file.Files.createDirectories(dir);
    TagAnswers d = sim.answers();
    CsvWriter.write(
        dir.resolve("answers.csv"),
        csv -> {
          csv.row("task", "worker", "label");
          for (int a = 0; a < d.numAnswers(); a++) {
            StringBuilder tags = new StringBuilder();
            for (int t : d.tagsOf(a)) {
              tags.append(tags.length() == 0 ? "" : "|").append(d.tags().name(t));
            }
            csv.row(
                d.tasks().name(d.answers().task(a)),
                d.workers().name(d.answers().worker(a)),
                tags.toString());
          }
        });
    CsvWriter.write(
        dir.resolve("gold.csv"),
        csv -> {
          csv.row("task", "label");
          for (Map.Entry<String, Set<String>> e : sim.truth().entrySet()) {
            csv.row(e.getKey(), String.join("|", e.getValue()));
          }
        });
    CsvWriter.write(
        dir.resolve("workers.csv"),
        csv -> {
          csv.row("worker", "spammer");
          for (Map.Entry<String, Boolean> e : sim.spammer().entrySet()) {
            csv.row(e.getKey(), e.getValue().toString());
          }
        });
  }
}
