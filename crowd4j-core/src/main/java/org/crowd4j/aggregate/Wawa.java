package org.crowd4j.aggregate;

import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Wawa, "worker agreement with aggregate" (crowd-kit's {@code Wawa}): a majority vote, then each
 * worker's skill is the fraction of their answers that agree with it, then a weighted majority vote
 * with those skills.
 *
 * <p><b>Steps.</b> (1) z⁰_i = arg max_k #{a ∈ i : l(a) = k}; (2) s_w = #{a of w : l(a) = z⁰_{i(a)}}
 * / #{a of w}; (3) Score_i(k) = Σ_{a ∈ i, l(a) = k} s_{w(a)}, posterior = Score_i / Σ Score_i,
 * label = arg max. Ties go to the lowest label id in both votes, or to seeded random choices with
 * {@link TieBreak#RANDOM}. A task whose workers all have skill 0 gets a uniform posterior
 * (crowd-kit leaves such a row undefined).
 *
 * <p>The result's {@link WorkerSkills} are the agreements with the first majority vote, as
 * crowd-kit's {@code skills_}. Closed form, time {@code O(m + nK)}.
 *
 * <p>Reference: the Wawa baseline of crowd-kit (Ustalov, Pavlichenko &amp; Tseitlin, "Learning from
 * Crowds with Crowd-Kit", 2021, arXiv:2109.08584).
 */
public final class Wawa implements Aggregator {
  /**
   * Options of {@link Wawa}.
   *
   * @param tieBreak how ties are broken in both votes
   * @param seed seed for {@link TieBreak#RANDOM}
   */
  public record Options(
      @Describe("how ties are broken in both votes") TieBreak tieBreak,
      @Describe("seed for RANDOM") long seed) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(tieBreak, "tieBreak");
    }

    /** Ties to the lowest label (crowd-kit's behaviour). */
    public static Options defaults() {
      return new Options(TieBreak.LOWEST, 0L);
    }
  }

  private final Options options;

  /** Wawa with {@code options}. */
  public Wawa(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Wawa with default options. */
  public Wawa() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "wawa";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    double[] counts = Votes.weightedCounts(data, null);
    int[] mv = Votes.winners(counts, n, k, options.tieBreak(), options.seed());
    double[] skills = Votes.agreement(data, mv);
    double[] weighted = Votes.weightedCounts(data, skills);
    return WeightedMajorityVote.result(
        data,
        weighted,
        skills,
        options.tieBreak(),
        options.seed() + 1,
        Diagnostics.closedForm(),
        Provenance.of(name(), options, data::digest, start));
  }
}
