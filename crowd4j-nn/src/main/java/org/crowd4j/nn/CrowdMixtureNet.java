package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.CrowdMixtureHead;
import org.crowd4j.nn.internal.EmHead;
import org.crowd4j.nn.internal.TrainingResult;

/**
 * The crowd mixture model with a classifier (CMM, Mena &amp; Ñanculef 2019, "Revisiting machine
 * learning from crowds: a mixture model for grouping annotations", CIARP).
 *
 * <p><b>Model</b> (paper eq. 1–4). Every annotation y of item x picks a group m ~ α and answers
 * from the group's confusion: p(y = j | x) = Σ_{m,k} α_m β^(m)[k, j] f_k(x; θ), with M groups of
 * row-stochastic K×K confusions and one network f ≈ p(z | x). The parameters do not depend on the
 * number of annotators, and annotator ids are never used: the same fit results from anonymous
 * answers (the paper's "global" setting; {@link CrowdDataset#anonymous()}) and from identified ones
 * ("individual").
 *
 * <p><b>EM</b> (eq. 5–7), in the authors' order: first an M-step from a k-means start (answers
 * clustered on −softMV_i ⊙ log onehot_ε(j), z = λ_m softMV + (1 − λ_m) onehot(j); core's {@link
 * org.crowd4j.internal.kernel.CrowdMixtureKernel.StartPoints} and k-means), then rounds of: the
 * network trained {@code epochsPerRound} epochs (paper: one, Adam) on the consensus targets r̄_ik =
 * Σ_j r_ij q_ij(·, k) — unnormalised counts as in the authors' code, or their distribution with
 * {@code normalizeTargets} — followed by the E-step q_ij(m, k) ∝ α_m β^(m)[k, j] f_k(x_i) with the
 * new network and the closed-form M-step α_m ∝ Σ_{i,j} r_ij q_ij(m, ·) + 1, β^(m)[k, j] ∝ Σ_i r_ij
 * q_ij(m, k) + 1 (Laplace priors of the authors' code, {@code laplace}; core's {@link
 * org.crowd4j.internal.kernel.CrowdMixtureKernel.Run} does this M-step). The objective is the
 * log-likelihood eq. 4 (plus the log Dirichlet(2) priors with {@code laplace}) per answer.
 *
 * <p><b>Stopping</b> (paper and authors' code): when the relative change of the objective and the
 * mean relative change of the β entries are both at most {@code tol} (0.03), or when the training
 * options' epoch budget is spent (paper: at most 50 rounds); the round in which the rule fires
 * still trains its network epochs. The returned epoch is chosen by the training options' selection
 * (gold validation accuracy when a validation set is given; with {@code AUTO} and no validation
 * set, the last epoch); α and β are those of that epoch. {@code restarts} runs (paper: 20; default
 * 5) from fresh network weights, k-means seeds and λ draws are made, and the one whose objective at
 * its returned epoch is highest is kept.
 *
 * <p><b>Annotator model</b>: a {@link org.crowd4j.aggregate.GroupMixtureModel} with each
 * annotator's membership p(g = m | a) ∝ α_m Π_{her answers} Σ_k f_k(x_i) β^(m)[k, j] (paper §3.4);
 * her confusion is Σ_m p(g = m | a) β^(m) ({@code workerConfusions()}).
 *
 * <p>Cost per round: {@code epochsPerRound} network epochs plus one forward pass and O(answers · K)
 * for the E-step; memory O(n K + M K²) besides the network — neither grows with the number of
 * annotators (the membership table of the returned model has one row per annotator).
 */
public final class CrowdMixtureNet extends BaseLearner<CrowdMixtureNet.Options> {
  /** Command-line name. */
  public static final String NAME = "crowd-mixture-net";

  /**
   * Options of {@link CrowdMixtureNet}.
   *
   * @param groups number of groups M
   * @param epochsPerRound network epochs per M-step (paper: 1)
   * @param tol relative tolerance of the objective and of the β entries (paper: 0.03)
   * @param restarts independent runs; the highest final objective is kept (paper: 20)
   * @param laplace add 1 to every α and β count (authors' code)
   * @param randomLambda draw the start's λ_m ~ U(0, 1) per group (authors' scripts) instead of 1
   * @param normalizeTargets train on the consensus distribution r̄_i / Σ r̄_i instead of the counts
   */
  public record Options(
      int groups,
      int epochsPerRound,
      double tol,
      int restarts,
      boolean laplace,
      boolean randomLambda,
      boolean normalizeTargets) {
    /**
     * Validates.
     *
     * @param groups number of groups M
     * @param epochsPerRound network epochs per M-step (paper: 1)
     * @param tol relative tolerance of the objective and of the β entries (paper: 0.03)
     * @param restarts independent runs; the highest final objective is kept (paper: 20)
     * @param laplace add 1 to every α and β count (authors' code)
     * @param randomLambda draw the start's λ_m ~ U(0, 1) per group (authors' scripts) instead of 1
     * @param normalizeTargets train on the consensus distribution r̄_i / Σ r̄_i instead of the
     *     counts
     */
    public Options {
      if (groups < 1) {
        throw new IllegalArgumentException("groups must be ≥ 1: " + groups);
      }
      if (epochsPerRound < 1) {
        throw new IllegalArgumentException("epochsPerRound must be ≥ 1: " + epochsPerRound);
      }
      if (!(tol >= 0) || Double.isInfinite(tol)) {
        throw new IllegalArgumentException("tol must be ≥ 0: " + tol);
      }
      if (restarts < 1) {
        throw new IllegalArgumentException("restarts must be ≥ 1: " + restarts);
      }
    }

    /**
     * M = 3, one epoch per round, tol 0.03, 5 restarts, Laplace priors, random λ, count targets.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(3, 1, 0.03, 5, true, true, false);
    }
  }

  /**
   * The learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public CrowdMixtureNet(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  /** Default options, default training, the papers' MLP. */
  public CrowdMixtureNet() {
    this(Options.defaults(), TrainOptions.fixedEpochs(100), Backbone.paperMlp());
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    int rounds = EmHead.roundsWithin(train.epochs(), options.epochsPerRound());
    TrainingResult best =
        EmHead.bestOfRestarts(
            NAME,
            options.restarts(),
            (r, rng) -> {
              double[] targets = new double[data.numTasks() * data.numLabels()];
              CrowdMixtureHead head =
                  CrowdMixtureHead.start(
                      data,
                      options.groups(),
                      rounds,
                      options.tol(),
                      options.laplace(),
                      options.randomLambda(),
                      options.normalizeTargets(),
                      options.epochsPerRound(),
                      rng,
                      targets);
              return new EmHead.Start(head, targets);
            },
            backbone,
            train,
            data,
            features,
            validation,
            listener,
            checkpointer(options));
    return model(options, best);
  }
}
