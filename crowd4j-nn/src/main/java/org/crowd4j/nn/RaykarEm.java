package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.EmHead;
import org.crowd4j.nn.internal.RaykarHead;
import org.crowd4j.nn.internal.TrainingResult;

/**
 * Generalised EM with a classifier (Raykar et al. 2010, "Learning from crowds", JMLR, §2–3 with the
 * multiclass confusion model; AggNet, Albarqouni et al. 2016, with a network; the DL-EM baseline of
 * Mena &amp; Ñanculef 2019 and Rodrigues &amp; Pereira 2018).
 *
 * <p><b>Model.</b> Classifier p_θ(z | x) and one row-stochastic confusion Π_r per annotator, Π_r[k,
 * l] = P(answer l | true k); answers independent given z.
 *
 * <p><b>EM.</b> μ starts as the soft majority vote. Each of T rounds trains the network G = {@code
 * epochsPerRound} epochs (minibatch Adam; "G gradient steps") on the cross-entropy to μ, then runs
 * the closed-form M-step Π_r[k, l] ∝ Σ_{i: y_ir = l} μ_i(k) + {@code prior} (row-normalised; an
 * annotator's unseen row is uniform) from the current μ and the E-step with the classifier's prior,
 * μ_i(k) ∝ p_θ(k | x_i) Π_{r ∈ S(i)} Π_r[k, y_ir] (log space). T = the training options' epochs /
 * G. The objective is the log-likelihood Σ_i log Σ_k p_θ(k | x_i) Π_r Π_r[k, y_ir] per answer.
 *
 * <p><b>Stopping.</b> With {@code tol} &gt; 0, when the relative change of the objective and the
 * mean relative change of the Π entries are both at most {@code tol} (the rule Mena &amp; Ñanculef
 * used for this baseline, 0.03); otherwise after all rounds. The returned epoch follows the
 * training options' selection (with {@code AUTO} and no validation set, the last epoch); its Π are
 * returned. {@code restarts} runs from fresh network weights are made and the highest final
 * log-likelihood is kept (Mena &amp; Ñanculef: 20).
 *
 * <p>Cost per round: G network epochs plus O(answers · K) for the M- and E-steps; memory O(R K²)
 * for the confusions, i.e. growing with the number of annotators R. With very few answers per
 * annotator the M-step returns nearly the prior (or, without it, near-identity) matrices — the
 * failure mode that the crowd mixture avoids.
 */
public final class RaykarEm extends BaseLearner<RaykarEm.Options> {
  /** Command-line name. */
  public static final String NAME = "raykar-em";

  /**
   * Options of {@link RaykarEm}.
   *
   * @param epochsPerRound network epochs per EM round (G)
   * @param prior pseudo-count added to every confusion count (Laplace: 1)
   * @param tol relative tolerance of the stopping rule; 0 runs every round
   * @param restarts independent runs; the highest final log-likelihood is kept
   */
  public record Options(int epochsPerRound, double prior, double tol, int restarts) {
    /**
     * Validates.
     *
     * @param epochsPerRound network epochs per EM round (G)
     * @param prior pseudo-count added to every confusion count (Laplace: 1)
     * @param tol relative tolerance of the stopping rule; 0 runs every round
     * @param restarts independent runs; the highest final log-likelihood is kept
     */
    public Options {
      if (epochsPerRound < 1) {
        throw new IllegalArgumentException("epochsPerRound must be ≥ 1: " + epochsPerRound);
      }
      if (!(prior >= 0) || Double.isInfinite(prior)) {
        throw new IllegalArgumentException("prior must be ≥ 0: " + prior);
      }
      if (!(tol >= 0) || Double.isInfinite(tol)) {
        throw new IllegalArgumentException("tol must be ≥ 0: " + tol);
      }
      if (restarts < 1) {
        throw new IllegalArgumentException("restarts must be ≥ 1: " + restarts);
      }
    }

    /**
     * One epoch per round, Laplace prior 1, tol 0.03, one run.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(1, 1.0, 0.03, 1);
    }
  }

  /**
   * The learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public RaykarEm(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  /** Default options, default training, the papers' MLP. */
  public RaykarEm() {
    this(Options.defaults(), TrainOptions.fixedEpochs(100), Backbone.paperMlp());
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    TrainingResult best =
        EmHead.bestOfRestarts(
            NAME,
            options.restarts(),
            (r, rng) ->
                new EmHead.Start(
                    new RaykarHead(data, options.prior(), options.tol(), options.epochsPerRound()),
                    RaykarHead.softMajority(data)),
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
