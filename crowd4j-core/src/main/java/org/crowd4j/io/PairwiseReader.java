package org.crowd4j.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import org.crowd4j.pairwise.Comparisons;

/**
 * Reads pairwise comparisons ({@code worker,left,right,label}, the label being the winner's id, as
 * crowd-kit's pairwise aggregators take them) from RFC 4180 CSV/TSV files with the same rules as
 * {@link CrowdReader}: UTF-8, strict quoting, no empty ids, {@code .gz} decompressed. A label that
 * names neither item (a tie or a typo) and an item compared with itself are errors naming file,
 * line and field.
 */
public final class PairwiseReader {
  private PairwiseReader() {}

  /** Reads {@code file} with the default layout. */
  public static Comparisons read(Path file) throws CrowdFormatException {
    return read(file, PairwiseFormat.defaults(), null);
  }

  /**
   * Reads {@code file} laid out as {@code format} says, reporting the bytes read so far to {@code
   * bytesRead} (may be {@code null}) as {@link CrowdReader#readAnswers(Path, CsvFormat,
   * LongConsumer)} does.
   */
  public static Comparisons read(Path file, PairwiseFormat format, LongConsumer bytesRead)
      throws CrowdFormatException {
    return read(file, CrowdReader.openFile(file, bytesRead), format);
  }

  /**
   * Reads from {@code in} (closed here); {@code name} appears in messages and chooses delimiter and
   * compression by its extension.
   */
  public static Comparisons read(Path name, InputStream in, PairwiseFormat format)
      throws CrowdFormatException {
    Path file = name;
    CsvFormat rules = format.rules();
    char delimiter = rules.delimiterFor(file);
    Comparisons.Builder builder = Comparisons.builder();
    StrictText text = null;
    try (InputStream plain = CrowdReader.decompressed(file, in);
        StrictText t = text = CrowdReader.text(plain, delimiter, rules);
        CsvReader<CsvRecord> csv = CrowdReader.csv(t, delimiter, rules)) {
      var it = csv.iterator();
      if (!it.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      CsvRecord header = it.next();
      int workerCol =
          format.workerColumn() == null
              ? -1
              : CrowdReader.column(file, header, format.workerColumn());
      int leftCol = CrowdReader.column(file, header, format.leftColumn());
      int rightCol = CrowdReader.column(file, header, format.rightColumn());
      int labelCol = CrowdReader.column(file, header, format.labelColumn());
      int width = header.getFieldCount();
      while (it.hasNext()) {
        CsvRecord r = it.next();
        long line = r.getStartingLineNumber();
        if (r.getFieldCount() != width) {
          throw new CrowdFormatException(
              file,
              line,
              null,
              "expected " + width + " fields as in the header, found " + r.getFieldCount());
        }
        String worker =
            workerCol < 0
                ? null
                : CrowdReader.id(file, line, r, workerCol, format.workerColumn(), rules);
        String left = CrowdReader.id(file, line, r, leftCol, format.leftColumn(), rules);
        String right = CrowdReader.id(file, line, r, rightCol, format.rightColumn(), rules);
        String label = CrowdReader.id(file, line, r, labelCol, format.labelColumn(), rules);
        if (left.equals(right)) {
          throw new CrowdFormatException(
              file,
              line,
              format.rightColumn(),
              "field '"
                  + format.rightColumn()
                  + "' repeats the left item '"
                  + left
                  + "' (an item cannot be compared with itself)");
        }
        if (!label.equals(left) && !label.equals(right)) {
          throw new CrowdFormatException(
              file,
              line,
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
    } catch (CsvParseException | UncheckedIOException e) {
      throw CrowdReader.parseError(file, text, e);
    } catch (IOException e) {
      throw CrowdReader.unreadable(file, text, e);
    }
    if (builder.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "no comparisons after the header");
    }
    return builder.build();
  }

  /**
   * Reads true scores {@code item,score} (as {@link ComparisonsWriter} writes them) aligned to
   * {@code items}: one finite number per item; an item missing from {@code items} or given twice,
   * and an item of {@code items} without a score, are errors.
   */
  public static double[] readScores(Path file, org.crowd4j.data.Vocabulary items, CsvFormat rules)
      throws CrowdFormatException {
    char delimiter = rules.delimiterFor(file);
    double[] out = new double[items.size()];
    java.util.Arrays.fill(out, Double.NaN);
    StrictText text = null;
    try (InputStream plain = CrowdReader.decompressed(file, CrowdReader.openFile(file, null));
        StrictText t = text = CrowdReader.text(plain, delimiter, rules);
        CsvReader<CsvRecord> csv = CrowdReader.csv(t, delimiter, rules)) {
      var it = csv.iterator();
      if (!it.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      CsvRecord header = it.next();
      int itemCol = CrowdReader.column(file, header, "item");
      int scoreCol = CrowdReader.column(file, header, "score");
      while (it.hasNext()) {
        CsvRecord r = it.next();
        long line = r.getStartingLineNumber();
        if (r.getFieldCount() != header.getFieldCount()) {
          throw new CrowdFormatException(
              file,
              line,
              null,
              "expected " + header.getFieldCount() + " fields, found " + r.getFieldCount());
        }
        String item = CrowdReader.id(file, line, r, itemCol, "item", rules);
        String raw = CrowdReader.id(file, line, r, scoreCol, "score", rules);
        int i = items.id(item);
        if (i < 0) {
          throw new CrowdFormatException(
              file, line, "item", "item '" + item + "' is in no comparison");
        }
        if (!Double.isNaN(out[i])) {
          throw new CrowdFormatException(file, line, "item", "item '" + item + "' is given twice");
        }
        double v;
        try {
          v = Double.parseDouble(raw);
        } catch (NumberFormatException e) {
          v = Double.NaN;
        }
        if (!Double.isFinite(v)) {
          throw new CrowdFormatException(
              file, line, "score", "field 'score' is not a finite number: '" + raw + "'");
        }
        out[i] = v;
      }
    } catch (CsvParseException | UncheckedIOException e) {
      throw CrowdReader.parseError(file, text, e);
    } catch (IOException e) {
      throw CrowdReader.unreadable(file, text, e);
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
