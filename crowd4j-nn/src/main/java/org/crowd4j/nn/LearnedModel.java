package org.crowd4j.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.util.Pair;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;

/**
 * A trained learner: the classifier p_θ(z | x) and the learnt annotator model. Holds native memory
 * until {@link #close()}.
 *
 * <p>{@link #predict} gives class probabilities (softmax of the classifier; annotator layers are
 * not used). {@link #annotatorModel()} is a {@link ConfusionMatrices} (one row-stochastic matrix
 * per annotator; for the crowd layer, the answer distribution its layer gives to a one-hot class)
 * or, for CoNAL, a {@link CommonConfusionModel} with the common matrix, the individual matrices and
 * ω per training answer, or {@link WorkerSkills}: for the weighted doctor net each annotator's
 * averaging weight, for learning to vote each label set's mean voting weight; {@code null} for
 * learners without one. The weighted doctor net predicts with the weighted average of its
 * per-annotator output layers; {@link #predictMultiLabel} gives independent sigmoid outputs for
 * multi-label models. {@link #save} writes a directory with {@code model.json} (metadata: method,
 * options, backbone, vocabularies, training summary) and {@code parameters.safetensors} (named
 * float tensors in the safetensors format, which PyTorch, numpy and DJL open directly); {@link
 * #load} reads it back, and reads models of earlier format versions ({@code parameters.bin}).
 */
public final class LearnedModel implements AutoCloseable {
  static final String FORMAT = ModelFiles.FORMAT;
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final boolean owner;
  private final String method;
  private final Map<String, Object> options;
  private final Map<String, Object> trainOptions;
  private final Backbone spec;
  private final Block block;
  private final NDManager root;
  private final ParameterStore store;
  private final int inputDim;
  private final Vocabulary labels;
  private final Vocabulary workers;
  private final float[] mean;
  private final float[] std;
  private final Map<String, NDArray> headParams;
  private final WorkerModel annotators;
  private final TrainingSummary summary;
  private final List<NDArray> longLived = new ArrayList<>();
  private Map<String, Object> tuning;
  private boolean closed;

  LearnedModel(
      boolean owner,
      String method,
      Map<String, Object> options,
      Map<String, Object> trainOptions,
      Backbone spec,
      Block block,
      NDManager root,
      int inputDim,
      Vocabulary labels,
      Vocabulary workers,
      float[] mean,
      float[] std,
      Map<String, NDArray> headParams,
      WorkerModel annotators,
      TrainingSummary summary) {
    this.owner = owner;
    this.method = method;
    this.options = new LinkedHashMap<>(options);
    this.trainOptions = new LinkedHashMap<>(trainOptions);
    this.spec = spec;
    this.block = block;
    this.root = root;
    this.store = new ParameterStore(root, false);
    this.inputDim = inputDim;
    this.labels = labels;
    this.workers = workers;
    this.mean = mean;
    this.std = std;
    this.headParams = new LinkedHashMap<>(headParams);
    this.annotators = annotators;
    this.summary = summary;
    for (Pair<String, Parameter> p : block.getParameters()) {
      longLived.add(p.getValue().getArray());
    }
    longLived.addAll(this.headParams.values());
  }

  /** The learner's name. */
  public String method() {
    return method;
  }

  /** The learner's options as saved (name → value). */
  public Map<String, Object> options() {
    return new LinkedHashMap<>(options);
  }

  /** The class labels (column order of {@link #predict}). */
  public Vocabulary labels() {
    return labels;
  }

  /** The annotators of the training data (order of the annotator model). */
  public Vocabulary workers() {
    return workers;
  }

  /** Number of input features. */
  public int inputDim() {
    return inputDim;
  }

  /** The classifier's description. */
  public Backbone backbone() {
    return spec;
  }

  /** The learnt annotator model, or {@code null}. */
  public WorkerModel annotatorModel() {
    return annotators;
  }

  /** How training went ({@code null} for a checkpoint). */
  public TrainingSummary summary() {
    return summary;
  }

  /**
   * How the settings were chosen when the model came from {@link Tuning} (the grid, each
   * candidate's selection score and the chosen one, as saved in {@code model.json}), else {@code
   * null}.
   */
  public Map<String, Object> tuning() {
    return tuning == null ? null : new LinkedHashMap<>(tuning);
  }

  /** The training options as saved (name → value). */
  public Map<String, Object> trainOptions() {
    return new LinkedHashMap<>(trainOptions);
  }

  /** Whether the features are standardised before the classifier (statistics saved). */
  public boolean standardized() {
    return mean != null;
  }

  void setTuning(Map<String, Object> t) {
    this.tuning = t == null ? null : new LinkedHashMap<>(t);
  }

  /** Class probabilities, {@code rows × K} row-major, for rows in {@code features}' order. */
  public double[] predict(TaskFeatures features) {
    return predict(features.toArray(), features.numRows());
  }

  /** Class probabilities for {@code n} rows of raw features ({@code n × inputDim}, row-major). */
  public double[] predict(float[] rows, int n) {
    checkOpen();
    if (rows.length != (long) n * inputDim) {
      throw new IllegalArgumentException(
          "expected " + n + " × " + inputDim + " features, got " + rows.length + " values");
    }
    float[] x = rows.clone();
    TrainingSet.applyStandardization(x, inputDim, mean, std);
    int k = labels.size();
    float[] z = logits(root, block, store, x, inputDim, k, longLived);
    if (headParams.containsKey(DoctorHead.WEIGHTS)) {
      z = DoctorHead.combine(floats(headParams), z, k);
    }
    return Head.softmaxRows(z, k);
  }

  private static Map<String, float[]> floats(Map<String, NDArray> params) {
    Map<String, float[]> out = new LinkedHashMap<>();
    for (Map.Entry<String, NDArray> e : params.entrySet()) {
      out.put(e.getKey(), e.getValue().toFloatArray());
    }
    return out;
  }

  /**
   * Independent per-output probabilities σ(logit), {@code rows × outputs} row-major: the
   * predictions of a multi-label model (learning-to-vote's multi-label fit, whose {@link #labels()}
   * are the findings).
   */
  public double[] predictMultiLabel(TaskFeatures features) {
    checkOpen();
    float[] x = features.toArray();
    if (features.dim() != inputDim) {
      throw new IllegalArgumentException(
          "expected " + inputDim + " features per row, got " + features.dim());
    }
    TrainingSet.applyStandardization(x, inputDim, mean, std);
    float[] z = logits(root, block, store, x, inputDim, labels.size(), longLived);
    double[] out = new double[z.length];
    for (int j = 0; j < z.length; j++) {
      double v = z[j];
      out[j] = v >= 0 ? 1 / (1 + Math.exp(-v)) : Math.exp(v) / (1 + Math.exp(v));
    }
    return out;
  }

  /** The most probable label id per row (ties to the lowest id). */
  public int[] predictLabels(TaskFeatures features) {
    double[] p = predict(features);
    int k = labels.size();
    int[] out = new int[features.numRows()];
    for (int i = 0; i < out.length; i++) {
      int b = 0;
      for (int c = 1; c < k; c++) {
        if (p[i * k + c] > p[i * k + b]) {
          b = c;
        }
      }
      out[i] = b;
    }
    return out;
  }

  /**
   * The probability that each annotator would answer each item correctly, P(answer = true class |
   * x_i, annotator r), as {@code items × annotators} row-major (row i, column r). For CoNAL it is
   * Σ_k p(k | x_i) · [ω_ir C_g + (1 − ω_ir) C_r]_kk with ω from the auxiliary network (see {@link
   * #probabilityCorrect(TaskFeatures, List, TaskFeatures)}); for LIA Σ_k h_k(x_i) Q_ij[k, k] (see
   * {@link Lia}; unseen annotators with features: {@link Lia#probabilityCorrect(LearnedModel,
   * TaskFeatures, TaskFeatures)}). Annotators are named by their ids in the training data.
   *
   * @param items the items' features (one row per item, {@link #inputDim()} columns)
   * @param annotators annotator ids
   * @return {@code items.numRows() × annotators.size()} probabilities, row-major
   * @throws UnsupportedOperationException when the learner has no per-item annotator model
   * @throws IllegalArgumentException for an annotator the model cannot score, or features of the
   *     wrong width
   */
  public double[] probabilityCorrect(TaskFeatures items, List<String> annotators) {
    checkOpen();
    if (items.dim() != inputDim) {
      throw new IllegalArgumentException(
          "the items have " + items.dim() + " features, the model expects " + inputDim);
    }
    return switch (method) {
      case Conal.NAME -> ConalCorrectness.probabilityCorrect(this, items, annotators, null);
      case Lia.NAME -> LiaModel.probabilityCorrect(this, items, annotators, null);
      default ->
          throw new UnsupportedOperationException(
              "the "
                  + method
                  + " model does not predict per-item annotator correctness; train with conal"
                  + " or lia (learners with an instance-dependent annotator model)");
    };
  }

  /**
   * {@link #probabilityCorrect(TaskFeatures, List)} for CoNAL models trained {@link
   * Conal#withAnnotatorFeatures with annotator features}, which can also score annotators never
   * seen in training: {@code annotatorFeatures} has one row per such annotator, named by her id
   * (training annotators keep their training features). ω of a new annotator comes from her
   * features; her individual confusion, which the model cannot know, is the mean of the training
   * annotators' (the population's). With {@code annotatorFeatures == null} this is the two-argument
   * method.
   *
   * @param items the items' features
   * @param annotators annotator ids
   * @param annotatorFeatures features of annotators not in the training data, or {@code null}
   * @return {@code items × annotators} probabilities, row-major
   */
  public double[] probabilityCorrect(
      TaskFeatures items, List<String> annotators, TaskFeatures annotatorFeatures) {
    if (annotatorFeatures == null) {
      return probabilityCorrect(items, annotators);
    }
    checkOpen();
    if (!Conal.NAME.equals(method)) {
      throw new UnsupportedOperationException(
          "annotator features apply to conal models only, not to " + method);
    }
    if (items.dim() != inputDim) {
      throw new IllegalArgumentException(
          "the items have " + items.dim() + " features, the model expects " + inputDim);
    }
    return ConalCorrectness.probabilityCorrect(this, items, annotators, annotatorFeatures);
  }

  /** A head parameter's values ({@code null} when the head has none of that name). */
  float[] headParameter(String name) {
    NDArray a = headParams.get(name);
    return a == null ? null : a.toFloatArray();
  }

  /** Whether the model was trained with annotator features. */
  boolean hasAnnotatorFeatures() {
    return headParams.containsKey("annotator.features");
  }

  /** The head's parameters and constants by name (native; owned by this model). */
  Map<String, NDArray> headParameters() {
    checkOpen();
    return headParams;
  }

  /** The model's native memory manager. */
  NDManager manager() {
    return root;
  }

  /** The arrays to attach to a temporary scope of {@link #manager()}. */
  List<NDArray> nativeArrays() {
    return longLived;
  }

  /** A standardised copy of raw feature rows (as the model saw them in training). */
  float[] standardized(float[] rows) {
    float[] x = rows.clone();
    TrainingSet.applyStandardization(x, inputDim, mean, std);
    return x;
  }

  /**
   * CoNAL's ω (probability that the answer comes from the common confusion) for item–annotator
   * pairs: item {@code rows[p]} of {@code features} and training annotator {@code workerIds[p]}.
   */
  public double[] omega(TaskFeatures features, int[] rows, int[] workerIds) {
    return omega(features, rows, workerIds, null);
  }

  /**
   * CoNAL's ω for pairs of item {@code rows[p]} and annotator {@code annotators[p]} given by her
   * features (rows of {@code annotatorFeatures}, which may be annotators never seen in training);
   * the model must have been trained {@link Conal#withAnnotatorFeatures with annotator features}.
   */
  public double[] omegaForAnnotatorFeatures(
      TaskFeatures features, int[] rows, int[] annotators, float[][] annotatorFeatures) {
    if (!headParams.containsKey("annotator.features")) {
      throw new UnsupportedOperationException("the model was trained without annotator features");
    }
    return omega(features, rows, annotators, annotatorFeatures);
  }

  private double[] omega(
      TaskFeatures features, int[] rows, int[] workerIds, float[][] annotatorFeatures) {
    checkOpen();
    if (!Conal.NAME.equals(method)) {
      throw new UnsupportedOperationException(method + " has no ω (CoNAL only)");
    }
    if (rows.length != workerIds.length) {
      throw new IllegalArgumentException("rows and annotators differ in length");
    }
    float[] x = features.toArray();
    TrainingSet.applyStandardization(x, inputDim, mean, std);
    try (NDManager scope = root.newSubManager()) {
      for (NDArray a : longLived) {
        a.tempAttach(scope);
      }
      long[] ri = new long[rows.length];
      long[] wi = new long[rows.length];
      for (int p = 0; p < rows.length; p++) {
        ri[p] = rows[p];
        wi[p] = workerIds[p];
      }
      Map<String, NDArray> params = new LinkedHashMap<>(headParams);
      if (annotatorFeatures != null) {
        int dim = (int) headParams.get("annotator.features").getShape().get(1);
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
              scope.create(x, new Shape(features.numRows(), inputDim)),
              scope.create(ri),
              scope.create(wi),
              bool(options.get("normalizeInstance")),
              bool(options.get("normalizeAnnotator")));
      float[] f = w.toFloatArray();
      double[] out = new double[f.length];
      for (int i = 0; i < f.length; i++) {
        out[i] = f[i];
      }
      return out;
    }
  }

  /**
   * The learnt annotator embeddings, one row per training annotator in {@link #workers()} order:
   * CoNAL's u_r (the annotator's one-hot code, or her features for a model trained {@link
   * Conal#withAnnotatorFeatures with annotator features}, through the auxiliary network's linear
   * map, L2-normalised when the model normalises them) or LIA's r_j (the learnt embedding, or the
   * features through c_ψ's input map). {@code null} for learners without annotator embeddings.
   */
  public float[][] annotatorEmbeddings() {
    checkOpen();
    if (Conal.NAME.equals(method)) {
      return linearRows(
          "annotator.weight", "annotator.bias", bool(options.get("normalizeAnnotator")));
    }
    if (Lia.NAME.equals(method)) {
      return headParams.containsKey("competence.embedding")
          ? linearRows("competence.embedding", null, false)
          : linearRows("competence.input.weight", "competence.input.bias", false);
    }
    return null;
  }

  /**
   * Rows x_r W + b for every training annotator, x_r her one-hot code or, when the head holds
   * {@code annotator.features}, her features; {@code null} when the head lacks {@code weight}.
   */
  private float[][] linearRows(String weightName, String biasName, boolean normalize) {
    NDArray weight = headParams.get(weightName);
    NDArray bias = biasName == null ? null : headParams.get(biasName);
    if (weight == null || (biasName != null && bias == null)) {
      return null;
    }
    long[] shape = weight.getShape().getShape();
    int in = (int) shape[0];
    int e = (int) shape[1];
    float[] w = weight.toFloatArray();
    float[] b = bias == null ? new float[e] : bias.toFloatArray();
    NDArray features = headParams.get("annotator.features");
    float[] f = features == null ? null : features.toFloatArray();
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

  private static boolean bool(Object o) {
    return o instanceof Boolean b ? b : Boolean.parseBoolean(String.valueOf(o));
  }

  static float[] logits(
      NDManager root,
      Block block,
      ParameterStore store,
      float[] x,
      int d,
      int k,
      List<NDArray> attach) {
    int n = x.length / d;
    float[] out = new float[n * k];
    for (int from = 0; from < n; from += 1024) {
      int to = Math.min(n, from + 1024);
      try (NDManager scope = root.newSubManager()) {
        for (NDArray a : attach) {
          a.tempAttach(scope);
        }
        NDArray xb = scope.create(Arrays.copyOfRange(x, from * d, to * d), new Shape(to - from, d));
        float[] z = block.forward(store, new NDList(xb), false).singletonOrThrow().toFloatArray();
        System.arraycopy(z, 0, out, from * k, z.length);
      }
    }
    return out;
  }

  /**
   * Writes {@code model.json} and {@code parameters.safetensors} as the folder {@code dir}: written
   * into a temporary sibling and renamed into place, so that {@code dir} holds a complete model or
   * none; model.json carries the format version and the SHA-256 of the parameters.
   */
  public void save(Path dir) throws IOException {
    checkOpen();
    Map<String, Tensors.Tensor> t = new LinkedHashMap<>();
    for (Pair<String, Parameter> p : block.getParameters()) {
      put(t, "backbone." + p.getKey(), p.getValue().getArray());
    }
    for (Map.Entry<String, NDArray> e : headParams.entrySet()) {
      put(t, "head." + e.getKey(), e.getValue());
    }
    if (mean != null) {
      t.put("input.mean", new Tensors.Tensor("input.mean", new long[] {mean.length}, mean));
      t.put("input.std", new Tensors.Tensor("input.std", new long[] {std.length}, std));
    }
    String annotatorKind = "none";
    int k = labels.size();
    if (annotators instanceof ConfusionMatrices cm) {
      annotatorKind = "confusions";
      putDoubles(t, "annotators.confusions", new long[] {cm.numWorkers(), k, k}, cm.toArray());
    } else if (annotators instanceof CommonConfusionModel cc) {
      annotatorKind = "common-confusion";
      putDoubles(t, "annotators.common", new long[] {k, k}, cc.common());
      ConfusionMatrices ind = cc.individual();
      putDoubles(t, "annotators.confusions", new long[] {ind.numWorkers(), k, k}, ind.toArray());
      putDoubles(t, "annotators.omega", new long[] {cc.omega().length}, cc.omega());
    } else if (annotators instanceof GroupMixtureModel gm) {
      annotatorKind = "group-mixture";
      int groups = gm.numGroups();
      putDoubles(t, "annotators.groupWeights", new long[] {groups}, gm.groupWeights());
      putDoubles(t, "annotators.groupConfusions", new long[] {groups, k, k}, gm.groupConfusions());
      putDoubles(t, "annotators.membership", new long[] {gm.numWorkers(), groups}, gm.membership());
    } else if (annotators instanceof WorkerSkills ws) {
      annotatorKind = "skills";
      putDoubles(t, "annotators.skills", new long[] {ws.numWorkers()}, ws.values());
    }
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("method", method);
    meta.put("options", options);
    meta.put("train", trainOptions);
    meta.put("backbone", spec.describe());
    meta.put("inputDim", inputDim);
    meta.put("standardized", mean != null);
    meta.put("labels", labels.names());
    meta.put("workers", workers.names());
    meta.put("annotatorModel", annotatorKind);
    meta.put("library", "crowd4j " + org.crowd4j.aggregate.Provenance.LIBRARY_VERSION);
    meta.put("engine", NnRuntime.describe());
    meta.put("summary", summary);
    if (tuning != null) {
      meta.put("tuning", tuning);
    }
    ModelFiles.write(dir, t, JSON.valueToTree(meta), JSON);
  }

  private static void put(Map<String, Tensors.Tensor> t, String name, NDArray a) {
    t.put(name, new Tensors.Tensor(name, a.getShape().getShape(), a.toFloatArray()));
  }

  private static void putDoubles(
      Map<String, Tensors.Tensor> t, String name, long[] shape, double[] v) {
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = (float) v[i];
    }
    t.put(name, new Tensors.Tensor(name, shape, f));
  }

  /**
   * Loads a model saved by {@link #save} (MLP or CNN backbone); a folder that is not a complete
   * model of a format version this library reads, or whose parameters do not match the checksum in
   * model.json, fails with a {@link org.crowd4j.io.ModelFileException} that says what is wrong.
   */
  public static LearnedModel load(Path dir) throws IOException {
    return load(dir, null);
  }

  /** Loads a model saved by {@link #save}; {@code custom} rebuilds a custom backbone. */
  @SuppressWarnings("unchecked")
  public static LearnedModel load(Path dir, Backbone.Factory custom) throws IOException {
    ModelFiles.Loaded files = ModelFiles.read(dir);
    Map<String, Object> meta = files.meta();
    Map<String, Tensors.Tensor> t = files.tensors();
    Backbone spec = Backbone.fromDescription((Map<String, Object>) meta.get("backbone"), custom);
    int d = ((Number) meta.get("inputDim")).intValue();
    Vocabulary labels = Vocabulary.of((List<String>) meta.get("labels"));
    Vocabulary workers = Vocabulary.of((List<String>) meta.get("workers"));
    int k = labels.size();
    NDManager root = NDManager.newBaseManager(NnRuntime.device());
    try {
      Block block = spec.build(d, k);
      block.initialize(root, DataType.FLOAT32, new Shape(1, d));
      for (Pair<String, Parameter> p : block.getParameters()) {
        Tensors.Tensor v = t.get("backbone." + p.getKey());
        if (v == null) {
          throw new IOException(dir + ": parameter " + p.getKey() + " missing");
        }
        NDArray a = p.getValue().getArray();
        if (!Arrays.equals(a.getShape().getShape(), v.shape())) {
          throw new IOException(
              dir
                  + ": parameter "
                  + p.getKey()
                  + " has shape "
                  + Arrays.toString(v.shape())
                  + ", the network expects "
                  + a.getShape());
        }
        a.set(v.values());
      }
      Map<String, NDArray> head = new LinkedHashMap<>();
      for (Tensors.Tensor v : t.values()) {
        if (v.name().startsWith("head.")) {
          head.put(v.name().substring(5), root.create(v.values(), new Shape(v.shape())));
        }
      }
      float[] mean = t.containsKey("input.mean") ? t.get("input.mean").values() : null;
      float[] std = t.containsKey("input.std") ? t.get("input.std").values() : null;
      WorkerModel annotators = null;
      String kind = String.valueOf(meta.get("annotatorModel"));
      if (kind.equals("confusions")) {
        Tensors.Tensor c = t.get("annotators.confusions");
        annotators = new ConfusionMatrices((int) c.shape()[0], k, doubles(c.values()));
      } else if (kind.equals("common-confusion")) {
        Tensors.Tensor c = t.get("annotators.confusions");
        annotators =
            new CommonConfusionModel(
                doubles(t.get("annotators.common").values()),
                new ConfusionMatrices((int) c.shape()[0], k, doubles(c.values())),
                doubles(t.get("annotators.omega").values()));
      } else if (kind.equals("group-mixture")) {
        annotators =
            new GroupMixtureModel(
                doubles(t.get("annotators.groupWeights").values()),
                doubles(t.get("annotators.groupConfusions").values()),
                doubles(t.get("annotators.membership").values()),
                k);
      } else if (kind.equals("skills")) {
        annotators = new WorkerSkills(doubles(t.get("annotators.skills").values()));
      }
      TrainingSummary summary =
          meta.get("summary") == null
              ? null
              : JSON.convertValue(meta.get("summary"), TrainingSummary.class);
      LearnedModel model =
          new LearnedModel(
              true,
              String.valueOf(meta.get("method")),
              (Map<String, Object>) meta.get("options"),
              (Map<String, Object>) meta.get("train"),
              spec,
              block,
              root,
              d,
              labels,
              workers,
              mean,
              std,
              head,
              annotators,
              summary);
      model.setTuning((Map<String, Object>) meta.get("tuning"));
      return model;
    } catch (IOException | RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private static double[] doubles(float[] f) {
    double[] d = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      d[i] = f[i];
    }
    return d;
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the model is closed");
    }
  }

  /** Frees the native memory. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      if (owner) {
        root.close();
      }
    }
  }
}
