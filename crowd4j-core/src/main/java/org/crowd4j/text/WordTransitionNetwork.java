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
 * <p>Everything lives in arrays kept from task to task ({@link #start} begins the next one): slot
 * {@code s} owns entries {@code [offset[s], offset[s] + sizes[s])} of {@code words}/{@code counts},
 * and a merge walks the alignment back, then writes the merged slots forwards into the second set
 * of arrays, which then becomes the first.
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

  private int[] words = new int[0];
  private int[] counts = new int[0];
  private int[] offset = new int[0];
  private int[] sizes = new int[0];
  private int[] nextWords = new int[0];
  private int[] nextCounts = new int[0];
  private int[] nextOffset = new int[0];
  private int[] nextSizes = new int[0];
  private int slots;
  private int entries;
  private int hypotheses;

  /** One row of edit distances, the gap cost of each slot and every step taken. */
  private int[] row = new int[0];

  private int[] gapCost = new int[0];
  private byte[] how = new byte[0];
  private byte[] path = new byte[0];

  /**
   * Per slot, bit {@code word % 64} set for every word it holds: whether it holds a word, exactly
   * when the task has at most 64 words, else as a first test.
   */
  private long[] signature = new long[0];

  private int vocabulary;

  /**
   * Starts the network of a task whose words are coded {@code 0 .. vocabulary - 1} with its first
   * hypothesis {@code hyp[from, to)}.
   */
  void start(int vocabulary, int[] hyp, int from, int to) {
    this.vocabulary = vocabulary;
    slots = to - from;
    entries = slots;
    if (sizes.length < slots) {
      int c = Math.max(slots, 2 * sizes.length);
      offset = new int[c];
      sizes = new int[c];
    }
    if (words.length < slots) {
      int c = Math.max(slots, 2 * words.length);
      words = new int[c];
      counts = new int[c];
    }
    for (int s = 0; s < slots; s++) {
      words[s] = hyp[from + s];
      counts[s] = 1;
      offset[s] = s;
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
      int o = offset[j - 1];
      long bits = 0;
      int cost = 1;
      for (int e = o; e < o + sizes[j - 1]; e++) {
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
        if (miss == 0 && !exact && !holds(j - 1, word)) {
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
    int o = offset[s];
    for (int e = o; e < o + sizes[s]; e++) {
      if (words[e] == word) {
        return true;
      }
    }
    return false;
  }

  /** Walks back from the end of the alignment, then writes the merged slots forwards. */
  private void merge(int[] hyp, int from, int m, int n, int w) {
    if (path.length < m + n) {
      path = new byte[Math.max(m + n, 2 * path.length)];
    }
    int k = 0;
    int i = m;
    int j = n;
    while (i != 0 || j != 0) {
      byte step = how[i * w + j];
      path[k++] = step;
      if (step != DELETION) {
        i--;
      }
      if (step != INSERTION) {
        j--;
      }
    }
    if (nextSizes.length < k) {
      int c = Math.max(k, 2 * nextSizes.length);
      nextOffset = new int[c];
      nextSizes = new int[c];
    }
    // an inserted slot holds at most two entries, any other one more than before
    if (nextWords.length < entries + 2 * k) {
      int c = Math.max(entries + 2 * k, 2 * nextWords.length);
      nextWords = new int[c];
      nextCounts = new int[c];
    }
    int at = 0;
    for (int q = k - 1, slot = 0; q >= 0; q--, slot++) {
      byte step = path[q];
      int size;
      int word;
      if (step == INSERTION) {
        nextWords[at] = 0;
        nextCounts[at] = hypotheses;
        size = 1;
        word = hyp[from + i];
        i++;
      } else {
        size = sizes[j];
        for (int e = 0, f = offset[j]; e < size; e++, f++) {
          nextWords[at + e] = words[f];
          nextCounts[at + e] = counts[f];
        }
        if (step == DIAGONAL) {
          word = hyp[from + i];
          i++;
        } else {
          word = 0;
        }
        j++;
      }
      int e = 0;
      while (e < size && nextWords[at + e] != word) {
        e++;
      }
      if (e < size) {
        nextCounts[at + e]++;
      } else {
        nextWords[at + size] = word;
        nextCounts[at + size] = 1;
        size++;
      }
      nextOffset[slot] = at;
      nextSizes[slot] = size;
      at += size;
    }
    int[] t = words;
    words = nextWords;
    nextWords = t;
    t = counts;
    counts = nextCounts;
    nextCounts = t;
    t = offset;
    offset = nextOffset;
    nextOffset = t;
    t = sizes;
    sizes = nextSizes;
    nextSizes = t;
    slots = k;
    entries = at;
    hypotheses++;
  }

  /** The winning word of slot {@code slot} (0 for the gap): most hypotheses, then {@code order}. */
  int winner(int slot, WordOrder order) {
    int o = offset[slot];
    int best = o;
    for (int e = o + 1; e < o + sizes[slot]; e++) {
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
