package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;

/**
 * A fitted {@link SparkClassifierEm}: a confusion matrix per worker, the class prior ρ and, when
 * the classifier was an annotator, its confusion. {@link #transform} runs the E-step of the last
 * iteration on answers that carry the classifier's probabilities in their {@code
 * <predictionPrefix><class>} columns (a task without them gets ρ); the worker table has {@code
 * skill} and {@code confusion}.
 */
public final class SparkClassifierEmModel extends CrowdModel<SparkClassifierEmModel>
    implements HasPredictionPrefix<SparkClassifierEmModel> {
  private static final long serialVersionUID = 1L;

  /** The model-level array that says how the classifier entered (1: annotator, 0: prior). */
  static final String USE = "use";

  /** The model-level array of the classifier's confusion, {@code [z][l]}, when an annotator. */
  static final String CLASSIFIER_CONFUSION = "classifierConfusion";

  SparkClassifierEmModel(String uid, ModelState state) {
    super(uid, state);
    HasPredictionPrefix.declare(this);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkClassifierEmModel> read() {
    return new ModelStore.Reader<>(SparkClassifierEmModel.class, SparkClassifierEmModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkClassifierEmModel load(String path) {
    return read().load(path);
  }

  /** Whether the classifier entered as one more annotator (else as each task's prior). */
  public boolean classifierIsAnnotator() {
    return parameters().array(USE)[0] == 1;
  }

  /**
   * The classifier's confusion {@code [true class][class]} after the last M-step, or {@code null}
   * when it was the prior.
   */
  public double[][] classifierConfusion() {
    if (!classifierIsAnnotator()) {
      return null;
    }
    return SparkAggregator.matrix(parameters().array(CLASSIFIER_CONFUSION), 0, labels().size());
  }

  /** The annotators' confusion matrices, by the worker ids of {@link #workerIndex()}. */
  public ConfusionMatrices confusionMatrices() {
    return (ConfusionMatrices) localWorkerModel();
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    if (eStep == null) {
      return Blocks.softMajorityScorer();
    }
    boolean asAnnotator = classifierIsAnnotator();
    return b -> {
      int k = b.numLabels();
      double[] post = new double[b.numTasks() * k];
      SparkClassifierEm.sweep(b, eStep.value(), k, asAnnotator, null, post);
      return post;
    };
  }

  @Override
  boolean needsWorkers() {
    return true;
  }

  @Override
  WorkerModel workerModel() {
    return confusionColumn();
  }

  @Override
  SparkClassifierEmModel newInstance(String uid, ModelState state) {
    return new SparkClassifierEmModel(uid, state);
  }
}
