package org.crowd4j.io;

import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.pairwise.Ranking;

/**
 * Writes a {@link Ranking} through {@link AtomicFiles}: the CSV {@code item,score,stderr,rank,
 * component} in rank order (an undefined error or score as an empty field). The model file is
 * {@link org.crowd4j.model.RankingModelWriter}'s.
 */
public final class RankingWriter {
  private RankingWriter() {}

  /** Writes the ranking CSV. */
  public static void writeCsv(Path file, Ranking ranking) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          CsvWriter csv = CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(w);
          csv.writeRecord("item", "score", "stderr", "rank", "component");
          for (int r = 1; r <= ranking.size(); r++) {
            int i = ranking.itemAtRank(r);
            csv.writeRecord(
                ranking.items().name(i),
                number(ranking.score(i)),
                number(ranking.stderr(i)),
                Integer.toString(r),
                Integer.toString(ranking.component(i)));
          }
          csv.flush();
          w.flush();
        });
  }

  private static String number(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }
}
