package org.crowd4j.io;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.pairwise.AnnotatorReliability;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.Ranking;

/**
 * Writes a {@link Ranking} through {@link AtomicFiles}: the CSV {@code item,score,stderr,rank,
 * component} in rank order (an undefined error or score as an empty field), and the model JSON:
 * {@code method}, counts, {@code components}, {@code stderrMethod}, {@code notes}, {@code items}
 * (item, score, logScore, stderr, rank, component), {@code workerModels} (worker, judgements,
 * skill, bias) for a method with an annotator model, {@code diagnostics} and {@code provenance}.
 */
public final class RankingWriter {
  private static final JsonFactory JSON = new JsonFactory();

  private RankingWriter() {}

  /** Writes the ranking CSV. */
  public static void writeCsv(Path file, Ranking ranking) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          CsvWriter csv = CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(w);
          csv.writeRecord("item", "score", "stderr", "rank", "component");
          for (int r = 1; r <= ranking.size(); r++) {
            int i = ranking.itemAtRank(r);
            csv.writeRecord(
                ranking.items().name(i),
                number(ranking.score(i)),
                number(ranking.stderr(i)),
                Integer.toString(r),
                Integer.toString(ranking.component(i)));
          }
          csv.flush();
          w.flush();
        });
  }

  /** Writes the model JSON of {@code ranking} fitted on {@code data}. */
  public static void writeModel(Path file, Ranking ranking, Comparisons data) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("method", ranking.provenance().method());
            g.writeNumberField("items", data.numItems());
            g.writeNumberField("workers", data.numWorkers());
            g.writeNumberField("comparisons", data.size());
            g.writeNumberField("components", ranking.components());
            g.writeStringField("stderrMethod", ranking.stderrMethod());
            g.writeArrayFieldStart("notes");
            for (String note : ranking.notes()) {
              g.writeString(note);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("itemScores");
            for (int r = 1; r <= ranking.size(); r++) {
              int i = ranking.itemAtRank(r);
              g.writeStartObject();
              g.writeStringField("item", ranking.items().name(i));
              ModelJsonWriter.writeNumber(g, "score", ranking.score(i));
              ModelJsonWriter.writeNumber(g, "logScore", ranking.logScore(i));
              ModelJsonWriter.writeNumber(g, "stderr", ranking.stderr(i));
              g.writeNumberField("rank", r);
              g.writeNumberField("component", ranking.component(i));
              g.writeEndObject();
            }
            g.writeEndArray();
            AnnotatorReliability a = ranking.annotators();
            if (a != null) {
              g.writeArrayFieldStart("workerModels");
              for (int w = 0; w < a.size(); w++) {
                g.writeStartObject();
                g.writeStringField("worker", a.workers().name(w));
                g.writeNumberField("judgements", a.judgements(w));
                ModelJsonWriter.writeNumber(g, "skill", a.skill(w));
                ModelJsonWriter.writeNumber(g, "bias", a.bias(w));
                g.writeEndObject();
              }
              g.writeEndArray();
            }
            ModelJsonWriter.writeDiagnostics(g, ranking.diagnostics());
            ModelJsonWriter.writeProvenance(g, ranking.provenance());
            g.writeEndObject();
          }
        });
  }

  private static String number(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }
}
