package org.crowd4j.aggregate.select;

import java.util.ArrayList;
import java.util.List;

/**
 * What every candidate predicted for the answers it did not see: {@code probability(c, j)} = the
 * probability candidate {@code c}, fitted without answer {@code answer(j)}, gave to that answer.
 * Made by {@link HeldOutScorer}; read by the scores and by {@link Stacking}.
 */
public final class HeldOutPredictions {
  private final List<String> names;
  private final int[] answers;
  private final int[] folds;
  private final int numFolds;
  private final double[][] probability;
  private final String[] failures;

  HeldOutPredictions(
      List<String> names,
      int[] answers,
      int[] folds,
      int numFolds,
      double[][] probability,
      String[] failures) {
    this.names = List.copyOf(names);
    this.answers = answers;
    this.folds = folds;
    this.numFolds = numFolds;
    this.probability = probability;
    this.failures = failures;
  }

  /** The same predictions with candidate {@code c} marked as failed for {@code why}. */
  public HeldOutPredictions excluding(int c, String why) {
    String[] f = failures.clone();
    f[c] = why;
    return new HeldOutPredictions(names, answers, folds, numFolds, probability, f);
  }

  /**
   * The predictions of {@code first} and of {@code rest} (other folds, scored for a subset of the
   * candidates: {@code rest}'s candidate j is {@code first}'s {@code index[j]}) over the answers of
   * both. A candidate that {@code rest} did not score is marked failed with {@code whyNot}.
   */
  public static HeldOutPredictions merge(
      HeldOutPredictions first, HeldOutPredictions rest, int[] index, String whyNot) {
    int n1 = first.answers.length;
    int n2 = rest.answers.length;
    int[] answers = java.util.Arrays.copyOf(first.answers, n1 + n2);
    System.arraycopy(rest.answers, 0, answers, n1, n2);
    int[] folds = java.util.Arrays.copyOf(first.folds, n1 + n2);
    System.arraycopy(rest.folds, 0, folds, n1, n2);
    int c = first.names.size();
    double[][] p = new double[c][];
    String[] failures = first.failures.clone();
    boolean[] scored = new boolean[c];
    for (int j = 0; j < index.length; j++) {
      int ci = index[j];
      scored[ci] = true;
      p[ci] = java.util.Arrays.copyOf(first.probability[ci], n1 + n2);
      System.arraycopy(rest.probability[j], 0, p[ci], n1, n2);
      if (failures[ci] == null) {
        failures[ci] = rest.failures[j];
      }
    }
    for (int ci = 0; ci < c; ci++) {
      if (!scored[ci]) {
        p[ci] = java.util.Arrays.copyOf(first.probability[ci], n1 + n2);
        if (failures[ci] == null) {
          failures[ci] = whyNot;
        }
      }
    }
    return new HeldOutPredictions(
        first.names, answers, folds, Math.max(first.numFolds, rest.numFolds), p, failures);
  }

  /** Number of candidates. */
  public int numCandidates() {
    return names.size();
  }

  /** Name of candidate {@code c}. */
  public String name(int c) {
    return names.get(c);
  }

  /** Number of scored answers. */
  public int numScored() {
    return answers.length;
  }

  /** The dataset's answer id of scored answer {@code j}. */
  public int answer(int j) {
    return answers[j];
  }

  /** The probability candidate {@code c} gave to scored answer {@code j}. */
  public double probability(int c, int j) {
    return probability[c][j];
  }

  /** Why candidate {@code c} could not be scored, or {@code null}. */
  public String failure(int c) {
    return failures[c];
  }

  /** Whether candidate {@code c} was scored. */
  public boolean ok(int c) {
    return failures[c] == null;
  }

  /** Mean log-probability per scored answer of {@code p} (a row over the scored answers). */
  double meanLog(double[] p, double[] foldMeans) {
    double[] sum = new double[numFolds];
    long[] count = new long[numFolds];
    double total = 0;
    for (int j = 0; j < answers.length; j++) {
      double l = Math.log(Math.max(p[j], Double.MIN_NORMAL));
      sum[folds[j]] += l;
      count[folds[j]]++;
      total += l;
    }
    for (int f = 0; f < numFolds; f++) {
      foldMeans[f] = count[f] > 0 ? sum[f] / count[f] : Double.NaN;
    }
    return answers.length > 0 ? total / answers.length : Double.NaN;
  }

  /** The held-out score of every candidate, in candidate order. */
  public List<CandidateScore> scores() {
    List<CandidateScore> out = new ArrayList<>(names.size());
    for (int c = 0; c < names.size(); c++) {
      out.add(score(c));
    }
    return out;
  }

  /** The held-out score of candidate {@code c}. */
  public CandidateScore score(int c) {
    if (failures[c] != null) {
      return CandidateScore.unscored(names.get(c), 0, failures[c]);
    }
    return summary(names.get(c), probability[c]);
  }

  /** The held-out score of the per-answer probabilities {@code p}, named {@code name}. */
  public CandidateScore summary(String name, double[] p) {
    double[] foldMeans = new double[numFolds];
    double mean = meanLog(p, foldMeans);
    double ss = 0;
    int used = 0;
    for (double fm : foldMeans) {
      if (!Double.isNaN(fm)) {
        ss += (fm - mean) * (fm - mean);
        used++;
      }
    }
    // the spread of the fold means, or with one scored fold that of the answers' log-probabilities
    double se = used > 1 ? Math.sqrt(ss / (used - 1) / used) : answerStandardError(p, mean);
    if (!Double.isFinite(mean)) {
      return new CandidateScore(
          name, Double.NaN, Double.NaN, answers.length, foldMeans, 0, "no score");
    }
    return new CandidateScore(name, mean, se, answers.length, foldMeans, 0, null);
  }

  /** Standard error of the mean log-probability {@code mean} over the scored answers. */
  private double answerStandardError(double[] p, double mean) {
    int n = answers.length;
    if (n < 2) {
      return Double.NaN;
    }
    double ss = 0;
    for (int j = 0; j < n; j++) {
      double d = Math.log(Math.max(p[j], Double.MIN_NORMAL)) - mean;
      ss += d * d;
    }
    return Math.sqrt(ss / (n - 1) / n);
  }

  /** Candidate {@code c}'s probabilities over the scored answers (shared, do not modify). */
  double[] row(int c) {
    return probability[c];
  }
}
