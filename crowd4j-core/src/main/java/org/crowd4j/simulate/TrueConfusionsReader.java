package org.crowd4j.simulate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;

/**
 * Reads the {@code true_confusions.json} that {@link SimulationWriter} writes: the number of
 * classes and every annotator's effective confusion matrix. A file that is not such a document is a
 * {@link CrowdFormatException} naming the file, the line and the field.
 */
public final class TrueConfusionsReader {
  /** More classes than this is a damaged file, not a simulation. */
  static final int MAX_CLASSES = 10_000;

  private static final JsonFactory JSON =
      new JsonFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private TrueConfusionsReader() {}

  /**
   * The classes and each worker's effective confusion, row-major {@code k × k}.
   *
   * @param classes the number of classes {@code k}
   * @param effectiveByWorker worker id → {@code k × k} matrix (true class by row), in file order
   */
  public record TrueConfusions(int classes, Map<String, double[]> effectiveByWorker) {}

  /** One worker of the file, before the number of classes is known. */
  private record Worker(String id, List<double[]> rows, long line) {}

  /**
   * Reads {@code file}.
   *
   * @throws CrowdFormatException naming the file, and the line and field of the first problem
   */
  public static TrueConfusions read(Path file) throws CrowdFormatException {
    long classes = -1;
    long classesLine = 0;
    List<Worker> workers = null;
    try (JsonParser p = JSON.createParser(file.toFile())) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new CrowdFormatException(file, 0, null, "the file is empty");
      }
      if (t != JsonToken.START_OBJECT) {
        throw error(
            file, p, null, "not a true_confusions.json written by simulate (not an object)");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        t = p.nextToken();
        if (name.equals("classes")) {
          classesLine = line(p);
          if (t != JsonToken.VALUE_NUMBER_INT) {
            throw error(file, p, name, "field 'classes' is not a whole number");
          }
          classes = p.getNumberType() == JsonParser.NumberType.INT ? p.getIntValue() : -1;
        } else if (name.equals("workers")) {
          workers = workers(file, p);
        } else {
          p.skipChildren();
        }
      }
      if (p.nextToken() != null) {
        throw error(file, p, null, "text after the JSON object");
      }
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
      throw new CrowdFormatException(
          file, line, null, "not valid JSON: " + e.getOriginalMessage(), e);
    } catch (NoSuchFileException e) {
      throw new CrowdFormatException(file, 0, null, "no such file", e);
    } catch (IOException e) {
      throw new CrowdFormatException(file, 0, null, "cannot be read: " + e.getMessage(), e);
    }
    if (workers == null || classesLine == 0) {
      throw new CrowdFormatException(
          file,
          0,
          null,
          "not a true_confusions.json written by simulate (no 'classes' and 'workers')");
    }
    if (classes < 1 || classes > MAX_CLASSES) {
      throw new CrowdFormatException(
          file, classesLine, "classes", "field 'classes' is not 1 to " + MAX_CLASSES);
    }
    int k = (int) classes;
    Map<String, double[]> byWorker = new LinkedHashMap<>();
    for (Worker w : workers) {
      if (w.rows().size() != k || w.rows().stream().anyMatch(row -> row.length != k)) {
        throw new CrowdFormatException(
            file,
            w.line(),
            "effectiveConfusion",
            "field 'effectiveConfusion' of worker '"
                + w.id()
                + "' is not "
                + k
                + " rows of "
                + k
                + " numbers ('classes' is "
                + k
                + ")");
      }
      double[] m = new double[k * k];
      for (int r = 0; r < k; r++) {
        System.arraycopy(w.rows().get(r), 0, m, r * k, k);
      }
      if (byWorker.put(w.id(), m) != null) {
        throw new CrowdFormatException(
            file, w.line(), "worker", "worker '" + w.id() + "' is listed twice");
      }
    }
    return new TrueConfusions(k, Collections.unmodifiableMap(byWorker));
  }

  private static List<Worker> workers(Path file, JsonParser p)
      throws IOException, CrowdFormatException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw error(file, p, "workers", "field 'workers' is not an array");
    }
    List<Worker> out = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw error(file, p, "workers", "an element of 'workers' is not an object");
      }
      long line = line(p);
      String id = null;
      List<double[]> rows = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken t = p.nextToken();
        if (name.equals("worker")) {
          if (t != JsonToken.VALUE_STRING || p.getText().isEmpty()) {
            throw error(file, p, name, "field 'worker' is not a worker id");
          }
          id = p.getText();
        } else if (name.equals("effectiveConfusion")) {
          rows = rows(file, p);
        } else {
          p.skipChildren();
        }
      }
      if (id == null || rows == null) {
        throw new CrowdFormatException(
            file, line, "workers", "a worker without 'worker' or 'effectiveConfusion'");
      }
      out.add(new Worker(id, rows, line));
    }
    return out;
  }

  private static List<double[]> rows(Path file, JsonParser p)
      throws IOException, CrowdFormatException {
    String field = "effectiveConfusion";
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw error(file, p, field, "field 'effectiveConfusion' is not an array of rows");
    }
    List<double[]> rows = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() != JsonToken.START_ARRAY || rows.size() >= MAX_CLASSES) {
        throw error(file, p, field, "field 'effectiveConfusion' is not an array of rows");
      }
      List<Double> row = new ArrayList<>();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        double v = p.currentToken().isNumeric() ? p.getDoubleValue() : Double.NaN;
        if (!(v >= 0 && v <= 1) || row.size() >= MAX_CLASSES) {
          throw error(
              file,
              p,
              field,
              "field 'effectiveConfusion' holds '" + p.getText() + "', not a probability");
        }
        row.add(v);
      }
      rows.add(row.stream().mapToDouble(Double::doubleValue).toArray());
    }
    return rows;
  }

  private static long line(JsonParser p) {
    return Math.max(1, p.currentTokenLocation().getLineNr());
  }

  private static CrowdFormatException error(Path file, JsonParser p, String field, String problem) {
    return new CrowdFormatException(file, line(p), field, problem);
  }
}
