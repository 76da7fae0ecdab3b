package org.crowd4j.simulate;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CsvWriter;

/**
 * Writes a simulated crowd to a folder: {@code answers.csv} ({@code task,worker,label}), {@code
 * gold.csv} ({@code task,label}), {@code features.csv} ({@code task,f0,…}, when features are given)
 * and {@code true_confusions.json} (each annotator's own and effective confusion, the common matrix
 * and groups where the pool has them). Same crowd, same bytes. Every file is written atomically.
 */
public final class SimulationWriter {
  private SimulationWriter() {}

  /** Writes {@code crowd} (and optional item features, {@code n × d}) into {@code dir}. */
  public static void write(Path dir, SimulatedCrowd crowd, float[] features, int dim)
      throws IOException {
    CrowdDataset data = crowd.data();
    CsvWriter.write(
        dir.resolve("answers.csv"),
        csv -> {
          csv.row("task", "worker", "label");
          for (int a = 0; a < data.numAnswers(); a++) {
            csv.row(
                data.tasks().name(data.task(a)),
                data.workers().name(data.worker(a)),
                data.labels().name(data.label(a)));
          }
        });
    int[] truth = crowd.truth();
    CsvWriter.write(
        dir.resolve("gold.csv"),
        csv -> {
          csv.row("task", "label");
          for (int i = 0; i < truth.length; i++) {
            csv.number(i).number(truth[i]).end();
          }
        });
    if (features != null) {
      CsvWriter.write(
          dir.resolve("features.csv"),
          csv -> {
            csv.field("task");
            for (int f = 0; f < dim; f++) {
              csv.field("f" + f);
            }
            csv.end();
            for (int i = 0; i < truth.length; i++) {
              csv.number(i);
              for (int f = 0; f < dim; f++) {
                csv.field(Float.toString(features[i * dim + f]));
              }
              csv.end();
            }
          });
    }
    AtomicFiles.write(dir.resolve("true_confusions.json"), out -> writeJson(out, crowd));
  }

  private static void writeJson(java.io.OutputStream out, SimulatedCrowd crowd) throws IOException {
    AnnotatorPool pool = crowd.pool();
    int k = pool.numLabels();
    double[] effective = crowd.effectiveConfusions();
    try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeNumberField("classes", k);
      g.writeNumberField("annotators", pool.size());
      g.writeNumberField("commonShare", crowd.commonShare());
      if (pool.commonConfusion() != null) {
        g.writeFieldName("common");
        matrix(g, pool.commonConfusion());
      }
      g.writeArrayFieldStart("workers");
      for (int r = 0; r < pool.size(); r++) {
        g.writeStartObject();
        g.writeStringField("worker", "a" + r);
        g.writeStringField("kind", pool.describe(r));
        if (pool instanceof ConfusionPool cp && cp.group(r) >= 0) {
          g.writeNumberField("group", cp.group(r));
        }
        g.writeFieldName("confusion");
        matrix(g, pool.confusion(r));
        g.writeFieldName("effectiveConfusion");
        g.writeStartArray();
        for (int z = 0; z < k; z++) {
          g.writeStartArray();
          for (int l = 0; l < k; l++) {
            g.writeNumber(effective[(r * k + z) * k + l]);
          }
          g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  private static void matrix(JsonGenerator g, double[][] m) throws IOException {
    g.writeStartArray();
    for (double[] row : m) {
      g.writeStartArray();
      for (double v : row) {
        g.writeNumber(v);
      }
      g.writeEndArray();
    }
    g.writeEndArray();
  }
}
