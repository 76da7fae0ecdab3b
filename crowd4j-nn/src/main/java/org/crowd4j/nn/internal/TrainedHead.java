package org.crowd4j.nn.internal;

import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.TaskFeatures;

/**
 * The head of a trained model: the learnt annotator model and what the head can tell beyond it. The
 * base class is the head whose annotator model is all there is (confusions, group mixtures, skills,
 * or none) and whose prediction is the classifier's softmax; a head with more to say overrides: the
 * weighted doctor net predicts with its averaged doctors ({@link DoctorTrainedHead}), CoNAL and LIA
 * give each annotator's probability of a correct answer per item and her embedding ({@link
 * ConalTrainedHead}, {@link LiaTrainedHead}). Each training {@link Head} names its trained head
 * ({@link Head#trainedHead()}); loading finds it through the learner's name.
 *
 * <p>In the model folder the head's arrays are {@code head.*} tensors (written by the {@link
 * Network}) and its annotator model is the {@code annotators.*} tensors in the format that {@code
 * model.json} names ({@link AnnotatorModelFormat}).
 */
public class TrainedHead {
  /** Builds the trained head of a network. */
  @FunctionalInterface
  public interface Factory {
    /**
     * The trained head of a model.
     *
     * @param method the learner's name
     * @param options the learner's options as saved with the model
     * @param network the trained network (its head arrays are this head's)
     * @param annotators the learnt annotator model, or {@code null}
     * @return the trained head
     */
    TrainedHead create(
        String method, Map<String, Object> options, Network network, WorkerModel annotators);
  }

  /** The learner's name (for messages). */
  protected final String method;

  /** The learner's options as saved with the model. */
  protected final Map<String, Object> options;

  /** The trained network. */
  protected final Network network;

  private final WorkerModel annotators;

  /**
   * A trained head.
   *
   * @param method the learner's name
   * @param options the learner's options as saved with the model
   * @param network the trained network
   * @param annotators the learnt annotator model, or {@code null}
   */
  public TrainedHead(
      String method, Map<String, Object> options, Network network, WorkerModel annotators) {
    this.method = method;
    this.options = options;
    this.network = network;
    this.annotators = annotators;
  }

  /**
   * The learnt annotator model.
   *
   * @return the annotator model, or {@code null} for a learner without one
   */
  public WorkerModel annotatorModel() {
    return annotators;
  }

  /**
   * Class probabilities of raw feature rows: the softmax of {@link #predictionScores} of the
   * classifier's logits.
   *
   * @param rows raw features, {@code n × inputDim} row-major
   * @param n rows
   * @return {@code n × K} probabilities, row-major
   */
  public final double[] predict(float[] rows, int n) {
    int inputDim = network.inputDim();
    if (rows.length != (long) n * inputDim) {
      throw new IllegalArgumentException(
          "expected " + n + " × " + inputDim + " features, got " + rows.length + " values");
    }
    int k = network.labels().size();
    return Head.softmaxRows(predictionScores(network.logits(network.standardized(rows))), k);
  }

  /**
   * Class probabilities of items.
   *
   * @param features one row per item
   * @return {@code rows × K} probabilities, row-major
   */
  public final double[] predict(TaskFeatures features) {
    return predict(features.toArray(), features.numRows());
  }

  /**
   * Class scores from the classifier's logits (their softmax is the prediction); the logits
   * themselves unless the head combines several outputs.
   *
   * @param logits {@code n × K} row-major
   * @return {@code n × K} scores
   */
  protected float[] predictionScores(float[] logits) {
    return logits;
  }

  /**
   * The probability that each annotator answers each item correctly; only heads with an
   * instance-dependent annotator model have one.
   *
   * @param items the items' features (their width already checked)
   * @param annotators annotator ids of the training data
   * @return {@code items × annotators} probabilities, row-major
   * @throws UnsupportedOperationException for this head
   */
  public double[] probabilityCorrect(TaskFeatures items, List<String> annotators) {
    throw new UnsupportedOperationException(
        "the "
            + method
            + " model does not predict per-item annotator correctness; train with conal"
            + " or lia (learners with an instance-dependent annotator model)");
  }

  /**
   * {@link #probabilityCorrect(TaskFeatures, List)} with features of annotators not seen in
   * training; only CoNAL's head scores them this way.
   *
   * @param items the items' features (not yet checked)
   * @param annotators annotator ids
   * @param annotatorFeatures features of the new annotators
   * @return {@code items × annotators} probabilities, row-major
   * @throws UnsupportedOperationException for this head
   */
  public double[] probabilityCorrect(
      TaskFeatures items, List<String> annotators, TaskFeatures annotatorFeatures) {
    throw new UnsupportedOperationException(
        "annotator features apply to conal models only, not to " + method);
  }

  /**
   * CoNAL's ω for item–annotator pairs.
   *
   * @param features the items' raw features
   * @param rows item row of each pair
   * @param workerIds annotator of each pair (a training id, or a row of {@code annotatorFeatures})
   * @param annotatorFeatures annotator feature rows, or {@code null}
   * @return ω of every pair
   * @throws UnsupportedOperationException for this head
   */
  public double[] omega(
      TaskFeatures features, int[] rows, int[] workerIds, float[][] annotatorFeatures) {
    throw new UnsupportedOperationException(method + " has no ω (CoNAL only)");
  }

  /**
   * The learnt annotator embeddings, one row per training annotator.
   *
   * @return the embeddings, or {@code null} for a head without any
   */
  public float[][] annotatorEmbeddings() {
    return null;
  }

  /**
   * Adds the annotator model's tensors ({@code annotators.*}) to a model file's tensors.
   *
   * @param tensors the model file's tensors by name
   * @return the name of the annotator model's format, for {@code model.json}
   */
  public String writeAnnotatorModel(Map<String, Tensors.Tensor> tensors) {
    AnnotatorModelFormat format = AnnotatorModelFormat.of(annotators);
    format.write(annotators, network.labels().size(), tensors);
    return format.fileName();
  }

  /**
   * Rows x_r W + b for every training annotator, x_r her one-hot code or, when the head holds
   * {@code annotator.features}, her features; {@code null} when the head lacks the arrays.
   *
   * @param weightName the head array of W ({@code in × e})
   * @param biasName the head array of b, or {@code null} for none
   * @param normalize whether each row is scaled to unit L2 norm
   * @return one row per training annotator, or {@code null}
   */
  protected final float[][] linearRows(String weightName, String biasName, boolean normalize) {
    float[] w = network.headArray(weightName);
    float[] b = biasName == null ? null : network.headArray(biasName);
    if (w == null || (biasName != null && b == null)) {
      return null;
    }
    long[] shape = network.headArrays().get(weightName).getShape().getShape();
    int in = (int) shape[0];
    int e = (int) shape[1];
    if (b == null) {
      b = new float[e];
    }
    float[] f = network.headArray("annotator.features");
    int rows = f == null ? in : f.length / in;
    float[][] out = new float[rows][e];
    for (int r = 0; r < rows; r++) {
      for (int j = 0; j < e; j++) {
        double s = b[j];
        if (f == null) {
          s += w[r * e + j];
        } else {
          for (int d = 0; d < in; d++) {
            s += f[r * in + d] * w[d * e + j];
          }
        }
        out[r][j] = (float) s;
      }
      if (normalize) {
        double norm = 0;
        for (float v : out[r]) {
          norm += v * v;
        }
        norm = Math.sqrt(norm);
        if (norm > 1e-12) {
          for (int j = 0; j < e; j++) {
            out[r][j] = (float) (out[r][j] / norm);
          }
        }
      }
    }
    return out;
  }

  /** A boolean option as saved (a JSON boolean, or its text). */
  protected final boolean flag(String option) {
    Object o = options.get(option);
    return o instanceof Boolean b ? b : Boolean.parseBoolean(String.valueOf(o));
  }
}
