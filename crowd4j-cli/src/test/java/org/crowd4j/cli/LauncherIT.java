package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code crowd4j} launcher at the project root, reached through a chain of symbolic links (the
 * natural way onto a PATH): it finds the packaged jar beside itself, not beside the link.
 */
class LauncherIT {
  @TempDir Path dir;

  @Test
  void runsThroughAChainOfSymbolicLinks() throws Exception {
    Path launcher = Path.of("").toAbsolutePath().getParent().resolve("crowd4j");
    assertTrue(Files.isRegularFile(launcher), launcher.toString());
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path first = Files.createSymbolicLink(dir.resolve("crowd4j-link"), launcher);
    Path onPath = Files.createSymbolicLink(bin.resolve("crowd4j"), Path.of("../crowd4j-link"));
    Process p =
        new ProcessBuilder("bash", onPath.toString(), "--version")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher finished");
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.startsWith("crowd4j "), out + " (through " + first + ")");
  }
}
