package org.crowd4j.bench.fuzz;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;

/** Fuzz target of the gold reader: the variant byte chooses CSV or TSV and the text rules. */
public final class GoldFuzz {
  private GoldFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    Path name = Path.of((v & 1) != 0 ? "gold.tsv" : "gold.csv");
    try {
      CrowdReader.readGoldMap(
          name, new ByteArrayInputStream(Inputs.body(data)), "task", "label", Inputs.rules(v));
    } catch (CrowdFormatException e) {
      Inputs.expected(e, name);
    }
  }
}
