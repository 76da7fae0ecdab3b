package org.crowd4j.io.platform;

import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.text.TextAnswers;

/**
 * The assembler of free texts: one per task and annotator (the reader has checked each text as
 * {@code StrictInput.text} checks it).
 */
final class TextRows implements Assembler<String, ExportData<TextAnswers>> {
  private final Path file;
  private final Notes.Style style;
  private final Once once;
  private final Notes notes = new Notes();
  private final TextAnswers.Builder builder = TextAnswers.builder();

  TextRows(Path file, Notes.Style style) {
    this.file = file;
    this.style = style;
    this.once = new Once(style);
  }

  @Override
  public void add(ExportRecord<String> r) throws CrowdFormatException {
    once.check(r);
    builder.add(r.task(), r.worker(), r.answer());
  }

  @Override
  public void skip(String why, int n) {
    notes.skip(why, n);
  }

  @Override
  public ExportData<TextAnswers> build(String what) throws CrowdFormatException {
    if (builder.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "no texts in " + what + notes.after(style));
    }
    return new ExportData<>(builder.build(), notes.lines());
  }
}
