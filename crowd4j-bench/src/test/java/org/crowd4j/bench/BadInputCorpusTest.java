package org.crowd4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short generated bad-input corpus (the long one is run by {@code
 * scripts/bad-input-corpus-run.sh}, see RELIABILITY.md): no run may end in a finding.
 */
class BadInputCorpusTest {
  @TempDir Path dir;

  @Test
  void aShortCorpusOfEveryReaderEndsWithoutFindings() throws Exception {
    BadInputCorpus.Summary s = BadInputCorpus.run(1, 60, dir, null, false);
    assertEquals(60, s.outcomes().size());
    assertTrue(s.findings().isEmpty(), s.markdown(1));
    try (var files = Files.list(dir.resolve("corpus"))) {
      assertEquals(60, files.filter(Files::isRegularFile).count());
    }
  }
}
