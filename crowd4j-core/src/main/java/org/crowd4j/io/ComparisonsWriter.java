package org.crowd4j.io;

import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.PairwiseSimulator;

/**
 * Writes simulated pairwise data through {@link AtomicFiles}: {@code comparisons.csv} ({@code
 * worker,left,right,label}, readable by {@link PairwiseReader}), {@code truth.csv} ({@code
 * item,score}: the true log-scores) and {@code workers.csv} ({@code worker,kind}).
 */
public final class ComparisonsWriter {
  private ComparisonsWriter() {}

  /** Writes the three files of {@code sim} into {@code dir}. */
  public static void write(Path dir, PairwiseSimulator.Simulated sim) throws IOException {
    Comparisons data = sim.data();
    AtomicFiles.write(
        dir.resolve("comparisons.csv"),
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          CsvWriter csv = CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(w);
          csv.writeRecord("worker", "left", "right", "label");
          for (int c = 0; c < data.size(); c++) {
            csv.writeRecord(
                data.workers().name(data.worker(c)),
                data.items().name(data.left(c)),
                data.items().name(data.right(c)),
                data.items().name(data.winner(c)));
          }
          csv.flush();
          w.flush();
        });
    AtomicFiles.write(
        dir.resolve("truth.csv"),
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          CsvWriter csv = CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(w);
          csv.writeRecord("item", "score");
          double[] truth = sim.trueLogScores();
          for (int i = 0; i < truth.length; i++) {
            csv.writeRecord(data.items().name(i), Double.toString(truth[i]));
          }
          csv.flush();
          w.flush();
        });
    AtomicFiles.write(
        dir.resolve("workers.csv"),
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          CsvWriter csv = CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(w);
          csv.writeRecord("worker", "kind");
          for (int k = 0; k < sim.kinds().length; k++) {
            csv.writeRecord(
                data.workers().name(k), sim.kinds()[k].name().toLowerCase(java.util.Locale.ROOT));
          }
          csv.flush();
          w.flush();
        });
  }
}
