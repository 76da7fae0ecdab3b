package org.crowd4j.aggregate;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.aggregate.WeightedMajorityVote.MissingSkill;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Gold majority vote: each worker's skill is their accuracy on the tasks with a known gold label,
 * and every task then takes the {@link WeightedMajorityVote weighted majority vote} with those
 * skills (crowd-kit's {@code GoldMajorityVote}).
 *
 * <p><b>Skills.</b> s_w = (answers of w on gold tasks that equal the gold label) / (answers of w on
 * gold tasks). A gold label that no answer uses ({@link Gold#UNKNOWN_LABEL}) makes every answer on
 * that task wrong. Workers without an answer on a gold task have no skill; crowd-kit then refuses
 * the data (its {@code on_missing_skill="error"}), which is our default {@link MissingSkill#ERROR};
 * {@link MissingSkill#IGNORE} and {@link MissingSkill#VALUE} are available as for the weighted
 * vote. Their skill is reported as {@code NaN}.
 *
 * <p><b>Votes.</b> Posteriors are the normalised weighted vote shares; gold tasks are <em>not</em>
 * clamped to their gold label (as in crowd-kit), so the posteriors show what the workers say.
 *
 * <p><b>Several accepted labels per task.</b> {@link #withAcceptedLabels(Map)} replaces the
 * context's gold with a set of accepted labels per task: an answer is correct when its label is in
 * the set. This is what crowd-kit computes when its gold series repeats a task index.
 *
 * <p>Requires gold labels: from the {@link FitContext} ({@link FitContext#withGold(Object)}) or
 * from {@link #withAcceptedLabels(Map)}. Closed form (no iterations, no stopping rule), time {@code
 * O(m + nK)}. Reference: the GoldMajorityVote baseline of crowd-kit (Ustalov, Pavlichenko &amp;
 * Tseitlin, "Learning from Crowds with Crowd-Kit", 2021, arXiv:2109.08584).
 */
public final class GoldMajorityVote implements Aggregator {
  /**
   * Options of {@link GoldMajorityVote}.
   *
   * @param missingSkill what to do with workers without an answer on a gold task
   * @param defaultSkill their skill under {@link MissingSkill#VALUE} (finite, {@code >= 0}; {@code
   *     NaN} = not set)
   * @param tieBreak how ties are broken
   * @param seed seed for {@link TieBreak#RANDOM}
   */
  public record Options(
      @Describe("what to do with workers without an answer on a gold task")
          MissingSkill missingSkill,
      @Describe("their skill under VALUE (finite, >= 0; NaN = not set)") double defaultSkill,
      @Describe("how ties are broken") TieBreak tieBreak,
      @Describe("seed for RANDOM") long seed) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(missingSkill, "missingSkill");
      Objects.requireNonNull(tieBreak, "tieBreak");
      WeightedMajorityVote.checkDefaultSkill(missingSkill, defaultSkill);
    }

    /** crowd-kit's behaviour: every worker needs a gold answer; ties to the lowest label. */
    public static Options defaults() {
      return new Options(MissingSkill.ERROR, Double.NaN, TieBreak.LOWEST, 0L);
    }
  }

  private final Options options;
  private final Map<String, List<String>> accepted;

  /** A gold majority vote with {@code options}. */
  public GoldMajorityVote(Options options) {
    this(options, null);
  }

  /** A gold majority vote with default options. */
  public GoldMajorityVote() {
    this(Options.defaults());
  }

  private GoldMajorityVote(Options options, Map<String, List<String>> accepted) {
    this.options = Objects.requireNonNull(options, "options");
    this.accepted = accepted;
  }

  /**
   * A copy that judges workers against a set of accepted labels per task (task name → label names)
   * instead of the context's gold. Labels no answer uses are allowed (no answer matches them).
   */
  public GoldMajorityVote withAcceptedLabels(
      Map<String, ? extends Collection<String>> acceptedLabels) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    for (Map.Entry<String, ? extends Collection<String>> e : acceptedLabels.entrySet()) {
      copy.put(
          Objects.requireNonNull(e.getKey(), "task"),
          List.copyOf(Objects.requireNonNull(e.getValue(), "labels of " + e.getKey())));
    }
    return new GoldMajorityVote(options, Map.copyOf(copy));
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "gold-mv";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int[][] goldSets = accepted != null ? acceptedIds(data) : goldIds(data, context.gold());
    int numWorkers = data.numWorkers();
    double[] hits = new double[numWorkers];
    double[] total = new double[numWorkers];
    for (int i = 0; i < data.numTasks(); i++) {
      int[] ok = goldSets[i];
      if (ok == null) {
        continue;
      }
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        int w = data.worker(a);
        total[w]++;
        if (contains(ok, data.label(a))) {
          hits[w]++;
        }
      }
    }
    double[] skill = new double[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      skill[w] = total[w] > 0 ? hits[w] / total[w] : Double.NaN;
    }
    double[] counts =
        WeightedMajorityVote.weightedCounts(
            data,
            skill,
            options.missingSkill(),
            options.defaultSkill(),
            "skill from gold (an answer on a gold task)");
    return WeightedMajorityVote.result(
        data,
        counts,
        skill,
        options.tieBreak(),
        options.seed(),
        Diagnostics.closedForm(),
        Provenance.of(name(), options, data::digest, start));
  }

  private static boolean contains(int[] set, int label) {
    for (int v : set) {
      if (v == label) {
        return true;
      }
    }
    return false;
  }

  /** Per task the accepted label ids ({@code null}: no gold); unknown labels become empty sets. */
  private static int[][] goldIds(CrowdDataset data, Gold gold) {
    int n = data.numTasks();
    if (gold == null) {
      throw new IllegalArgumentException(
          "gold-mv needs gold labels: fit with FitContext.withGold(gold)");
    }
    if (gold.numTasks() != n) {
      throw new IllegalArgumentException(
          "gold is aligned to " + gold.numTasks() + " tasks, the data has " + n);
    }
    if (n > 0 && gold.count() == 0) {
      throw new IllegalArgumentException("gold-mv needs gold labels, but the gold covers no task");
    }
    int[][] out = new int[n][];
    for (int i = 0; i < n; i++) {
      if (gold.has(i)) {
        out[i] = gold.hasKnown(i) ? new int[] {gold.label(i)} : new int[0];
      }
    }
    return out;
  }

  private int[][] acceptedIds(CrowdDataset data) {
    int n = data.numTasks();
    int[][] out = new int[n][];
    int matched = 0;
    for (Map.Entry<String, List<String>> e : accepted.entrySet()) {
      int i = data.tasks().id(e.getKey());
      if (i < 0) {
        continue;
      }
      matched++;
      out[i] =
          e.getValue().stream()
              .mapToInt(l -> data.labels().id(l))
              .filter(l -> l >= 0)
              .distinct()
              .toArray();
    }
    if (n > 0 && matched == 0) {
      throw new IllegalArgumentException(
          "gold-mv needs gold labels, but none of the "
              + accepted.size()
              + " gold tasks has answers");
    }
    return out;
  }
}
