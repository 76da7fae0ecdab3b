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

  @Test
  void usesTheClassArchiveWhenItMatchesAndRunsQuietlyWithoutItWhenItDoesNot() throws Exception {
    Path launcher = Path.of("").toAbsolutePath().getParent().resolve("crowd4j");
    Path built = Path.of("target", "crowd4j.jar").toAbsolutePath();
    assertTrue(
        Files.isRegularFile(built.resolveSibling("crowd4j.jsa")), "the build made the archive");
    String plain = run(launcher, built, "--version");
    // a jar with an archive that is not its own: the JVM refuses the archive without a word
    Path jar = Files.copy(built, dir.resolve("crowd4j.jar"));
    Files.write(dir.resolve("crowd4j.jsa"), new byte[] {1, 2, 3, 4});
    Files.setLastModifiedTime(
        dir.resolve("crowd4j.jsa"),
        java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
    assertEquals(plain, run(launcher, jar, "--version"));
  }

  private String run(Path launcher, Path jar, String... args) throws Exception {
    java.util.List<String> cmd =
        new java.util.ArrayList<>(java.util.List.of("bash", launcher.toString()));
    cmd.addAll(java.util.List.of(args));
    ProcessBuilder b = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
    b.environment().put("CROWD4J_JAR", jar.toString());
    Process p = b.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher finished");
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.startsWith("crowd4j "), out);
    return out;
  }
}
