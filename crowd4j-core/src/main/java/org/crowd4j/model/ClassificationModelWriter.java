package org.crowd4j.model;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.GladModel;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.MaceModel;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.MinimaxModel;
import org.crowd4j.aggregate.NoiseModel;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * Writes the model file of a classification result ({@code aggregate --model-out}): {@code method},
 * {@code formatVersion}, {@code checksum}, {@code modelType}, {@code labels}, the counts ({@code
 * tasks}, {@code workers}, {@code answers}), {@code classPriors}, model-level parameters (group
 * weights and matrices, the common confusion, GLAD's task difficulties), {@code workerModels} (per
 * worker: id, answers, skill and the model's own parameters, e.g. a {@code confusion} matrix with
 * rows = true label, and the {@code answerConfusion} its answer model implies), {@code
 * diagnostics}, {@code selection} (for a gold-free choice: every candidate's held-out score and
 * weight) and {@code provenance}. The Spark engine writes the same document from what its model has
 * ({@link EngineFit}). Read back as a {@link ClassificationModel} by {@link Models#read}.
 */
public final class ClassificationModelWriter {
  private ClassificationModelWriter() {}

  /** Writes the model of {@code result} (fitted on {@code data}) to {@code file}. */
  public static void write(Path file, AggregationResult result, CrowdDataset data)
      throws IOException {
    ModelJson.write(file, "method", result.provenance().method(), g -> body(g, result, data));
  }

  /** The sealed bytes of the file {@link #write} writes. */
  public static byte[] toBytes(AggregationResult result, CrowdDataset data) throws IOException {
    return ModelJson.document("method", result.provenance().method(), g -> body(g, result, data));
  }

  /**
   * The document as one object inside another (a multi-label file's {@code perTag} entries): no
   * {@code formatVersion} or {@code checksum}, which the enclosing file carries.
   */
  static void writeNested(JsonGenerator g, AggregationResult result, CrowdDataset data)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("method", result.provenance().method());
    body(g, result, data);
    g.writeEndObject();
  }

  private static void body(JsonGenerator g, AggregationResult result, CrowdDataset data)
      throws IOException {
    Vocabulary labels = data.labels();
    WorkerModel model = result.workers();
    g.writeStringField("modelType", model.getClass().getSimpleName());
    g.writeArrayFieldStart("labels");
    for (String l : labels.names()) {
      g.writeString(l);
    }
    g.writeEndArray();
    g.writeNumberField("tasks", data.numTasks());
    g.writeNumberField("workers", data.numWorkers());
    g.writeNumberField("answers", data.numAnswers());
    double[] priors = result.classPriors();
    if (priors != null) {
      g.writeFieldName("classPriors");
      ModelJson.writeArray(g, priors, 0, priors.length);
    }
    writeModelLevel(g, model, labels.size());
    int k = labels.size();
    double[] answerConfusion = answerConfusions(result, data);
    g.writeArrayFieldStart("workerModels");
    for (int w = 0; w < model.numWorkers(); w++) {
      g.writeStartObject();
      g.writeStringField("worker", data.anonymous() ? "#" + w : data.workers().name(w));
      g.writeNumberField("answers", data.workerSize(w));
      ModelJson.writeNumber(g, "skill", model.skill(w));
      if (model instanceof ConfusionMatrices cm) {
        ModelJson.writeMatrix(g, "confusion", cm.toArray(), w * k * k, k);
      } else if (model instanceof MaceModel mace) {
        g.writeFieldName("spamming");
        ModelJson.writeArray(g, mace.spamming(), w * k, k);
      } else if (model instanceof CommonConfusionModel cc) {
        ModelJson.writeMatrix(g, "confusion", cc.individual().toArray(), w * k * k, k);
      } else if (model instanceof GroupMixtureModel gm) {
        g.writeFieldName("membership");
        ModelJson.writeArray(g, gm.membership(), w * gm.numGroups(), gm.numGroups());
      } else if (model instanceof MinimaxModel mm) {
        ModelJson.writeMatrix(g, "confusion", mm.workerConfusions().toArray(), w * k * k, k);
      }
      ModelJson.writeMatrix(g, "answerConfusion", answerConfusion, w * k * k, k);
      g.writeEndObject();
    }
    g.writeEndArray();
    ModelJson.writeDiagnostics(g, result.diagnostics(), true);
    if (result.selection().isPresent()) {
      writeSelection(g, result.selection().get());
    }
    ModelJson.writeProvenance(g, result.provenance(), null);
  }

  /**
   * What a model fitted by another engine (Spark) has in place of an {@link AggregationResult} and
   * a {@link CrowdDataset}.
   *
   * @param method the method's name
   * @param localModel the fitted worker model as a core object (model type and model-level
   *     parameters), or {@code null} when the engine has none
   * @param labels the class names
   * @param tasks tasks of the fitted data
   * @param workers workers of the fitted data
   * @param answers answers of the fitted data
   * @param classPriors the class priors, or {@code null}
   * @param workerRows one JSON object per worker (worker, answers, skill or the model's own
   *     parameters, answerConfusion), written as they are
   * @param diagnostics how the fit ran (its stop reason is not written: the engine reports none)
   * @param options the options of the fit, in the order to write them
   * @param elapsedMillis wall time of the fit
   * @param engine the engine and its version, e.g. {@code spark 4.0.1}
   */
  public record EngineFit(
      String method,
      WorkerModel localModel,
      List<String> labels,
      long tasks,
      long workers,
      long answers,
      double[] classPriors,
      List<String> workerRows,
      Diagnostics diagnostics,
      Map<String, String> options,
      double elapsedMillis,
      String engine) {
    /** Validates. */
    public EngineFit {
      Objects.requireNonNull(method, "method");
      labels = List.copyOf(labels);
      workerRows = List.copyOf(workerRows);
      Objects.requireNonNull(diagnostics, "diagnostics");
      Objects.requireNonNull(options, "options");
      Objects.requireNonNull(engine, "engine");
    }
  }

  /**
   * The sealed bytes of the model file of a fit by another engine: the fields of {@link #write} in
   * the same order, the worker rows under {@code workerModels}, no data digest, the engine last in
   * the provenance (GLAD's per-task difficulties are the engine's task table, not written here).
   */
  public static byte[] toBytes(EngineFit fit) throws IOException {
    Provenance p =
        new Provenance(
            fit.method(),
            fit.options(),
            null,
            Provenance.LIBRARY_VERSION,
            System.getProperty("java.version"),
            System.getProperty("os.name") + " " + System.getProperty("os.arch"),
            java.time.Instant.now(),
            fit.elapsedMillis());
    return ModelJson.document(
        "method",
        fit.method(),
        g -> {
          WorkerModel local = fit.localModel();
          if (local != null) {
            g.writeStringField("modelType", local.getClass().getSimpleName());
          }
          g.writeArrayFieldStart("labels");
          for (String l : fit.labels()) {
            g.writeString(l);
          }
          g.writeEndArray();
          g.writeNumberField("tasks", fit.tasks());
          g.writeNumberField("workers", fit.workers());
          g.writeNumberField("answers", fit.answers());
          double[] priors = fit.classPriors();
          if (priors != null) {
            g.writeFieldName("classPriors");
            ModelJson.writeArray(g, priors, 0, priors.length);
          }
          if (local != null && !(local instanceof GladModel)) {
            writeModelLevel(g, local, fit.labels().size());
          }
          g.writeArrayFieldStart("workerModels");
          for (String json : fit.workerRows()) {
            g.writeRawValue(json);
          }
          g.writeEndArray();
          ModelJson.writeDiagnostics(g, fit.diagnostics(), false);
          ModelJson.writeProvenance(g, p, fit.engine());
        });
  }

  /**
   * Every worker's answer model as one confusion matrix, P(answer l | true z) averaged over the
   * tasks she answered ({@link AggregationResult#noise()}; exact for models without task terms);
   * flat {@code [w][z][l]}. A worker without answers gets the mean over tasks 0.
   */
  static double[] answerConfusions(AggregationResult result, CrowdDataset data) {
    int k = data.numLabels();
    int workers = data.numWorkers();
    NoiseModel noise = result.noise();
    double[] out = new double[workers * k * k];
    for (int w = 0; w < workers; w++) {
      int from = data.workerStart(w);
      int to = data.workerEnd(w);
      if (from == to && data.numTasks() > 0) {
        addNoise(noise, 0, w, k, 1.0, out);
      }
      for (int j = from; j < to; j++) {
        addNoise(noise, data.task(data.workerAnswer(j)), w, k, 1.0 / (to - from), out);
      }
    }
    return out;
  }

  private static void addNoise(
      NoiseModel noise, int task, int w, int k, double weight, double[] out) {
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        out[(w * k + z) * k + l] += weight * noise.probability(task, w, z, l);
      }
    }
  }

  private static void writeSelection(JsonGenerator g, MethodSelection s) throws IOException {
    g.writeObjectFieldStart("selection");
    g.writeStringField("criterion", s.criterion().name());
    g.writeNumberField("folds", s.folds());
    g.writeNumberField("seed", s.seed());
    g.writeNumberField("scoredAnswers", s.scoredAnswers());
    g.writeStringField("chosen", s.chosen());
    g.writeStringField("rule", s.rule());
    g.writeArrayFieldStart("notes");
    for (String note : s.notes()) {
      g.writeString(note);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("candidates");
    for (CandidateScore c : s.candidates()) {
      g.writeStartObject();
      g.writeStringField("name", c.name());
      ModelJson.writeNumber(g, "heldOutLogLikelihood", c.score());
      ModelJson.writeNumber(g, "standardError", c.standardError());
      g.writeNumberField("scoredAnswers", c.scored());
      ModelJson.writeNumber(g, "weight", c.weight());
      if (c.failure() != null) {
        g.writeStringField("failure", c.failure());
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /**
   * The model-level parameters of {@code model} over {@code k} labels (group weights and matrices,
   * the common confusion, GLAD's task difficulties), as members of the object being written.
   */
  private static void writeModelLevel(JsonGenerator g, WorkerModel model, int k)
      throws IOException {
    if (model instanceof GroupMixtureModel gm) {
      g.writeFieldName("groupWeights");
      ModelJson.writeArray(g, gm.groupWeights(), 0, gm.numGroups());
      g.writeArrayFieldStart("groupConfusions");
      double[] beta = gm.groupConfusions();
      for (int m = 0; m < gm.numGroups(); m++) {
        ModelJson.writeRows(g, beta, m * k * k, k);
      }
      g.writeEndArray();
    } else if (model instanceof CommonConfusionModel cc) {
      ModelJson.writeMatrix(g, "commonConfusion", cc.common(), 0, k);
      double[] omega = cc.omega();
      double mean = 0;
      for (double o : omega) {
        mean += o;
      }
      ModelJson.writeNumber(g, "meanOmega", omega.length == 0 ? Double.NaN : mean / omega.length);
    } else if (model instanceof GladModel glad) {
      g.writeFieldName("taskLogInverseDifficulty");
      double[] beta = glad.beta();
      ModelJson.writeArray(g, beta, 0, beta.length);
    } else if (model instanceof WorkerSkills) {
      g.writeStringField("skillMeaning", "agreement or reliability per worker");
    }
  }
}
