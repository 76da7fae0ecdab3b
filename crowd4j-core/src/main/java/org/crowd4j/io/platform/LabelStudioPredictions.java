package org.crowd4j.io.platform;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.LabelsFile;

/**
 * Writes aggregated labels as Label Studio pre-annotations
 * (https://labelstud.io/guide/predictions): a JSON array of tasks, each {@code {"id", "data":
 * {taskField: id}, "predictions": [{"model_version", "score", "result": [{"from_name", "to_name",
 * "type": "choices", "value": {"choices": [label]}}]}]}}, the score being the posterior of the
 * label (left out when unknown). Label Studio imports the file as tasks with predictions to review;
 * crowd4j's Label Studio reader reads it back with {@link ExportOptions#withPredictions()}, the
 * model version as the annotator. A label that joins several choices with {@code '|'} (multi-label)
 * becomes those choices.
 */
public final class LabelStudioPredictions {
  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The names the predictions are written under.
   *
   * @param fromName the choices control of the labelling config ({@code <Choices name=...>})
   * @param toName the object it labels ({@code toName=...})
   * @param modelVersion the predictions' {@code model_version} (shown in Label Studio)
   * @param taskField the {@code data} field that holds the task id
   */
  public record Options(String fromName, String toName, String modelVersion, String taskField) {
    /** Validates. */
    public Options {
      for (String s : new String[] {fromName, toName, modelVersion, taskField}) {
        if (Objects.requireNonNull(s, "option").isBlank()) {
          throw new IllegalArgumentException(
              "an empty name among "
                  + fromName
                  + ", "
                  + toName
                  + ", "
                  + modelVersion
                  + ", "
                  + taskField);
        }
      }
    }

    /** Label Studio's classification template ({@code choice} on {@code text}). */
    public static Options defaults(String modelVersion) {
      return new Options("choice", "text", modelVersion, "task");
    }
  }

  private LabelStudioPredictions() {}

  /** Writes the labels of {@code labels} to {@code file} atomically. */
  public static void write(Path file, LabelsFile labels, Options options) throws IOException {
    int n = labels.tasks().size();
    double[] score = new double[n];
    for (int i = 0; i < n; i++) {
      score[i] = labels.confidence(i);
    }
    write(
        file,
        labels.tasks().toArray(new String[0]),
        labels.labels().toArray(new String[0]),
        score,
        options);
  }

  /**
   * Writes task {@code tasks[i]}'s label {@code labels[i]} with score {@code scores[i]} ({@code
   * NaN}: none) to {@code file} atomically.
   */
  public static void write(
      Path file, String[] tasks, String[] labels, double[] scores, Options options)
      throws IOException {
    if (labels.length != tasks.length || scores.length != tasks.length) {
      throw new IllegalArgumentException("tasks, labels and scores differ in length");
    }
    AtomicFiles.write(
        file,
        out -> {
          try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartArray();
            for (int i = 0; i < tasks.length; i++) {
              task(g, tasks[i], labels[i], scores[i], options);
            }
            g.writeEndArray();
            g.writeRaw('\n');
          }
        });
  }

  private static void task(JsonGenerator g, String task, String label, double score, Options o)
      throws IOException {
    g.writeStartObject();
    if (isTaskNumber(task)) {
      g.writeNumberField("id", Long.parseLong(task));
    } else {
      g.writeStringField("id", task);
    }
    g.writeObjectFieldStart("data");
    g.writeStringField(o.taskField(), task);
    g.writeEndObject();
    g.writeArrayFieldStart("predictions");
    g.writeStartObject();
    g.writeStringField("model_version", o.modelVersion());
    if (Double.isFinite(score)) {
      g.writeNumberField("score", score);
    }
    g.writeArrayFieldStart("result");
    g.writeStartObject();
    g.writeStringField("from_name", o.fromName());
    g.writeStringField("to_name", o.toName());
    g.writeStringField("type", "choices");
    g.writeObjectFieldStart("value");
    g.writeArrayFieldStart("choices");
    for (String choice : label.split("\\|", -1)) {
      g.writeString(choice);
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
  }

  /** Label Studio's own task ids are integers; others stay strings. */
  private static boolean isTaskNumber(String task) {
    if (task.isEmpty() || task.length() > 18 || (task.length() > 1 && task.charAt(0) == '0')) {
      return false;
    }
    for (int i = 0; i < task.length(); i++) {
      if (task.charAt(i) < '0' || task.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
