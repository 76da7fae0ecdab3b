package org.crowd4j.nn;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.nn.internal.AnnotatorModelFormat;
import org.crowd4j.nn.internal.ModelFiles;
import org.crowd4j.nn.internal.Network;
import org.crowd4j.nn.internal.Records;
import org.crowd4j.nn.internal.Tensors;
import org.crowd4j.nn.internal.TrainedHead;
import org.crowd4j.nn.internal.TrainingResult;

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
 *
 * <p>A model may be an ensemble ({@link #members()} &gt; 1, built by {@link Tuning}): classifiers
 * trained with the same setting and different seeds, whose class probabilities {@link #predict}
 * averages. Everything else (the annotator model, P(correct), ω, embeddings, the training summary)
 * is the first member's, the one the tuning chose and whose annotator model was fitted. The other
 * members are saved in the same file as {@code member<k>.*} tensors.
 *
 * <p>What a model can tell beyond its classifier belongs to the learner's head: P(correct) and the
 * annotator embeddings of CoNAL and LIA, CoNAL's ω, the doctor net's averaged prediction. A method
 * that the model's head does not support throws {@link UnsupportedOperationException}.
 */
public final class LearnedModel implements AutoCloseable {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final String method;
  private final Map<String, Object> options;
  private final Map<String, Object> trainOptions;
  private final Backbone spec;
  private final Network network;
  private final TrainedHead head;
  private final TrainingSummary summary;
  private Map<String, Object> tuning;
  private final List<LearnedModel> extraMembers = new ArrayList<>();
  private boolean closed;

  private LearnedModel(
      String method,
      Map<String, Object> options,
      Map<String, Object> trainOptions,
      Backbone spec,
      Network network,
      TrainedHead.Factory head,
      WorkerModel annotators,
      TrainingSummary summary) {
    this.method = method;
    this.options = new LinkedHashMap<>(options);
    this.trainOptions = new LinkedHashMap<>(trainOptions);
    this.spec = spec;
    this.network = network;
    this.head = head.create(method, this.options, network, annotators);
    this.summary = summary;
  }

  /** The model of a training run of learner {@code method} with {@code options}. */
  static LearnedModel of(
      String method, Map<String, Object> options, Backbone spec, TrainingResult r) {
    return new LearnedModel(
        method,
        options,
        Records.toMap(r.train()),
        spec,
        r.network(),
        r.trainedHead(),
        r.annotators(),
        r.summary());
  }

  /**
   * The learner's name.
   *
   * @return the name the learner is registered under
   */
  public String method() {
    return method;
  }

  /**
   * The learner's options as saved (name → value).
   *
   * @return a copy
   */
  public Map<String, Object> options() {
    return new LinkedHashMap<>(options);
  }

  /**
   * The class labels (column order of {@link #predict}).
   *
   * @return the label vocabulary
   */
  public Vocabulary labels() {
    return network.labels();
  }

  /**
   * The annotators of the training data (order of the annotator model).
   *
   * @return the annotator vocabulary
   */
  public Vocabulary workers() {
    return network.workers();
  }

  /**
   * Number of input features.
   *
   * @return features per row
   */
  public int inputDim() {
    return network.inputDim();
  }

  /**
   * The classifier's description.
   *
   * @return the backbone
   */
  public Backbone backbone() {
    return spec;
  }

  /**
   * The learnt annotator model, or {@code null}.
   *
   * @return the annotator model
   */
  public WorkerModel annotatorModel() {
    return head.annotatorModel();
  }

  /**
   * How training went ({@code null} for a checkpoint).
   *
   * @return the summary
   */
  public TrainingSummary summary() {
    return summary;
  }

  /**
   * How the settings were chosen when the model came from {@link Tuning} (the grid, each
   * candidate's selection score and the chosen one, as saved in {@code model.json}), else {@code
   * null}.
   *
   * @return a copy, or {@code null}
   */
  public Map<String, Object> tuning() {
    return tuning == null ? null : new LinkedHashMap<>(tuning);
  }

  /**
   * The training options as saved (name → value).
   *
   * @return a copy
   */
  public Map<String, Object> trainOptions() {
    return new LinkedHashMap<>(trainOptions);
  }

  /**
   * Whether the features are standardised before the classifier (statistics saved).
   *
   * @return whether the training mean and standard deviation are applied
   */
  public boolean standardized() {
    return network.standardizes();
  }

  void setTuning(Map<String, Object> t) {
    this.tuning = t == null ? null : new LinkedHashMap<>(t);
  }

  /**
   * Class probabilities, {@code rows × K} row-major, for rows in {@code features}' order.
   *
   * @param features the items' features ({@link #inputDim()} columns)
   * @return the probabilities
   */
  public double[] predict(TaskFeatures features) {
    return predict(features.toArray(), features.numRows());
  }

  /**
   * Class probabilities for {@code n} rows of raw features ({@code n × inputDim}, row-major).
   *
   * @param rows the raw features
   * @param n number of rows
   * @return {@code n × K} probabilities, row-major
   */
  public double[] predict(float[] rows, int n) {
    checkOpen();
    double[] p = head.predict(rows, n);
    if (extraMembers.isEmpty()) {
      return p;
    }
    for (LearnedModel m : extraMembers) {
      addTo(p, m.head.predict(rows, n));
    }
    return scaled(p, 1.0 / members());
  }

  /**
   * Class probabilities of one member of the ensemble alone, {@code rows × K} row-major.
   *
   * @param member the member (0 = the tuned one, up to {@link #members()} − 1)
   * @param features the items' features
   * @return the probabilities
   */
  public double[] predictMember(int member, TaskFeatures features) {
    checkOpen();
    if (member < 0 || member >= members()) {
      throw new IllegalArgumentException(
          "member " + member + " of an ensemble of " + members() + " classifiers");
    }
    LearnedModel m = member == 0 ? this : extraMembers.get(member - 1);
    return m.head.predict(features.toArray(), features.numRows());
  }

  /**
   * Number of classifiers whose predictions {@link #predict} averages (1 for a single network).
   *
   * @return the ensemble's size
   */
  public int members() {
    return 1 + extraMembers.size();
  }

  /** Makes this model an ensemble with {@code others} (which it then owns and closes). */
  void addMembers(List<LearnedModel> others) {
    extraMembers.addAll(others);
  }

  private static void addTo(double[] acc, double[] p) {
    for (int i = 0; i < acc.length; i++) {
      acc[i] += p[i];
    }
  }

  private static double[] scaled(double[] p, double f) {
    for (int i = 0; i < p.length; i++) {
      p[i] *= f;
    }
    return p;
  }

  /**
   * Independent per-output probabilities σ(logit), {@code rows × outputs} row-major: the
   * predictions of a multi-label model (learning-to-vote's multi-label fit, whose {@link #labels()}
   * are the findings).
   *
   * @param features the items' features
   * @return the probabilities
   */
  public double[] predictMultiLabel(TaskFeatures features) {
    checkOpen();
    if (features.dim() != network.inputDim()) {
      throw new IllegalArgumentException(
          "expected " + network.inputDim() + " features per row, got " + features.dim());
    }
    double[] out = sigmoids(features);
    for (LearnedModel m : extraMembers) {
      addTo(out, m.sigmoids(features));
    }
    return extraMembers.isEmpty() ? out : scaled(out, 1.0 / members());
  }

  private double[] sigmoids(TaskFeatures features) {
    float[] z = network.logits(network.standardized(features.toArray()));
    double[] out = new double[z.length];
    for (int j = 0; j < z.length; j++) {
      double v = z[j];
      out[j] = v >= 0 ? 1 / (1 + Math.exp(-v)) : Math.exp(v) / (1 + Math.exp(v));
    }
    return out;
  }

  /**
   * The most probable label id per row (ties to the lowest id).
   *
   * @param features the items' features
   * @return one label id per row
   */
  public int[] predictLabels(TaskFeatures features) {
    double[] p = predict(features);
    int k = network.labels().size();
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
    if (items.dim() != network.inputDim()) {
      throw new IllegalArgumentException(
          "the items have " + items.dim() + " features, the model expects " + network.inputDim());
    }
    return head.probabilityCorrect(items, annotators);
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
    return head.probabilityCorrect(items, annotators, annotatorFeatures);
  }

  /** The head of the trained model (not checked for being open). */
  TrainedHead trainedHead() {
    return head;
  }

  /** A standardised copy of raw feature rows (as the model saw them in training). */
  float[] standardized(float[] rows) {
    return network.standardized(rows);
  }

  /**
   * CoNAL's ω (probability that the answer comes from the common confusion) for item–annotator
   * pairs: item {@code rows[p]} of {@code features} and training annotator {@code workerIds[p]}.
   *
   * @param features the items' features
   * @param rows item row of each pair
   * @param workerIds training annotator id of each pair
   * @return ω of every pair
   * @throws UnsupportedOperationException for a model other than CoNAL
   */
  public double[] omega(TaskFeatures features, int[] rows, int[] workerIds) {
    return omega(features, rows, workerIds, null);
  }

  /**
   * CoNAL's ω for pairs of item {@code rows[p]} and annotator {@code annotators[p]} given by her
   * features (rows of {@code annotatorFeatures}, which may be annotators never seen in training);
   * the model must have been trained {@link Conal#withAnnotatorFeatures with annotator features}.
   *
   * @param features the items' features
   * @param rows item row of each pair
   * @param annotators row of {@code annotatorFeatures} of each pair
   * @param annotatorFeatures the annotators' features
   * @return ω of every pair
   * @throws UnsupportedOperationException for a model trained without annotator features
   */
  public double[] omegaForAnnotatorFeatures(
      TaskFeatures features, int[] rows, int[] annotators, float[][] annotatorFeatures) {
    if (!network.headArrays().containsKey("annotator.features")) {
      throw new UnsupportedOperationException("the model was trained without annotator features");
    }
    return omega(features, rows, annotators, annotatorFeatures);
  }

  private double[] omega(
      TaskFeatures features, int[] rows, int[] workerIds, float[][] annotatorFeatures) {
    checkOpen();
    return head.omega(features, rows, workerIds, annotatorFeatures);
  }

  /**
   * The learnt annotator embeddings, one row per training annotator in {@link #workers()} order:
   * CoNAL's u_r (the annotator's one-hot code, or her features for a model trained {@link
   * Conal#withAnnotatorFeatures with annotator features}, through the auxiliary network's linear
   * map, L2-normalised when the model normalises them) or LIA's r_j (the learnt embedding, or the
   * features through c_ψ's input map). {@code null} for learners without annotator embeddings.
   *
   * @return the embeddings, or {@code null}
   */
  public float[][] annotatorEmbeddings() {
    checkOpen();
    return head.annotatorEmbeddings();
  }

  /**
   * Writes {@code model.json} and {@code parameters.safetensors} as the folder {@code dir}: written
   * into a temporary sibling and renamed into place, so that {@code dir} holds a complete model or
   * none; model.json carries the format version and the SHA-256 of the parameters.
   *
   * @param dir the model folder
   * @throws IOException when the folder cannot be written
   */
  public void save(Path dir) throws IOException {
    checkOpen();
    Map<String, Tensors.Tensor> t = new LinkedHashMap<>();
    network.writeTo(t);
    String annotatorKind = head.writeAnnotatorModel(t);
    for (int k = 1; k < members(); k++) {
      Map<String, Tensors.Tensor> own = new LinkedHashMap<>();
      LearnedModel m = extraMembers.get(k - 1);
      m.network.writeTo(own);
      m.head.writeAnnotatorModel(own);
      String prefix = ModelCheck.memberPrefix(k);
      for (Tensors.Tensor v : own.values()) {
        t.put(prefix + v.name(), new Tensors.Tensor(prefix + v.name(), v.shape(), v.values()));
      }
    }
    ModelDescription meta =
        new ModelDescription(
            method,
            options,
            trainOptions,
            spec.describe(),
            network.inputDim(),
            network.standardizes(),
            network.labels().names(),
            network.workers().names(),
            annotatorKind,
            "crowd4j " + org.crowd4j.method.Provenance.LIBRARY_VERSION,
            NnRuntime.describe(),
            summary,
            tuning,
            members() > 1 ? members() : null);
    ModelFiles.write(dir, t, JSON.valueToTree(meta), JSON);
  }

  /**
   * Loads a model saved by {@link #save} (MLP or CNN backbone); a folder that is not a complete
   * model of a format version this library reads, whose parameters do not match the checksum in
   * model.json, or whose model.json does not fit the tensors' shapes (checked before the network is
   * built), fails with a {@link org.crowd4j.io.ModelFileException} that says what is wrong.
   *
   * @param dir the model folder
   * @return the model (close it)
   * @throws IOException when the folder cannot be read or is not a valid model
   */
  public static LearnedModel load(Path dir) throws IOException {
    return load(dir, null);
  }

  /**
   * Loads a model saved by {@link #save}; {@code custom} rebuilds a custom backbone.
   *
   * @param dir the model folder
   * @param custom builds the custom block, or {@code null} for MLP and CNN backbones
   * @return the model (close it)
   * @throws IOException when the folder cannot be read or is not a valid model
   */
  public static LearnedModel load(Path dir, Backbone.Factory custom) throws IOException {
    ModelFiles.Loaded files = ModelFiles.read(dir);
    Path metaFile = dir.resolve("model.json");
    ModelDescription meta;
    try {
      meta = JSON.convertValue(files.meta(), ModelDescription.class);
    } catch (IllegalArgumentException e) {
      throw new org.crowd4j.io.ModelFileException(
          metaFile, 0, "does not fit the model description: " + e.getMessage(), e);
    }
    Backbone spec = Backbone.fromDescription(metaFile, meta.backbone(), custom);
    Map<String, Tensors.Tensor> t = files.tensors();
    ModelCheck.check(dir, meta, spec, t);
    LearnedModel model = fromTensors(meta, spec, t, dir);
    try {
      model.setTuning(meta.tuning());
      int members = meta.members() == null ? 1 : meta.members();
      for (int k = 1; k < members; k++) {
        model.extraMembers.add(fromTensors(meta, spec, ModelCheck.member(t, k), dir));
      }
      return model;
    } catch (IOException | RuntimeException e) {
      model.close();
      throw e;
    }
  }

  /** One network and its head from tensors named as a single model's are. */
  private static LearnedModel fromTensors(
      ModelDescription meta, Backbone spec, Map<String, Tensors.Tensor> t, Path dir)
      throws IOException {
    int d = meta.inputDim();
    Vocabulary labels = Vocabulary.of(meta.labels());
    Vocabulary workers = Vocabulary.of(meta.workers());
    int k = labels.size();
    Network network = Network.read(spec, d, labels, workers, t, dir);
    try {
      WorkerModel annotators =
          AnnotatorModelFormat.read(String.valueOf(meta.annotatorModel()), t, k);
      String method = String.valueOf(meta.method());
      return new LearnedModel(
          method,
          meta.options(),
          meta.train(),
          spec,
          network,
          Learners.trainedHead(method),
          annotators,
          meta.summary());
    } catch (RuntimeException e) {
      network.close();
      throw e;
    }
  }

  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the model is closed");
    }
  }

  /** Frees the native memory. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      network.close();
      for (LearnedModel m : extraMembers) {
        m.close();
      }
    }
  }
}
