package org.crowd4j.aggregate;

/**
 * The answer model a fitted method implies: P(worker {@code w} answers {@code l} on task {@code i}
 * | the true label of task {@code i} is {@code z}). Together with the task posteriors it predicts
 * answers, {@link AggregationResult#answerProbability(int, int, int)} = Σ_z q_i(z) P(l | z, i, w);
 * held-out answer likelihood, gold-free method choice, annotator recommendation and spammer
 * detection rest on it.
 *
 * <p>What each method implies (see {@link NoiseModels}): a confusion matrix per worker
 * (Dawid–Skene, IBCC), the pooled group confusion Σ_m α_m β^(m) (crowd mixture), the
 * common/individual mixture with the worker's mean ω (common-confusion EM), σ(α_w e^{β_i}) correct
 * and the rest uniform (GLAD), θ_w [l = z] + (1 − θ_w) ξ_w(l) (MACE), softmax_l(σ_w[z, l] + τ_i[z,
 * l]) (MMCE), and for methods that only weigh votes (majority votes, Wawa, zero-based skill, M-MSR,
 * KOS, one-coin DS) a one-coin model: accuracy s_w on the true label and (1 − s_w)/(K − 1) on each
 * other label.
 */
public interface NoiseModel {
  /** Number of classes {@code K}. */
  int numLabels();

  /**
   * P(worker {@code worker} answers {@code label} on task {@code task} | true label {@code truth});
   * sums to 1 over {@code label}.
   */
  double probability(int task, int worker, int truth, int label);
}
