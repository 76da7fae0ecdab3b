package org.crowd4j.aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Weighted majority vote with known worker skills: every answer votes for its label with the weight
 * of its worker, s_w, and each task takes the label with the largest total weight.
 *
 * <p><b>Model.</b> Score_i(k) = Σ_{a ∈ i, l(a) = k} s_{w(a)}; posterior q_i(k) = Score_i(k) / Σ_c
 * Score_i(c) (crowd-kit's {@code probas_} of {@code MajorityVote.fit(data, skills)}); the label is
 * the arg-max, ties to the lowest label id or, with {@link TieBreak#RANDOM}, to a seeded random
 * choice. A task whose scores are all zero gets a uniform posterior.
 *
 * <p><b>Skills.</b> The skills are data, given to the constructor by worker name, or read from a
 * {@code worker,skill} CSV file ({@code org.crowd4j.io.SkillsReader}, which the command line's
 * {@code skillsFile} option goes through). They must be finite and non-negative. Workers without a
 * skill are handled as crowd-kit's {@code on_missing_skill} says: {@link MissingSkill#ERROR}
 * rejects the data, {@link MissingSkill#IGNORE} drops their answers (and rejects the data when a
 * task is left without answers), {@link MissingSkill#VALUE} gives them {@code defaultSkill}. The
 * result's {@link WorkerSkills} are the given skills, {@code NaN} for workers without one.
 *
 * <p>Closed form (no iterations, no stopping rule), time {@code O(m + nK)}. The weighted vote of
 * crowd-kit's {@code MajorityVote.fit(data, skills)} (Ustalov, Pavlichenko &amp; Tseitlin,
 * "Learning from Crowds with Crowd-Kit", 2021, arXiv:2109.08584).
 */
public final class WeightedMajorityVote implements Aggregator {
  /**
   * What to do with answers of workers that have no skill (crowd-kit's {@code on_missing_skill}).
   */
  public enum MissingSkill {
    /** Reject the data, naming the workers. */
    ERROR,
    /** Drop their answers; every task must keep at least one answer. */
    IGNORE,
    /** Use {@code defaultSkill}. */
    VALUE
  }

  /**
   * Options of {@link WeightedMajorityVote}.
   *
   * @param skillsFile {@code worker,skill} CSV file the command line reads the skills from (empty:
   *     none; ignored when the skills are given to the constructor)
   * @param missingSkill what to do with workers without a skill
   * @param defaultSkill the skill of such workers under {@link MissingSkill#VALUE}; must then be
   *     finite and {@code >= 0} ({@code NaN} = not set)
   * @param tieBreak how ties are broken
   * @param seed seed for {@link TieBreak#RANDOM}
   */
  public record Options(
      @Describe(
              "worker,skill CSV file the command line reads the skills from (empty: none; ignored when the skills are given to the constructor)")
          String skillsFile,
      @Describe("what to do with workers without a skill") MissingSkill missingSkill,
      @Describe(
              "the skill of such workers under VALUE; must then be finite and >= 0 (NaN = not set)")
          double defaultSkill,
      @Describe("how ties are broken") TieBreak tieBreak,
      @Describe("seed for RANDOM") long seed) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(skillsFile, "skillsFile");
      Objects.requireNonNull(missingSkill, "missingSkill");
      Objects.requireNonNull(tieBreak, "tieBreak");
      checkDefaultSkill(missingSkill, defaultSkill);
    }

    /** No skills file, missing skills are an error, ties to the lowest label. */
    public static Options defaults() {
      return new Options("", MissingSkill.ERROR, Double.NaN, TieBreak.LOWEST, 0L);
    }

    /** These options with another missing-skill policy and default skill. */
    public Options withMissingSkill(MissingSkill policy, double defaultSkill) {
      return new Options(skillsFile, policy, defaultSkill, tieBreak, seed);
    }
  }

  private final Options options;
  private final Map<String, Double> skills;

  /**
   * A weighted majority vote with {@code skills} (worker name → skill, finite and {@code >= 0}).
   */
  public WeightedMajorityVote(Options options, Map<String, Double> skillsByWorkerName) {
    this.options = Objects.requireNonNull(options, "options");
    Objects.requireNonNull(skillsByWorkerName, "skillsByWorkerName");
    for (Map.Entry<String, Double> e : skillsByWorkerName.entrySet()) {
      Double v = e.getValue();
      if (v == null || !Double.isFinite(v) || v < 0) {
        throw new IllegalArgumentException(
            "skill of worker '" + e.getKey() + "' must be finite and >= 0: " + v);
      }
    }
    this.skills = Map.copyOf(skillsByWorkerName);
  }

  /** A weighted majority vote with default options and {@code skills}. */
  public WeightedMajorityVote(Map<String, Double> skillsByWorkerName) {
    this(Options.defaults(), skillsByWorkerName);
  }

  /**
   * The catalogue's factory. The skills are data that this package does not read: with no {@code
   * skillsFile} the error says to name one; a named file is read by {@code
   * org.crowd4j.io.SkillsReader#weightedMajorityVote}, as the command line does.
   *
   * @throws IllegalArgumentException always, saying where the skills come from
   */
  public static WeightedMajorityVote fromCatalogue(Options options) {
    requireSkillsFile(options);
    throw new IllegalArgumentException(
        "wmv reads its skillsFile through org.crowd4j.io.SkillsReader.weightedMajorityVote;"
            + " or give the skills to the constructor");
  }

  /**
   * Fails unless {@code options} name a skills file.
   *
   * @throws IllegalArgumentException naming the option when it is empty
   */
  public static void requireSkillsFile(Options options) {
    if (options.skillsFile().isBlank()) {
      throw new IllegalArgumentException(
          "wmv needs worker skills: set the option skillsFile to a CSV file with columns"
              + " worker,skill");
    }
  }

  /** The options. */
  public Options options() {
    return options;
  }

  /** The given skills by worker name (read-only). */
  public Map<String, Double> skills() {
    return skills;
  }

  @Override
  public String name() {
    return "wmv";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    double[] weight = new double[data.numWorkers()];
    for (int w = 0; w < weight.length; w++) {
      Double s = skills.get(data.workers().name(w));
      weight[w] = s == null ? Double.NaN : s;
    }
    double[] counts =
        weightedCounts(data, weight, options.missingSkill(), options.defaultSkill(), "skill");
    return result(
        data,
        counts,
        weight,
        options.tieBreak(),
        options.seed(),
        Diagnostics.closedForm(),
        Provenance.of(name(), options, data::digest, start));
  }

  static void checkDefaultSkill(MissingSkill missingSkill, double defaultSkill) {
    if (missingSkill == MissingSkill.VALUE
        && !(Double.isFinite(defaultSkill) && defaultSkill >= 0)) {
      throw new IllegalArgumentException(
          "defaultSkill must be finite and >= 0 when missingSkill=VALUE: " + defaultSkill);
    }
  }

  /**
   * Weighted vote counts, {@code n × K}, where {@code weight[w]} is {@code NaN} for a worker
   * without a skill, resolved by {@code policy}. {@code what} names the skill in error messages
   * ("skill").
   */
  static double[] weightedCounts(
      CrowdDataset data, double[] weight, MissingSkill policy, double defaultSkill, String what) {
    int n = data.numTasks();
    int k = data.numLabels();
    List<String> missing = new ArrayList<>();
    for (int w = 0; w < weight.length; w++) {
      if (Double.isNaN(weight[w]) && data.workerSize(w) > 0) {
        missing.add(data.workers().name(w));
      }
    }
    if (!missing.isEmpty() && policy == MissingSkill.ERROR) {
      throw new IllegalArgumentException(
          missing.size()
              + " worker(s) have no "
              + what
              + ", e.g. "
              + examples(missing)
              + "; set missingSkill to IGNORE or VALUE to vote without them or with defaultSkill");
    }
    double[] used = weight.clone();
    if (policy == MissingSkill.VALUE) {
      for (int w = 0; w < used.length; w++) {
        if (Double.isNaN(used[w])) {
          used[w] = defaultSkill;
        }
      }
    }
    double[] counts = new double[n * k];
    List<String> orphans = new ArrayList<>();
    int orphanCount = 0;
    for (int i = 0; i < n; i++) {
      int row = i * k;
      int kept = 0;
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        double s = used[data.worker(a)];
        if (!Double.isNaN(s)) {
          counts[row + data.label(a)] += s;
          kept++;
        }
      }
      if (kept == 0 && data.taskSize(i) > 0) {
        orphanCount++;
        if (orphans.size() < 3) {
          orphans.add(data.tasks().name(i));
        }
      }
    }
    if (orphanCount > 0) {
      throw new IllegalArgumentException(
          orphanCount
              + " task(s) have no answer from a worker with a "
              + what
              + ", e.g. "
              + orphans
              + "; set missingSkill to VALUE to give such workers defaultSkill");
    }
    return counts;
  }

  /** The result of a weighted vote: posteriors = normalised counts (consumed), given skills. */
  static AggregationResult result(
      CrowdDataset data,
      double[] counts,
      double[] skills,
      TieBreak tieBreak,
      long seed,
      Diagnostics diagnostics,
      Provenance provenance) {
    int n = data.numTasks();
    int k = data.numLabels();
    int[] labels = Votes.winners(counts, n, k, tieBreak, seed);
    Votes.normalizeRows(counts, n, k);
    return new AggregationResult(
        data, counts, labels, null, new WorkerSkills(skills), diagnostics, provenance);
  }

  private static String examples(List<String> names) {
    List<String> head = names.subList(0, Math.min(3, names.size()));
    return head.toString();
  }
}
