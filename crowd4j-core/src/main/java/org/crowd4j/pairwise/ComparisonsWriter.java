package org.crowd4j.pairwise;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.crowd4j.io.CsvWriter;

/**
 * Writes simulated pairwise data through {@link CsvWriter}: {@code comparisons.csv} ({@code
 * worker,left,right,label}, readable by {@link PairwiseReader}), {@code truth.csv} ({@code
 * item,score}: the true log-scores) and {@code workers.csv} ({@code worker,kind}).
 */
public final class ComparisonsWriter {
  private ComparisonsWriter() {}

  /** Writes the three files of {@code sim} into {@code dir}. */
  public static void write(Path dir, PairwiseSimulator.Simulated sim) throws IOException {
    Comparisons data = sim.data();
    CsvWriter.write(
        dir.resolve("comparisons.csv"),
        csv -> {
          csv.row("worker", "left", "right", "label");
          for (int c = 0; c < data.size(); c++) {
            csv.row(
                data.workers().name(data.worker(c)),
                data.items().name(data.left(c)),
                data.items().name(data.right(c)),
                data.items().name(data.winner(c)));
          }
        });
    CsvWriter.write(
        dir.resolve("truth.csv"),
        csv -> {
          csv.row("item", "score");
          double[] truth = sim.trueLogScores();
          for (int i = 0; i < truth.length; i++) {
            csv.field(data.items().name(i)).number(truth[i]).end();
          }
        });
    CsvWriter.write(
        dir.resolve("workers.csv"),
        csv -> {
          csv.row("worker", "kind");
          for (int k = 0; k < sim.kinds().length; k++) {
            csv.row(data.workers().name(k), sim.kinds()[k].name().toLowerCase(Locale.ROOT));
          }
        });
  }
}
