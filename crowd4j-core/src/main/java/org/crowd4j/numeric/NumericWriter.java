package org.crowd4j.numeric;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.io.CsvWriter;

/**
 * Writes a {@link NumericResult} as CSV through {@link CsvWriter}, each file whole or not at all.
 */
public final class NumericWriter {
  private NumericWriter() {}

  /** {@code task,estimate}, one row per task in the answers' order. */
  public static void writeEstimates(Path file, NumericResult result) throws IOException {
    double[] estimates = result.estimates();
    CsvWriter.write(
        file,
        csv -> {
          csv.row("task", "estimate");
          for (int i = 0; i < estimates.length; i++) {
            csv.field(result.tasks().name(i)).number(estimates[i]).end();
          }
        });
  }

  /** {@code worker,bias,variance,weight}, one row per worker in the answers' order. */
  public static void writeWorkers(Path file, NumericResult result) throws IOException {
    double[] bias = result.bias();
    double[] variance = result.variance();
    double[] weight = result.weights();
    CsvWriter.write(
        file,
        csv -> {
          csv.row("worker", "bias", "variance", "weight");
          for (int j = 0; j < bias.length; j++) {
            csv.field(result.workers().name(j)).number(bias[j]).number(variance[j]);
            csv.number(weight[j]).end();
          }
        });
  }
}
