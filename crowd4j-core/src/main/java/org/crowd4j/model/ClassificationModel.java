package org.crowd4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.aggregate.select.Criterion;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * A classification model file ({@link ClassificationModelWriter}): the classes, their priors, the
 * model-level parameters and every worker's model, as written.
 *
 * @param formatVersion the file's format version (0: written before the field existed)
 * @param method the method's name
 * @param modelType the worker model's class name (e.g. {@code ConfusionMatrices}), or {@code null}
 *     when the engine that wrote the file had no core model
 * @param labels the class names, in the order of every vector and matrix
 * @param tasks tasks of the fitted data
 * @param workers workers of the fitted data
 * @param answers answers of the fitted data
 * @param classPriors P(class), or {@code null} for a method without priors
 * @param parameters the model-level parameters (those the method has; the others {@code null})
 * @param workerModels every worker's model, in file order
 * @param diagnostics how the fit ran ({@code stopReason} "converged" or "not converged" when the
 *     file has none)
 * @param selection how {@code auto} chose (candidates without fold scores), or {@code null}
 * @param provenance method, options, data digest ({@code null} when the engine had none), versions,
 *     time
 * @param engine the engine that wrote the file (e.g. {@code spark 4.0.1}), or {@code null} for the
 *     single-machine engine
 */
public record ClassificationModel(
    int formatVersion,
    String method,
    String modelType,
    List<String> labels,
    long tasks,
    long workers,
    long answers,
    double[] classPriors,
    Parameters parameters,
    List<Worker> workerModels,
    Diagnostics diagnostics,
    MethodSelection selection,
    Provenance provenance,
    String engine)
    implements ModelFile {

  /** Validates and copies the lists. */
  public ClassificationModel {
    Objects.requireNonNull(method, "method");
    labels = List.copyOf(labels);
    Objects.requireNonNull(parameters, "parameters");
    workerModels = List.copyOf(workerModels);
    Objects.requireNonNull(diagnostics, "diagnostics");
    Objects.requireNonNull(provenance, "provenance");
  }

  @Override
  public ModelKind kind() {
    return ModelKind.CLASSIFICATION;
  }

  /** Number of classes. */
  public int numLabels() {
    return labels.size();
  }

  /**
   * The model-level parameters; each is {@code null} (or {@code NaN}) for a method without it.
   *
   * @param groupWeights the crowd mixture's group weights
   * @param groupConfusions the crowd mixture's confusion matrix per group, {@code [group][true
   *     class][answer]}
   * @param commonConfusion the common-confusion model's shared matrix
   * @param meanOmega the common-confusion model's mean worker weight
   * @param taskLogInverseDifficulty GLAD's log inverse difficulty per task
   * @param skillMeaning what the skills of a skill-only model mean
   */
  public record Parameters(
      double[] groupWeights,
      double[][][] groupConfusions,
      double[][] commonConfusion,
      double meanOmega,
      double[] taskLogInverseDifficulty,
      String skillMeaning) {}

  /**
   * One worker's model.
   *
   * @param worker the worker's id ({@code #w} for anonymous data)
   * @param answers answers she gave
   * @param skill her skill as the method defines it, or {@code NaN} when the file has none
   * @param confusion her confusion matrix, {@code [true class][answer]}, or {@code null}
   * @param spamming MACE's spamming strategy over the answers, or {@code null}
   * @param membership the crowd mixture's group membership, or {@code null}
   * @param answerConfusion P(answer | true class) her answer model implies, {@code [true
   *     class][answer]}
   */
  public record Worker(
      String worker,
      long answers,
      double skill,
      double[][] confusion,
      double[] spamming,
      double[] membership,
      double[][] answerConfusion) {
    /** Validates. */
    public Worker {
      Objects.requireNonNull(worker, "worker");
      Objects.requireNonNull(answerConfusion, "answerConfusion");
    }
  }

  /** Reads the classification document {@code o} (a file, or a multi-label file's tag). */
  static ClassificationModel read(Node o, int version) throws ModelFileException {
    List<String> labels = o.get("labels").strings();
    int k = labels.size();
    Node p = o.optional("classPriors");
    double[] priors = p == null ? null : p.numbers(k);
    Node ws = o.get("workerModels");
    List<Worker> workers = new ArrayList<>();
    for (Node w : ws.elements()) {
      Node spam = w.optional("spamming");
      Node membership = w.optional("membership");
      Node confusion = w.optional("confusion");
      workers.add(
          new Worker(
              w.get("worker").text(),
              w.get("answers").integer(),
              w.optionalNumber("skill"),
              confusion == null ? null : confusion.matrix(k, k),
              spam == null ? null : spam.numbers(k),
              membership == null ? null : membership.numbers(),
              w.get("answerConfusion").matrix(k, k)));
    }
    long tasks = o.get("tasks").integer();
    String method = o.get("method").text();
    Node provenance = o.get("provenance");
    Node groupWeights = o.optional("groupWeights");
    double[][][] groupConfusions = null;
    Node gc = o.optional("groupConfusions");
    if (gc != null) {
      List<Node> groups = gc.elements();
      groupConfusions = new double[groups.size()][][];
      for (int g = 0; g < groups.size(); g++) {
        groupConfusions[g] = groups.get(g).matrix(k, k);
      }
    }
    Node common = o.optional("commonConfusion");
    Node beta = o.optional("taskLogInverseDifficulty");
    Parameters parameters =
        new Parameters(
            groupWeights == null ? null : groupWeights.numbers(),
            groupConfusions,
            common == null ? null : common.matrix(k, k),
            o.optionalNumber("meanOmega"),
            beta == null ? null : beta.numbers(),
            o.optionalText("skillMeaning"));
    return new ClassificationModel(
        version,
        method,
        o.optionalText("modelType"),
        labels,
        tasks,
        o.get("workers").integer(),
        o.get("answers").integer(),
        priors,
        parameters,
        workers,
        Models.diagnostics(o.get("diagnostics")),
        selection(o.optional("selection")),
        Models.provenance(provenance, method, true),
        provenance.optionalText("engine"));
  }

  private static MethodSelection selection(Node s) throws ModelFileException {
    if (s == null) {
      return null;
    }
    Node c = s.get("criterion");
    Criterion criterion;
    try {
      criterion = Criterion.valueOf(c.text());
    } catch (IllegalArgumentException e) {
      throw c.error("field '" + c.path + "' is not a criterion of this version: " + c.text());
    }
    List<CandidateScore> candidates = new ArrayList<>();
    for (Node x : s.get("candidates").elements()) {
      candidates.add(
          new CandidateScore(
              x.get("name").text(),
              x.optionalNumber("heldOutLogLikelihood"),
              x.optionalNumber("standardError"),
              x.get("scoredAnswers").integer(),
              new double[0],
              x.optionalNumber("weight"),
              x.optionalText("failure")));
    }
    Node notes = s.optional("notes");
    return new MethodSelection(
        criterion,
        s.get("folds").int32(),
        s.get("seed").integer(),
        s.get("scoredAnswers").integer(),
        candidates,
        s.get("chosen").text(),
        s.get("rule").text(),
        notes == null ? List.of() : notes.strings());
  }
}
