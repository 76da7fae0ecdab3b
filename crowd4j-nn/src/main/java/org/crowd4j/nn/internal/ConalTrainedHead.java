package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;

/**
 * The head of a trained CoNAL model: its annotator model (common and individual confusions, ω per
 * training answer), ω for any item–annotator pair, the annotator embeddings u_r, and P(correct | x,
 * r): Σ_k p(k | x) · [ω_ir C_g + (1 − ω_ir) C_r]_kk, with the classifier's p(k | x), ω_ir from the
 * auxiliary network and C the softmax rows of the noise layers (the matrices of the model's
 * annotator model), mixed as the paper's eq. 1 mixes them. The same formula serves both mixings:
 * with LOGIT mixing (the authors' code, the default) the training likelihood mixes the layers
 * before the softmax, and this reads them in probability space, as the annotator model does (on a
 * simulated annotator right 95 % of the time on half the classes and 30 % on the others, against 65
 * % for everyone else, both readings rank the annotators the same way). An annotator not seen in
 * training needs features (the model must have been trained with annotator features); her layer is
 * the mean of the training annotators' raw layers. Cost: O(n R K²) plus the auxiliary network on
 * n·R pairs, in blocks of about 2¹⁸ pairs.
 */
public final class ConalTrainedHead extends TrainedHead {
  private static final int PAIRS_PER_BLOCK = 1 << 18;

  private final boolean normalizeInstance;
  private final boolean normalizeAnnotator;

  /**
   * The head of a trained CoNAL model.
   *
   * @param method the learner's name
   * @param options the CoNAL options as saved (the embeddings' normalisation is read from them)
   * @param network the trained network
   * @param annotators the learnt annotator model
   */
  public ConalTrainedHead(
      String method, Map<String, Object> options, Network network, WorkerModel annotators) {
    super(method, options, network, annotators);
    this.normalizeInstance = flag("normalizeInstance");
    this.normalizeAnnotator = flag("normalizeAnnotator");
  }

  @Override
  public double[] probabilityCorrect(TaskFeatures items, List<String> annotators) {
    return correctness(items, annotators, null);
  }

  @Override
  public double[] probabilityCorrect(
      TaskFeatures items, List<String> annotators, TaskFeatures annotatorFeatures) {
    if (items.dim() != network.inputDim()) {
      throw new IllegalArgumentException(
          "the items have " + items.dim() + " features, the model expects " + network.inputDim());
    }
    return correctness(items, annotators, annotatorFeatures);
  }

  /**
   * CoNAL's u_r: the annotator's one-hot code (or her features) through the auxiliary network's
   * linear map, L2-normalised when the model normalises them.
   */
  @Override
  public float[][] annotatorEmbeddings() {
    return linearRows("annotator.weight", "annotator.bias", normalizeAnnotator);
  }

  /** P(correct | x, r) of every item and annotator, new annotators given by their features. */
  private double[] correctness(
      TaskFeatures items, List<String> annotators, TaskFeatures annotatorFeatures) {
    Network m = network;
    int k = m.labels().size();
    int n = items.numRows();
    int r = annotators.size();
    float[] wg = m.headArray("common");
    float[] wr = m.headArray("individual");
    boolean hasAnnotatorFeatures = m.headArrays().containsKey("annotator.features");
    if (wg == null || wr == null) {
      throw new IllegalStateException("the conal model lacks its noise layers");
    }
    int trained = wr.length / (k * k);
    Vocabulary workers = m.workers();
    // each requested annotator: her training id, or -1 and a row of features
    int[] id = new int[r];
    List<float[]> newFeatures = new ArrayList<>();
    int[] newIndex = new int[r];
    for (int j = 0; j < r; j++) {
      String name = annotators.get(j);
      id[j] = workers.contains(name) ? workers.id(name) : -1;
      newIndex[j] = -1;
      if (id[j] < 0) {
        if (annotatorFeatures == null || !annotatorFeatures.tasks().contains(name)) {
          throw new IllegalArgumentException(
              "annotator '"
                  + name
                  + "' is not in the model's training data"
                  + (hasAnnotatorFeatures
                      ? "; give her features to score her"
                      : " (the model was trained without annotator features, so it scores only"
                          + " its "
                          + trained
                          + " training annotators)"));
        }
        if (!hasAnnotatorFeatures) {
          throw new IllegalArgumentException(
              "annotator '"
                  + name
                  + "' is new, but the model was trained without annotator features");
        }
        newIndex[j] = newFeatures.size();
        newFeatures.add(annotatorFeatures.row(annotatorFeatures.tasks().id(name)));
      }
    }
    // the layers of each requested annotator, and the common one
    float[] meanLayer = new float[k * k];
    for (int w = 0; w < trained; w++) {
      for (int c = 0; c < k * k; c++) {
        meanLayer[c] += wr[w * k * k + c] / trained;
      }
    }
    double[] p = predict(items);
    double[] out = new double[n * r];
    float[] x = items.toArray();
    int d = items.dim();
    int block = Math.max(1, PAIRS_PER_BLOCK / Math.max(1, r));
    float[][] newRows = newFeatures.toArray(new float[0][]);
    double[] g = layerRows(wg, 0, k);
    double[][] ind = new double[r][];
    for (int j = 0; j < r; j++) {
      ind[j] = id[j] >= 0 ? layerRows(wr, id[j] * k * k, k) : layerRows(meanLayer, 0, k);
    }
    for (int from = 0; from < n; from += block) {
      int to = Math.min(n, from + block);
      List<String> names = new ArrayList<>(to - from);
      for (int i = from; i < to; i++) {
        names.add(items.tasks().name(i));
      }
      TaskFeatures chunk =
          new TaskFeatures(Vocabulary.of(names), d, Arrays.copyOfRange(x, from * d, to * d));
      double[] omegaKnown = blockOmega(chunk, to - from, id, null);
      double[] omegaNew =
          newRows.length == 0 ? null : blockOmega(chunk, to - from, newIndex, newRows);
      for (int i = from; i < to; i++) {
        for (int j = 0; j < r; j++) {
          int pair = (i - from) * r + j;
          double w = id[j] >= 0 ? omegaKnown[pair] : omegaNew[pair];
          double correct = 0;
          for (int c = 0; c < k; c++) {
            correct += p[i * k + c] * diagonal(g, ind[j], c, k, w);
          }
          out[i * r + j] = Math.min(1, Math.max(0, correct));
        }
      }
    }
    return out;
  }

  /**
   * ω for every (item, annotator) pair of a block, pair (i, j) at i·R + j; only the annotators with
   * {@code index[j] >= 0} are computed (others are 0): training annotators by id when {@code
   * features == null}, otherwise new annotators by row of {@code features}.
   */
  private double[] blockOmega(TaskFeatures chunk, int rows, int[] index, float[][] features) {
    int r = index.length;
    int count = 0;
    for (int j = 0; j < r; j++) {
      if (index[j] >= 0) {
        count++;
      }
    }
    double[] out = new double[rows * r];
    if (count == 0) {
      return out;
    }
    int[] pi = new int[rows * count];
    int[] pw = new int[rows * count];
    int q = 0;
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < r; j++) {
        if (index[j] >= 0) {
          pi[q] = i;
          pw[q] = index[j];
          q++;
        }
      }
    }
    double[] w = omega(chunk, pi, pw, features);
    q = 0;
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < r; j++) {
        if (index[j] >= 0) {
          out[i * r + j] = w[q++];
        }
      }
    }
    return out;
  }

  /** A raw K×K layer starting at {@code offset}, as doubles. */
  private static double[] layerRows(float[] v, int offset, int k) {
    double[] out = new double[k * k];
    for (int c = 0; c < k * k; c++) {
      out[c] = v[offset + c];
    }
    return out;
  }

  /** P(answer c | true c) under the mix of the common and the individual layer with weight ω. */
  private static double diagonal(double[] g, double[] ind, int c, int k, double w) {
    return w * softmaxAt(g, c, k) + (1 - w) * softmaxAt(ind, c, k);
  }

  private static double softmaxAt(double[] layer, int c, int k) {
    double max = Double.NEGATIVE_INFINITY;
    for (int l = 0; l < k; l++) {
      max = Math.max(max, layer[c * k + l]);
    }
    double sum = 0;
    for (int l = 0; l < k; l++) {
      sum += Math.exp(layer[c * k + l] - max);
    }
    return Math.exp(layer[c * k + c] - max) / sum;
  }

  /**
   * ω for pairs of item {@code rows[p]} of {@code features} and annotator {@code workerIds[p]}: a
   * training annotator's id, or with {@code annotatorFeatures} a row of those features.
   */
  @Override
  public double[] omega(
      TaskFeatures features, int[] rows, int[] workerIds, float[][] annotatorFeatures) {
    Network m = network;
    if (rows.length != workerIds.length) {
      throw new IllegalArgumentException("rows and annotators differ in length");
    }
    float[] x = m.standardized(features.toArray());
    try (NDManager scope = m.scope()) {
      long[] ri = new long[rows.length];
      long[] wi = new long[rows.length];
      for (int p = 0; p < rows.length; p++) {
        ri[p] = rows[p];
        wi[p] = workerIds[p];
      }
      Map<String, NDArray> params = new LinkedHashMap<>(m.headArrays());
      if (annotatorFeatures != null) {
        int dim = (int) params.get("annotator.features").getShape().get(1);
        float[] flat = new float[annotatorFeatures.length * dim];
        for (int r = 0; r < annotatorFeatures.length; r++) {
          if (annotatorFeatures[r].length != dim) {
            throw new IllegalArgumentException(
                "annotator features need "
                    + dim
                    + " values, row "
                    + r
                    + " has "
                    + annotatorFeatures[r].length);
          }
          System.arraycopy(annotatorFeatures[r], 0, flat, r * dim, dim);
        }
        params.put(
            "annotator.features", scope.create(flat, new Shape(annotatorFeatures.length, dim)));
      }
      NDArray w =
          ConalHead.omega(
              params,
              scope.create(x, new Shape(features.numRows(), m.inputDim())),
              scope.create(ri),
              scope.create(wi),
              normalizeInstance,
              normalizeAnnotator);
      float[] f = w.toFloatArray();
      double[] out = new double[f.length];
      for (int i = 0; i < f.length; i++) {
        out[i] = f[i];
      }
      return out;
    }
  }
}
