package org.crowd4j.text;

import java.time.Instant;
import org.crowd4j.aggregate.Provenance;

/** {@link Provenance} of results on answers that are not a class-label dataset. */
public final class TextProvenance {
  private TextProvenance() {}

  /** Provenance of {@code method} with {@code options} on data of digest {@code digest}. */
  public static Provenance of(String method, Record options, String digest, long startNanos) {
    return new Provenance(
        method,
        Provenance.describe(options),
        digest,
        Provenance.LIBRARY_VERSION,
        System.getProperty("java.version"),
        System.getProperty("os.name") + " " + System.getProperty("os.arch"),
        Instant.now(),
        (System.nanoTime() - startNanos) / 1e6);
  }
}
