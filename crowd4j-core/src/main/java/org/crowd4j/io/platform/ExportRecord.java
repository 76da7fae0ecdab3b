package org.crowd4j.io.platform;

import java.nio.file.Path;

/**
 * One answer of a platform's export as its reader finds it, before the assembler of its kind
 * ({@link Assembler}) builds the data: the file and line it was read at (line 0: none), the task,
 * the annotator and the field naming the annotator in messages, the answer of the kind (a label, a
 * text, a {@link Pair}, a mask) and, for classes, the known label the row carries ({@code null}
 * when none).
 *
 * @param <T> the answer's type
 */
record ExportRecord<T>(
    Path file,
    long line,
    String task,
    String worker,
    String workerField,
    T answer,
    String goldField,
    String gold) {

  /** A record without a known label. */
  ExportRecord(Path file, long line, String task, String worker, String workerField, T answer) {
    this(file, line, task, worker, workerField, answer, null, null);
  }

  /** One pairwise judgement: the two items and whether the left one was chosen. */
  record Pair(String left, String right, boolean leftWon) {}
}
