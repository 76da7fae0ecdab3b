package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Zero-based skill (crowd-kit's {@code ZeroBasedSkill}): a weighted majority vote whose worker
 * weights are moved, step by step, towards each worker's agreement with the current vote.
 *
 * <p><b>Updates.</b> Every worker starts with s_w = 1/K + ε (K = labels used in the answers), so
 * the first vote is the plain majority vote. Iteration t = 1..T: if t is a multiple of {@code
 * lrStepsToReduce} the learning rate η is multiplied by {@code lrReduceFactor}; z = weighted
 * majority vote with s; then s_w ← s_w + η (acc_w(z) − s_w), where acc_w(z) is the fraction of w's
 * answers equal to z. This is a gradient step on Σ_w (acc_w − s_w)² / 2. The result is the weighted
 * vote with the final skills: posteriors are the normalised weighted vote shares, labels the
 * arg-max (ties to the lowest label id, or seeded random choices that are the same in every
 * iteration).
 *
 * <p><b>Stopping.</b> crowd-kit always runs {@code maxIterations} iterations. We stop as soon as
 * the largest skill change of an iteration is at most {@code tol}; with the default {@code tol = 0}
 * that is an exact fixed point (skills equal to the agreements they produce), after which every
 * further iteration would repeat itself, so the result is identical to crowd-kit's. The objective
 * history records that largest change.
 *
 * <p>Time {@code O(T (m + nK))}, memory {@code O(nK + W)}. Reference: the ZBS baseline of crowd-kit
 * (Ustalov, Pavlichenko &amp; Tseitlin, "Learning from Crowds with Crowd-Kit", 2021,
 * arXiv:2109.08584).
 */
public final class ZeroBasedSkill implements Aggregator {
  /**
   * Options of {@link ZeroBasedSkill}.
   *
   * @param maxIterations iterations at most (crowd-kit's {@code n_iter}); 0 gives the majority vote
   * @param learningRate initial step size η in (0, 1] ({@code lr_init})
   * @param lrStepsToReduce the step size shrinks every this many iterations
   * @param lrReduceFactor the factor it shrinks by, in (0, 1]
   * @param eps added to the initial skill 1/K
   * @param tol stop when no skill changes by more than this (0 = exact fixed point)
   * @param tieBreak how ties are broken
   * @param seed seed for {@link TieBreak#RANDOM}
   */
  public record Options(
      @Describe("iterations at most (crowd-kit's n_iter); 0 gives the majority vote")
          int maxIterations,
      @Describe("initial step size η in (0, 1] (lr_init)") double learningRate,
      @Describe("the step size shrinks every this many iterations") int lrStepsToReduce,
      @Describe("the factor it shrinks by, in (0, 1]") double lrReduceFactor,
      @Describe("added to the initial skill 1/K") double eps,
      @Describe("stop when no skill changes by more than this (0 = exact fixed point)") double tol,
      @Describe("how ties are broken") TieBreak tieBreak,
      @Describe("seed for RANDOM") long seed) {
    /** Validates. */
    public Options {
      if (maxIterations < 0) {
        throw new IllegalArgumentException("maxIterations must be >= 0: " + maxIterations);
      }
      if (!(learningRate > 0 && learningRate <= 1)) {
        throw new IllegalArgumentException("learningRate must be in (0, 1]: " + learningRate);
      }
      if (lrStepsToReduce < 1) {
        throw new IllegalArgumentException("lrStepsToReduce must be >= 1: " + lrStepsToReduce);
      }
      if (!(lrReduceFactor > 0 && lrReduceFactor <= 1)) {
        throw new IllegalArgumentException("lrReduceFactor must be in (0, 1]: " + lrReduceFactor);
      }
      if (!(eps >= 0 && eps < 1)) {
        throw new IllegalArgumentException("eps must be in [0, 1): " + eps);
      }
      if (!(tol >= 0)) {
        throw new IllegalArgumentException("tol must be >= 0: " + tol);
      }
      Objects.requireNonNull(tieBreak, "tieBreak");
    }

    /** crowd-kit's defaults: 100 iterations, η = 1 halved every 20 iterations, ε = 1e-5. */
    public static Options defaults() {
      return new Options(100, 1.0, 20, 0.5, 1e-5, 0.0, TieBreak.LOWEST, 0L);
    }

    /** These options with another iteration limit. */
    public Options withMaxIterations(int n) {
      return new Options(
          n, learningRate, lrStepsToReduce, lrReduceFactor, eps, tol, tieBreak, seed);
    }
  }

  private final Options options;

  /** Zero-based skill with {@code options}. */
  public ZeroBasedSkill(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Zero-based skill with crowd-kit's defaults. */
  public ZeroBasedSkill() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "zbs";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int[] labelColumn = data.labelColumn();
    int used = (int) Arrays.stream(labelColumn).distinct().count();
    double[] skills = new double[data.numWorkers()];
    Arrays.fill(skills, used == 0 ? 0.0 : 1.0 / used + options.eps());

    double lr = options.learningRate();
    double[] history = new double[Math.min(options.maxIterations(), 256)];
    int iterations = 0;
    boolean converged = options.maxIterations() == 0;
    for (int it = 1; it <= options.maxIterations(); it++) {
      if (it % options.lrStepsToReduce() == 0) {
        lr *= options.lrReduceFactor();
      }
      double[] counts = Votes.weightedCounts(data, skills);
      int[] labels = Votes.winners(counts, n, k, options.tieBreak(), options.seed());
      double[] agreement = Votes.agreement(data, labels);
      double change = 0;
      for (int w = 0; w < skills.length; w++) {
        if (Double.isNaN(agreement[w])) {
          continue; // a worker without answers keeps its skill
        }
        double next = skills[w] + lr * (agreement[w] - skills[w]);
        change = Math.max(change, Math.abs(next - skills[w]));
        skills[w] = next;
      }
      if (it > history.length) {
        history = Arrays.copyOf(history, Math.min(options.maxIterations(), 2 * history.length));
      }
      history[it - 1] = change;
      iterations = it;
      boolean keepGoing =
          context.listener().onIteration(name(), it, options.maxIterations(), change);
      if (change <= options.tol()) {
        converged = true;
        break;
      }
      if (!keepGoing) {
        break;
      }
    }
    return WeightedMajorityVote.result(
        data,
        Votes.weightedCounts(data, skills),
        skills,
        options.tieBreak(),
        options.seed(),
        new Diagnostics(
            iterations, converged, Arrays.copyOf(history, iterations), "max absolute skill change"),
        Provenance.of(name(), options, data::digest, start));
  }
}
