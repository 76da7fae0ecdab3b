package org.crowd4j.io.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A data object of the manifest without any worker response is counted in a note, not lost. */
class SageMakerMissingResponsesTest {
  @TempDir Path dir;

  @Test
  void dataObjectsWithoutAWorkerResponseAreNoted() throws Exception {
    Path job = PlatformExportsTest.resource("sagemaker/identify-sport");
    try (Stream<Path> all = Files.walk(job)) {
      for (Path p : all.toList()) {
        Path to = dir.resolve(job.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    Path responses = dir.resolve("annotations/worker-response/iteration-1");
    // data object 1: its folder left empty; data object 2: no folder at all
    try (Stream<Path> files = Files.list(responses.resolve("1"))) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    try (Stream<Path> files = Files.list(responses.resolve("2"))) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(responses.resolve("2"));
    ExportAnswers x =
        ExportReader.read(
            dir.resolve("manifests/output/output.manifest"),
            ExportFormat.SAGEMAKER,
            CsvFormat.defaults(),
            ExportOptions.defaults());
    assertEquals(1, x.data().numTasks());
    assertEquals(
        List.of("2 data object(s) of the manifest without a worker response skipped"), x.notes());
  }
}
