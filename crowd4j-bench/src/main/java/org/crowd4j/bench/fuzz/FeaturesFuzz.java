package org.crowd4j.bench.fuzz;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;

/** Fuzz target of the features reader: the variant byte chooses CSV or TSV and the text rules. */
public final class FeaturesFuzz {
  private FeaturesFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    Path name = Path.of((v & 1) != 0 ? "features.tsv" : "features.csv");
    try {
      TaskFeatures x =
          CrowdReader.readFeatures(
              name, new ByteArrayInputStream(Inputs.body(data)), Inputs.rules(v));
      for (float f : x.toArray()) {
        if (!Float.isFinite(f)) {
          throw new IllegalStateException("a feature that is not finite: " + f);
        }
      }
    } catch (CrowdFormatException e) {
      Inputs.expected(e, name);
    }
  }
}
