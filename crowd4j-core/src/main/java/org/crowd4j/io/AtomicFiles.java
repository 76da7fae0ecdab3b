package org.crowd4j.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file through a temporary sibling that is moved into place only when writing succeeded,
 * so a reader never sees a half-written output and a failed write leaves the old file untouched.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** What to write. */
  @FunctionalInterface
  public interface Content {
    /** Writes everything to {@code out} (closed by the caller). */
    void writeTo(OutputStream out) throws IOException;
  }

  /** Writes {@code content} to {@code target} atomically, creating parent folders. */
  public static void write(Path target, Content content) throws IOException {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    Files.createDirectories(dir);
    // a unique sibling created with the default permissions (umask), unlike createTempFile's 0600
    Path tmp =
        dir.resolve(
            "."
                + abs.getFileName()
                + "."
                + ProcessHandle.current().pid()
                + "."
                + System.nanoTime()
                + ".tmp");
    try {
      try (OutputStream out =
          new BufferedOutputStream(
              Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
              1 << 16)) {
        content.writeTo(out);
      }
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
