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
import org.crowd4j.io.StrictInput;

/**
 * Reads the classification answers of a Label Studio JSON export: an array of tasks, each with its
 * {@code id}, {@code data} and {@code annotations}; an annotation's {@code completed_by} (a user
 * id, or an object with {@code id} or {@code email}) is the annotator, and its {@code result} items
 * of {@code type} {@code "choices"} hold the answer in {@code value.choices} (several choices
 * become one label, sorted and joined with {@code '|'}). The task id is the task's {@code id}, or a
 * {@code data} field ({@link ExportOptions#taskField()}). Cancelled annotations ({@code
 * was_cancelled}) and annotations without a choice of the control read are left out and counted.
 * When choices come from several controls ({@code from_name}), {@link ExportOptions#answerField()}
 * chooses one. Predictions and drafts are not answers and are ignored.
 */
public final class LabelStudioReader {
  /** One annotation as read, before the control is chosen. */
  private record Annotation(String worker, Map<String, String> labels, long line) {}

  private LabelStudioReader() {}

  /** Reads {@code file} (gzipped when its name ends with {@code .gz}). */
  public static ExportAnswers read(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(file, StrictInput.open(file), rules, options);
  }

  /**
   * Reads the export in {@code in} (closed here; decompressed already); {@code name} in messages.
   */
  public static ExportAnswers read(
      Path name, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    Answers answers = new Answers(name, rules);
    Map<String, List<Annotation>> byTask = new LinkedHashMap<>();
    Set<String> controls = new LinkedHashSet<>();
    boolean[] anyAnnotations = new boolean[1];
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
        task(name, p, rules, options, answers, byTask, controls, anyAnnotations);
      }
      if (p.nextToken() != null) {
        throw JsonInput.error(name, p, null, "text after the array of tasks");
      }
    } catch (IOException e) {
      throw JsonInput.failure(name, p, e);
    }
    if (!anyAnnotations[0]) {
      throw new CrowdFormatException(
          name,
          0,
          "annotations",
          "no task has 'annotations' (is it Label Studio's JSON export? JSON-MIN and CSV exports"
              + " do not name the annotators)");
    }
    String control = control(name, controls, options.answerField());
    for (Map.Entry<String, List<Annotation>> e : byTask.entrySet()) {
      for (Annotation a : e.getValue()) {
        String label = a.labels().get(control);
        if (label == null) {
          answers.skip("annotation(s) without a choice in '" + control + "'");
        } else {
          answers.add(e.getKey(), a.worker(), label, a.line());
        }
      }
    }
    return answers.build("the Label Studio export");
  }

  private static String control(Path file, Set<String> controls, String chosen)
      throws CrowdFormatException {
    if (chosen != null) {
      if (!controls.contains(chosen)) {
        throw new CrowdFormatException(
            file,
            0,
            "from_name",
            "no choices from the control '"
                + chosen
                + "'; the export has choices from "
                + controls);
      }
      return chosen;
    }
    if (controls.isEmpty()) {
      throw new CrowdFormatException(
          file,
          0,
          "type",
          "no annotation has a result of type 'choices' (classification answers are read)");
    }
    if (controls.size() > 1) {
      throw new CrowdFormatException(
          file,
          0,
          "from_name",
          "choices come from several controls "
              + controls
              + "; choose one with --answer-field NAME");
    }
    return controls.iterator().next();
  }

  private static void task(
      Path file,
      JsonParser p,
      CsvFormat rules,
      ExportOptions options,
      Answers answers,
      Map<String, List<Annotation>> byTask,
      Set<String> controls,
      boolean[] anyAnnotations)
      throws IOException, CrowdFormatException {
    JsonInput.expect(file, p, JsonToken.START_OBJECT, null, "a task must be an object");
    long line = p.currentTokenLocation().getLineNr();
    String id = null;
    String dataId = null;
    boolean hasData = false;
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
            p.nextToken();
            if (field.equals(options.taskField())) {
              dataId = JsonInput.id(file, p, "data." + field, rules);
            } else {
              p.skipChildren();
            }
          }
        }
        case "annotations" -> {
          anyAnnotations[0] = true;
          JsonInput.expect(
              file, p, JsonToken.START_ARRAY, "annotations", "'annotations' must be an array");
          while (p.nextToken() != JsonToken.END_ARRAY) {
            Annotation a = annotation(file, p, rules, answers, controls);
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
    String task;
    if (options.taskField() == null) {
      if (id == null) {
        throw new CrowdFormatException(file, line, "id", "the task that begins here has no 'id'");
      }
      task = id;
    } else {
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
      task = dataId;
    }
    byTask.computeIfAbsent(task, k -> new ArrayList<>()).addAll(annotations);
  }

  /** An annotation, or {@code null} when it was cancelled (counted). */
  private static Annotation annotation(
      Path file, JsonParser p, CsvFormat rules, Answers answers, Set<String> controls)
      throws IOException, CrowdFormatException {
    JsonInput.expect(
        file, p, JsonToken.START_OBJECT, "annotations", "an annotation must be an object");
    long line = p.currentTokenLocation().getLineNr();
    String worker = null;
    boolean cancelled = false;
    Map<String, String> labels = new LinkedHashMap<>();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "completed_by" -> worker = annotator(file, p, rules);
        case "was_cancelled" -> {
          if (!t.isBoolean()) {
            throw JsonInput.error(
                file,
                p,
                "was_cancelled",
                "field 'was_cancelled' must be true or false, found " + JsonInput.describe(t));
          }
          cancelled = t == JsonToken.VALUE_TRUE;
        }
        case "result" -> {
          JsonInput.expect(file, p, JsonToken.START_ARRAY, "result", "'result' must be an array");
          while (p.nextToken() != JsonToken.END_ARRAY) {
            region(file, p, rules, labels);
          }
        }
        default -> {
          if (t.isStructStart()) {
            p.skipChildren();
          }
        }
      }
    }
    if (cancelled) {
      answers.skip("cancelled annotation(s)");
      return null;
    }
    if (worker == null) {
      throw new CrowdFormatException(
          file, line, "completed_by", "the annotation that begins here has no 'completed_by'");
    }
    controls.addAll(labels.keySet());
    return new Annotation(worker, labels, line);
  }

  /** {@code completed_by}: a user id, or an object with the user's {@code id} or {@code email}. */
  private static String annotator(Path file, JsonParser p, CsvFormat rules)
      throws IOException, CrowdFormatException {
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

  /** One item of an annotation's result; choices are put in {@code labels} by control. */
  private static void region(Path file, JsonParser p, CsvFormat rules, Map<String, String> labels)
      throws IOException, CrowdFormatException {
    JsonInput.expect(file, p, JsonToken.START_OBJECT, "result", "a result item must be an object");
    String from = null;
    String type = null;
    String label = null;
    long line = 0;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "from_name" -> from = JsonInput.string(file, p, "from_name", rules);
        case "type" -> type = JsonInput.string(file, p, "type", rules);
        case "value" -> {
          JsonInput.expect(file, p, JsonToken.START_OBJECT, "value", "'value' must be an object");
          while (p.nextToken() != JsonToken.END_OBJECT) {
            String field = p.currentName();
            p.nextToken();
            if (field.equals("choices")) {
              line = p.currentTokenLocation().getLineNr();
              List<String> choices = JsonInput.strings(file, p, "value.choices", rules);
              label = LabelSets.of(file, line, "value.choices", choices, rules);
            } else {
              p.skipChildren();
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
    if (label == null || (type != null && !type.equals("choices"))) {
      return; // another kind of result (labels, text areas, regions): not a class
    }
    if (from == null) {
      throw new CrowdFormatException(
          file, line, "from_name", "a result with choices has no 'from_name'");
    }
    if (labels.put(from, label) != null) {
      throw new CrowdFormatException(
          file,
          line,
          "from_name",
          "the control '"
              + from
              + "' has two results in one annotation (choices per region are not read)");
    }
  }
}
