package org.crowd4j.model;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.numeric.NumericSelection;

/**
 * Writes the model file of a numeric result ({@code aggregate-numeric --model-out}): {@code kind}
 * ({@code numeric}), {@code formatVersion}, {@code checksum}, {@code method}, the counts ({@code
 * tasks}, {@code workers}, {@code answers}), {@code workerModels} (per worker: id, answers, {@code
 * bias}, {@code variance}, {@code weight}, a non-finite value as {@code null}), for {@code auto}
 * the {@code selection} (seed, held-out answers, chosen, rule, every candidate's mean held-out
 * log-likelihood and RMSE), {@code diagnostics} and {@code provenance}. The task estimates are the
 * result's output ({@code --out}), not part of the model. Read back as a {@link NumericModel} by
 * {@link Models#read}.
 */
public final class NumericModelWriter {
  /** The {@code kind} of a numeric model file. */
  public static final String KIND = "numeric";

  private NumericModelWriter() {}

  /** Writes the model of {@code result} fitted on {@code data} to {@code file}. */
  public static void write(Path file, NumericResult result, NumericAnswers data)
      throws IOException {
    if (result.workers().size() != data.numWorkers()) {
      throw new IllegalArgumentException(
          "the result has "
              + result.workers().size()
              + " workers, the answers "
              + data.numWorkers());
    }
    double[] bias = result.bias();
    double[] variance = result.variance();
    double[] weight = result.weights();
    ModelJson.write(
        file,
        "kind",
        KIND,
        g -> {
          g.writeStringField("method", result.method());
          g.writeNumberField("tasks", data.numTasks());
          g.writeNumberField("workers", data.numWorkers());
          g.writeNumberField("answers", data.numAnswers());
          g.writeArrayFieldStart("workerModels");
          for (int w = 0; w < bias.length; w++) {
            g.writeStartObject();
            g.writeStringField("worker", result.workers().name(w));
            g.writeNumberField("answers", data.workerSize(w));
            ModelJson.writeNumber(g, "bias", bias[w]);
            ModelJson.writeNumber(g, "variance", variance[w]);
            ModelJson.writeNumber(g, "weight", weight[w]);
            g.writeEndObject();
          }
          g.writeEndArray();
          if (result.selection().isPresent()) {
            NumericSelection s = result.selection().get();
            g.writeObjectFieldStart("selection");
            g.writeNumberField("seed", s.seed());
            g.writeNumberField("heldOutAnswers", s.heldOutAnswers());
            g.writeStringField("chosen", s.chosen());
            g.writeStringField("rule", s.rule());
            g.writeArrayFieldStart("candidates");
            for (NumericSelection.Score c : s.candidates()) {
              g.writeStartObject();
              g.writeStringField("name", c.name());
              ModelJson.writeNumber(g, "meanLogLikelihood", c.meanLogLikelihood());
              ModelJson.writeNumber(g, "rmse", c.rmse());
              g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
          }
          ModelJson.writeDiagnostics(g, result.diagnostics(), true);
          ModelJson.writeProvenance(g, result.provenance(), null);
        });
  }
}
