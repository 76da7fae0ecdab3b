package org.crowd4j.numeric;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CsvFields;

/** Writes a {@link NumericResult} as CSV, each file written whole or not at all. */
public final class NumericWriter {
  private NumericWriter() {}

  /** {@code task,estimate}, one row per task in the answers' order. */
  public static void writeEstimates(Path file, NumericResult result) throws IOException {
    double[] estimates = result.estimates();
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          w.write("task,estimate\n");
          for (int i = 0; i < estimates.length; i++) {
            w.write(CsvFields.field(result.tasks().name(i)));
            w.write(',');
            w.write(Double.toString(estimates[i]));
            w.write('\n');
          }
          w.flush();
        });
  }

  /** {@code worker,bias,variance,weight}, one row per worker in the answers' order. */
  public static void writeWorkers(Path file, NumericResult result) throws IOException {
    double[] bias = result.bias();
    double[] variance = result.variance();
    double[] weight = result.weights();
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          w.write("worker,bias,variance,weight\n");
          for (int j = 0; j < bias.length; j++) {
            w.write(CsvFields.field(result.workers().name(j)));
            w.write(',' + Double.toString(bias[j]));
            w.write(',' + Double.toString(variance[j]));
            w.write(',' + Double.toString(weight[j]));
            w.write('\n');
          }
          w.flush();
        });
  }
}
