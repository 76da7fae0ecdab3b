package org.crowd4j.spark;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.simulate.SyntheticCrowd;

/**
 * Writes a seeded synthetic crowd as {@code task,worker,label} CSV (temporary file, then moved).
 */
final class GeneratedAnswers {
  private GeneratedAnswers() {}

  /**
   * {@code tasks} tasks of 4 classes answered by 5 of 50 workers each (experts, noisy workers,
   * spammers, confusers and adversaries, as {@link SyntheticCrowd} draws them).
   */
  static Path write(Path file, int tasks, long seed) throws IOException {
    CrowdDataset data =
        SyntheticCrowd.generate(tasks, 4, 50, 5, new double[] {0.3, 0.35, 0.15, 0.1, 0.1}, seed)
            .data();
    Files.createDirectories(file.getParent());
    Path tmp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      w.write("task,worker,label\n");
      for (int a = 0; a < data.numAnswers(); a++) {
        w.write(data.tasks().name(data.task(a)));
        w.write(',');
        w.write(data.workers().name(data.worker(a)));
        w.write(',');
        w.write(data.labels().name(data.label(a)));
        w.write('\n');
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return file;
  }
}
