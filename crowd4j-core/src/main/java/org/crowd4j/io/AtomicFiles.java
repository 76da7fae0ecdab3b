package org.crowd4j.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Writes a file through a temporary sibling that is moved into place only when writing succeeded,
 * so a reader never sees a half-written output and a failed write leaves the old file untouched;
 * and a folder of outputs the same way ({@link #writeFolder}).
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

  /** What to write into a folder. */
  @FunctionalInterface
  public interface FolderContent {
    /** Writes every file into {@code dir} (which exists). */
    void writeTo(Path dir) throws IOException;
  }

  /**
   * Writes the folder {@code target} through a temporary sibling folder: a missing or empty target
   * is replaced in one rename, and a target that holds only files of an earlier run ({@code own}
   * tells them by name) is swapped out and deleted. A target holding other files keeps them: the
   * content is then written into it, each file atomically but not the folder as a whole. A target
   * that is a file, not a folder, is an error (it is not replaced).
   */
  public static void writeFolder(Path target, Predicate<String> own, FolderContent content)
      throws IOException {
    Path abs = target.toAbsolutePath().normalize();
    Path parent = abs.getParent();
    if (parent == null) {
      throw new IOException("cannot write the root folder " + abs);
    }
    Files.createDirectories(parent);
    if (Files.exists(abs, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(abs)) {
      throw new IOException(abs + " exists and is not a folder");
    }
    if (Files.isDirectory(abs) && !onlyOwnFiles(abs, own)) {
      content.writeTo(abs);
      return;
    }
    Path tmp = parent.resolve("." + abs.getFileName() + "." + unique() + ".tmp");
    Files.createDirectory(tmp);
    try {
      content.writeTo(tmp);
      install(tmp, abs);
    } finally {
      deleteTree(tmp);
    }
  }

  private static boolean onlyOwnFiles(Path dir, Predicate<String> own) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .allMatch(n -> own.test(n) || (n.startsWith(".") && n.endsWith(".tmp")));
    }
  }

  /** Moves the finished folder {@code tmp} to {@code target}. */
  private static void install(Path tmp, Path target) throws IOException {
    if (!Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      move(tmp, target);
      return;
    }
    if (isEmptyDirectory(target)) {
      try {
        // rename(2) replaces an empty folder in one step
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        Files.delete(target);
        move(tmp, target);
      }
      return;
    }
    Path old = target.resolveSibling("." + target.getFileName() + "." + unique() + ".old");
    Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
      throw e;
    }
    deleteTree(old);
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
  }

  private static boolean isEmptyDirectory(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }

  private static String unique() {
    return ProcessHandle.current().pid() + "." + System.nanoTime();
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      try (Stream<Path> s = Files.list(p)) {
        for (Path c : (Iterable<Path>) s::iterator) {
          deleteTree(c);
        }
      }
    }
    Files.deleteIfExists(p);
  }
}
