package org.crowd4j.bench.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.ModelFileException;

/**
 * What the fuzz targets share: the first input byte chooses a variant (file name, reading options),
 * the rest is the file; the only failure a reader may report is the project's own bad-input error
 * naming the file — anything else thrown is a finding.
 */
final class Inputs {
  private Inputs() {}

  /** The file part of an input (all but the first byte). */
  static byte[] body(byte[] data) {
    return data.length == 0 ? data : Arrays.copyOfRange(data, 1, data.length);
  }

  /** The variant byte (0 for an empty input). */
  static int variant(byte[] data) {
    return data.length == 0 ? 0 : data[0] & 0xff;
  }

  /** The text rules chosen by bits 2 and 3 of the variant. */
  static CsvFormat rules(int variant) {
    CsvFormat f = CsvFormat.defaults().withControlCharacters((variant & 4) != 0);
    return (variant & 8) != 0 ? f.withLenientQuotes() : f;
  }

  /** {@code bytes} gzipped. */
  static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 2 + 32);
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * A new folder of the temporary directory for the targets whose readers take a path, deleted with
   * the files {@link #write} puts there when the JVM exits.
   */
  static Path scratch(String target) {
    try {
      Path dir = Files.createTempDirectory("crowd4j-fuzz-" + target);
      dir.toFile().deleteOnExit();
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code bytes} written to {@code dir/name} (replacing the last execution's file). */
  static Path write(Path dir, String name, byte[] bytes) {
    Path file = dir.resolve(name);
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    file.getParent().toFile().deleteOnExit();
    file.toFile().deleteOnExit();
    return file;
  }

  /**
   * The name of file {@code stem} in the container chosen by {@code c} (bits 0–1): CSV, TSV,
   * gzipped CSV, or raw bytes that claim to be gzip ({@code .csv.gz} for both).
   */
  static String fileName(String stem, int c) {
    return stem + ((c & 3) == 1 ? ".tsv" : (c & 3) >= 2 ? ".csv.gz" : ".csv");
  }

  /** {@code body} written under {@code dir} as file {@code stem} in container {@code c}. */
  static Path container(Path dir, String stem, int c, byte[] body) {
    return write(dir, fileName(stem, c), (c & 3) == 2 ? gzip(body) : body);
  }

  /** Fails unless {@code e} names {@code file} as the project's bad-input errors do. */
  static void expected(CrowdFormatException e, Path file) {
    if (e.file() == null || !e.getMessage().startsWith(e.file() + ":")) {
      throw new IllegalStateException("a bad-input error without its file: " + e.getMessage(), e);
    }
    if (!e.file().getFileName().equals(file.getFileName())) {
      throw new IllegalStateException("an error naming another file: " + e.getMessage(), e);
    }
  }

  /** Fails unless {@code e} names a file of {@code dir}. */
  static void expected(ModelFileException e, Path dir) {
    if (e.file() == null
        || !e.file().startsWith(dir)
        || !e.getMessage().startsWith(e.file() + ":")) {
      throw new IllegalStateException("a model error without its file: " + e.getMessage(), e);
    }
  }
}
