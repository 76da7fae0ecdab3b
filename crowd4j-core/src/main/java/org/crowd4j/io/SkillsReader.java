package org.crowd4j.io;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.aggregate.WeightedMajorityVote;

/**
 * Reads known worker skills, a CSV/TSV file with a header holding the columns {@code worker} and
 * {@code skill} (other columns are ignored), through {@link CsvRecords}, and builds the weighted
 * majority vote the catalogue's {@code skillsFile} option names.
 */
public final class SkillsReader {
  private SkillsReader() {}

  /**
   * Worker name → skill, in file order. Skills must be finite and non-negative; a worker may appear
   * once.
   *
   * @throws CrowdFormatException naming file and line of the first problem
   */
  public static Map<String, Double> read(Path file) throws CrowdFormatException {
    Map<String, Double> out = new LinkedHashMap<>();
    try (CsvRecords in = CsvRecords.open(file, CsvFormat.defaults())) {
      int workerCol = in.column("worker");
      int skillCol = in.column("skill");
      while (in.nextOfAnyWidth()) {
        if (in.fieldCount() <= Math.max(workerCol, skillCol)) {
          in.requireWidth();
        }
        String worker = in.id(workerCol, "worker");
        double skill = in.decimal(skillCol);
        if (skill < 0) {
          throw in.error(
              "skill", "field 'skill' must be >= 0: '" + in.field(skillCol).strip() + "'");
        }
        if (out.put(worker, skill) != null) {
          throw in.error("worker", "worker '" + worker + "' has a second skill");
        }
      }
    }
    if (out.isEmpty()) {
      throw new CrowdFormatException(file, 0, null, "no skills after the header");
    }
    return out;
  }

  /**
   * A weighted majority vote with {@code options} whose skills are read from {@code
   * options.skillsFile()} (the catalogue's {@code wmv} with a skills file).
   *
   * @throws IllegalArgumentException when no file is named, or it cannot be read (the message names
   *     the file and line)
   */
  public static WeightedMajorityVote weightedMajorityVote(WeightedMajorityVote.Options options) {
    WeightedMajorityVote.requireSkillsFile(options);
    try {
      return new WeightedMajorityVote(options, read(Path.of(options.skillsFile())));
    } catch (CrowdFormatException e) {
      throw new IllegalArgumentException("skillsFile: " + e.getMessage(), e);
    }
  }
}
