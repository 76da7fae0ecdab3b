package org.crowd4j.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.SegmentationResult;

/**
 * Writes the model file of a segmentation result ({@code aggregate-masks --model-out}): {@code
 * kind} ({@code segmentation}), {@code formatVersion}, {@code checksum}, {@code method}, {@code
 * provenance} (options, data digest, versions, time) and {@code images}: per image its task id,
 * iterations, whether it converged and, for a method that scores the answers, {@code skills} (EM:
 * the probability that the worker marks a pixel right) or {@code weights} (RASA), worker → score (a
 * worker with two masks of the image keeps the place of her first and the score of her last). Read
 * back as a {@link MaskModel} by {@link Models#read}.
 */
public final class MaskModelWriter {
  /** The {@code kind} of a mask model file. */
  public static final String KIND = "segmentation";

  private MaskModelWriter() {}

  /** Writes the model of {@code result} fitted on {@code data} to {@code file}. */
  public static void write(Path file, SegmentationResult result, MaskAnswers data)
      throws IOException {
    ModelJson.write(
        file,
        "kind",
        KIND,
        g -> {
          g.writeStringField("method", result.provenance().method());
          ModelJson.writeShortProvenance(g, result.provenance());
          g.writeArrayFieldStart("images");
          double[] scores = result.answerScores();
          int[] iterations = result.iterations();
          boolean[] converged = result.converged();
          for (int t = 0; t < result.tasks().size(); t++) {
            g.writeStartObject();
            g.writeStringField("task", result.tasks().name(t));
            g.writeNumberField("iterations", iterations[t]);
            g.writeBooleanField("converged", converged[t]);
            if (scores != null) {
              Map<String, Double> byWorker = new LinkedHashMap<>();
              for (int a : data.answersOf(t)) {
                byWorker.put(data.workers().name(data.worker(a)), scores[a]);
              }
              g.writeObjectFieldStart(result.answerScoresAreSkills() ? "skills" : "weights");
              for (Map.Entry<String, Double> e : byWorker.entrySet()) {
                ModelJson.writeNumber(g, e.getKey(), e.getValue());
              }
              g.writeEndObject();
            }
            g.writeEndObject();
          }
          g.writeEndArray();
        });
  }
}
