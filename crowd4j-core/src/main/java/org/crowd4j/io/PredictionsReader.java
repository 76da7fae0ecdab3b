package org.crowd4j.io;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;

/**
 * Reads a classifier's class probabilities per task ({@code task,label,p_<class>...}, as {@code
 * train --predictions-out} writes them) through {@link LabelsFile}.
 */
public final class PredictionsReader {
  private PredictionsReader() {}

  /**
   * The probabilities in {@code file}; a file without {@code p_} columns or with a task twice is a
   * {@link CrowdFormatException} naming the file, line and field.
   */
  public static ClassifierProbabilities read(Path file) throws CrowdFormatException {
    LabelsFile f = LabelsFile.read(file);
    if (f.probabilities() == null) {
      throw new CrowdFormatException(
          file, 1, null, "no p_<class> columns: the predictions need the class probabilities");
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int r = 0; r < f.tasks().size(); r++) {
      Integer before = seen.putIfAbsent(f.tasks().get(r), r);
      if (before != null) {
        throw new CrowdFormatException(
            file,
            r + 2,
            "task",
            "task '" + f.tasks().get(r) + "' already has a row (line " + (before + 2) + ")");
      }
    }
    return ClassifierProbabilities.of(f.tasks(), f.classes(), f.probabilities());
  }
}
