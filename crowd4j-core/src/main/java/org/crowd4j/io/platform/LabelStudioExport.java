package org.crowd4j.io.platform;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;

/**
 * Walks a Label Studio JSON export (https://labelstud.io/guide/task_format): an array of tasks,
 * each with its {@code id}, {@code data} and {@code annotations}; an annotation's {@code
 * completed_by} (a user id, or an object with {@code id} or {@code email}) is the annotator and its
 * {@code result} items hold the answers. Each task is handed on, with its id (the task's {@code id}
 * or the {@code data} field {@link ExportOptions#taskField()} names), its scalar {@code data}
 * fields and its annotations, once its object ends. Cancelled annotations ({@code was_cancelled})
 * are counted and left out; predictions and drafts are not answers and are skipped.
 */
final class LabelStudioExport {
  /**
   * One result item: the control ({@code from_name}), the objects it labels ({@code to_name}), its
   * {@code type}, the line it begins on and the value fields crowd4j reads ({@code null} or 0 where
   * absent).
   */
  record Result(
      String from,
      String to,
      String type,
      long line,
      List<String> choices,
      List<List<String>> taxonomy,
      List<String> text,
      String selected,
      String format,
      byte[] rle,
      int width,
      int height) {}

  /** An annotation that was not cancelled: the annotator, its line and its results. */
  record Annotation(String worker, long line, List<Result> results) {}

  /** A task: its id, its line, its scalar {@code data} fields (as text) and its annotations. */
  record Task(String id, long line, Map<String, String> data, List<Annotation> annotations) {}

  /** Receives each task once it is read. */
  interface Tasks {
    /** One task. */
    void task(Task task) throws CrowdFormatException;
  }

  private final Path file;
  private final CsvFormat rules;
  private final ExportOptions options;
  private final Set<String> types = new LinkedHashSet<>();
  private int cancelled;
  private boolean anyAnnotations;

  private LabelStudioExport(Path file, CsvFormat rules, ExportOptions options) {
    this.file = file;
    this.rules = rules;
    this.options = options;
  }

  /**
   * Reads the export in {@code in} (closed here; decompressed already), handing each task to {@code
   * tasks}; {@code name} in messages.
   */
  static LabelStudioExport read(
      Path name, InputStream in, CsvFormat rules, ExportOptions options, Tasks tasks)
      throws CrowdFormatException {
    LabelStudioExport x = new LabelStudioExport(name, rules, options);
    JsonParser p = JsonInput.parser(name, in);
    try (p) {
      p.nextToken();
      JsonInput.expect(
          name,
          p,
          JsonToken.START_ARRAY,
          null,
          "a Label Studio JSON export is an array of tasks (the JSON export, not JSON-MIN)");
      while (p.nextToken() != JsonToken.END_ARRAY) {
        tasks.task(x.task(p));
      }
      if (p.nextToken() != null) {
        throw JsonInput.error(name, p, null, "text after the array of tasks");
      }
    } catch (IOException e) {
      throw JsonInput.failure(name, p, e);
    }
    if (!x.anyAnnotations && options.predictions()) {
      throw new CrowdFormatException(name, 0, "predictions", "no task has 'predictions'");
    }
    if (!x.anyAnnotations) {
      throw new CrowdFormatException(
          name,
          0,
          "annotations",
          "no task has 'annotations' (is it Label Studio's JSON export? JSON-MIN and CSV exports"
              + " do not name the annotators)");
    }
    return x;
  }

  /** The result types the annotations hold, in order of first appearance. */
  Set<String> types() {
    return types;
  }

  /** Annotations left out because they were cancelled. */
  int cancelled() {
    return cancelled;
  }

  private Task task(JsonParser p) throws IOException, CrowdFormatException {
    JsonInput.expect(file, p, JsonToken.START_OBJECT, null, "a task must be an object");
    long line = p.currentTokenLocation().getLineNr();
    String id = null;
    boolean hasData = false;
    Map<String, String> data = new LinkedHashMap<>();
    List<Annotation> annotations = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "id" -> id = JsonInput.id(file, p, "id", rules);
        case "data" -> {
          JsonInput.expect(file, p, JsonToken.START_OBJECT, "data", "'data' must be an object");
          hasData = true;
          while (p.nextToken() != JsonToken.END_OBJECT) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            if (field.equals(options.taskField())) {
              data.put(field, JsonInput.id(file, p, "data." + field, rules));
            } else if (v == JsonToken.VALUE_STRING || v == JsonToken.VALUE_NUMBER_INT) {
              data.put(field, p.getText());
            } else {
              p.skipChildren();
            }
          }
        }
        case "annotations", "predictions" -> {
          if (key.equals("predictions") != options.predictions()) {
            p.skipChildren();
            continue;
          }
          anyAnnotations = true;
          JsonInput.expect(file, p, JsonToken.START_ARRAY, key, "'" + key + "' must be an array");
          while (p.nextToken() != JsonToken.END_ARRAY) {
            Annotation a = annotation(p);
            if (a != null) {
              annotations.add(a);
            }
          }
        }
        default -> {
          if (t.isStructStart()) {
            p.skipChildren();
          }
        }
      }
    }
    if (options.taskField() == null) {
      if (id == null) {
        throw new CrowdFormatException(file, line, "id", "the task that begins here has no 'id'");
      }
      return new Task(id, line, data, annotations);
    }
    String dataId = data.get(options.taskField());
    if (dataId == null) {
      throw new CrowdFormatException(
          file,
          line,
          "data." + options.taskField(),
          "the task that begins here has no field '"
              + options.taskField()
              + "' in "
              + (hasData ? "its 'data'" : "'data' (it has no 'data')"));
    }
    return new Task(dataId, line, data, annotations);
  }

  /** An annotation, or {@code null} when it was cancelled (counted). */
  private Annotation annotation(JsonParser p) throws IOException, CrowdFormatException {
    JsonInput.expect(
        file, p, JsonToken.START_OBJECT, "annotations", "an annotation must be an object");
    long line = p.currentTokenLocation().getLineNr();
    String worker = null;
    boolean wasCancelled = false;
    List<Result> results = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "completed_by" -> {
          if (options.predictions()) {
            p.skipChildren();
          } else {
            worker = annotator(p);
          }
        }
        case "model_version" -> {
          if (options.predictions()) {
            worker = JsonInput.id(file, p, "model_version", rules);
          } else {
            p.skipChildren();
          }
        }
        case "was_cancelled" -> {
          if (!t.isBoolean()) {
            throw JsonInput.error(
                file,
                p,
                "was_cancelled",
                "field 'was_cancelled' must be true or false, found " + JsonInput.describe(t));
          }
          wasCancelled = t == JsonToken.VALUE_TRUE;
        }
        case "result" -> {
          JsonInput.expect(file, p, JsonToken.START_ARRAY, "result", "'result' must be an array");
          while (p.nextToken() != JsonToken.END_ARRAY) {
            results.add(result(p));
          }
        }
        default -> {
          if (t.isStructStart()) {
            p.skipChildren();
          }
        }
      }
    }
    if (wasCancelled) {
      cancelled++;
      return null;
    }
    if (worker == null) {
      String field = options.predictions() ? "model_version" : "completed_by";
      throw new CrowdFormatException(
          file,
          line,
          field,
          (options.predictions() ? "the prediction" : "the annotation")
              + " that begins here has no '"
              + field
              + "'");
    }
    for (Result r : results) {
      types.add(r.type() == null ? "(no type)" : r.type());
    }
    return new Annotation(worker, line, results);
  }

  /** {@code completed_by}: a user id, or an object with the user's {@code id} or {@code email}. */
  private String annotator(JsonParser p) throws IOException, CrowdFormatException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      return JsonInput.id(file, p, "completed_by", rules);
    }
    String id = null;
    String email = null;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      p.nextToken();
      if (key.equals("id")) {
        id = JsonInput.id(file, p, "completed_by.id", rules);
      } else if (key.equals("email")) {
        email = JsonInput.id(file, p, "completed_by.email", rules);
      } else {
        p.skipChildren();
      }
    }
    if (id == null && email == null) {
      throw JsonInput.error(
          file, p, "completed_by", "'completed_by' has neither an 'id' nor an 'email'");
    }
    return id != null ? id : email;
  }

  /** One item of an annotation's result. */
  private Result result(JsonParser p) throws IOException, CrowdFormatException {
    JsonInput.expect(file, p, JsonToken.START_OBJECT, "result", "a result item must be an object");
    long line = p.currentTokenLocation().getLineNr();
    String from = null;
    String to = null;
    String type = null;
    int width = 0;
    int height = 0;
    Value v = new Value();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "from_name" -> from = JsonInput.string(file, p, "from_name", rules);
        case "to_name" -> to = JsonInput.string(file, p, "to_name", rules);
        case "type" -> type = JsonInput.string(file, p, "type", rules);
        case "original_width" -> width = JsonInput.size(file, p, "original_width");
        case "original_height" -> height = JsonInput.size(file, p, "original_height");
        case "value" -> value(p, v);
        default -> {
          if (t.isStructStart()) {
            p.skipChildren();
          }
        }
      }
    }
    return new Result(
        from,
        to,
        type,
        line,
        v.choices,
        v.taxonomy,
        v.text,
        v.selected,
        v.format,
        v.rle,
        width,
        height);
  }

  /** The fields of a result's {@code value} that crowd4j reads. */
  private static final class Value {
    List<String> choices;
    List<List<String>> taxonomy;
    List<String> text;
    String selected;
    String format;
    byte[] rle;
  }

  private void value(JsonParser p, Value v) throws IOException, CrowdFormatException {
    JsonInput.expect(file, p, JsonToken.START_OBJECT, "value", "'value' must be an object");
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String field = p.currentName();
      JsonToken t = p.nextToken();
      switch (field) {
        case "choices" -> v.choices = JsonInput.strings(file, p, "value.choices", rules);
        case "taxonomy" -> {
          JsonInput.expect(
              file,
              p,
              JsonToken.START_ARRAY,
              "value.taxonomy",
              "field 'value.taxonomy' must be an array of paths");
          v.taxonomy = new ArrayList<>();
          while (p.nextToken() != JsonToken.END_ARRAY) {
            v.taxonomy.add(JsonInput.strings(file, p, "value.taxonomy[]", rules));
          }
        }
        case "text" ->
            v.text =
                t == JsonToken.VALUE_STRING
                    ? List.of(p.getText())
                    : JsonInput.texts(file, p, "value.text");
        case "selected" -> v.selected = JsonInput.string(file, p, "value.selected", rules);
        case "format" -> v.format = JsonInput.string(file, p, "value.format", rules);
        case "rle" -> v.rle = JsonInput.bytes(file, p, "value.rle");
        default -> {
          if (t.isStructStart()) {
            p.skipChildren();
          }
        }
      }
    }
  }
}
