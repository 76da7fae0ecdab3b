package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs appear whole or not at all, and a failed write keeps what was there. */
class AtomicFilesTest {
  private static final Predicate<String> PNG = n -> n.endsWith(".png") || n.equals("index.csv");

  @TempDir Path dir;

  private static List<String> names(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static void file(Path folder, String name, String text) throws IOException {
    Files.writeString(folder.resolve(name), text, StandardCharsets.UTF_8);
  }

  @Test
  void aFileIsReplacedWholeAndAFailedWriteKeepsTheOldOne() throws IOException {
    Path out = dir.resolve("sub/labels.csv");
    AtomicFiles.write(out, o -> o.write("one\n".getBytes(StandardCharsets.UTF_8)));
    assertEquals("one\n", Files.readString(out));
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                AtomicFiles.write(
                    out,
                    o -> {
                      o.write("half".getBytes(StandardCharsets.UTF_8));
                      throw new IOException("disk full");
                    }));
    assertEquals("disk full", e.getMessage());
    assertEquals("one\n", Files.readString(out));
    assertEquals(List.of("labels.csv"), names(out.getParent()), "no temporary file left");
  }

  @Test
  void aMissingFolderIsCreatedWithItsFiles() throws IOException {
    Path out = dir.resolve("a/png");
    AtomicFiles.writeFolder(out, PNG, d -> file(d, "x.png", "x"));
    assertEquals(List.of("x.png"), names(out));
    assertEquals(List.of("png"), names(dir.resolve("a")), "no temporary folder left");
  }

  @Test
  void anEmptyFolderIsReplaced() throws IOException {
    Path out = Files.createDirectory(dir.resolve("png"));
    AtomicFiles.writeFolder(out, PNG, d -> file(d, "x.png", "x"));
    assertEquals(List.of("x.png"), names(out));
    assertEquals(List.of("png"), names(dir));
  }

  @Test
  void anEarlierRunsFolderIsSwappedOutWhole() throws IOException {
    Path out = Files.createDirectory(dir.resolve("png"));
    file(out, "old.png", "o");
    file(out, "index.csv", "i");
    file(out, ".x.123.tmp", "left by a killed run");
    AtomicFiles.writeFolder(out, PNG, d -> file(d, "new.png", "n"));
    assertEquals(List.of("new.png"), names(out), "the earlier run's files are gone");
    assertEquals(List.of("png"), names(dir), "nor is the swapped-out folder left");
  }

  @Test
  void aFolderWithOtherFilesKeepsThem() throws IOException {
    Path out = Files.createDirectory(dir.resolve("png"));
    file(out, "notes.txt", "mine");
    file(out, "a.png", "old");
    AtomicFiles.writeFolder(out, PNG, d -> file(d, "a.png", "new"));
    assertEquals(List.of("a.png", "notes.txt"), names(out));
    assertEquals("new", Files.readString(out.resolve("a.png")));
    assertEquals("mine", Files.readString(out.resolve("notes.txt")));
  }

  @Test
  void aFailedFolderWriteLeavesTheEarlierFolderAndNoTemporaryOne() throws IOException {
    Path out = Files.createDirectory(dir.resolve("png"));
    file(out, "old.png", "o");
    assertThrows(
        IOException.class,
        () ->
            AtomicFiles.writeFolder(
                out,
                PNG,
                d -> {
                  Files.createDirectory(d.resolve("deep"));
                  file(d.resolve("deep"), "part.png", "p");
                  throw new IOException("killed");
                }));
    assertEquals(List.of("old.png"), names(out));
    assertEquals(List.of("png"), names(dir));
  }

  @Test
  void aFileWhereTheFolderShouldBeIsReplacedOnlyIfItIsNotAFolder() throws IOException {
    Path out = dir.resolve("png");
    file(dir, "png", "a file");
    assertThrows(
        IOException.class, () -> AtomicFiles.writeFolder(out, PNG, d -> file(d, "x.png", "x")));
    assertTrue(Files.isRegularFile(out), "a file in the way is not deleted");
    assertFalse(names(dir).stream().anyMatch(n -> n.endsWith(".tmp")));
  }

  @Test
  void theRootCannotBeWritten() {
    assertThrows(IOException.class, () -> AtomicFiles.writeFolder(Path.of("/"), PNG, d -> {}));
  }
}
