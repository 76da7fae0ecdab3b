package org.crowd4j.io;

import java.nio.file.Path;
import java.util.List;

/**
 * Checks a whole CSV/TSV file against the strict rules of {@link CsvRecords} without building a
 * data set: quoting, UTF-8, the width of every record, the named columns present, id columns
 * non-empty single-line text and other checked columns free of control characters, and at least one
 * record after the header. Used where another engine (Apache Spark) reads the file itself, so that
 * a file the local readers refuse is refused there too, with the same file, line and field.
 */
public final class FileCheck {
  private FileCheck() {}

  /**
   * Reads {@code file} once, checking every record.
   *
   * @param file the file (plain or gzipped)
   * @param rules delimiter and text rules, as the local reader would use them
   * @param idColumns columns whose fields are ids (trimmed, non-empty, single-line)
   * @param textColumns further columns checked as text (may be empty; control characters refused)
   * @return the number of records after the header
   * @throws CrowdFormatException naming file, line and field of the first problem
   */
  public static long check(
      Path file, CsvFormat rules, List<String> idColumns, List<String> textColumns)
      throws CrowdFormatException {
    long records = 0;
    try (CsvRecords in = CsvRecords.open(file, rules)) {
      int[] ids = columns(in, idColumns);
      int[] texts = columns(in, textColumns);
      while (in.next()) {
        for (int c : ids) {
          in.id(c);
        }
        for (int c : texts) {
          in.text(c);
        }
        records++;
      }
    }
    if (records == 0) {
      throw new CrowdFormatException(file, 0, null, "no answers after the header");
    }
    return records;
  }

  private static int[] columns(CsvRecords in, List<String> names) throws CrowdFormatException {
    int[] out = new int[names.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = in.column(names.get(i));
    }
    return out;
  }
}
