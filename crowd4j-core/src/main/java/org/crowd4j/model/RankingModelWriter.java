package org.crowd4j.model;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.pairwise.AnnotatorReliability;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.Ranking;

/**
 * Writes the model file of a {@link Ranking} ({@code rank --model-out}): {@code method}, {@code
 * formatVersion}, {@code checksum}, the counts ({@code items}, {@code workers}, {@code
 * comparisons}), {@code components}, {@code stderrMethod}, {@code notes}, {@code itemScores} (item,
 * score, logScore, stderr, rank, component, in rank order), {@code workerModels} (worker,
 * judgements, skill, bias) for a method with an annotator model, {@code diagnostics} and {@code
 * provenance}. Read back as a {@link RankingModel} by {@link Models#read}.
 */
public final class RankingModelWriter {
  private RankingModelWriter() {}

  /** Writes the model of {@code ranking} fitted on {@code data} to {@code file}. */
  public static void write(Path file, Ranking ranking, Comparisons data) throws IOException {
    ModelJson.write(
        file,
        "method",
        ranking.provenance().method(),
        g -> {
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
            ModelJson.writeNumber(g, "score", ranking.score(i));
            ModelJson.writeNumber(g, "logScore", ranking.logScore(i));
            ModelJson.writeNumber(g, "stderr", ranking.stderr(i));
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
              ModelJson.writeNumber(g, "skill", a.skill(w));
              ModelJson.writeNumber(g, "bias", a.bias(w));
              g.writeEndObject();
            }
            g.writeEndArray();
          }
          ModelJson.writeDiagnostics(g, ranking.diagnostics(), true);
          ModelJson.writeProvenance(g, ranking.provenance(), null);
        });
  }
}
