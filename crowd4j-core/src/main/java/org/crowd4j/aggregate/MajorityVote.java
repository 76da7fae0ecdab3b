package org.crowd4j.aggregate;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Majority vote: every task takes the label most of its answers give.
 *
 * <p>Posteriors are either the vote proportions ({@code soft = true}, "soft MV", crowd-kit's {@code
 * probas_}) or the top vote ({@code soft = false}, "hard MV"): 1 on the winner, or split evenly
 * among the labels tied for the most votes, so that a 1–1 tie is not reported as certain. The label
 * of a tie goes to the lowest label id (crowd-kit's sorted order) or, with {@link TieBreak#RANDOM},
 * to a seeded random choice. Worker skills are the fraction of a worker's answers that agree with
 * the result. Time {@code O(m + nK)}.
 */
public final class MajorityVote implements Aggregator {
  /**
   * Options of {@link MajorityVote}.
   *
   * @param soft posteriors are vote proportions rather than one-hot
   * @param tieBreak how ties are broken
   * @param seed seed for {@link TieBreak#RANDOM}
   */
  public record Options(
      @Describe("posteriors are vote proportions rather than one-hot") boolean soft,
      @Describe("how ties are broken") TieBreak tieBreak,
      @Describe("seed for RANDOM") long seed) {
    /** Validates. */
    public Options {
      java.util.Objects.requireNonNull(tieBreak, "tieBreak");
    }

    /** Hard majority vote, ties to the lowest label. */
    public static Options defaults() {
      return new Options(false, TieBreak.LOWEST, 0L);
    }

    /** Soft majority vote, ties to the lowest label. */
    public static Options softDefaults() {
      return new Options(true, TieBreak.LOWEST, 0L);
    }
  }

  private final Options options;

  /** A majority vote with {@code options}. */
  public MajorityVote(Options options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
  }

  /** A hard majority vote with default options. */
  public MajorityVote() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return options.soft() ? "soft-mv" : "mv";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    double[] counts = Votes.weightedCounts(data, null);
    int[] labels = Votes.winners(counts, n, k, options.tieBreak(), options.seed());
    double[] posteriors;
    if (options.soft()) {
      Votes.normalizeRows(counts, n, k);
      posteriors = counts;
    } else {
      posteriors = Votes.splitTopVotes(counts, n, k);
    }
    return new AggregationResult(
        data,
        posteriors,
        labels,
        null,
        new WorkerSkills(Votes.agreement(data, labels)),
        Diagnostics.closedForm(),
        Provenance.of(name(), options, data::digest, start));
  }
}
