package org.crowd4j.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;

/**
 * Checks that a features file belongs to the answers: every answered task has a row and every row
 * an answered task. A mismatch is bad input, with the counts, unless the user allows it; then the
 * answers of tasks without a row are left out and the other rows ignored, with a note.
 */
final class FeatureCoverage {
  private FeatureCoverage() {}

  /** {@code data}, or {@code data} without the tasks that have no features when allowed. */
  static CrowdDataset check(
      Path featuresFile,
      TaskFeatures x,
      Path answersFile,
      CrowdDataset data,
      boolean allow,
      PrintWriter err)
      throws BadInputException {
    TaskFeatures.Coverage c = x.coverage(data.tasks());
    if (c.exact()) {
      return data;
    }
    String counts =
        String.format(
            Locale.ROOT,
            "%s has rows for %d of the %d tasks of %s: %d task(s) without a row%s, %d row(s) of"
                + " tasks without answers%s",
            featuresFile,
            c.covered(),
            data.numTasks(),
            answersFile,
            c.missing(),
            examples(c.missingExamples()),
            c.extra(),
            examples(c.extraExamples()));
    if (c.covered() == 0) {
      throw new BadInputException(counts + "; is it the features file of these answers?");
    }
    if (!allow) {
      throw new BadInputException(
          counts
              + "; is it the features file of these answers? (--allow-feature-mismatch ignores the"
              + " extra rows and leaves out the tasks without a row)");
    }
    err.println("note: " + counts + "; those tasks are left out, those rows ignored");
    err.flush();
    if (c.missing() == 0) {
      return data;
    }
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int a = 0; a < data.numAnswers(); a++) {
      String task = data.tasks().name(data.task(a));
      if (x.tasks().id(task) >= 0) {
        b.add(
            task,
            data.anonymous() ? null : data.workers().name(data.worker(a)),
            data.labels().name(data.label(a)));
      }
    }
    return b.build();
  }

  private static String examples(List<String> names) {
    return names.isEmpty() ? "" : " (e.g. '" + String.join("', '", names) + "')";
  }
}
