package org.crowd4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * A text model file ({@link TextModelWriter}): how the fit ran and, for a method that estimates
 * them, every worker's reliability.
 *
 * @param formatVersion the file's format version (0: written before the field existed)
 * @param method the method's name
 * @param provenance method (the file's {@code method}), options, data digest, versions, time
 * @param diagnostics how the fit ran
 * @param workers every worker's reliability; empty for a method without
 */
public record TextModel(
    int formatVersion,
    String method,
    Provenance provenance,
    Diagnostics diagnostics,
    List<Worker> workers)
    implements ModelFile {

  /** Validates and copies the list. */
  public TextModel {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(provenance, "provenance");
    Objects.requireNonNull(diagnostics, "diagnostics");
    workers = List.copyOf(workers);
  }

  @Override
  public ModelKind kind() {
    return ModelKind.TEXTS;
  }

  /**
   * One worker's global reliability.
   *
   * @param worker the worker's id
   * @param reliability her reliability ({@code NaN} when undefined)
   */
  public record Worker(String worker, double reliability) {}

  static TextModel read(Node o, int version) throws ModelFileException {
    String method = o.get("method").text();
    Provenance provenance = Models.provenance(o.get("provenance"), method, false);
    Diagnostics diagnostics = Models.diagnostics(o.get("diagnostics"));
    List<Worker> workers = new ArrayList<>();
    Node ws = o.optional("workers");
    if (ws != null) {
      for (Node w : ws.elements()) {
        workers.add(new Worker(w.get("worker").text(), w.optionalNumber("reliability")));
      }
    }
    return new TextModel(version, method, provenance, diagnostics, workers);
  }
}
