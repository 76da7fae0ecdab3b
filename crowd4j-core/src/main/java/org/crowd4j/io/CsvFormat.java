package org.crowd4j.io;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import org.crowd4j.data.DuplicatePolicy;

/**
 * How a long-format answers file is laid out: delimiter (0 = by file extension: tab for {@code
 * .tsv}/{@code .tab}, comma otherwise), the header names of the task, worker and label columns
 * ({@code workerColumn == null} reads anonymous answers), the duplicate policy, and how strict the
 * text is read. By default quoting is strict (RFC 4180: a quote opens a field and is closed before
 * the next delimiter or line end, a quote inside a quoted field is doubled) and ids and labels may
 * not contain line breaks or other control characters; a quote that is never closed is an error in
 * every mode.
 *
 * @param delimiter field separator, or 0 to choose by extension
 * @param taskColumn header of the task id column
 * @param workerColumn header of the worker id column, or {@code null} for anonymous answers
 * @param labelColumn header of the label column
 * @param duplicates what to do with repeated (task, worker) answers
 * @param lenientQuotes accept a quote inside an unquoted field ({@code say "hi"}, kept as typed)
 *     and text after a closing quote
 * @param controlCharacters accept line breaks and other control characters in ids and labels
 */
public record CsvFormat(
    char delimiter,
    String taskColumn,
    String workerColumn,
    String labelColumn,
    DuplicatePolicy duplicates,
    boolean lenientQuotes,
    boolean controlCharacters) {

  /** Validates. */
  public CsvFormat {
    Objects.requireNonNull(taskColumn, "taskColumn");
    Objects.requireNonNull(labelColumn, "labelColumn");
    Objects.requireNonNull(duplicates, "duplicates");
  }

  /** A format with strict quoting and no control characters in ids and labels. */
  public CsvFormat(
      char delimiter,
      String taskColumn,
      String workerColumn,
      String labelColumn,
      DuplicatePolicy duplicates) {
    this(delimiter, taskColumn, workerColumn, labelColumn, duplicates, false, false);
  }

  /** {@code task,worker,label}, delimiter by extension, keep duplicates, strict text. */
  public static CsvFormat defaults() {
    return new CsvFormat((char) 0, "task", "worker", "label", DuplicatePolicy.KEEP_ALL);
  }

  /** This format accepting stray quotes (see {@link #lenientQuotes()}). */
  public CsvFormat withLenientQuotes() {
    return new CsvFormat(
        delimiter, taskColumn, workerColumn, labelColumn, duplicates, true, controlCharacters);
  }

  /** This format accepting (or not) control characters in ids and labels. */
  public CsvFormat withControlCharacters(boolean allow) {
    return new CsvFormat(
        delimiter, taskColumn, workerColumn, labelColumn, duplicates, lenientQuotes, allow);
  }

  /** The text rules of this format (quotes, control characters) with the default layout. */
  public CsvFormat rulesOnly() {
    return defaults().withControlCharacters(controlCharacters).withQuotes(lenientQuotes);
  }

  private CsvFormat withQuotes(boolean lenient) {
    return new CsvFormat(
        delimiter, taskColumn, workerColumn, labelColumn, duplicates, lenient, controlCharacters);
  }

  /** This format reading anonymous answers (no worker column). */
  public CsvFormat anonymous() {
    return new CsvFormat(
        delimiter, taskColumn, null, labelColumn, duplicates, lenientQuotes, controlCharacters);
  }

  /** This format with another delimiter. */
  public CsvFormat withDelimiter(char d) {
    return new CsvFormat(
        d, taskColumn, workerColumn, labelColumn, duplicates, lenientQuotes, controlCharacters);
  }

  /** This format with other column names. */
  public CsvFormat withColumns(String task, String worker, String label) {
    return new CsvFormat(
        delimiter, task, worker, label, duplicates, lenientQuotes, controlCharacters);
  }

  /** This format with another duplicate policy. */
  public CsvFormat withDuplicates(DuplicatePolicy policy) {
    return new CsvFormat(
        delimiter, taskColumn, workerColumn, labelColumn, policy, lenientQuotes, controlCharacters);
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
