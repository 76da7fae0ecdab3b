package org.crowd4j.nn;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.nn.internal.AttentionVote;
import org.crowd4j.nn.internal.Records;
import org.crowd4j.nn.internal.TrainingSet;
import org.crowd4j.nn.internal.VoteProblem;
import org.crowd4j.nn.internal.VoteResult;
import org.crowd4j.nn.internal.VoteTraining;
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
 *       from its own loss, computed for the whole batch at once (exact, at the cost of one extra
 *       backward and forward pass); {@code metaPerItem=false} takes one step per set on the batch's
 *       mean loss instead, which dilutes each item's own signal by 1/B;
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
 * classifier is an explicit MLP (explicit parameter arrays, own forward and analytic backward)
 * built from the backbone's hidden sizes and dropout; the meta step and the features use no
 * dropout, the final update uses it. MLP backbones only (at least one hidden layer: with none the
 * feature would be the input and no meta step could change it); batch normalisation and CNN or
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
    /**
     * Validates.
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
     * @param multiClassLoss BCE on one-hot vectors (the paper) or softmax cross-entropy
     *     (multi-class data only; multi-label data always use BCE)
     * @param attentionOptimizer Adam or plain steps for W_attn, b_attn
     * @param attentionLearningRate their step size; 0 = the classifier's learning rate
     */
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
     *
     * @return the options
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

    /**
     * Argmax of ȳ per item (ties to the lowest id; −1 for items without labels).
     *
     * @return one label id per item
     */
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

  /**
   * A learning-to-vote learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
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
   *
   * @param data the answers
   * @param features the items' features
   * @param validation gold validation items for model selection, or {@code null}
   * @param listener called after every epoch, or {@code null}
   * @return the fit (close it)
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
    VoteProblem p =
        new VoteProblem(
            set.x, n, set.d, k, set.mean, set.std, y, has, m, null, data.labels(), data.workers());
    return fit(p, false, validation, null, listener);
  }

  /**
   * Multi-label fit: {@code features} has one row per item; {@code labelSets.get(m)} is set m's
   * {@code n × N} row-major 0/1 labels for the N {@code findings} (a row of −1 everywhere = the set
   * did not label that item). Resolve uncertain marks first ({@link #resolveUncertain}).
   *
   * @param features one row per item
   * @param findings the N outputs' names
   * @param setNames one name per label set
   * @param labelSets each set's labels
   * @param validation gold validation items for model selection, or {@code null}
   * @param listener called after every epoch, or {@code null}
   * @return the fit (close it)
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
   *
   * @param features one row per item
   * @param findings the N outputs' names
   * @param targets the targets
   * @param validation gold validation items for model selection, or {@code null}
   * @param listener called after every epoch, or {@code null}
   * @return the fit (close it); its weights are all 1
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
    VoteProblem p =
        new VoteProblem(
            x, n, d, findings.size(), mean, std, y, has, m, targets, Vocabulary.of(findings), sets);
    return fit(p, true, null, validation, listener);
  }

  private Fit fit(
      VoteProblem p,
      boolean multiLabel,
      Validation validation,
      MultiLabelValidation multiValidation,
      EpochListener listener) {
    VoteResult r =
        new VoteTraining(
                NAME,
                options,
                train,
                backbone,
                p,
                multiLabel,
                validation,
                multiValidation,
                listener)
            .train();
    Map<String, Object> saved = Records.toMap(options);
    saved.put("multiLabel", multiLabel);
    saved.put("plainTargets", p.targets() != null);
    return new Fit(
        LearnedModel.of(NAME, saved, backbone, r.result()),
        r.weights(),
        r.voted(),
        r.refined(),
        r.sets(),
        r.outputs());
  }

  /**
   * Resolves an algorithmic labeler's marks ({@code 0}, {@code 1}, {@link
   * AlgorithmicLabelers#UNCERTAIN}) into a label set: uncertain becomes 0 ({@code U_ZEROS}) or 1
   * ({@code U_ONES}); {@code KEEP} is rejected (the vote needs 0/1 labels).
   *
   * @param marks the labeler's marks
   * @param policy {@code U_ZEROS} or {@code U_ONES}
   * @return 0/1 labels
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
    /**
     * Checks sizes.
     *
     * @param features one row per item
     * @param truth {@code rows × N} row-major: 1, 0, or −1 (unknown)
     */
    public MultiLabelValidation {
      Objects.requireNonNull(features, "features");
      if (features.numRows() == 0 || truth.length % features.numRows() != 0) {
        throw new IllegalArgumentException("truth must have rows × findings entries");
      }
      truth = truth.clone();
    }
  }

  /**
   * The differentiable binarisation σ(k(ȳ − T)).
   *
   * @param voted ȳ
   * @param sharpness k
   * @param threshold T
   * @return σ(k(ȳ − T))
   */
  public static double binarize(double voted, double sharpness, double threshold) {
    return AttentionVote.binarize(voted, sharpness, threshold);
  }
}
