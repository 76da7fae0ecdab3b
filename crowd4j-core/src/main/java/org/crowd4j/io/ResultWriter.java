package org.crowd4j.io;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.AnswerQuality;
import org.crowd4j.data.CrowdDataset;

/**
 * Writes aggregated labels as CSV: {@code task,label,p_<class>…} with original task ids and label
 * names, one row per task, and the quality of every answer, through {@link CsvWriter}.
 */
public final class ResultWriter {
  private ResultWriter() {}

  /** Writes {@code result}'s labels and posteriors to {@code file}. */
  public static void writeLabels(Path file, AggregationResult result) throws IOException {
    writeLabels(file, result, 0);
  }

  /**
   * Writes {@code result}'s labels and posteriors to {@code file}, the posteriors with {@code
   * digits} significant digits (0: in their shortest exact form).
   */
  public static void writeLabels(Path file, AggregationResult result, int digits)
      throws IOException {
    CsvWriter.write(
        file,
        csv -> {
          csv.precision(digits);
          int k = result.numLabels();
          csv.field("task").field("label");
          for (int c = 0; c < k; c++) {
            csv.field("p_" + result.labelNames().name(c));
          }
          csv.end();
          for (int i = 0; i < result.numTasks(); i++) {
            csv.field(result.tasks().name(i)).field(result.labelNames().name(result.label(i)));
            for (int c = 0; c < k; c++) {
              csv.number(result.posterior(i, c));
            }
            csv.end();
          }
        });
  }

  /**
   * Writes the quality of every answer of {@code data} under {@code result} ({@link AnswerQuality})
   * to {@code file}: {@code task,worker,label,quality}, one row per answer, grouped by task; {@code
   * digits} significant digits (0: shortest exact form).
   */
  public static void writeAnswerQuality(
      Path file, AggregationResult result, CrowdDataset data, int digits) throws IOException {
    double[] quality = AnswerQuality.of(result, data);
    CsvWriter.write(
        file,
        csv -> {
          csv.precision(digits);
          csv.row("task", "worker", "label", "quality");
          for (int a = 0; a < quality.length; a++) {
            csv.field(data.tasks().name(data.task(a)))
                .field(data.anonymous() ? "" : data.workers().name(data.worker(a)))
                .field(data.labels().name(data.label(a)))
                .number(quality[a])
                .end();
          }
        });
  }
}
