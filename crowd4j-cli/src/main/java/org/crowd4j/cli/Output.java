package org.crowd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.IntFunction;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;
import picocli.CommandLine.Option;

/**
 * {@code --quiet} and {@code --json}, shared by the commands that print results, with the progress
 * shown while files load.
 */
final class Output {
  /**
   * The JSON writer, made on first use: building an ObjectMapper loads some 400 classes, which a
   * run without {@code --json} (this class is a mixin of most commands) need not pay for.
   */
  private static final class Json {
    static final ObjectMapper MAPPER =
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  }

  /** Files at least this large show a progress bar while they load. */
  static final long BIG_FILE_BYTES = 16L << 20;

  @Option(
      names = {"-q", "--quiet"},
      description = "Print nothing but errors: no progress, no summary (--json still prints).")
  boolean quiet;

  @Option(
      names = "--json",
      description =
          "Print the results as one JSON object on standard output (shapes in docs/cli.md);"
              + " progress and notes go to standard error.")
  boolean json;

  /** Whether the human-readable summary is printed. */
  boolean human() {
    return !quiet && !json;
  }

  /** A progress bar for iterations (EM) on {@code err}. */
  ProgressBar progress(PrintWriter err) {
    return new ProgressBar(err, ProgressBar.mode(quiet));
  }

  /** A progress bar that shows every step when not on a terminal (training epochs). */
  ProgressBar everyStep(PrintWriter err) {
    return new ProgressBar(err, ProgressBar.mode(quiet), 0L);
  }

  /** A new JSON result for {@code command}. */
  static ObjectNode object(String command) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("command", command);
    return o;
  }

  /** A number for JSON: {@code null} for NaN or infinite. */
  static void put(ObjectNode o, String name, double value) {
    if (Double.isFinite(value)) {
      o.put(name, value);
    } else {
      o.putNull(name);
    }
  }

  /** A path for JSON, {@code null} when absent. */
  static void put(ObjectNode o, String name, Path value) {
    if (value == null) {
      o.putNull(name);
    } else {
      o.put(name, value.toString());
    }
  }

  /** Prints {@code result} on {@code out} (pretty, one object). */
  static void print(PrintWriter out, ObjectNode result) {
    try {
      out.println(Json.MAPPER.writeValueAsString(result));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    out.flush();
  }

  /** Reads answers, with a progress bar for big files. */
  CrowdDataset readAnswers(Path file, CsvFormat format, PrintWriter err)
      throws CrowdFormatException {
    ProgressBar bar = loading(file, err);
    if (bar == null) {
      return CrowdReader.readAnswers(file, format);
    }
    long size = size(file);
    String name = "reading " + file.getFileName();
    CrowdDataset data =
        CrowdReader.readAnswers(file, format, bytes -> megabytes(bar, name, bytes, size));
    bar.finish();
    return data;
  }

  /** Reads task features, with a progress bar for big files. */
  TaskFeatures readFeatures(Path file, PrintWriter err) throws CrowdFormatException {
    return readFeatures(file, CsvFormat.defaults(), err);
  }

  /**
   * Reads task features with the text rules of {@code rules}, with a progress bar for big files.
   */
  TaskFeatures readFeatures(Path file, CsvFormat rules, PrintWriter err)
      throws CrowdFormatException {
    ProgressBar bar = loading(file, err);
    if (bar == null) {
      return CrowdReader.readFeatures(file, rules, null);
    }
    long size = size(file);
    String name = "reading " + file.getFileName();
    TaskFeatures x =
        CrowdReader.readFeatures(file, rules, bytes -> megabytes(bar, name, bytes, size));
    bar.finish();
    return x;
  }

  private ProgressBar loading(Path file, PrintWriter err) {
    if (quiet || size(file) < BIG_FILE_BYTES) {
      return null;
    }
    return new ProgressBar(err, ProgressBar.mode(false));
  }

  private static void megabytes(ProgressBar bar, String name, long bytes, long size) {
    bar.step(
        name,
        bytes >> 20,
        size >> 20,
        "MB",
        String.format(Locale.ROOT, "%.0f%%", 100.0 * bytes / Math.max(1, size)),
        bytes >= size);
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return -1;
    }
  }

  /**
   * The summary's preview when no {@code --out} is given: the first five results, one line each,
   * and how to write all {@code count} of them ({@code what}: "labels", "texts", …).
   */
  static void preview(PrintWriter out, int count, IntFunction<String> line, String what) {
    int shown = Math.min(5, count);
    for (int i = 0; i < shown; i++) {
      out.println(line.apply(i));
    }
    if (shown < count) {
      out.println("... (--out FILE writes all " + count + " " + what + ")");
    }
  }
}
