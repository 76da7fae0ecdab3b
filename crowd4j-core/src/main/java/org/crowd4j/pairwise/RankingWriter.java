package org.crowd4j.pairwise;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.io.CsvWriter;

/**
 * Writes a {@link Ranking} as CSV through {@link CsvWriter}: {@code item,score,stderr,rank,
 * component} in rank order, an undefined (or not computed) error or score as an empty field; one
 * buffered writer, numbers appended field by field. Its model JSON is written by {@link
 * org.crowd4j.model.RankingModelWriter}.
 */
public final class RankingWriter {
  private RankingWriter() {}

  /** Writes the ranking CSV. */
  public static void writeCsv(Path file, Ranking ranking) throws IOException {
    CsvWriter.write(
        file,
        csv -> {
          csv.row("item", "score", "stderr", "rank", "component");
          for (int r = 1; r <= ranking.size(); r++) {
            int i = ranking.itemAtRank(r);
            csv.field(ranking.items().name(i));
            number(csv, ranking.score(i));
            number(csv, ranking.stderr(i));
            csv.number(r).number(ranking.component(i)).end();
          }
        });
  }

  private static void number(CsvWriter csv, double v) throws IOException {
    if (Double.isFinite(v)) {
      csv.number(v);
    } else {
      csv.field("");
    }
  }
}
