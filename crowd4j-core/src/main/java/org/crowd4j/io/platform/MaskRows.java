package org.crowd4j.io.platform;

import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;

/**
 * The assembler of masks: one per task and annotator, the masks of a task of one size (a mask that
 * breaks either is an error at its record, in the field {@code sizeField}).
 */
final class MaskRows implements Assembler<Mask, ExportData<MaskAnswers>> {
  private final Path file;
  private final Notes.Style style;
  private final Once once;
  private final String sizeField;
  private final Notes notes = new Notes();
  private final MaskAnswers.Builder builder = MaskAnswers.builder();

  /** {@code once}: a second answer is an error of {@link Once} before the builder sees it. */
  MaskRows(Path file, Notes.Style style, boolean once, String sizeField) {
    this.file = file;
    this.style = style;
    this.once = once ? new Once(style) : null;
    this.sizeField = sizeField;
  }

  @Override
  public void add(ExportRecord<Mask> r) throws CrowdFormatException {
    if (once != null) {
      once.check(r);
    }
    try {
      builder.add(r.task(), r.worker(), r.answer());
    } catch (IllegalArgumentException e) {
      throw new CrowdFormatException(r.file(), r.line(), sizeField, e.getMessage());
    }
  }

  @Override
  public void skip(String why, int n) {
    notes.skip(why, n);
  }

  @Override
  public ExportData<MaskAnswers> build(String what) throws CrowdFormatException {
    if (builder.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "no masks in " + what + notes.after(style));
    }
    return new ExportData<>(builder.build(), notes.lines());
  }
}
