package org.crowd4j.text;

import java.util.List;

/**
 * Word error rate: the word-level edit distance (substitutions + insertions + deletions, each 1)
 * from each hypothesis to its reference, summed, over the total number of reference words.
 */
public final class WordErrorRate {
  private WordErrorRate() {}

  /** Edit distance between two word sequences, O(|a|·|b|) time, O(|b|) memory. */
  public static int distance(List<String> a, List<String> b) {
    int[] prev = new int[b.size() + 1];
    int[] cur = new int[b.size() + 1];
    for (int j = 0; j <= b.size(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.size(); i++) {
      cur[0] = i;
      String x = a.get(i - 1);
      for (int j = 1; j <= b.size(); j++) {
        int sub = prev[j - 1] + (x.equals(b.get(j - 1)) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.size()];
  }

  /**
   * Σ distance(reference_i, hypothesis_i) / Σ |reference_i|, words split by {@code tokenizer}
   * (references with no words count no words; NaN when no reference has any).
   */
  public static double of(List<String> references, List<String> hypotheses, Tokenizer tokenizer) {
    if (references.size() != hypotheses.size()) {
      throw new IllegalArgumentException(
          references.size() + " references but " + hypotheses.size() + " hypotheses");
    }
    long errors = 0;
    long words = 0;
    for (int i = 0; i < references.size(); i++) {
      List<String> r = words(references.get(i), tokenizer);
      errors += distance(r, words(hypotheses.get(i), tokenizer));
      words += r.size();
    }
    return words == 0 ? Double.NaN : (double) errors / words;
  }

  private static List<String> words(String s, Tokenizer tokenizer) {
    return tokenizer.split(s).stream().filter(w -> !w.isEmpty()).toList();
  }
}
