package org.crowd4j.io;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
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
 * Writes the annotator model of a result as one JSON document: {@code method}, {@code labels},
 * {@code classPriors}, {@code workers} (per worker: id, answers, skill and the model's own
 * parameters, e.g. a {@code confusion} matrix with rows = true label, and the {@code
 * answerConfusion} its answer model implies), model-level parameters (group or common matrices),
 * {@code diagnostics}, {@code selection} (for a gold-free choice: every candidate's held-out score
 * and weight) and {@code provenance}. Written through {@link AtomicFiles}.
 */
public final class ModelJsonWriter {
  private static final JsonFactory JSON = new JsonFactory();

  private ModelJsonWriter() {}

  /** Writes the model of {@code result} (fitted on {@code data}) to {@code file}. */
  public static void write(Path file, AggregationResult result, CrowdDataset data)
      throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            write(g, result, data);
          }
        });
  }

  /** Streams the document into {@code g}. */
  public static void write(JsonGenerator g, AggregationResult result, CrowdDataset data)
      throws IOException {
    Vocabulary labels = data.labels();
    WorkerModel model = result.workers();
    g.writeStartObject();
    g.writeStringField("method", result.provenance().method());
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
      writeArray(g, priors, 0, priors.length);
    }
    writeModelLevel(g, model, labels.size());
    int k = labels.size();
    double[] answerConfusion = answerConfusions(result, data);
    g.writeArrayFieldStart("workerModels");
    for (int w = 0; w < model.numWorkers(); w++) {
      g.writeStartObject();
      g.writeStringField("worker", data.anonymous() ? "#" + w : data.workers().name(w));
      g.writeNumberField("answers", data.workerSize(w));
      writeNumber(g, "skill", model.skill(w));
      if (model instanceof ConfusionMatrices cm) {
        writeMatrix(g, "confusion", cm.toArray(), w * k * k, k);
      } else if (model instanceof MaceModel mace) {
        g.writeFieldName("spamming");
        writeArray(g, mace.spamming(), w * k, k);
      } else if (model instanceof CommonConfusionModel cc) {
        writeMatrix(g, "confusion", cc.individual().toArray(), w * k * k, k);
      } else if (model instanceof GroupMixtureModel gm) {
        g.writeFieldName("membership");
        writeArray(g, gm.membership(), w * gm.numGroups(), gm.numGroups());
      } else if (model instanceof MinimaxModel mm) {
        writeMatrix(g, "confusion", mm.workerConfusions().toArray(), w * k * k, k);
      }
      writeMatrix(g, "answerConfusion", answerConfusion, w * k * k, k);
      g.writeEndObject();
    }
    g.writeEndArray();
    writeDiagnostics(g, result.diagnostics());
    if (result.selection().isPresent()) {
      writeSelection(g, result.selection().get());
    }
    writeProvenance(g, result.provenance());
    g.writeEndObject();
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
      writeNumber(g, "heldOutLogLikelihood", c.score());
      writeNumber(g, "standardError", c.standardError());
      g.writeNumberField("scoredAnswers", c.scored());
      writeNumber(g, "weight", c.weight());
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
   * the common confusion, GLAD's task difficulties), as fields of the object being written; shared
   * with the Spark engine, which writes the same document.
   */
  public static void writeModelLevel(JsonGenerator g, WorkerModel model, int k) throws IOException {
    if (model instanceof GroupMixtureModel gm) {
      g.writeFieldName("groupWeights");
      writeArray(g, gm.groupWeights(), 0, gm.numGroups());
      g.writeArrayFieldStart("groupConfusions");
      double[] beta = gm.groupConfusions();
      for (int m = 0; m < gm.numGroups(); m++) {
        writeRows(g, beta, m * k * k, k);
      }
      g.writeEndArray();
    } else if (model instanceof CommonConfusionModel cc) {
      writeMatrix(g, "commonConfusion", cc.common(), 0, k);
      double[] omega = cc.omega();
      double mean = 0;
      for (double o : omega) {
        mean += o;
      }
      writeNumber(g, "meanOmega", omega.length == 0 ? Double.NaN : mean / omega.length);
    } else if (model instanceof GladModel glad) {
      g.writeFieldName("taskLogInverseDifficulty");
      double[] beta = glad.beta();
      writeArray(g, beta, 0, beta.length);
    } else if (model instanceof WorkerSkills) {
      g.writeStringField("skillMeaning", "agreement or reliability per worker");
    }
  }

  static void writeDiagnostics(JsonGenerator g, Diagnostics d) throws IOException {
    g.writeObjectFieldStart("diagnostics");
    g.writeNumberField("iterations", d.iterations());
    g.writeBooleanField("converged", d.converged());
    g.writeStringField("stopReason", d.stopReason());
    g.writeStringField("objectiveName", d.objectiveName());
    g.writeFieldName("objective");
    double[] o = d.objective();
    writeArray(g, o, 0, o.length);
    g.writeEndObject();
  }

  static void writeProvenance(JsonGenerator g, Provenance p) throws IOException {
    g.writeObjectFieldStart("provenance");
    g.writeStringField("method", p.method());
    g.writeObjectFieldStart("options");
    for (Map.Entry<String, String> e : p.options().entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    g.writeStringField("dataDigest", p.dataDigest());
    g.writeStringField("library", "crowd4j " + p.library());
    g.writeStringField("java", p.java());
    g.writeStringField("os", p.os());
    g.writeStringField("created", p.created().toString());
    g.writeNumberField("elapsedMillis", p.elapsedMillis());
    g.writeEndObject();
  }

  private static void writeMatrix(JsonGenerator g, String name, double[] v, int off, int k)
      throws IOException {
    g.writeFieldName(name);
    writeRows(g, v, off, k);
  }

  private static void writeRows(JsonGenerator g, double[] v, int off, int k) throws IOException {
    g.writeStartArray();
    for (int r = 0; r < k; r++) {
      writeArray(g, v, off + r * k, k);
    }
    g.writeEndArray();
  }

  static void writeArray(JsonGenerator g, double[] v, int off, int len) throws IOException {
    g.writeStartArray();
    for (int j = 0; j < len; j++) {
      writeValue(g, v[off + j]);
    }
    g.writeEndArray();
  }

  static void writeNumber(JsonGenerator g, String name, double v) throws IOException {
    g.writeFieldName(name);
    writeValue(g, v);
  }

  private static void writeValue(JsonGenerator g, double v) throws IOException {
    if (Double.isFinite(v)) {
      g.writeNumber(v);
    } else {
      g.writeNull();
    }
  }
}
