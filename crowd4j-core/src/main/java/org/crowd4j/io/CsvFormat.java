package org.crowd4j.io;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import org.crowd4j.data.DuplicatePolicy;

/**
 * How a long-format answers file is laid out: delimiter (0 = by file extension: tab for {@code
 * .tsv}/{@code .tab}, comma otherwise), the header names of the task, worker and label columns
 * ({@code workerColumn == null} reads anonymous answers), and the duplicate policy.
 *
 * @param delimiter field separator, or 0 to choose by extension
 * @param taskColumn header of the task id column
 * @param workerColumn header of the worker id column, or {@code null} for anonymous answers
 * @param labelColumn header of the label column
 * @param duplicates what to do with repeated (task, worker) answers
 */
public record CsvFormat(
    char delimiter,
    String taskColumn,
    String workerColumn,
    String labelColumn,
    DuplicatePolicy duplicates) {

  /** Validates. */
  public CsvFormat {
    Objects.requireNonNull(taskColumn, "taskColumn");
    Objects.requireNonNull(labelColumn, "labelColumn");
    Objects.requireNonNull(duplicates, "duplicates");
  }

  /** {@code task,worker,label}, delimiter by extension, keep duplicates. */
  public static CsvFormat defaults() {
    return new CsvFormat((char) 0, "task", "worker", "label", DuplicatePolicy.KEEP_ALL);
  }

  /** This format reading anonymous answers (no worker column). */
  public CsvFormat anonymous() {
    return new CsvFormat(delimiter, taskColumn, null, labelColumn, duplicates);
  }

  /** This format with another delimiter. */
  public CsvFormat withDelimiter(char d) {
    return new CsvFormat(d, taskColumn, workerColumn, labelColumn, duplicates);
  }

  /** This format with other column names. */
  public CsvFormat withColumns(String task, String worker, String label) {
    return new CsvFormat(delimiter, task, worker, label, duplicates);
  }

  /** This format with another duplicate policy. */
  public CsvFormat withDuplicates(DuplicatePolicy policy) {
    return new CsvFormat(delimiter, taskColumn, workerColumn, labelColumn, policy);
  }

  /** The delimiter to use for {@code file}. */
  public char delimiterFor(Path file) {
    if (delimiter != 0) {
      return delimiter;
    }
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    name = name.toLowerCase(Locale.ROOT);
    if (name.endsWith(".gz")) {
      name = name.substring(0, name.length() - 3);
    }
    return name.endsWith(".tsv") || name.endsWith(".tab") ? '\t' : ',';
  }
}
