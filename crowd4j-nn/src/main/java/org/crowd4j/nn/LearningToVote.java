package org.crowd4j.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.metrics.RocAuc;
import org.crowd4j.simulate.AlgorithmicLabelers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Learning to vote (Wang, Xu, Yang, Tam, Roth, Xu 2020, "Learning Quality Labels for Robust Image
 * Classification", Algorithm 1): a classifier trained from M label sets per item (annotators or
 * algorithmic labelers) on a label that an attention layer votes for on the fly.
 *
 * <p><b>Model.</b> A sigmoid head with binary cross-entropy L_C averaged over the N outputs, both
 * for multi-label data (N findings) and for multi-class data (N = K, labels as one-hot vectors, the
 * paper's CIFAR-10 setting; prediction = argmax, so {@link LearnedModel#predict}'s softmax of the
 * same logits ranks the classes identically). An attention layer (W_attn, b_attn) maps the
 * concatenated meta-features of the M label sets to M voting weights.
 *
 * <p><b>One training step</b> on a minibatch of B items (Algorithm 1):
 *
 * <ol>
 *   <li>meta step per set m: θ̂_m = θ − α ∇_θ L_C(ŷ_θ, y_m) (eq. 1; a throw-away copy). By default
 *       per item, as Algorithm 1 is written ("for each data entry"): every item gets its own θ̂_m
 *       from its own loss, computed for the whole batch at once by {@link
 *       ExplicitMlp#perItemMetaFeatures} (exact, at the cost of one extra backward and forward
 *       pass); {@code metaPerItem=false} takes one step per set on the batch's mean loss instead,
 *       which dilutes each item's own signal by 1/B;
 *   <li>F_m = the feature (last hidden activation) of the item under θ̂_m, a constant;
 *   <li>w = softmax(W_attn · Cat(F_1..F_M) + b_attn) (eq. 2), sets that did not label an item are
 *       masked out of its softmax;
 *   <li>ȳ = Σ_m w_m y_m and the differentiable binarisation ỹ = σ(k(ȳ − T)) (eq. 3);
 *   <li>θ ← θ − β-step of L_C(ŷ_θ, ỹ) with ỹ constant (eq. 4; Adam with the training options' step
 *       size, ŷ recomputed in training mode);
 *   <li>W_attn, b_attn ← step of the same loss with the gradient flowing through ỹ (eqs. 5–6):
 *       ∂L/∂ỹ = −logit(ŷ)/N, ∂ỹ/∂ȳ = k ỹ(1 − ỹ), ∂ȳ/∂w_m = y_m, then the softmax Jacobian. The
 *       voter thus moves ỹ toward the current prediction — this is the method.
 * </ol>
 *
 * <p><b>Networks.</b> The meta step evaluates the classifier with substituted weights, so the
 * classifier is an {@link ExplicitMlp} (explicit parameter arrays, own forward and analytic
 * backward) built from the backbone's hidden sizes and dropout; the meta step and the features use
 * no dropout, the final update uses it. MLP backbones only (at least one hidden layer: with none
 * the feature would be the input and no meta step could change it); batch normalisation and CNN or
 * custom backbones are rejected. The trained weights are copied into the backbone's DJL block, so
 * the result is an ordinary {@link LearnedModel} that saves and loads.
 *
 * <p><b>Label sets.</b> Multi-class: each annotator (worker id) of the answers file is one label
 * set; an item's set m is the one-hot of that worker's answer (missing answers are masked out of
 * the vote and of set m's meta loss). Multi-label: {@link #fitMultiLabel} takes one {@code n × N}
 * array of 0/1 per set; "uncertain" marks of algorithmic labelers are resolved beforehand with the
 * U-zeros / U-ones policies ({@link #resolveUncertain}), each policy giving its own label set (the
 * paper's neg_u0, neg_u1, che_u0, che_u1).
 *
 * <p><b>Choices the paper leaves open</b> (all options): the attention starts at zero, so training
 * starts from the equal-weight vote of the sets; by default it is updated by plain steps of size β
 * = 1e-4 as eqs. 5–6 write (the paper's global rate), under which the voting weights stay within
 * about ±0.05 of 1/M (the paper's Table 3: 0.19 on noisy, 0.21 on clean labels). The weights are
 * learnt per set rather than per item: on the simulations of {@code
 * crowd4j-nn/results/learning-to-vote.md} an item's clean and noisy labels get the same weight to
 * three decimals. The binarisation threshold matters as much as the voter: σ′ is nonzero only near
 * T, so the voter learns from classes whose vote sits near T, and with five sets at 1/5 each T =
 * 0.4 (chosen there on validation data) beats the majority vote where the paper's T = 0.5 only ties
 * it. Adam ({@code attentionOptimizer=ADAM}) or larger steps let the weights move far, and the
 * gradient through ỹ — which rewards targets that agree with the current prediction — then drives
 * them to a few sets whose votes never sit near T, unstable across seeds. {@code warmupEpochs}
 * freezes the attention for the first epochs (a stand-in for the paper's pretrained backbone;
 * {@code warmupEpochs ≥ epochs} trains on the binarised equal-weight vote). For multi-class data,
 * {@code multiClassLoss=SOFTMAX} trains softmax cross-entropy on ȳ (no binarisation); its voter
 * rewards sets with a high log-likelihood under the model and collapses onto one set. Model
 * selection as the other learners: gold validation accuracy (or mean AUC for multi-label data) when
 * given, else the mean loss of a held-out share of the items against the binarised equal-weight
 * vote of their label sets (a fixed target; the paper selects on 20 % of the noisy training set),
 * else the last epoch.
 *
 * <p><b>Cost</b> per step: (2M + 3) passes of the classifier (M meta backward passes and M feature
 * passes on top of a normal step) plus O(B M² D) for the attention; memory O(B M D).
 */
public final class LearningToVote extends BaseLearner<LearningToVote.Options> {
  private static final Logger LOG = LoggerFactory.getLogger(LearningToVote.class);

  /** Command-line name. */
  public static final String NAME = "learning-to-vote";

  private static final int EVAL_BATCH = 1024;
  private static final float MASKED = -1e4f;

  /** The classifier's loss on multi-class data. */
  public enum MultiClassLoss {
    /**
     * Sigmoid outputs and binary cross-entropy on one-hot labels (the paper, also for CIFAR-10).
     */
    BCE,
    /** Softmax cross-entropy to the vote ȳ, which is already a distribution (no binarisation). */
    SOFTMAX
  }

  /** How the attention layer is updated. */
  public enum AttentionOptimizer {
    /** Adam with {@code attentionLearningRate}. */
    ADAM,
    /** Plain gradient step of size {@code attentionLearningRate} (eqs. 5–6). */
    SGD
  }

  /**
   * Options of {@link LearningToVote}.
   *
   * @param metaStep α, step size of the per-set meta step (0.2 in the paper)
   * @param metaPerItem one meta step per item and set (Algorithm 1 as written, computed for the
   *     whole batch at once) rather than one per minibatch and set
   * @param warmupEpochs epochs at the start during which the attention is not updated (the
   *     classifier trains on the vote with equal weights), standing in for the paper's pretrained
   *     backbone
   * @param sharpness k of the binarisation σ(k(ȳ − T)) (50)
   * @param threshold T of the binarisation (0.5)
   * @param binarize apply the binarisation (false trains on ȳ itself, an ablation)
   * @param multiClassLoss BCE on one-hot vectors (the paper) or softmax cross-entropy (multi-class
   *     data only; multi-label data always use BCE)
   * @param attentionOptimizer Adam or plain steps for W_attn, b_attn
   * @param attentionLearningRate their step size; 0 = the classifier's learning rate
   */
  public record Options(
      double metaStep,
      boolean metaPerItem,
      int warmupEpochs,
      double sharpness,
      double threshold,
      boolean binarize,
      MultiClassLoss multiClassLoss,
      AttentionOptimizer attentionOptimizer,
      double attentionLearningRate) {
    /** Validates. */
    public Options {
      if (!(metaStep >= 0) || Double.isInfinite(metaStep)) {
        throw new IllegalArgumentException("metaStep must be ≥ 0: " + metaStep);
      }
      if (warmupEpochs < 0) {
        throw new IllegalArgumentException("warmupEpochs must be ≥ 0: " + warmupEpochs);
      }
      if (!(sharpness > 0) || Double.isInfinite(sharpness)) {
        throw new IllegalArgumentException("sharpness must be positive: " + sharpness);
      }
      if (!(threshold >= 0 && threshold <= 1)) {
        throw new IllegalArgumentException("threshold must be in [0, 1]: " + threshold);
      }
      Objects.requireNonNull(multiClassLoss, "multiClassLoss");
      Objects.requireNonNull(attentionOptimizer, "attentionOptimizer");
      if (!(attentionLearningRate >= 0) || Double.isInfinite(attentionLearningRate)) {
        throw new IllegalArgumentException(
            "attentionLearningRate must be ≥ 0: " + attentionLearningRate);
      }
    }

    /**
     * The paper's settings: α = 0.2, per-item meta step, k = 50, T = 0.5, BCE, plain steps of size
     * β = 1e-4 for the attention, no warm-up.
     */
    public static Options defaults() {
      return new Options(
          0.2, true, 0, 50, 0.5, true, MultiClassLoss.BCE, AttentionOptimizer.SGD, 1e-4);
    }
  }

  /**
   * A fit with what the vote produced on the training items.
   *
   * @param model the classifier (close it when done)
   * @param weights voting weights, {@code n × M} row-major (0 for sets that did not label the item,
   *     all 0 for items without labels), from the kept parameters
   * @param voted ȳ = Σ_m w_m y_m, {@code n × N}
   * @param refined ỹ, the binarised vote the classifier was trained on, {@code n × N}
   * @param sets M
   * @param outputs N
   */
  public record Fit(
      LearnedModel model, double[] weights, double[] voted, double[] refined, int sets, int outputs)
      implements AutoCloseable {
    @Override
    public void close() {
      model.close();
    }

    /** Argmax of ȳ per item (ties to the lowest id; −1 for items without labels). */
    public int[] votedLabels() {
      int n = voted.length / outputs;
      int[] out = new int[n];
      for (int i = 0; i < n; i++) {
        int b = -1;
        double best = 0;
        for (int c = 0; c < outputs; c++) {
          if (voted[i * outputs + c] > best) {
            best = voted[i * outputs + c];
            b = c;
          }
        }
        out[i] = b;
      }
      return out;
    }
  }

  /** A learning-to-vote learner. */
  public LearningToVote(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  /** Default options, default training, an MLP with one hidden layer of 128 and no dropout. */
  public LearningToVote() {
    this(
        Options.defaults(),
        TrainOptions.fixedEpochs(100),
        Backbone.mlp(new int[] {128}, 0.0, false, false));
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    return fitVotes(data, features, validation, listener).model();
  }

  /**
   * Multi-class fit, each worker of {@code data} being one label set; returns the model with the
   * voting weights and refined labels of the training items (in {@code data}'s task order).
   */
  public Fit fitVotes(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    TrainingSet set = TrainingSet.of(data, features, train.standardize(), null);
    int n = set.n;
    int k = set.k;
    int m = set.r;
    float[][] y = new float[m][n * k];
    boolean[] has = new boolean[n * m];
    for (int i = 0; i < n; i++) {
      for (int a = set.taskStart[i]; a < set.taskStart[i + 1]; a++) {
        int w = set.worker[a];
        Arrays.fill(y[w], i * k, i * k + k, 0f);
        y[w][i * k + set.label[a]] = 1;
        has[i * m + w] = true;
      }
    }
    Problem p =
        new Problem(
            set.x, n, set.d, k, set.mean, set.std, y, has, m, null, data.labels(), data.workers());
    return new Run(p, false, validation, null, listener).train();
  }

  /**
   * Multi-label fit: {@code features} has one row per item; {@code labelSets.get(m)} is set m's
   * {@code n × N} row-major 0/1 labels for the N {@code findings} (a row of −1 everywhere = the set
   * did not label that item). Resolve uncertain marks first ({@link #resolveUncertain}).
   */
  public Fit fitMultiLabel(
      TaskFeatures features,
      List<String> findings,
      List<String> setNames,
      List<int[]> labelSets,
      MultiLabelValidation validation,
      EpochListener listener) {
    int n = features.numRows();
    int k = findings.size();
    int m = labelSets.size();
    if (m < 1 || setNames.size() != m) {
      throw new IllegalArgumentException("need at least one label set and one name per set");
    }
    float[][] y = new float[m][n * k];
    boolean[] has = new boolean[n * m];
    for (int s = 0; s < m; s++) {
      int[] l = labelSets.get(s);
      if (l.length != n * k) {
        throw new IllegalArgumentException(
            "label set " + setNames.get(s) + " must have " + n + " × " + k + " entries");
      }
      for (int i = 0; i < n; i++) {
        int missing = 0;
        for (int c = 0; c < k; c++) {
          int v = l[i * k + c];
          if (v == -1) {
            missing++;
          } else if (v != 0 && v != 1) {
            throw new IllegalArgumentException("labels must be 0, 1 or −1 (missing row): " + v);
          }
          y[s][i * k + c] = v == 1 ? 1 : 0;
        }
        if (missing != 0 && missing != k) {
          throw new IllegalArgumentException(
              "label set "
                  + setNames.get(s)
                  + " has an uncertain mark on item "
                  + i
                  + ": resolve it with resolveUncertain (U_ZEROS or U_ONES)");
        }
        has[i * m + s] = missing == 0;
      }
    }
    return multiLabel(
        features, findings, Vocabulary.of(setNames), y, has, m, null, validation, listener);
  }

  /**
   * Plain multi-label training (no vote) on given targets in [0, 1], {@code n × N} row-major: the
   * baselines "BCE on one label set" and "BCE on the majority vote", with the same network and
   * optimiser as {@link #fitMultiLabel}.
   */
  public Fit fitMultiLabelTargets(
      TaskFeatures features,
      List<String> findings,
      double[] targets,
      MultiLabelValidation validation,
      EpochListener listener) {
    int n = features.numRows();
    int k = findings.size();
    if (targets.length != n * k) {
      throw new IllegalArgumentException("targets must have " + n + " × " + k + " entries");
    }
    float[] t = new float[targets.length];
    for (int j = 0; j < t.length; j++) {
      if (!(targets[j] >= 0 && targets[j] <= 1)) {
        throw new IllegalArgumentException("targets must be in [0, 1]: " + targets[j]);
      }
      t[j] = (float) targets[j];
    }
    boolean[] has = new boolean[n];
    Arrays.fill(has, true);
    return multiLabel(
        features,
        findings,
        Vocabulary.of("targets"),
        new float[][] {t},
        has,
        1,
        t,
        validation,
        listener);
  }

  private Fit multiLabel(
      TaskFeatures features,
      List<String> findings,
      Vocabulary sets,
      float[][] y,
      boolean[] has,
      int m,
      float[] targets,
      MultiLabelValidation validation,
      EpochListener listener) {
    int n = features.numRows();
    int d = features.dim();
    float[] x = features.toArray();
    float[] mean = null;
    float[] std = null;
    if (train.standardize()) {
      mean = new float[d];
      std = new float[d];
      for (int j = 0; j < d; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) {
          s += x[i * d + j];
        }
        double mu = s / n;
        double v = 0;
        for (int i = 0; i < n; i++) {
          v += (x[i * d + j] - mu) * (x[i * d + j] - mu);
        }
        double sd = Math.sqrt(v / n);
        mean[j] = (float) mu;
        std[j] = (float) (sd > 1e-12 ? sd : 1.0);
      }
      TrainingSet.applyStandardization(x, d, mean, std);
    }
    Problem p =
        new Problem(
            x, n, d, findings.size(), mean, std, y, has, m, targets, Vocabulary.of(findings), sets);
    return new Run(p, true, null, validation, listener).train();
  }

  /**
   * Resolves an algorithmic labeler's marks ({@code 0}, {@code 1}, {@link
   * AlgorithmicLabelers#UNCERTAIN}) into a label set: uncertain becomes 0 ({@code U_ZEROS}) or 1
   * ({@code U_ONES}); {@code KEEP} is rejected (the vote needs 0/1 labels).
   */
  public static int[] resolveUncertain(int[] marks, AlgorithmicLabelers.UncertainPolicy policy) {
    if (policy == AlgorithmicLabelers.UncertainPolicy.KEEP) {
      throw new IllegalArgumentException("policy must be U_ZEROS or U_ONES");
    }
    int u = policy == AlgorithmicLabelers.UncertainPolicy.U_ONES ? 1 : 0;
    int[] out = new int[marks.length];
    for (int j = 0; j < marks.length; j++) {
      int v = marks[j];
      if (v == AlgorithmicLabelers.UNCERTAIN) {
        out[j] = u;
      } else if (v == 0 || v == 1) {
        out[j] = v;
      } else {
        throw new IllegalArgumentException("marks must be 0, 1 or uncertain: " + v);
      }
    }
    return out;
  }

  /**
   * Gold multi-label validation data for model selection (the epoch with the best mean ROC AUC over
   * the findings is kept).
   *
   * @param features one row per item
   * @param truth {@code rows × N} row-major: 1, 0, or −1 (unknown)
   */
  public record MultiLabelValidation(TaskFeatures features, int[] truth) {
    /** Checks sizes. */
    public MultiLabelValidation {
      Objects.requireNonNull(features, "features");
      if (features.numRows() == 0 || truth.length % features.numRows() != 0) {
        throw new IllegalArgumentException("truth must have rows × findings entries");
      }
      truth = truth.clone();
    }
  }

  /** The differentiable binarisation σ(k(ȳ − T)). */
  public static double binarize(double voted, double sharpness, double threshold) {
    double z = sharpness * (voted - threshold);
    return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
  }

  // ------------------------------------------------------------------------------ training

  /** The training data: features, label sets and their presence mask. */
  private record Problem(
      float[] x,
      int n,
      int d,
      int k,
      float[] mean,
      float[] std,
      float[][] y,
      boolean[] has,
      int m,
      float[] targets,
      Vocabulary labels,
      Vocabulary sets) {
    boolean usable(int i) {
      for (int s = 0; s < m; s++) {
        if (has[i * m + s]) {
          return true;
        }
      }
      return false;
    }
  }

  /** Adam (or plain steps) on explicit arrays with given gradients, PyTorch's arithmetic. */
  private static final class Stepper {
    private final NDArray[] params;
    private final NDArray[] first;
    private final NDArray[] second;
    private final NDArray[] maxSecond;
    private final boolean[] decay;
    private final boolean adam;
    private final float lr;
    private final float b1;
    private final float b2;
    private final float eps;
    private final float wd;
    private int t;

    Stepper(
        NDManager home,
        NDArray[] params,
        boolean[] decay,
        boolean adam,
        double lr,
        TrainOptions o) {
      this.params = params;
      this.decay = decay;
      this.adam = adam;
      this.lr = (float) lr;
      this.b1 = (float) o.beta1();
      this.b2 = (float) o.beta2();
      this.eps = (float) o.epsilon();
      this.wd = (float) o.weightDecay();
      first = new NDArray[params.length];
      second = new NDArray[params.length];
      maxSecond = new NDArray[o.amsgrad() ? params.length : 0];
      for (int j = 0; j < params.length; j++) {
        first[j] = home.zeros(params[j].getShape());
        second[j] = home.zeros(params[j].getShape());
        if (o.amsgrad()) {
          maxSecond[j] = home.zeros(params[j].getShape());
        }
      }
    }

    List<NDArray> state() {
      List<NDArray> s = new ArrayList<>(Arrays.asList(first));
      s.addAll(Arrays.asList(second));
      s.addAll(Arrays.asList(maxSecond));
      return s;
    }

    void reset() {
      for (NDArray a : state()) {
        a.muli(0f);
      }
      t = 0;
    }

    void step(NDArray[] grads) {
      t++;
      float bc1 = 1 - (float) Math.pow(b1, t);
      float sqrtBc2 = (float) Math.sqrt(1 - Math.pow(b2, t));
      for (int j = 0; j < params.length; j++) {
        NDArray g = grads[j];
        if (decay[j] && wd > 0) {
          g = g.add(params[j].mul(wd));
        }
        if (!adam) {
          params[j].subi(g.mul(lr));
          continue;
        }
        first[j].muli(b1).addi(g.mul(1 - b1));
        second[j].muli(b2).addi(g.square().muli(1 - b2));
        NDArray v = second[j];
        if (maxSecond.length > 0) {
          maxSecond[j].addi(v.sub(maxSecond[j]).maximum(0f));
          v = maxSecond[j];
        }
        NDArray denom = v.sqrt().divi(sqrtBc2).addi(eps);
        params[j].subi(first[j].div(denom).muli(lr / bc1));
      }
    }
  }

  /** What one vote gives on a minibatch. */
  private record Vote(
      NDArray labels, NDArray concat, NDArray weights, NDArray voted, NDArray refined) {}

  /** One training run. */
  private final class Run {
    private final Problem p;
    private final boolean multiLabel;
    private final boolean plain;
    private final boolean softmax;
    private final Validation valid;
    private final MultiLabelValidation multiValid;
    private final EpochListener listener;
    private final ExplicitMlp mlp;
    private final int[] hidden;
    private final double dropout;
    private final List<NDArray> longLived = new ArrayList<>();
    private NDManager work;
    private NDArray[] theta;
    private NDArray[] attention;

    Run(
        Problem p,
        boolean multiLabel,
        Validation valid,
        MultiLabelValidation multiValid,
        EpochListener listener) {
      this.p = p;
      this.multiLabel = multiLabel;
      this.plain = p.targets() != null;
      this.softmax = !multiLabel && options.multiClassLoss() == MultiClassLoss.SOFTMAX;
      this.valid = valid;
      this.multiValid = multiValid;
      this.listener = listener == null ? EpochListener.NONE : listener;
      Map<String, Object> b = backbone.describe();
      if (backbone.kind() != Backbone.Kind.MLP
          || Boolean.TRUE.equals(b.get("batchNorm"))
          || Boolean.TRUE.equals(b.get("inputBatchNorm"))) {
        throw new IllegalArgumentException(
            NAME + " needs an MLP backbone without batch normalisation, got " + b);
      }
      hidden = (int[]) b.get("hidden");
      if (hidden.length == 0) {
        throw new IllegalArgumentException(
            NAME + " needs at least one hidden layer (the meta step changes its features)");
      }
      dropout = ((Number) b.get("dropout")).doubleValue();
      int[] sizes = new int[hidden.length + 2];
      sizes[0] = p.d();
      System.arraycopy(hidden, 0, sizes, 1, hidden.length);
      sizes[sizes.length - 1] = p.k();
      mlp = new ExplicitMlp(sizes);
    }

    Fit train() {
      work = NDManager.newBaseManager(NnRuntime.device());
      try {
        return trainIn();
      } finally {
        work.close();
      }
    }

    private Fit trainIn() {
      TrainOptions o = train;
      int m = p.m();
      int featureDim = mlp.featureDim();
      theta = mlp.initialize(work, new SplittableRandom(o.seed()));
      attention =
          plain
              ? new NDArray[0]
              : new NDArray[] {
                work.zeros(new Shape((long) m * featureDim, m)), work.zeros(new Shape(m))
              };
      boolean[] decay = new boolean[theta.length];
      for (int j = 0; j < decay.length; j += 2) {
        decay[j] = true;
      }
      Stepper thetaStep = new Stepper(work, theta, decay, true, o.learningRate(), o);
      double attRate =
          options.attentionLearningRate() > 0 ? options.attentionLearningRate() : o.learningRate();
      Stepper attStep =
          new Stepper(
              work,
              attention,
              new boolean[attention.length],
              options.attentionOptimizer() == AttentionOptimizer.ADAM,
              attRate,
              o);
      longLived.addAll(Arrays.asList(theta));
      longLived.addAll(Arrays.asList(attention));
      longLived.addAll(thetaStep.state());
      longLived.addAll(attStep.state());

      int[] usable = usableItems();
      if (usable.length == 0) {
        throw new IllegalArgumentException("no training item has a label");
      }
      TrainOptions.Selection selection =
          o.resolvedSelection((valid != null && valid.count() > 0) || multiValid != null);
      int[] heldOut = new int[0];
      int[] trainItems = usable;
      if (selection == TrainOptions.Selection.HELD_OUT_ANSWERS) {
        int[] shuffled = usable.clone();
        Trainer.shuffle(shuffled, new SplittableRandom(o.seed() ^ 0x5DEECE66DL));
        int h = Math.min((int) Math.ceil(o.holdOut() * usable.length), usable.length - 1);
        if (h < 1) {
          throw new IllegalArgumentException(
              "held-out selection needs holdOut > 0 and at least two items");
        }
        heldOut = Arrays.copyOf(shuffled, h);
        Arrays.sort(heldOut);
        trainItems = Arrays.copyOfRange(shuffled, h, shuffled.length);
        Arrays.sort(trainItems);
      }
      String metric =
          switch (selection) {
            case VALIDATION_GOLD -> multiValid != null ? "valid-auc" : "valid-acc";
            case HELD_OUT_ANSWERS -> "held-out-bce";
            default -> "last-epoch";
          };
      float[] validX = null;
      if (selection == TrainOptions.Selection.VALIDATION_GOLD) {
        TaskFeatures vf = multiValid != null ? multiValid.features() : valid.features();
        if (vf.dim() != p.d()) {
          throw new IllegalArgumentException(
              "validation features have " + vf.dim() + " columns, training " + p.d());
        }
        if (multiValid != null && multiValid.truth().length != vf.numRows() * p.k()) {
          throw new IllegalArgumentException("validation truth must have rows × findings entries");
        }
        validX = vf.toArray();
        TrainingSet.applyStandardization(validX, p.d(), p.mean(), p.std());
      }
      SplittableRandom shuffleRng = new SplittableRandom(o.seed());
      SplittableRandom dropRng = new SplittableRandom(o.seed() ^ 0xD1B54A32D192ED03L);
      double[] losses = new double[o.epochs()];
      double[] scores = new double[o.epochs()];
      double[] seconds = new double[o.epochs()];
      float[][] best = null;
      EpochSelector selector = new EpochSelector(selection);
      int epochsRun = 0;
      for (int epoch = 1; epoch <= o.epochs(); epoch++) {
        if (o.resetOptimizerEachEpoch() && epoch > 1) {
          thetaStep.reset();
          attStep.reset();
        }
        long t0 = System.nanoTime();
        int[] order = trainItems.clone();
        Trainer.shuffle(order, shuffleRng);
        double lossSum = 0;
        for (int from = 0; from < order.length; from += o.batchSize()) {
          int to = Math.min(order.length, from + o.batchSize());
          try (NDManager step = work.newSubManager()) {
            attach(step);
            lossSum +=
                trainStep(
                        step,
                        order,
                        from,
                        to,
                        thetaStep,
                        epoch > options.warmupEpochs() ? attStep : null,
                        dropRng)
                    * (to - from);
          }
        }
        seconds[epoch - 1] = (System.nanoTime() - t0) / 1e9;
        losses[epoch - 1] = lossSum / order.length;
        if (!Double.isFinite(losses[epoch - 1])) {
          LOG.warn("{}: non-finite training loss at epoch {}", NAME, epoch);
        }
        double score = Double.NaN;
        if (selection == TrainOptions.Selection.VALIDATION_GOLD) {
          float[] z = logits(validX);
          if (multiValid != null) {
            double[] scoresD = new double[z.length];
            for (int j = 0; j < z.length; j++) {
              scoresD[j] = z[j];
            }
            score = RocAuc.mean(RocAuc.perLabel(scoresD, multiValid.truth(), p.k()));
          } else {
            score = valid.accuracy(Trainer.argmax(z, p.k()));
          }
        } else if (selection == TrainOptions.Selection.HELD_OUT_ANSWERS) {
          score = heldOutBce(heldOut);
        }
        scores[epoch - 1] = score;
        epochsRun = epoch;
        boolean improved = selector.offer(epoch, score);
        if (improved) {
          if (selection != TrainOptions.Selection.LAST_EPOCH) {
            best = snapshot();
          }
        }
        boolean go =
            listener.onEpoch(
                new EpochStats(
                    NAME,
                    epoch,
                    o.epochs(),
                    losses[epoch - 1],
                    score,
                    metric,
                    improved,
                    seconds[epoch - 1]));
        if (!go) {
          break;
        }
      }
      restore(best);
      TrainingSummary summary =
          new TrainingSummary(
              epochsRun,
              selector.bestEpoch(),
              metric,
              selector.bestScore(),
              Arrays.copyOf(losses, epochsRun),
              Arrays.copyOf(scores, epochsRun),
              Arrays.copyOf(seconds, epochsRun),
              trainItems.length,
              heldOut.length,
              0,
              Double.NaN,
              false);
      double[][] votes = votesOnAllItems(usable);
      return new Fit(build(summary, votes[0]), votes[0], votes[1], votes[2], m, p.k());
    }

    private int[] usableItems() {
      int[] out = new int[p.n()];
      int c = 0;
      for (int i = 0; i < p.n(); i++) {
        if (p.usable(i)) {
          out[c++] = i;
        }
      }
      return Arrays.copyOf(out, c);
    }

    private void attach(NDManager scope) {
      for (NDArray a : longLived) {
        a.tempAttach(scope);
      }
    }

    /** Rows {@code items[from..to)} of {@code src} ({@code width} floats per row). */
    private float[] rows(float[] src, int width, int[] items, int from, int to) {
      float[] out = new float[(to - from) * width];
      for (int j = from; j < to; j++) {
        System.arraycopy(src, items[j] * width, out, (j - from) * width, width);
      }
      return out;
    }

    /**
     * The vote on a minibatch (evaluation mode): meta step per set, features, attention weights, ȳ
     * and ỹ.
     */
    private Vote vote(NDManager s, NDArray x, int[] items, int from, int to) {
      int b = to - from;
      int m = p.m();
      int k = p.k();
      float[] ys = new float[b * m * k];
      float[] hasB = new float[b * m];
      int[] count = new int[m];
      for (int j = 0; j < b; j++) {
        int i = items[from + j];
        for (int t = 0; t < m; t++) {
          if (p.has()[i * m + t]) {
            hasB[j * m + t] = 1;
            count[t]++;
            System.arraycopy(p.y()[t], i * k, ys, (j * m + t) * k, k);
          }
        }
      }
      NDArray yStack = s.create(ys, new Shape(b, m, k));
      NDArray hasArr = s.create(hasB, new Shape(b, m));
      ExplicitMlp.Pass base = mlp.forward(theta, x, null, true);
      NDArray prob = softmax ? base.logits().softmax(1) : Activation.sigmoid(base.logits());
      // per-item gradient of L_C with respect to the logits: (q − y_m) / N for BCE, q − y_m for CE
      float perItem = softmax ? 1f : k;
      NDList feats = new NDList(m);
      for (int t = 0; t < m; t++) {
        if (count[t] == 0 || options.metaStep() == 0) {
          feats.add(base.inputs()[mlp.layers() - 1]);
          continue;
        }
        NDArray yt = yStack.get(":, " + t + ", :");
        NDArray ht = hasArr.get(":, " + t).expandDims(1);
        if (options.metaPerItem()) {
          // rows without set t get a zero gradient, hence the features of θ
          NDArray dz = prob.sub(yt).mul(ht).div(perItem);
          feats.add(mlp.perItemMetaFeatures(theta, base, dz, (float) options.metaStep()));
        } else {
          NDArray dz = prob.sub(yt).mul(ht).div(count[t] * perItem);
          NDArray[] g = mlp.backward(theta, base, dz, false);
          NDArray[] meta = ExplicitMlp.shifted(theta, g, (float) options.metaStep());
          feats.add(mlp.forward(meta, x, null, false).top());
        }
      }
      NDArray concat = NDArrays.concat(feats, 1);
      NDArray logits =
          concat.matMul(attention[0]).add(attention[1]).add(hasArr.sub(1f).mul(-MASKED));
      NDArray w = logits.softmax(1).mul(hasArr);
      NDArray voted = w.expandDims(2).mul(yStack).sum(new int[] {1});
      NDArray refined =
          options.binarize() && !softmax
              ? Activation.sigmoid(
                  voted.sub((float) options.threshold()).mul((float) options.sharpness()))
              : voted;
      return new Vote(yStack, concat, w, voted, refined);
    }

    private double trainStep(
        NDManager s,
        int[] items,
        int from,
        int to,
        Stepper thetaStep,
        Stepper attStep,
        SplittableRandom dropRng) {
      int b = to - from;
      int k = p.k();
      NDArray x = s.create(rows(p.x(), p.d(), items, from, to), new Shape(b, p.d()));
      Vote v = null;
      NDArray target;
      if (plain) {
        target = s.create(rows(p.targets(), k, items, from, to), new Shape(b, k));
      } else {
        v = vote(s, x, items, from, to);
        target = v.refined();
      }
      NDArray[] masks = null;
      if (dropout > 0) {
        masks = new NDArray[hidden.length];
        float keep = (float) (1 - dropout);
        for (int l = 0; l < hidden.length; l++) {
          float[] mk = new float[b * hidden[l]];
          for (int j = 0; j < mk.length; j++) {
            mk[j] = dropRng.nextDouble() < keep ? 1 / keep : 0;
          }
          masks[l] = s.create(mk, new Shape(b, hidden[l]));
        }
      }
      ExplicitMlp.Pass pass = mlp.forward(theta, x, masks, true);
      NDArray z = pass.logits();
      float loss;
      NDArray dz;
      NDArray gy;
      if (softmax) {
        // L = −(1/B) Σ_i Σ_c ỹ_ic log q_ic; ∂L/∂z = (q Σ_c ỹ − ỹ)/B; ∂L/∂ỹ = −log q / B
        NDArray logq = z.logSoftmax(1);
        loss = target.mul(logq).sum(new int[] {1}).mean().neg().getFloat();
        dz = logq.exp().mul(target.sum(new int[] {1}, true)).sub(target).div((float) b);
        gy = logq.neg().div((float) b);
      } else {
        // L = mean over the B·N outputs of softplus(z) − ỹ z; ∂L/∂z = (σ(z) − ỹ)/(B·N); ∂L/∂ỹ =
        // −z/(B·N)
        float scale = 1f / ((float) b * k);
        loss = Activation.softPlus(z).sub(z.mul(target)).mean().getFloat();
        dz = Activation.sigmoid(z).sub(target).mul(scale);
        gy = z.neg().mul(scale);
      }
      NDArray[] g = mlp.backward(theta, pass, dz, true);
      NDArray[] ga = null;
      if (!plain) {
        // through the binarisation, the weighted sum and the softmax of the attention
        if (options.binarize() && !softmax) {
          NDArray r = v.refined();
          gy = gy.mul(r.mul(r.neg().add(1f)).mul((float) options.sharpness()));
        }
        NDArray gw = v.labels().mul(gy.expandDims(1)).sum(new int[] {2});
        NDArray w = v.weights();
        NDArray gs = w.mul(gw.sub(w.mul(gw).sum(new int[] {1}, true)));
        ga = new NDArray[] {v.concat().transpose().matMul(gs), gs.sum(new int[] {0})};
      }
      thetaStep.step(g);
      if (ga != null && attStep != null) {
        attStep.step(ga);
      }
      return loss;
    }

    /** Classifier logits of standardised rows (evaluation mode). */
    private float[] logits(float[] x) {
      int n = x.length / p.d();
      float[] out = new float[n * p.k()];
      for (int from = 0; from < n; from += EVAL_BATCH) {
        int to = Math.min(n, from + EVAL_BATCH);
        try (NDManager s = work.newSubManager()) {
          attach(s);
          NDArray xb =
              s.create(
                  Arrays.copyOfRange(x, from * p.d(), to * p.d()), new Shape(to - from, p.d()));
          float[] z = mlp.forward(theta, xb, null, true).logits().toFloatArray();
          System.arraycopy(z, 0, out, from * p.k(), z.length);
        }
      }
      return out;
    }

    /**
     * Mean BCE of the held-out items' logits against the vote of their label sets with equal
     * weights, binarised as in training (against the targets for plain training): a fixed target,
     * unlike the learnt vote, which moves toward the model's own predictions.
     */
    private double heldOutBce(int[] items) {
      float[] z = logits(rows(p.x(), p.d(), items, 0, items.length));
      int k = p.k();
      int m = p.m();
      double sum = 0;
      double[] target = new double[k];
      for (int j = 0; j < items.length; j++) {
        int i = items[j];
        if (plain) {
          for (int c = 0; c < k; c++) {
            target[c] = p.targets()[i * k + c];
          }
        } else {
          Arrays.fill(target, 0);
          int sets = 0;
          for (int t = 0; t < m; t++) {
            if (p.has()[i * m + t]) {
              sets++;
              for (int c = 0; c < k; c++) {
                target[c] += p.y()[t][i * k + c];
              }
            }
          }
          for (int c = 0; c < k; c++) {
            target[c] /= sets;
            if (options.binarize() && !softmax) {
              target[c] = binarize(target[c], options.sharpness(), options.threshold());
            }
          }
        }
        double l = 0;
        if (softmax) {
          double max = Double.NEGATIVE_INFINITY;
          for (int c = 0; c < k; c++) {
            max = Math.max(max, z[j * k + c]);
          }
          double lse = 0;
          for (int c = 0; c < k; c++) {
            lse += Math.exp(z[j * k + c] - max);
          }
          lse = max + Math.log(lse);
          for (int c = 0; c < k; c++) {
            l -= target[c] * (z[j * k + c] - lse);
          }
        } else {
          for (int c = 0; c < k; c++) {
            double zz = z[j * k + c];
            l += Math.max(zz, 0) + Math.log1p(Math.exp(-Math.abs(zz))) - zz * target[c];
          }
          l /= k;
        }
        sum += l;
      }
      return items.length == 0 ? Double.NaN : sum / items.length;
    }

    /** Weights, ȳ and ỹ of every item from the current parameters (batches in item order). */
    private double[][] votesOnAllItems(int[] usable) {
      int n = p.n();
      int m = p.m();
      int k = p.k();
      double[] w = new double[n * m];
      double[] voted = new double[n * k];
      double[] refined = new double[n * k];
      int bs = train.batchSize();
      for (int from = 0; from < usable.length; from += bs) {
        int to = Math.min(usable.length, from + bs);
        try (NDManager s = work.newSubManager()) {
          attach(s);
          float[] wb;
          float[] vb;
          float[] rb;
          if (plain) {
            wb = new float[(to - from) * m];
            Arrays.fill(wb, 1f);
            vb = rows(p.targets(), k, usable, from, to);
            rb = vb;
          } else {
            NDArray x = s.create(rows(p.x(), p.d(), usable, from, to), new Shape(to - from, p.d()));
            Vote v = vote(s, x, usable, from, to);
            wb = v.weights().toFloatArray();
            vb = v.voted().toFloatArray();
            rb = v.refined().toFloatArray();
          }
          for (int j = from; j < to; j++) {
            int i = usable[j];
            for (int t = 0; t < m; t++) {
              w[i * m + t] = wb[(j - from) * m + t];
            }
            for (int c = 0; c < k; c++) {
              voted[i * k + c] = vb[(j - from) * k + c];
              refined[i * k + c] = rb[(j - from) * k + c];
            }
          }
        }
      }
      return new double[][] {w, voted, refined};
    }

    private float[][] snapshot() {
      float[][] s = new float[theta.length + attention.length][];
      for (int j = 0; j < theta.length; j++) {
        s[j] = theta[j].toFloatArray();
      }
      for (int j = 0; j < attention.length; j++) {
        s[theta.length + j] = attention[j].toFloatArray();
      }
      return s;
    }

    private void restore(float[][] s) {
      if (s == null) {
        return;
      }
      for (int j = 0; j < theta.length; j++) {
        theta[j].set(s[j]);
      }
      for (int j = 0; j < attention.length; j++) {
        attention[j].set(s[theta.length + j]);
      }
    }

    /** Copies θ into the backbone's DJL block and wraps it with the attention as a model. */
    private LearnedModel build(TrainingSummary summary, double[] weights) {
      NDManager root = NDManager.newBaseManager(NnRuntime.device());
      try {
        Block block = backbone.build(p.d(), p.k());
        block.initialize(root, DataType.FLOAT32, new Shape(1, p.d()));
        int j = 0;
        for (Pair<String, Parameter> e : block.getParameters()) {
          NDArray target = e.getValue().getArray();
          NDArray source = theta[j];
          float[] v = source.toFloatArray();
          if (source.getShape().dimension() == 2) {
            // explicit weights are (in × out), DJL's linear layers hold (out × in)
            int in = (int) source.getShape().get(0);
            int out = (int) source.getShape().get(1);
            float[] tr = new float[v.length];
            for (int a = 0; a < in; a++) {
              for (int c = 0; c < out; c++) {
                tr[c * in + a] = v[a * out + c];
              }
            }
            v = tr;
          }
          if (target.size() != v.length) {
            throw new IllegalStateException("parameter " + e.getKey() + " does not match");
          }
          target.set(v);
          j++;
        }
        Map<String, NDArray> head = new LinkedHashMap<>();
        if (!plain) {
          head.put(
              "attention.weight",
              root.create(attention[0].toFloatArray(), attention[0].getShape()));
          head.put(
              "attention.bias", root.create(attention[1].toFloatArray(), attention[1].getShape()));
        }
        Map<String, Object> opts = Records.toMap(options);
        opts.put("multiLabel", multiLabel);
        opts.put("plainTargets", plain);
        return new LearnedModel(
            true,
            NAME,
            opts,
            Records.toMap(train),
            backbone,
            block,
            root,
            p.d(),
            p.labels(),
            p.sets(),
            p.mean(),
            p.std(),
            head,
            plain ? null : new WorkerSkills(meanWeights(weights)),
            summary);
      } catch (RuntimeException e) {
        root.close();
        throw e;
      }
    }

    /** Mean voting weight of each set over the items it labelled. */
    private double[] meanWeights(double[] weights) {
      int m = p.m();
      double[] sum = new double[m];
      int[] count = new int[m];
      for (int i = 0; i < p.n(); i++) {
        for (int t = 0; t < m; t++) {
          if (p.has()[i * m + t]) {
            sum[t] += weights[i * m + t];
            count[t]++;
          }
        }
      }
      for (int t = 0; t < m; t++) {
        sum[t] = count[t] == 0 ? 0 : sum[t] / count[t];
      }
      return sum;
    }
  }
}
