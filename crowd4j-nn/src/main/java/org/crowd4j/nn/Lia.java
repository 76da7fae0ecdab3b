package org.crowd4j.nn;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.nn.internal.LiaHead;
import org.crowd4j.nn.internal.LiaSchedule;
import org.crowd4j.nn.internal.LiaTrainedHead;
import org.crowd4j.nn.internal.TrainingSet;

/**
 * LIA — "Learning from Imperfect Annotations: an end-to-end approach" (Platanios et al., ICLR 2020
 * submission). Generative model: y_i ~ Cat(h_θ(x_i)), and each answer ŷ_ij ~ Cat(Q_ij[y_i, ·]) with
 * a confusion matrix per item–annotator pair built from an instance-difficulty network D_i =
 * d_φ(x_i) ∈ ℝ^{K×K×L} and an annotator-competence map C_j = c_ψ(r_j) ∈ ℝ^{K×K×L} (eq. 1):
 *
 * <ul>
 *   <li>{@link Combine#SUM} (default; the authors' code): Q[k,·] = (1/L) Σ_z softmax_l(D[k,l,z] +
 *       C[k,l,z]) — a proper mixture of L row-stochastic slices; with L = 1 exactly MMCE's form
 *       softmax(τ_i + σ_j) with learnt τ and σ;
 *   <li>{@link Combine#INNER_PRODUCT} (the paper's eq. 1): Q[k,·] = softmax_l(Σ_z
 *       D[k,l,z]·C[k,l,z]); D's output bias starts at 1 and its penalty is on D − 1 (D = 1 is the
 *       neutral difficulty: from a zero start the product has no gradient, and a penalty towards 0
 *       would drive Q to uniform).
 * </ul>
 *
 * <p>d_φ is an MLP on the item's features ({@code difficultyLayers} ReLU layers of {@code
 * difficultyWidth}, then linear to K·K·L); c_ψ is linear on the annotator representation r_j: a
 * learnt {@code embedding}-dimensional vector per annotator (one-hot input) or, {@link
 * #withAnnotatorFeatures with annotator features}, a linear map of her features (so unseen
 * annotators get a competence). The ground truth h_θ is the backbone. LIA-E (no instance features):
 * train on {@link #itemIdentityFeatures} — one-hot item ids, whose first linear layer in h_θ and
 * d_φ is a learnt instance embedding. LIA-ML (multi-label): {@link LiaMultiLabel} stacks one binary
 * crowd problem per label with a one-hot label block appended to the features ({@code
 * labelColumns}), so h_θ and d_φ see a learnt label embedding and c_ψ adds one to r_j — all
 * networks are shared across labels.
 *
 * <p>Learning (paper §3.1): EM. The first E-step is the soft majority vote (symmetry breaking, eq.
 * 8); each M-step runs {@code mStep} epochs of the trainer (Adam or AMSGrad per {@link
 * TrainOptions#amsgrad()}, warm-started: parameters and optimiser moments carry over between
 * rounds) on the expected complete log-likelihood Σ_k ȳ_ik log h_k + Σ_k ȳ_ik Σ_j log Q_ij[k, ŷ_ij]
 * (eq. 7, per item mean); the E-step ȳ_ik ∝ h_k(x_i) Π_j Q_ij[k, ŷ_ij] (eq. 4, in log space; the
 * authors' code omits h, {@code eStepPrior=false}). After {@code emRounds} rounds, the last {@code
 * fineTuneFraction} of the epochs maximise the marginal likelihood (eq. 9), per answer Σ_ij log Σ_k
 * h_k Q_ij[k, ŷ_ij] as written, or per item log Σ_k h_k Π_j Q_ij[k, ŷ_ij] ({@code
 * perInstanceMarginal}). Optional L2 penalties on D_i and C_j logits (½λ Σ‖·‖², per item mean) play
 * the role of MMCE's regularisers; the paper uses none. The training options' epochs are split into
 * {@code emRounds} equal M-steps and the fine-tuning share; the last epoch is returned unless gold
 * validation selection is asked for.
 *
 * <p>Outputs: {@link #posteriors} (ȳ for items with answers, the transductive labels), {@link
 * #emPosteriors} (the same at the end of EM, before fine-tuning), {@link
 * LearnedModel#probabilityCorrect} (Σ_k h_k(x_i) Q_ij[k, k]: the probability that annotator j
 * labels item i correctly, the basis for routing items to annotators), and the annotator model: per
 * annotator the mean of Q_ij over her training items ({@link
 * org.crowd4j.aggregate.ConfusionMatrices}).
 *
 * <p>Cost per step: the classifier and d_φ on the batch's items plus O(P K² L) for the P answers of
 * the batch; one E-step per round over all answers.
 */
public final class Lia extends BaseLearner<Lia.Options> {
  /** Command-line name. */
  public static final String NAME = "lia";

  /** How difficulty and competence are combined into Q. */
  public enum Combine {
    /**
     * Q[k,·] = mean over z of softmax_l(D[k,l,z] + C[k,l,z]) (the authors' code; MMCE at L = 1).
     */
    SUM,
    /** Q[k,·] = softmax_l(Σ_z D[k,l,z] C[k,l,z]) (the paper's inner product). */
    INNER_PRODUCT
  }

  /**
   * Options of {@link Lia}.
   *
   * @param latent latent size L of the difficulty and competence tensors
   * @param combine how D and C are combined
   * @param difficultyLayers hidden ReLU layers of d_φ (0 = linear in the features)
   * @param difficultyWidth width of those layers
   * @param embedding size of the annotator representation r_j
   * @param emRounds number of EM rounds (M-steps; fewer if there are fewer EM epochs)
   * @param fineTuneFraction share of the training epochs spent on marginal-likelihood fine-tuning
   *     after EM (0 = none); the other epochs are split evenly into the EM rounds
   * @param perInstanceMarginal fine-tune log Σ_k h_k Π_j Q_ij[k, ŷ_ij] per item instead of the
   *     paper's per-answer form
   * @param eStepPrior include the classifier h_θ in the E-step (the paper; the code leaves it out)
   * @param difficultyPenalty λ_d of ½λ_d Σ_i ‖D_i‖² (per item mean)
   * @param competencePenalty λ_c of ½λ_c Σ_j ‖C_j‖² (divided by the number of items)
   * @param labelColumns the last {@code labelColumns} feature columns are a one-hot label block
   *     (LIA-ML, see {@link LiaMultiLabel}); 0 otherwise
   */
  public record Options(
      int latent,
      Combine combine,
      int difficultyLayers,
      int difficultyWidth,
      int embedding,
      int emRounds,
      double fineTuneFraction,
      boolean perInstanceMarginal,
      boolean eStepPrior,
      double difficultyPenalty,
      double competencePenalty,
      int labelColumns) {
    /**
     * Validates.
     *
     * @param latent latent size L of the difficulty and competence tensors
     * @param combine how D and C are combined
     * @param difficultyLayers hidden ReLU layers of d_φ (0 = linear in the features)
     * @param difficultyWidth width of those layers
     * @param embedding size of the annotator representation r_j
     * @param emRounds number of EM rounds (M-steps; fewer if there are fewer EM epochs)
     * @param fineTuneFraction share of the training epochs spent on marginal-likelihood fine-tuning
     *     after EM (0 = none); the other epochs are split evenly into the EM rounds
     * @param perInstanceMarginal fine-tune log Σ_k h_k Π_j Q_ij[k, ŷ_ij] per item instead of the
     *     paper's per-answer form
     * @param eStepPrior include the classifier h_θ in the E-step (the paper; the code leaves it
     *     out)
     * @param difficultyPenalty λ_d of ½λ_d Σ_i ‖D_i‖² (per item mean)
     * @param competencePenalty λ_c of ½λ_c Σ_j ‖C_j‖² (divided by the number of items)
     * @param labelColumns the last {@code labelColumns} feature columns are a one-hot label block
     *     (LIA-ML, see {@link LiaMultiLabel}); 0 otherwise
     */
    public Options {
      positive("latent", latent);
      Objects.requireNonNull(combine, "combine");
      if (difficultyLayers < 0) {
        throw new IllegalArgumentException("difficultyLayers must be ≥ 0: " + difficultyLayers);
      }
      positive("difficultyWidth", difficultyWidth);
      positive("embedding", embedding);
      positive("emRounds", emRounds);
      if (!(fineTuneFraction >= 0 && fineTuneFraction < 1)) {
        throw new IllegalArgumentException(
            "fineTuneFraction must be in [0, 1): " + fineTuneFraction);
      }
      if (!(difficultyPenalty >= 0) || Double.isInfinite(difficultyPenalty)) {
        throw new IllegalArgumentException("difficultyPenalty must be ≥ 0: " + difficultyPenalty);
      }
      if (!(competencePenalty >= 0) || Double.isInfinite(competencePenalty)) {
        throw new IllegalArgumentException("competencePenalty must be ≥ 0: " + competencePenalty);
      }
      if (labelColumns < 0) {
        throw new IllegalArgumentException("labelColumns must be ≥ 0: " + labelColumns);
      }
    }

    private static void positive(String name, int v) {
      if (v < 1) {
        throw new IllegalArgumentException(name + " must be ≥ 1: " + v);
      }
    }

    /**
     * Defaults: L = 4, sum combination, d_φ one hidden layer of 16, 16-d annotator embeddings, 10
     * EM rounds, 1/6 of the epochs fine-tuning, h in the E-step, penalties λ_d = 1 and λ_c = 0.25
     * (chosen on the redundancy sweep, see {@code crowd4j-nn/results/lia.md}; without them the
     * one-hot LIA-E fits per-item confusions that explain the answers away).
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(4, Combine.SUM, 1, 16, 16, 10, 1.0 / 6, false, true, 1.0, 0.25, 0);
    }

    /**
     * The paper's model: as {@link #defaults()} but without the penalties (γ = 0 in its code).
     *
     * @return the options
     */
    public static Options paper() {
      return new Options(4, Combine.SUM, 1, 16, 16, 10, 1.0 / 6, false, true, 0, 0, 0);
    }

    /**
     * A copy with {@code labelColumns}.
     *
     * @param g the number of one-hot label columns
     * @return the copy
     */
    public Options withLabelColumns(int g) {
      return new Options(
          latent,
          combine,
          difficultyLayers,
          difficultyWidth,
          embedding,
          emRounds,
          fineTuneFraction,
          perInstanceMarginal,
          eStepPrior,
          difficultyPenalty,
          competencePenalty,
          g);
    }

    /**
     * A copy with {@code fineTuneFraction}.
     *
     * @param fraction the share of the epochs spent fine-tuning
     * @return the copy
     */
    public Options withFineTune(double fraction) {
      return new Options(
          latent,
          combine,
          difficultyLayers,
          difficultyWidth,
          embedding,
          emRounds,
          fraction,
          perInstanceMarginal,
          eStepPrior,
          difficultyPenalty,
          competencePenalty,
          labelColumns);
    }

    /**
     * Rebuilds options saved with a model: each name → value of {@code saved} bound onto {@link
     * #defaults()}.
     *
     * @param saved the options as {@link LearnedModel#options()} gives them
     * @return the options
     */
    public static Options fromMap(Map<String, Object> saved) {
      Map<String, String> s = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : saved.entrySet()) {
        s.put(e.getKey(), String.valueOf(e.getValue()));
      }
      return OptionsBinder.bind(defaults(), s);
    }
  }

  private final TaskFeatures annotatorFeatures;

  /**
   * A LIA learner with one-hot annotators.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public Lia(Options options, TrainOptions train, Backbone backbone) {
    this(options, train, backbone, null);
  }

  /** The paper's setup: defaults, {@link #paperTrainOptions()}, {@link #paperBackbone()}. */
  public Lia() {
    this(Options.defaults(), paperTrainOptions(), paperBackbone());
  }

  private Lia(
      Options options, TrainOptions train, Backbone backbone, TaskFeatures annotatorFeatures) {
    super(NAME, options, train, backbone);
    this.annotatorFeatures = annotatorFeatures;
  }

  /**
   * This learner with annotator features: one row per annotator, rows named by worker id (every
   * annotator of the training data needs a row); c_ψ is then linear in the features and {@link
   * #probabilityCorrect(LearnedModel, TaskFeatures, TaskFeatures)} scores unseen annotators.
   *
   * @param features one row of features per annotator
   * @return a new learner
   */
  public Lia withAnnotatorFeatures(TaskFeatures features) {
    return new Lia(options, train, backbone, Objects.requireNonNull(features, "features"));
  }

  /**
   * The paper's optimiser and schedule: AMSGrad, lr 1e-3, batch 1,024, 12,000 epochs (with the
   * default options: 10 EM rounds × 1,000 steps, then 2,000 fine-tuning steps, when the data fit
   * one batch), last epoch, no standardising.
   *
   * @return the training options
   */
  public static TrainOptions paperTrainOptions() {
    return new TrainOptions(
        12000,
        1024,
        1e-3,
        0,
        true,
        0.9,
        0.999,
        1e-8,
        0,
        false,
        TrainOptions.Selection.LAST_EPOCH,
        0,
        0,
        true,
        false,
        1,
        0L,
        "");
  }

  /**
   * The paper's h_θ: an MLP with 4 hidden layers of 16 units, no dropout.
   *
   * @return the backbone
   */
  public static Backbone paperBackbone() {
    return Backbone.mlp(new int[] {16, 16, 16, 16}, 0, false, false);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    float[] af = null;
    int dim = 0;
    if (annotatorFeatures != null) {
      TaskFeatures aligned = annotatorFeatures.alignedTo(data.workers());
      af = aligned.toArray();
      dim = aligned.dim();
    }
    TrainOptions t = train;
    if (t.selection() != TrainOptions.Selection.VALIDATION_GOLD) {
      t = t.withSelection(TrainOptions.Selection.LAST_EPOCH);
    }
    TrainingSet set = TrainingSet.of(data, features, t.standardize(), softMajority(data));
    LiaHead head = new LiaHead(options, LiaSchedule.of(options, t.epochs()), af, dim);
    return train(options, head, t, set, validation, listener);
  }

  /** Soft majority vote: the share of each label among the item's answers (zeros if none). */
  static double[] softMajority(CrowdDataset data) {
    int n = data.numTasks();
    int k = data.numLabels();
    double[] t = new double[n * k];
    for (int i = 0; i < n; i++) {
      int from = data.taskStart(i);
      int to = data.taskEnd(i);
      for (int a = from; a < to; a++) {
        t[i * k + data.label(a)] += 1.0 / (to - from);
      }
    }
    return t;
  }

  /**
   * One-hot item-id features for LIA-E (no instance features): row i is the unit vector of task i,
   * so the first linear layer of h_θ and d_φ learns an instance embedding.
   *
   * @param data the answers
   * @return {@code n × n} features
   */
  public static TaskFeatures itemIdentityFeatures(CrowdDataset data) {
    int n = data.numTasks();
    float[] v = new float[n * n];
    for (int i = 0; i < n; i++) {
      v[i * n + i] = 1f;
    }
    return new TaskFeatures(data.tasks(), n, v);
  }

  /**
   * Posteriors ȳ (E-step with the final parameters) of the items of {@code data} given their
   * answers and {@code features} ({@code n × K} row-major in {@code data}'s task order; items
   * without answers get h_θ's prediction, or uniform when the E-step leaves h out). Every annotator
   * of {@code data} must be one of the model's, and {@code data}'s labels must be the model's.
   *
   * @param model a trained LIA model
   * @param data the answers
   * @param features the items' features
   * @return the posteriors
   */
  public static double[] posteriors(LearnedModel model, CrowdDataset data, TaskFeatures features) {
    return head(model).posteriors(data, features);
  }

  /**
   * How well the model predicts answers it was not trained on: the mean over {@code heldOut}'s
   * answers of log Σ_k ȳ_ik Q_ij[k, ŷ_ij], with ȳ_i the posterior of item i from its answers in
   * {@code train} (the data the model was trained on) and Q_ij the item–annotator confusion. The
   * criterion by which {@code reproduce lia-penalties} chooses the L2 penalties.
   *
   * @param model a trained LIA model
   * @param train the data the model was trained on
   * @param features the items' features
   * @param heldOut answers the model was not trained on
   * @return the mean log-likelihood per held-out answer ({@code NaN} for none)
   */
  public static double heldOutLogLikelihood(
      LearnedModel model, CrowdDataset train, TaskFeatures features, CrowdDataset heldOut) {
    return head(model).heldOutLogLikelihood(train, features, heldOut);
  }

  /**
   * The posteriors of the training items at the end of EM, before marginal-likelihood fine-tuning
   * (training task order), or {@code null} when the model was trained without fine-tuning (then
   * {@link #posteriors} gives them).
   *
   * @param model a trained LIA model
   * @return {@code n × K} posteriors, or {@code null}
   */
  public static double[] emPosteriors(LearnedModel model) {
    return head(model).emPosteriors();
  }

  /**
   * Probability that each annotator, given by her feature row in {@code annotatorFeatures} (which
   * may name annotators never seen in training), labels each item correctly; {@code items ×
   * annotators} row-major. The model must have been trained {@link #withAnnotatorFeatures with
   * annotator features}.
   *
   * @param model a LIA model trained with annotator features
   * @param items the items' features
   * @param annotatorFeatures one row per annotator
   * @return the probabilities
   */
  public static double[] probabilityCorrect(
      LearnedModel model, TaskFeatures items, TaskFeatures annotatorFeatures) {
    return head(model).probabilityCorrect(items, null, annotatorFeatures);
  }

  /** The head of a LIA model. */
  private static LiaTrainedHead head(LearnedModel model) {
    if (!(model.trainedHead() instanceof LiaTrainedHead head)) {
      throw new UnsupportedOperationException(
          model.method() + " is not a LIA model (method " + NAME + " expected)");
    }
    model.checkOpen();
    return head;
  }
}
