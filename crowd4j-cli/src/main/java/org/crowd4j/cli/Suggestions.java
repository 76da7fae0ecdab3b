package org.crowd4j.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** "Did you mean …?" suggestions by edit distance. */
final class Suggestions {
  private Suggestions() {}

  /**
   * The candidates closest to {@code word} (Damerau–Levenshtein distance, case-insensitive), at
   * most three, within a distance of a third of the word's length (at least 2; 1 for words of up to
   * three letters), or where one contains the other (both of three letters or more); nearest first.
   */
  static List<String> closest(String word, Collection<String> candidates) {
    String w = word.toLowerCase(Locale.ROOT);
    int limit = w.length() <= 3 ? 1 : Math.max(2, w.length() / 3);
    List<String> out = new ArrayList<>();
    List<Integer> dist = new ArrayList<>();
    for (String c : candidates) {
      String lc = c.toLowerCase(Locale.ROOT);
      int d = distance(w, lc);
      boolean contained = w.length() >= 3 && lc.length() >= 3 && (lc.contains(w) || w.contains(lc));
      if (d <= limit || contained) {
        int at = 0;
        while (at < dist.size() && dist.get(at) <= d) {
          at++;
        }
        out.add(at, c);
        dist.add(at, d);
      }
    }
    return out.size() > 3 ? new ArrayList<>(out.subList(0, 3)) : out;
  }

  /** {@code " Did you mean 'x'?"}, {@code " Did you mean 'x' or 'y'?"}, or the empty string. */
  static String didYouMean(String word, Collection<String> candidates) {
    List<String> c = closest(word, candidates);
    if (c.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(" Did you mean ");
    for (int i = 0; i < c.size(); i++) {
      if (i > 0) {
        sb.append(i == c.size() - 1 ? " or " : ", ");
      }
      sb.append('\'').append(c.get(i)).append('\'');
    }
    return sb.append('?').toString();
  }

  /** Optimal string alignment distance: insertions, deletions, substitutions, transpositions. */
  static int distance(String a, String b) {
    int n = a.length();
    int m = b.length();
    int[][] d = new int[n + 1][m + 1];
    for (int i = 0; i <= n; i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= m; j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= n; i++) {
      for (int j = 1; j <= m; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[n][m];
  }
}
