package org.crowd4j.text;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Simulated transcribers for ROVER: each annotator copies the true words with its own word error
 * rates — a word is deleted with probability {@code deletion}, otherwise replaced by a random other
 * vocabulary word with probability {@code substitution}; before each word and at the end a random
 * word is inserted with probability {@code insertion}. Truths are sentences of words {@code
 * w0…w(V−1)} drawn with Zipf(1) frequencies. Every (task, annotator) pair draws from its own
 * generator split from the seed, so the same seed gives the same answers in any order.
 */
public final class TranscriptSimulator {
  private TranscriptSimulator() {}

  /**
   * One annotator's error rates.
   *
   * @param substitution probability of replacing a kept word
   * @param insertion probability of inserting a word at each of the |words| + 1 positions
   * @param deletion probability of dropping a word
   */
  public record Annotator(double substitution, double insertion, double deletion) {
    /** Validates. */
    public Annotator {
      for (double p : new double[] {substitution, insertion, deletion}) {
        if (!(p >= 0 && p <= 1)) {
          throw new IllegalArgumentException("error rates must be in [0, 1]: " + this);
        }
      }
    }
  }

  /** A simulated crowd: the answers and the true text per task. */
  public record Crowd(TextAnswers answers, List<String> truths) {}

  /**
   * {@code n} true sentences of {@code minWords..maxWords} words over a vocabulary of {@code v}.
   */
  public static List<String> sentences(int n, int v, int minWords, int maxWords, long seed) {
    if (n < 1 || v < 2 || minWords < 1 || maxWords < minWords) {
      throw new IllegalArgumentException("sentences: n, v >= 2, 1 <= minWords <= maxWords");
    }
    double[] cdf = zipf(v);
    List<String> out = new ArrayList<>(n);
    for (int t = 0; t < n; t++) {
      SplittableRandom r = rng(seed, t, -1);
      int len = minWords + r.nextInt(maxWords - minWords + 1);
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < len; i++) {
        sb.append(i == 0 ? "" : " ").append('w').append(draw(cdf, r));
      }
      out.add(sb.toString());
    }
    return out;
  }

  /**
   * Every annotator transcribes every truth (task ids {@code t0…}, worker ids {@code a0…}), with
   * replacement words drawn from the Zipf vocabulary of size {@code v}.
   */
  public static Crowd simulate(List<String> truths, Annotator[] annotators, int v, long seed) {
    double[] cdf = zipf(v);
    TextAnswers.Builder b = TextAnswers.builder();
    for (int t = 0; t < truths.size(); t++) {
      String[] words = truths.get(t).split(" ");
      for (int k = 0; k < annotators.length; k++) {
        b.add("t" + t, "a" + k, transcribe(words, annotators[k], cdf, rng(seed, t, k)));
      }
    }
    return new Crowd(b.build(), List.copyOf(truths));
  }

  private static String transcribe(String[] words, Annotator a, double[] cdf, SplittableRandom r) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i <= words.length; i++) {
      if (r.nextDouble() < a.insertion()) {
        append(sb, "w" + draw(cdf, r));
      }
      if (i == words.length) {
        break;
      }
      if (r.nextDouble() < a.deletion()) {
        continue;
      }
      String w = words[i];
      if (r.nextDouble() < a.substitution()) {
        String s;
        do {
          s = "w" + draw(cdf, r);
        } while (s.equals(w));
        w = s;
      }
      append(sb, w);
    }
    return sb.toString();
  }

  private static void append(StringBuilder sb, String w) {
    if (sb.length() > 0) {
      sb.append(' ');
    }
    sb.append(w);
  }

  private static double[] zipf(int v) {
    double[] cdf = new double[v];
    double s = 0;
    for (int i = 0; i < v; i++) {
      s += 1.0 / (i + 1);
      cdf[i] = s;
    }
    for (int i = 0; i < v; i++) {
      cdf[i] /= s;
    }
    return cdf;
  }

  private static int draw(double[] cdf, SplittableRandom r) {
    int i = java.util.Arrays.binarySearch(cdf, r.nextDouble());
    return Math.min(i < 0 ? -i - 1 : i, cdf.length - 1);
  }

  static SplittableRandom rng(long seed, int task, int annotator) {
    long z =
        seed * 0x9E3779B97F4A7C15L + task * 0xBF58476D1CE4E5B9L + annotator * 0x94D049BB133111EBL;
    return new SplittableRandom(z);
  }
}
