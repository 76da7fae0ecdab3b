package org.crowd4j.multilabel;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CsvFields;

/**
 * Writes aggregated tag sets as CSV through a temporary file moved into place: {@code task}, the
 * chosen {@code tags} joined with the separator, then one column {@code p_<tag>} per tag with the
 * probability that the task has it; and simulated crowds as the files the readers take.
 */
public final class MultiLabelWriter {
  private MultiLabelWriter() {}

  /** Writes {@code result} to {@code file}, tags joined with {@code separator}. */
  public static void writeCsv(Path file, MultiLabelResult result, char separator)
      throws IOException {
    int m = result.numTags();
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          w.write("task,tags");
          for (int t = 0; t < m; t++) {
            w.write(',');
            w.write(CsvFields.field("p_" + result.tags().name(t)));
          }
          w.write('\n');
          for (int i = 0; i < result.numTasks(); i++) {
            w.write(CsvFields.field(result.tasks().name(i)));
            w.write(',');
            w.write(CsvFields.field(result.joinedTags(i, separator)));
            for (int t = 0; t < m; t++) {
              w.write(',');
              w.write(Double.toString(result.presence(i, t)));
            }
            w.write('\n');
          }
          w.flush();
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
    AtomicFiles.write(
        dir.resolve("answers.csv"),
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          w.write("task,worker,label\n");
          for (int a = 0; a < d.numAnswers(); a++) {
            StringBuilder tags = new StringBuilder();
            for (int t : d.tagsOf(a)) {
              tags.append(tags.length() == 0 ? "" : "|").append(d.tags().name(t));
            }
            w.write(CsvFields.field(d.tasks().name(d.answers().task(a))));
            w.write(',');
            w.write(CsvFields.field(d.workers().name(d.answers().worker(a))));
            w.write(',');
            w.write(CsvFields.field(tags.toString()));
            w.write('\n');
          }
          w.flush();
        });
    AtomicFiles.write(
        dir.resolve("gold.csv"),
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          w.write("task,label\n");
          for (java.util.Map.Entry<String, java.util.Set<String>> e : sim.truth().entrySet()) {
            w.write(CsvFields.field(e.getKey()));
            w.write(',');
            w.write(CsvFields.field(String.join("|", e.getValue())));
            w.write('\n');
          }
          w.flush();
        });
    AtomicFiles.write(
        dir.resolve("workers.csv"),
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          w.write("worker,spammer\n");
          for (java.util.Map.Entry<String, Boolean> e : sim.spammer().entrySet()) {
            w.write(CsvFields.field(e.getKey()) + "," + e.getValue() + "\n");
          }
          w.flush();
        });
  }
}
