package org.crowd4j.io.platform;

import java.util.HashMap;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;

/** One answer per task and annotator: a second one is an error naming both lines. */
final class Once {
  private final Notes.Style style;
  private final Map<String, Long> seen = new HashMap<>();

  Once(Notes.Style style) {
    this.style = style;
  }

  /** Checks that {@code r} is its annotator's first answer to its task. */
  void check(ExportRecord<?> r) throws CrowdFormatException {
    Long before = seen.putIfAbsent(r.task() + '\u0000' + r.worker(), r.line());
    if (before != null) {
      throw new CrowdFormatException(
          r.file(),
          r.line(),
          r.workerField(),
          style.annotator
              + " '"
              + r.worker()
              + "' "
              + style.answered
              + " task '"
              + r.task()
              + "' again (first at line "
              + before
              + ")");
    }
  }
}
