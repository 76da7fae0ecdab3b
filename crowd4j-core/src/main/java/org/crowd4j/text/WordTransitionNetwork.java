package org.crowd4j.text;

/**
 * The word transition network of ROVER (Fiscus 1997, §2.1) for one task: a sequence of slots, each
 * holding the words the hypotheses put there with how many hypotheses did. Hypotheses are words
 * coded as ints, {@code 0} being the empty word (the gap). The first hypothesis gives one slot per
 * word; each next one is aligned to the slots by dynamic programming (cost 1 for a substitution, an
 * insertion, or a deletion from a slot that holds no gap yet; 0 for a word the slot already holds),
 * ties preferring match/substitution, then deletion, then insertion, and merged in. Voting takes,
 * per slot, the word with most hypotheses, then the greatest by a {@link WordOrder} — crowd-kit's
 * rule when the order is by length, then by code points.
 *
 * <p>Everything lives in int arrays kept from task to task ({@link #start} begins the next one): a
 * slot owns {@code stride} entries of {@code words}/{@code counts}, the slots in use are {@code
 * [base, base + slots)}, and a merge writes the new slots backwards into the second set of arrays,
 * which then becomes the first.
 */
final class WordTransitionNetwork {
  /** How the words of one slot are ranked when their counts tie. */
  interface WordOrder {
    /** Negative, zero or positive as word {@code a} ranks below, as, or above word {@code b}. */
    int compare(int a, int b);
  }

  private static final byte DIAGONAL = 0;
  private static final byte DELETION = 1;
  private static final byte INSERTION = 2;

  /** Entries per slot: at most one per hypothesis. */
  private int stride;

  private int[] words = new int[0];
  private int[] counts = new int[0];
  private int[] sizes = new int[0];
  private int[] nextWords = new int[0];
  private int[] nextCounts = new int[0];
  private int[] nextSizes = new int[0];
  private int base;
  private int slots;
  private int hypotheses;

  /** One row of edit distances, the gap cost of each slot and every step taken. */
  private int[] row = new int[0];

  private int[] gapCost = new int[0];
  private byte[] how = new byte[0];

  /**
   * Per slot, bit {@code word % 64} set for every word it holds: whether it holds a word, exactly
   * when the task has at most 64 words, else as a first test.
   */
  private long[] signature = new long[0];

  private int vocabulary;

  /**
   * Starts the network of a task of {@code maxHypotheses} hypotheses holding {@code totalWords}
   * words in all, coded {@code 0 .. vocabulary - 1}, with its first hypothesis {@code hyp[from,
   * to)}.
   */
  void start(int maxHypotheses, int totalWords, int vocabulary, int[] hyp, int from, int to) {
    stride = maxHypotheses;
    this.vocabulary = vocabulary;
    int capacity = Math.max(totalWords, 1);
    if (sizes.length < capacity || words.length < capacity * stride) {
      int c = Math.max(capacity, sizes.length);
      words = new int[c * stride];
      counts = new int[c * stride];
      sizes = new int[c];
      nextWords = new int[c * stride];
      nextCounts = new int[c * stride];
      nextSizes = new int[c];
    }
    base = 0;
    slots = to - from;
    for (int s = 0; s < slots; s++) {
      words[s * stride] = hyp[from + s];
      counts[s * stride] = 1;
      sizes[s] = 1;
    }
    hypotheses = 1;
  }

  /** Slots so far. */
  int slots() {
    return slots;
  }

  /** Aligns {@code hyp[from, to)} to the slots and merges it in. */
  void add(int[] hyp, int from, int to) {
    int m = to - from;
    int n = slots;
    int w = n + 1;
    if (how.length < (m + 1) * w) {
      how = new byte[Math.max((m + 1) * w, 2 * how.length)];
    }
    if (row.length < w) {
      int c = Math.max(w, 2 * row.length);
      row = new int[c];
      gapCost = new int[c];
      signature = new long[c];
    }
    int[] r = row;
    int[] gap = gapCost;
    long[] sig = signature;
    byte[] steps = how;
    for (int j = 1; j <= n; j++) {
      int o = (base + j - 1) * stride;
      long bits = 0;
      int cost = 1;
      for (int e = o; e < o + sizes[base + j - 1]; e++) {
        bits |= 1L << words[e];
        if (words[e] == 0) {
          cost = 0;
        }
      }
      sig[j] = bits;
      gap[j] = cost;
    }
    boolean exact = vocabulary <= 64;
    for (int j = 0; j <= n; j++) {
      r[j] = j;
      steps[j] = DELETION;
    }
    for (int i = 1; i <= m; i++) {
      int word = hyp[from + i - 1];
      int diagonal = r[0];
      int left = i;
      r[0] = i;
      int at = i * w;
      steps[at] = INSERTION;
      // branch-free: a step replaces the best so far only when strictly cheaper, in the order
      // diagonal, deletion, insertion; (x - best) >> 31 is -1 exactly when x < best
      for (int j = 1; j <= n; j++) {
        int up = r[j];
        int miss = (int) (~sig[j] >>> word) & 1;
        if (miss == 0 && !exact && !holds(base + j - 1, word)) {
          miss = 1;
        }
        int best = diagonal + miss;
        int d = left + gap[j] - best;
        int cheaper = d >> 31;
        best += d & cheaper;
        int step = cheaper & DELETION;
        d = up + 1 - best;
        cheaper = d >> 31;
        best += d & cheaper;
        step = (step & ~cheaper) | (cheaper & INSERTION);
        r[j] = best;
        steps[at + j] = (byte) step;
        diagonal = up;
        left = best;
      }
    }
    merge(hyp, from, m, n, w);
  }

  private boolean holds(int s, int word) {
    int o = s * stride;
    for (int e = o; e < o + sizes[s]; e++) {
      if (words[e] == word) {
        return true;
      }
    }
    return false;
  }

  /** Walks back from the end of the alignment, writing the merged slots backwards. */
  private void merge(int[] hyp, int from, int m, int n, int w) {
    int top = m + n;
    int at = top;
    int i = m;
    int j = n;
    while (i != 0 || j != 0) {
      byte step = how[i * w + j];
      at--;
      int o = at * stride;
      int size;
      int word;
      if (step == INSERTION) {
        nextWords[o] = 0;
        nextCounts[o] = hypotheses;
        size = 1;
        word = hyp[from + i - 1];
        i--;
      } else {
        int s = base + j - 1;
        size = sizes[s];
        for (int e = 0, f = s * stride; e < size; e++, f++) {
          nextWords[o + e] = words[f];
          nextCounts[o + e] = counts[f];
        }
        if (step == DIAGONAL) {
          word = hyp[from + i - 1];
          i--;
        } else {
          word = 0;
        }
        j--;
      }
      int e = 0;
      while (e < size && nextWords[o + e] != word) {
        e++;
      }
      if (e < size) {
        nextCounts[o + e]++;
      } else {
        nextWords[o + size] = word;
        nextCounts[o + size] = 1;
        size++;
      }
      nextSizes[at] = size;
    }
    int[] t = words;
    words = nextWords;
    nextWords = t;
    t = counts;
    counts = nextCounts;
    nextCounts = t;
    t = sizes;
    sizes = nextSizes;
    nextSizes = t;
    base = at;
    slots = top - at;
    hypotheses++;
  }

  /** The winning word of slot {@code slot} (0 for the gap): most hypotheses, then {@code order}. */
  int winner(int slot, WordOrder order) {
    int s = base + slot;
    int o = s * stride;
    int best = o;
    for (int e = o + 1; e < o + sizes[s]; e++) {
      int c = Integer.compare(counts[e], counts[best]);
      if (c == 0) {
        c = order.compare(words[e], words[best]);
      }
      if (c > 0) {
        best = e;
      }
    }
    return words[best];
  }
}
