package org.crowd4j.nn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Which annotator should label which item next: a greedy plan under a budget of answers, from each
 * item's current class distribution and each annotator's probability of answering it correctly (for
 * instance {@link LearnedModel#predict} and {@link LearnedModel#probabilityCorrect}).
 *
 * <p><b>Expected accuracy.</b> An item's current accuracy is max_k q(k): the probability that its
 * most probable label is right under its class distribution q. An answer from annotator r is
 * modelled as correct with probability c = P(correct | x, r) and otherwise uniform over the K − 1
 * other classes (a one-coin model per item–annotator pair). After the planned answers S the
 * expected accuracy is EA(S) = Σ_outcomes max_k q(k) Π_{r∈S} L_r(l_r | k), summed over every
 * combination of answers (K^|S| of them); it never falls below max_k q(k). The <b>expected accuracy
 * gain</b> of one more answer from r is EA(S ∪ {r}) − EA(S): how much the chance of the item's
 * label being right rises, in expectation over the answer she will give.
 *
 * <p><b>Plan.</b> Greedy: repeatedly take the (item, annotator) pair with the largest gain, with at
 * most one answer per pair (pairs already answered can be excluded), at most {@code maxPerItem} new
 * answers per item and at most {@code capacity[r]} per annotator, until the budget is spent or no
 * pair gains anything. Gains are recomputed for an item after each pick on it (answers to the same
 * item have diminishing returns). Ties go to the lower item, then the lower annotator index. Cost:
 * O(n R K² + B R K^(m+1)) for n items, R annotators, budget B and m = maxPerItem; m is capped so
 * that K^m ≤ 65 536.
 */
public final class Recommender {
  private static final int MAX_OUTCOMES = 1 << 16;

  /**
   * One planned answer.
   *
   * @param item item index (row of the class distributions)
   * @param annotator annotator index (column of the correctness matrix)
   * @param probabilityCorrect P(correct | x, r) of the pair
   * @param accuracyBefore the item's expected accuracy with the answers planned before this one
   * @param accuracyAfter its expected accuracy with this answer too
   */
  public record Assignment(
      int item,
      int annotator,
      double probabilityCorrect,
      double accuracyBefore,
      double accuracyAfter) {
    /**
     * The expected accuracy gain of this answer.
     *
     * @return {@code accuracyAfter − accuracyBefore}
     */
    public double gain() {
      return accuracyAfter - accuracyBefore;
    }
  }

  /**
   * Limits of a plan.
   *
   * @param budget answers to plan in all (≥ 0)
   * @param maxPerItem new answers per item at most (≥ 1)
   * @param capacity answers per annotator at most, one value for every annotator (≤ 0: no limit)
   */
  public record Options(int budget, int maxPerItem, int capacity) {
    /**
     * Validates.
     *
     * @param budget answers to plan in all (≥ 0)
     * @param maxPerItem new answers per item at most (≥ 1)
     * @param capacity answers per annotator at most (≤ 0: no limit)
     */
    public Options {
      if (budget < 0) {
        throw new IllegalArgumentException("budget must be ≥ 0: " + budget);
      }
      if (maxPerItem < 1) {
        throw new IllegalArgumentException("maxPerItem must be ≥ 1: " + maxPerItem);
      }
    }
  }

  private Recommender() {}

  /**
   * The expected accuracy of an item with class distribution {@code q} after one answer from each
   * annotator of correctness {@code c[j]} (the one-coin model above).
   *
   * @param q the item's class distribution (K values summing to 1)
   * @param c the annotators' probabilities of a correct answer
   * @return EA, between max_k q(k) and 1
   */
  public static double expectedAccuracy(double[] q, double... c) {
    double[][] outcomes = {q.clone()};
    for (double cj : c) {
      outcomes = extend(outcomes, cj);
    }
    return sumOfMax(outcomes);
  }

  /**
   * Plans the next answers.
   *
   * @param classProbs n × K class distributions of the items, row-major
   * @param k number of classes
   * @param probabilityCorrect n × R probabilities of a correct answer, row-major
   * @param annotators R
   * @param answered n × R pairs that already have an answer (excluded), or {@code null}
   * @param capacities per-annotator limits overriding {@code options.capacity()} (≤ 0: none), or
   *     {@code null}
   * @param options budget and limits
   * @return the planned answers in the order picked (largest gain first)
   */
  public static List<Assignment> plan(
      double[] classProbs,
      int k,
      double[] probabilityCorrect,
      int annotators,
      boolean[] answered,
      int[] capacities,
      Options options) {
    if (k < 1 || classProbs.length % k != 0) {
      throw new IllegalArgumentException("class probabilities are not n × " + k);
    }
    int n = classProbs.length / k;
    int r = annotators;
    if (probabilityCorrect.length != (long) n * r) {
      throw new IllegalArgumentException(
          "expected " + n + " × " + r + " probabilities of a correct answer");
    }
    if (answered != null && answered.length != n * r) {
      throw new IllegalArgumentException("answered must be n × R");
    }
    if (capacities != null && capacities.length != r) {
      throw new IllegalArgumentException("one capacity per annotator");
    }
    int maxPerItem = options.maxPerItem();
    int cap = 1;
    long outcomes = k;
    while (cap < maxPerItem && outcomes * k <= MAX_OUTCOMES) {
      cap++;
      outcomes *= k;
    }
    maxPerItem = Math.min(maxPerItem, cap);
    int[] left = new int[r];
    for (int j = 0; j < r; j++) {
      int c = capacities != null && capacities[j] > 0 ? capacities[j] : options.capacity();
      left[j] = c > 0 ? c : Integer.MAX_VALUE;
    }
    boolean[] used = answered == null ? new boolean[n * r] : answered.clone();
    double[][][] state = new double[n][][];
    double[] current = new double[n];
    int[] planned = new int[n];
    PriorityQueue<Candidate> heap = new PriorityQueue<>();
    for (int i = 0; i < n; i++) {
      double[] q = Arrays.copyOfRange(classProbs, i * k, (i + 1) * k);
      state[i] = new double[][] {q};
      current[i] = sumOfMax(state[i]);
      Candidate best = best(i, state[i], current[i], probabilityCorrect, r, used, left);
      if (best != null) {
        heap.add(best);
      }
    }
    List<Assignment> out = new ArrayList<>();
    while (out.size() < options.budget() && !heap.isEmpty()) {
      Candidate c = heap.poll();
      int i = c.item;
      if (planned[i] >= maxPerItem) {
        continue;
      }
      if (left[c.annotator] <= 0 || used[i * r + c.annotator]) {
        Candidate again = best(i, state[i], current[i], probabilityCorrect, r, used, left);
        if (again != null) {
          heap.add(again);
        }
        continue;
      }
      if (!(c.gain > 0)) {
        break;
      }
      double p = probabilityCorrect[i * r + c.annotator];
      out.add(new Assignment(i, c.annotator, p, current[i], current[i] + c.gain));
      used[i * r + c.annotator] = true;
      left[c.annotator]--;
      planned[i]++;
      state[i] = extend(state[i], p);
      current[i] = sumOfMax(state[i]);
      if (planned[i] < maxPerItem) {
        Candidate next = best(i, state[i], current[i], probabilityCorrect, r, used, left);
        if (next != null) {
          heap.add(next);
        }
      }
    }
    return out;
  }

  private record Candidate(int item, int annotator, double gain) implements Comparable<Candidate> {
    @Override
    public int compareTo(Candidate o) {
      int c = Double.compare(o.gain, gain);
      if (c != 0) {
        return c;
      }
      c = Integer.compare(item, o.item);
      return c != 0 ? c : Integer.compare(annotator, o.annotator);
    }
  }

  private static Candidate best(
      int i, double[][] state, double current, double[] pc, int r, boolean[] used, int[] left) {
    Candidate best = null;
    for (int j = 0; j < r; j++) {
      if (used[i * r + j] || left[j] <= 0) {
        continue;
      }
      double gain = gainOf(state, pc[i * r + j]) - current;
      if (best == null || gain > best.gain) {
        best = new Candidate(i, j, gain);
      }
    }
    return best;
  }

  /** EA after one more answer of correctness {@code c}, without materialising the outcomes. */
  private static double gainOf(double[][] state, double correct) {
    int k = state[0].length;
    double c = k > 1 ? correct : 1;
    double wrong = k > 1 ? (1 - c) / (k - 1) : 0;
    double total = 0;
    for (double[] u : state) {
      for (int l = 0; l < k; l++) {
        double max = 0;
        for (int t = 0; t < k; t++) {
          double v = u[t] * (t == l ? c : wrong);
          if (v > max) {
            max = v;
          }
        }
        total += max;
      }
    }
    return total;
  }

  /** Every outcome vector times the likelihood of each possible answer. */
  private static double[][] extend(double[][] state, double correct) {
    int k = state[0].length;
    double c = k > 1 ? correct : 1;
    double wrong = k > 1 ? (1 - c) / (k - 1) : 0;
    double[][] next = new double[state.length * k][];
    int q = 0;
    for (double[] u : state) {
      for (int l = 0; l < k; l++) {
        double[] v = new double[k];
        for (int t = 0; t < k; t++) {
          v[t] = u[t] * (t == l ? c : wrong);
        }
        next[q++] = v;
      }
    }
    return next;
  }

  private static double sumOfMax(double[][] state) {
    double total = 0;
    for (double[] u : state) {
      double max = 0;
      for (double v : u) {
        max = Math.max(max, v);
      }
      total += max;
    }
    return total;
  }
}
