package org.crowd4j.text;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sentence GLEU (Wu et al. 2016, as NLTK computes it): over all n-grams of order 1 to 4 counted
 * with multiplicity, {@code matches / max(hypothesis n-grams, reference n-grams)}, where matches
 * are clipped counts; 0 when both are empty. Symmetric in its two arguments.
 */
public final class Gleu {
  private static final int MAX_ORDER = 4;

  private final Map<String, Integer> counts;
  private final int total;

  private Gleu(Map<String, Integer> counts, int total) {
    this.counts = counts;
    this.total = total;
  }

  /** The n-gram counts of {@code tokens}, ready to be compared many times. */
  public static Gleu of(List<String> tokens) {
    Map<String, Integer> counts = new HashMap<>();
    int total = 0;
    StringBuilder key = new StringBuilder();
    for (int n = 1; n <= MAX_ORDER; n++) {
      for (int i = 0; i + n <= tokens.size(); i++) {
        key.setLength(0);
        key.append((char) ('0' + n));
        for (int k = i; k < i + n; k++) {
          key.append('\u0000').append(tokens.get(k));
        }
        counts.merge(key.toString(), 1, Integer::sum);
        total++;
      }
    }
    return new Gleu(counts, total);
  }

  /** GLEU of this sentence against {@code other}. */
  public double similarity(Gleu other) {
    int all = Math.max(total, other.total);
    if (all == 0) {
      return 0;
    }
    Map<String, Integer> small = counts.size() <= other.counts.size() ? counts : other.counts;
    Map<String, Integer> large = small == counts ? other.counts : counts;
    long match = 0;
    for (Map.Entry<String, Integer> e : small.entrySet()) {
      Integer c = large.get(e.getKey());
      if (c != null) {
        match += Math.min(c, e.getValue());
      }
    }
    return (double) match / all;
  }

  /** GLEU of two token lists. */
  public static double of(List<String> reference, List<String> hypothesis) {
    return of(reference).similarity(of(hypothesis));
  }
}
