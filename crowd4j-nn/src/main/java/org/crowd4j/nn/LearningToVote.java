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
 * algorithmic labelers) on a label that an attention layer votes for on the fly. Each step takes
 * one meta step per set, θ̂_m = θ − α ∇_θ L_C(ŷ_θ, y_m) (eq. 1), turns the features F_m of the
 * stepped classifiers into voting weights w = softmax(W_attn · Cat(F_1..F_M) + b_attn) (eq. 2),
 * binarises the vote, ỹ = σ(k(Σ_m w_m y_m − T)) (eq. 3), and trains the classifier (eq. 4) and the
 * attention (eqs. 5–6) on ỹ; L_C is binary cross-entropy over sigmoid outputs, for multi-label data
 * and for multi-class data as one-hot vectors.
 *
 * <p>Multi-class data ({@link #fitVotes}): each annotator is one label set. Multi-label data
 * ({@link #fitMultiLabel}): one 0/1 array per set, uncertain marks resolved beforehand ({@link
 * #resolveUncertain}). MLP backbones only (the meta step evaluates the classifier with substituted
 * weights); the result is an ordinary {@link LearnedModel}. Cost per step: (2M + 3) passes of the
 * classifier plus O(B M² D) for the attention, memory O(B M D).
 *
 * <p>The training step in detail, the choices the paper leaves open (the options) and what the
 * simulations showed about them: docs/methods/neural-learners-2.md, section learning-to-vote.
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
