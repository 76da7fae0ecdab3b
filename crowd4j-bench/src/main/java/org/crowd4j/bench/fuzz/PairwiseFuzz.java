package org.crowd4j.bench.fuzz;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportOptions;
import org.crowd4j.io.platform.ExportReader;
import org.crowd4j.pairwise.PairwiseFormat;
import org.crowd4j.pairwise.PairwiseReader;

/**
 * Fuzz target of the pairwise comparisons readers: the variant byte chooses (bits 0–2) the long
 * format {@code worker,left,right,label} of {@link PairwiseReader} (with 1 anonymous, without the
 * worker column), true scores {@code item,score} ({@link PairwiseReader#readScores} of the items a,
 * b, c), or a platform's export through {@link ExportReader#readComparisons}: Label Studio (3; 6
 * with the items named by two data fields), Toloka (4) or MTurk (5); 7 is the long format with
 * other column names. For the long format and the scores, the container (bits 3–4: CSV, TSV, gzip,
 * raw bytes claiming gzip); for all, the text rules (bits 5–6).
 */
public final class PairwiseFuzz {
  private static final Path DIR = Inputs.scratch("pairwise");
  private static final Vocabulary ITEMS = Vocabulary.of("a", "b", "c");

  private PairwiseFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    byte[] body = Inputs.body(data);
    CsvFormat rules = Inputs.rules(v >> 3);
    switch (v & 7) {
      case 3, 4, 5, 6 -> export(v, body, rules);
      case 2 -> {
        Path file = Inputs.container(DIR, "scores", v >> 3, body);
        try {
          PairwiseReader.readScores(file, ITEMS, rules);
        } catch (CrowdFormatException e) {
          Inputs.expected(e, file);
        }
      }
      default -> {
        Path name = Path.of(Inputs.fileName("comparisons", v >> 3));
        byte[] bytes = (v & 24) == 16 ? Inputs.gzip(body) : body;
        PairwiseFormat format =
            switch (v & 7) {
              case 1 -> new PairwiseFormat(null, "left", "right", "label", rules);
              case 7 -> new PairwiseFormat("annotator", "a", "b", "winner", rules);
              default -> new PairwiseFormat("worker", "left", "right", "label", rules);
            };
        try {
          PairwiseReader.read(name, new ByteArrayInputStream(bytes), format);
        } catch (CrowdFormatException e) {
          Inputs.expected(e, name);
        }
      }
    }
  }

  private static void export(int v, byte[] body, CsvFormat rules) {
    Path name;
    ExportFormat format;
    ExportOptions options = ExportOptions.defaults();
    switch (v & 7) {
      case 4 -> {
        name = Path.of("results.tsv");
        format = ExportFormat.TOLOKA;
      }
      case 5 -> {
        name = Path.of("batch-results.csv");
        format = ExportFormat.MTURK;
      }
      default -> {
        name = Path.of("export.json");
        format = ExportFormat.LABEL_STUDIO;
        if ((v & 7) == 6) {
          options = new ExportOptions(null, null, null, List.of("text1", "text2"));
        }
      }
    }
    try {
      ExportReader.readComparisons(name, new ByteArrayInputStream(body), format, rules, options);
    } catch (CrowdFormatException e) {
      Inputs.expected(e, name);
    }
  }
}
