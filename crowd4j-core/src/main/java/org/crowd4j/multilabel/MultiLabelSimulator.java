package org.crowd4j.multilabel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Simulated multi-label answers of known truth. Tag {@code t} of {@code m} is present on a task
 * with prevalence {@code minPrevalence + (maxPrevalence − minPrevalence) t / (m − 1)},
 * independently of the other tags. A good worker gives a present tag with her sensitivity, drawn
 * from {@code U(sensitivity − 0.15, sensitivity + 0.15)} (clipped to [0.5, 1]), and an absent tag
 * with her false-tag rate, drawn from {@code U(0, 2 falseTagRate)}; a spammer gives every tag with
 * probability one half, whatever the truth. Each task is answered by {@code answersPerTask}
 * distinct workers drawn uniformly. Every random choice comes from the seed.
 */
public final class MultiLabelSimulator {
  private MultiLabelSimulator() {}

  /**
   * What to simulate.
   *
   * @param tasks number of tasks (≥ 1)
   * @param tags number of tags (≥ 1)
   * @param workers number of workers (≥ answersPerTask)
   * @param answersPerTask distinct workers per task (≥ 1)
   * @param minPrevalence prevalence of the rarest tag, in (0, 1)
   * @param maxPrevalence prevalence of the commonest tag, in [minPrevalence, 1)
   * @param sensitivity mean sensitivity of good workers, in [0.5, 1]
   * @param falseTagRate mean rate at which good workers give absent tags, in [0, 0.5]
   * @param spammerShare share of workers who are spammers, in [0, 1]
   */
  public record Spec(
      int tasks,
      int tags,
      int workers,
      int answersPerTask,
      double minPrevalence,
      double maxPrevalence,
      double sensitivity,
      double falseTagRate,
      double spammerShare) {
    /** Validates. */
    public Spec {
      if (tasks < 1 || tags < 1 || answersPerTask < 1 || workers < answersPerTask) {
        throw new IllegalArgumentException(
            "need tasks, tags, answersPerTask >= 1 and workers >= answersPerTask");
      }
      if (!(minPrevalence > 0 && minPrevalence <= maxPrevalence && maxPrevalence < 1)) {
        throw new IllegalArgumentException(
            "need 0 < minPrevalence <= maxPrevalence < 1: " + minPrevalence + ", " + maxPrevalence);
      }
      if (!(sensitivity >= 0.5 && sensitivity <= 1)
          || !(falseTagRate >= 0 && falseTagRate <= 0.5)
          || !(spammerShare >= 0 && spammerShare <= 1)) {
        throw new IllegalArgumentException(
            "need sensitivity in [0.5, 1], falseTagRate in [0, 0.5], spammerShare in [0, 1]");
      }
    }

    /** 1,000 tasks, 8 tags of prevalence 0.05–0.4, 50 workers, 5 per task, 20 % spammers. */
    public static Spec defaults() {
      return new Spec(1000, 8, 50, 5, 0.05, 0.4, 0.8, 0.05, 0.2);
    }
  }

  /**
   * A simulated data set.
   *
   * @param answers the answers
   * @param truth every task's true tag set
   * @param spammer whether worker {@code worker<j>} is a spammer, by worker name
   */
  public record Simulated(
      TagAnswers answers, Map<String, Set<String>> truth, Map<String, Boolean> spammer) {}

  /** Simulates {@code spec} with {@code seed}. */
  public static Simulated simulate(Spec spec, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int m = spec.tags();
    String[] tagNames = new String[m];
    double[] prevalence = new double[m];
    for (int t = 0; t < m; t++) {
      tagNames[t] = "tag" + t;
      prevalence[t] =
          m == 1
              ? spec.minPrevalence()
              : spec.minPrevalence() + (spec.maxPrevalence() - spec.minPrevalence()) * t / (m - 1);
    }
    int w = spec.workers();
    boolean[] spam = new boolean[w];
    double[] sens = new double[w];
    double[] falseRate = new double[w];
    int spammers = (int) Math.round(spec.spammerShare() * w);
    Map<String, Boolean> spammer = new LinkedHashMap<>();
    for (int j = 0; j < w; j++) {
      spam[j] = j < spammers;
      sens[j] = Math.min(1, Math.max(0.5, spec.sensitivity() - 0.15 + 0.3 * rng.nextDouble()));
      falseRate[j] = 2 * spec.falseTagRate() * rng.nextDouble();
      spammer.put("worker" + j, spam[j]);
    }
    TagAnswers.Builder b = TagAnswers.builder();
    for (String name : tagNames) {
      b.declareTag(name);
    }
    Map<String, Set<String>> truth = new LinkedHashMap<>();
    int[] pool = new int[w];
    boolean[] present = new boolean[m];
    for (int i = 0; i < spec.tasks(); i++) {
      String task = "task" + i;
      Set<String> trueSet = new TreeSet<>();
      for (int t = 0; t < m; t++) {
        present[t] = rng.nextDouble() < prevalence[t];
        if (present[t]) {
          trueSet.add(tagNames[t]);
        }
      }
      truth.put(task, trueSet);
      for (int j = 0; j < w; j++) {
        pool[j] = j;
      }
      for (int k = 0; k < spec.answersPerTask(); k++) {
        int pick = k + rng.nextInt(w - k);
        int j = pool[pick];
        pool[pick] = pool[k];
        pool[k] = j;
        List<String> given = new ArrayList<>();
        for (int t = 0; t < m; t++) {
          double p = spam[j] ? 0.5 : present[t] ? sens[j] : falseRate[j];
          if (rng.nextDouble() < p) {
            given.add(tagNames[t]);
          }
        }
        b.add(task, "worker" + j, given);
      }
    }
    return new Simulated(b.build(), truth, spammer);
  }
}
