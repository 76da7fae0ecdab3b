package org.crowd4j.pairwise;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.io.CsvWriter;

/**
 * Writes a {@link Ranking} as CSV through {@link CsvWriter}: {@code item,score,stderr,rank,
 * component} in rank order, an undefined error or score as an empty field. Its model JSON is
 * written by {@link org.crowd4j.model.RankingModelWriter}.
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
            csv.row(
                ranking.items().name(i),
                number(ranking.score(i)),
                number(ranking.stderr(i)),
                Integer.toString(r),
                Integer.toString(ranking.component(i)));
          }
        });
  }

  private static String number(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }
}
