package org.crowd4j.pairwise;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.LongConsumer;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.PlainCsvColumns;

/**
 * Reads pairwise comparisons ({@code worker,left,right,label}, the label being the winner's id, as
 * crowd-kit's pairwise aggregators take them) from RFC 4180 CSV/TSV files through {@link
 * CsvRecords}: UTF-8, strict quoting, no empty ids, {@code .gz} decompressed. A label that names
 * neither item (a tie or a typo) and an item compared with itself are errors naming file, line and
 * field.
 */
public final class PairwiseReader {
  private PairwiseReader() {}

  /** Reads {@code file} with the default layout. */
  public static Comparisons read(Path file) throws CrowdFormatException {
    return read(file, PairwiseFormat.defaults(), null);
  }

  /**
   * Reads {@code file} laid out as {@code format} says, reporting the bytes read so far to {@code
   * bytesRead} (may be {@code null}) as {@link CsvRecords#open(Path, CsvFormat, LongConsumer)}
   * does.
   */
  public static Comparisons read(Path file, PairwiseFormat format, LongConsumer bytesRead)
      throws CrowdFormatException {
    Comparisons plain = readPlain(file, format, bytesRead);
    return plain != null ? plain : readStrictly(file, format, bytesRead);
  }

  /** Reads with {@link CsvRecords} only (the path every file that is not plain takes). */
  static Comparisons readStrictly(Path file, PairwiseFormat format, LongConsumer bytesRead)
      throws CrowdFormatException {
    return read(CsvRecords.open(file, format.rules(), bytesRead), format);
  }

  /**
   * Reads through {@link PlainCsvColumns}; {@code null} when the file is not plain or a row is
   * wrong (the strict reader then words the error).
   */
  static Comparisons readPlain(Path file, PairwiseFormat format, LongConsumer bytesRead)
      throws CrowdFormatException {
    boolean anonymous = format.workerColumn() == null;
    String[] columns = {format.leftColumn(), format.rightColumn(), format.labelColumn(), null};
    if (anonymous) {
      columns = Arrays.copyOf(columns, 3);
    } else {
      columns[3] = format.workerColumn();
    }
    int[] dictionaries = anonymous ? new int[] {0, 0, 0} : new int[] {0, 0, 0, 1};
    PlainCsvColumns.Table t =
        PlainCsvColumns.read(
            file, format.rules().delimiterFor(file), columns, dictionaries, bytesRead);
    if (t == null) {
      return null;
    }
    int[] left = t.codes()[0];
    int[] right = t.codes()[1];
    int[] label = t.codes()[2];
    boolean[] leftWon = new boolean[t.rows()];
    for (int c = 0; c < leftWon.length; c++) {
      if (left[c] == right[c] || (label[c] != left[c] && label[c] != right[c])) {
        return null;
      }
      leftWon[c] = label[c] == left[c];
    }
    Vocabulary workers = anonymous ? Vocabulary.of("") : Vocabulary.of(t.names()[1]);
    int[] worker = anonymous ? new int[t.rows()] : t.codes()[3];
    return Comparisons.of(Vocabulary.of(t.names()[0]), workers, left, right, worker, leftWon);
  }

  /**
   * Reads from {@code in} (closed here); {@code name} appears in messages and chooses delimiter and
   * compression by its extension.
   */
  public static Comparisons read(Path name, InputStream in, PairwiseFormat format)
      throws CrowdFormatException {
    return read(CsvRecords.open(name, in, format.rules()), format);
  }

  private static Comparisons read(CsvRecords in, PairwiseFormat format)
      throws CrowdFormatException {
    Comparisons.Builder builder = Comparisons.builder();
    try (in) {
      int workerCol = format.workerColumn() == null ? -1 : in.column(format.workerColumn());
      int leftCol = in.column(format.leftColumn());
      int rightCol = in.column(format.rightColumn());
      int labelCol = in.column(format.labelColumn());
      while (in.next()) {
        String worker = workerCol < 0 ? null : in.id(workerCol);
        String left = in.id(leftCol);
        String right = in.id(rightCol);
        String label = in.id(labelCol);
        if (left.equals(right)) {
          throw in.error(
              format.rightColumn(),
              "field '"
                  + format.rightColumn()
                  + "' repeats the left item '"
                  + left
                  + "' (an item cannot be compared with itself)");
        }
        if (!label.equals(left) && !label.equals(right)) {
          throw in.error(
              format.labelColumn(),
              "field '"
                  + format.labelColumn()
                  + "' is '"
                  + label
                  + "', neither the left item '"
                  + left
                  + "' nor the right item '"
                  + right
                  + "' (the label is the winner's id; ties are not supported)");
        }
        builder.add(worker, left, right, label);
      }
    }
    if (builder.size() == 0) {
      throw new CrowdFormatException(in.file(), 0, null, "no comparisons after the header");
    }
    return builder.build();
  }

  /**
   * Reads true scores {@code item,score} (as {@link ComparisonsWriter} writes them) aligned to
   * {@code items}: one finite number per item; an item missing from {@code items} or given twice,
   * and an item of {@code items} without a score, are errors.
   */
  public static double[] readScores(Path file, Vocabulary items, CsvFormat rules)
      throws CrowdFormatException {
    double[] out = new double[items.size()];
    Arrays.fill(out, Double.NaN);
    try (CsvRecords in = CsvRecords.open(file, rules)) {
      int itemCol = in.column("item");
      int scoreCol = in.column("score");
      while (in.nextOfAnyWidth()) {
        in.requireWidth();
        String item = in.id(itemCol, "item");
        String raw = in.id(scoreCol, "score");
        int i = items.id(item);
        if (i < 0) {
          throw in.error("item", "item '" + item + "' is in no comparison");
        }
        if (!Double.isNaN(out[i])) {
          throw in.error("item", "item '" + item + "' is given twice");
        }
        double v;
        try {
          v = Double.parseDouble(raw);
        } catch (NumberFormatException e) {
          v = Double.NaN;
        }
        if (!Double.isFinite(v)) {
          throw in.error("score", "field 'score' is not a finite number: '" + raw + "'");
        }
        out[i] = v;
      }
    }
    for (int i = 0; i < out.length; i++) {
      if (Double.isNaN(out[i])) {
        throw new CrowdFormatException(
            file, 0, "item", "no score for item '" + items.name(i) + "'");
      }
    }
    return out;
  }
}
