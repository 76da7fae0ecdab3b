package org.crowd4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * A ranking model file ({@link RankingModelWriter}): every item's score in rank order and, for a
 * method with an annotator model, every worker's skill and bias.
 *
 * @param formatVersion the file's format version (0: written before the field existed)
 * @param method the method's name
 * @param items items of the fitted comparisons
 * @param workers workers of the fitted comparisons
 * @param comparisons comparisons fitted
 * @param components connected components of the comparison graph
 * @param stderrMethod how the standard errors were computed
 * @param notes what the fit noted, in words
 * @param itemScores every item, in rank order
 * @param workerModels every worker's reliability; empty for a method without an annotator model
 * @param diagnostics how the fit ran
 * @param provenance method, options, data digest, versions, time
 */
public record RankingModel(
    int formatVersion,
    String method,
    long items,
    long workers,
    long comparisons,
    int components,
    String stderrMethod,
    List<String> notes,
    List<Item> itemScores,
    List<Worker> workerModels,
    Diagnostics diagnostics,
    Provenance provenance)
    implements ModelFile {

  /** Validates and copies the lists. */
  public RankingModel {
    Objects.requireNonNull(method, "method");
    notes = List.copyOf(notes);
    itemScores = List.copyOf(itemScores);
    workerModels = List.copyOf(workerModels);
    Objects.requireNonNull(diagnostics, "diagnostics");
    Objects.requireNonNull(provenance, "provenance");
  }

  @Override
  public ModelKind kind() {
    return ModelKind.RANKING;
  }

  /**
   * One item.
   *
   * @param item the item's id
   * @param score its score ({@code NaN} when undefined)
   * @param logScore the log of its score
   * @param stderr the standard error of its log score ({@code NaN} when undefined)
   * @param rank its rank, 1 for the best
   * @param component its component of the comparison graph
   */
  public record Item(
      String item, double score, double logScore, double stderr, int rank, int component) {}

  /**
   * One worker of a noisy model.
   *
   * @param worker the worker's id
   * @param judgements comparisons she made
   * @param skill her skill
   * @param bias her bias towards the first item
   */
  public record Worker(String worker, long judgements, double skill, double bias) {}

  static RankingModel read(Node o, int version) throws ModelFileException {
    String method = o.get("method").text();
    List<Item> items = new ArrayList<>();
    for (Node i : o.get("itemScores").elements()) {
      items.add(
          new Item(
              i.get("item").text(),
              i.optionalNumber("score"),
              i.optionalNumber("logScore"),
              i.optionalNumber("stderr"),
              i.get("rank").int32(),
              i.get("component").int32()));
    }
    List<Worker> workers = new ArrayList<>();
    Node ws = o.optional("workerModels");
    if (ws != null) {
      for (Node w : ws.elements()) {
        workers.add(
            new Worker(
                w.get("worker").text(),
                w.get("judgements").integer(),
                w.optionalNumber("skill"),
                w.optionalNumber("bias")));
      }
    }
    Node notes = o.optional("notes");
    return new RankingModel(
        version,
        method,
        o.get("items").integer(),
        o.get("workers").integer(),
        o.get("comparisons").integer(),
        o.get("components").int32(),
        o.optionalText("stderrMethod"),
        notes == null ? List.of() : notes.strings(),
        items,
        workers,
        Models.diagnostics(o.get("diagnostics")),
        Models.provenance(o.get("provenance"), method, true));
  }
}
