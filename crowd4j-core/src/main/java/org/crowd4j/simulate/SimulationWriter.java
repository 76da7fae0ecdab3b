package org.crowd4j.simulate;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CsvFields;

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
    AtomicFiles.write(
        dir.resolve("answers.csv"),
        out -> {
          Writer w = writer(out);
          w.write("task,worker,label\n");
          for (int a = 0; a < data.numAnswers(); a++) {
            w.write(CsvFields.field(data.tasks().name(data.task(a))));
            w.write(',');
            w.write(CsvFields.field(data.workers().name(data.worker(a))));
            w.write(',');
            w.write(CsvFields.field(data.labels().name(data.label(a))));
            w.write('\n');
          }
          w.flush();
        });
    int[] truth = crowd.truth();
    AtomicFiles.write(
        dir.resolve("gold.csv"),
        out -> {
          Writer w = writer(out);
          w.write("task,label\n");
          for (int i = 0; i < truth.length; i++) {
            w.write(Integer.toString(i));
            w.write(',');
            w.write(Integer.toString(truth[i]));
            w.write('\n');
          }
          w.flush();
        });
    if (features != null) {
      AtomicFiles.write(
          dir.resolve("features.csv"),
          out -> {
            Writer w = writer(out);
            StringBuilder sb = new StringBuilder("task");
            for (int f = 0; f < dim; f++) {
              sb.append(",f").append(f);
            }
            w.write(sb.append('\n').toString());
            for (int i = 0; i < truth.length; i++) {
              sb.setLength(0);
              sb.append(i);
              for (int f = 0; f < dim; f++) {
                sb.append(',').append(features[i * dim + f]);
              }
              w.write(sb.append('\n').toString());
            }
            w.flush();
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

  private static Writer writer(java.io.OutputStream out) {
    return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
  }
}
