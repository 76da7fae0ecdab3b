package org.crowd4j.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Flags annotators whose confusion matrix (against the aggregate's posteriors, see {@link
 * CrowdSummary}) looks like a spammer's or an adversary's:
 *
 * <ul>
 *   <li><b>near-uniform</b> (spammer in the sense of Raykar &amp; Yu 2012: the answer does not
 *       depend on the true class): the mass-weighted mean total-variation distance between each row
 *       of her confusion and her overall answer distribution is below {@link #UNIFORM_TV};
 *   <li><b>permuted</b> (adversary or systematic mislabelling): her answers are informative (the
 *       same distance is at least {@link #UNIFORM_TV}), but a permutation σ ≠ identity of the
 *       answered classes puts at least {@link #PERMUTED_MIN} of the mass on the cells (k, σ(k)) and
 *       beats the diagonal by at least {@link #PERMUTED_MARGIN}.
 * </ul>
 *
 * Only annotators with at least max(10, 5K) answers are judged; the best permutation is exact for K
 * ≤ 8 and greedy beyond.
 */
final class AnnotatorFlags {
  static final double UNIFORM_TV = 0.12;
  static final double PERMUTED_MIN = 0.5;
  static final double PERMUTED_MARGIN = 0.25;

  /** A flagged annotator with the evidence shown on the page. */
  record Flag(int worker, String kind, double score, String evidence) {}

  private AnnotatorFlags() {}

  static List<Flag> detect(CrowdSummary s) {
    List<Flag> out = new ArrayList<>();
    int k = s.k;
    if (k < 2 || s.data.anonymous()) {
      return out;
    }
    long judged = 0;
    for (int w = 0; w < s.data.numWorkers(); w++) {
      judged += s.answersPerWorker[w] >= Math.max(10, 5 * k) ? 1 : 0;
    }
    boolean exact = factorial(k) * judged <= EXACT_BUDGET;
    int minAnswers = Math.max(10, 5 * k);
    String[] names = s.data.labels().names().toArray(String[]::new);
    for (int w = 0; w < s.data.numWorkers(); w++) {
      int n = s.answersPerWorker[w];
      if (n < minAnswers) {
        continue;
      }
      double[][] c = s.workerConfusion(w);
      double[] mass = s.workerRowMass(w);
      double total = 0;
      double[] marginal = new double[k];
      for (int r = 0; r < k; r++) {
        total += mass[r];
        for (int l = 0; l < k; l++) {
          marginal[l] += mass[r] * c[r][l];
        }
      }
      for (int l = 0; l < k; l++) {
        marginal[l] /= total;
      }
      double tv = 0;
      for (int r = 0; r < k; r++) {
        double d = 0;
        for (int l = 0; l < k; l++) {
          d += Math.abs(c[r][l] - marginal[l]);
        }
        tv += mass[r] * d / 2;
      }
      tv /= total;
      if (tv < UNIFORM_TV) {
        StringBuilder dist = new StringBuilder();
        for (int l = 0; l < k; l++) {
          if (marginal[l] >= 0.005) {
            if (dist.length() > 0) {
              dist.append(", ");
            }
            dist.append(String.format(Locale.ROOT, "'%s' %.0f%%", names[l], 100 * marginal[l]));
          }
        }
        out.add(
            new Flag(
                w,
                "near-uniform",
                tv,
                String.format(
                    Locale.ROOT,
                    "%d answers; her answers hardly depend on the true class: each row of her"
                        + " confusion is within %.3f (mean total variation) of her overall answer"
                        + " distribution (%s)",
                    n,
                    tv,
                    dist)));
        continue;
      }
      // rows weighted equally over the classes she saw
      boolean[] seen = new boolean[k];
      int seenCount = 0;
      for (int r = 0; r < k; r++) {
        seen[r] = mass[r] >= 1;
        seenCount += seen[r] ? 1 : 0;
      }
      if (seenCount < 2) {
        continue;
      }
      int[] best = bestPermutation(c, seen, exact);
      double diag = 0;
      double perm = 0;
      boolean identity = true;
      for (int r = 0; r < k; r++) {
        if (seen[r]) {
          diag += c[r][r];
          perm += c[r][best[r]];
          identity &= best[r] == r;
        }
      }
      diag /= seenCount;
      perm /= seenCount;
      if (!identity && perm >= PERMUTED_MIN && perm - diag >= PERMUTED_MARGIN) {
        StringBuilder map = new StringBuilder();
        for (int r = 0; r < k; r++) {
          if (seen[r] && best[r] != r) {
            if (map.length() > 0) {
              map.append("; ");
            }
            map.append(
                String.format(
                    Locale.ROOT,
                    "true '%s' → answers '%s' (%.2f)",
                    names[r],
                    names[best[r]],
                    c[r][best[r]]));
          }
        }
        out.add(
            new Flag(
                w,
                "permuted",
                perm - diag,
                String.format(
                    Locale.ROOT,
                    "%d answers; mean diagonal %.2f, but a relabelling of the classes explains"
                        + " %.2f: %s",
                    n,
                    diag,
                    perm,
                    map)));
      }
    }
    return out;
  }

  /** Permutations searched exactly at most, over all judged annotators. */
  static final long EXACT_BUDGET = 20_000_000L;

  static long factorial(int k) {
    long f = 1;
    for (int i = 2; i <= k; i++) {
      f *= i;
      if (f > EXACT_BUDGET) {
        return Long.MAX_VALUE / 2;
      }
    }
    return f;
  }

  /** σ maximising Σ_{seen r} c[r][σ(r)]: exact search, or greedy (largest cell first). */
  static int[] bestPermutation(double[][] c, boolean[] seen, boolean exact) {
    int k = c.length;
    int[] best = new int[k];
    if (exact) {
      int[] cur = new int[k];
      double[] bestScore = {Double.NEGATIVE_INFINITY};
      search(c, seen, 0, new boolean[k], cur, 0, best, bestScore);
      return best;
    }
    boolean[] rowDone = new boolean[k];
    boolean[] colDone = new boolean[k];
    for (int step = 0; step < k; step++) {
      int br = -1;
      int bc = -1;
      double bv = Double.NEGATIVE_INFINITY;
      for (int r = 0; r < k; r++) {
        for (int col = 0; col < k; col++) {
          double v = seen[r] ? c[r][col] : (r == col ? 1e-9 : 0);
          if (!rowDone[r] && !colDone[col] && v > bv) {
            bv = v;
            br = r;
            bc = col;
          }
        }
      }
      rowDone[br] = true;
      colDone[bc] = true;
      best[br] = bc;
    }
    return best;
  }

  private static void search(
      double[][] c,
      boolean[] seen,
      int row,
      boolean[] used,
      int[] cur,
      double score,
      int[] best,
      double[] bestScore) {
    int k = c.length;
    if (row == k) {
      // ties keep the first found, which is the identity where it is among the best
      if (score > bestScore[0] + 1e-12) {
        bestScore[0] = score;
        System.arraycopy(cur, 0, best, 0, k);
      }
      return;
    }
    for (int col = 0; col < k; col++) {
      if (!used[col]) {
        used[col] = true;
        cur[row] = col;
        search(c, seen, row + 1, used, cur, score + (seen[row] ? c[row][col] : 0), best, bestScore);
        used[col] = false;
      }
    }
  }
}
