package org.crowd4j.bench.fuzz;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import org.crowd4j.data.DuplicatePolicy;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;

/**
 * Fuzz target of the answers reader: the variant byte chooses CSV, TSV or gzipped CSV (bits 0–1),
 * the text rules (bits 2–3), anonymous answers (bit 4) and the duplicate policy (bits 5–6).
 */
public final class AnswersFuzz {
  private static final Path CSV = Path.of("answers.csv");
  private static final Path TSV = Path.of("answers.tsv");
  private static final Path GZ = Path.of("answers.csv.gz");

  private AnswersFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    byte[] body = Inputs.body(data);
    Path name;
    switch (v & 3) {
      case 1 -> name = TSV;
      case 2 -> {
        name = GZ;
        body = Inputs.gzip(body);
      }
      case 3 -> name = GZ; // raw bytes that claim to be gzip
      default -> name = CSV;
    }
    CsvFormat format = Inputs.rules(v);
    if ((v & 16) != 0) {
      format = format.anonymous();
    }
    DuplicatePolicy[] policies = DuplicatePolicy.values();
    format = format.withDuplicates(policies[((v >> 5) & 3) % policies.length]);
    try {
      CrowdReader.readAnswers(name, new ByteArrayInputStream(body), format);
    } catch (CrowdFormatException e) {
      Inputs.expected(e, name);
    }
  }
}
