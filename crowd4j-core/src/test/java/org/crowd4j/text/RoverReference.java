package org.crowd4j.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The straightforward ROVER that {@link Rover} must match text for text: words interned through a
 * map, the network as one array of entries per slot, a fresh edit-distance matrix per hypothesis,
 * and the vote by word ranks from sorting the task's words by code points.
 */
final class RoverReference {
  private static final byte DIAGONAL = 0;
  private static final byte DELETION = 1;
  private static final byte INSERTION = 2;

  private RoverReference() {}

  /**
   * The ROVER text of {@code hypotheses}, cut by {@code tokenizer}, joined by {@code separator}.
   */
  static String aggregate(List<String> hypotheses, Tokenizer tokenizer, String separator) {
    Map<String, Integer> ids = new HashMap<>();
    List<String> names = new ArrayList<>();
    ids.put("", 0);
    names.add("");
    List<int[]> coded = new ArrayList<>();
    for (String h : hypotheses) {
      List<String> words = tokenizer.split(h);
      int[] c = new int[words.size()];
      for (int i = 0; i < c.length; i++) {
        Integer id = ids.get(words.get(i));
        if (id == null) {
          id = names.size();
          ids.put(words.get(i), id);
          names.add(words.get(i));
        }
        c[i] = id;
      }
      coded.add(c);
    }
    if (coded.isEmpty()) {
      return "";
    }
    Network net = new Network(coded.get(0));
    for (int h = 1; h < coded.size(); h++) {
      net.add(coded.get(h));
    }
    int v = names.size();
    int[] lengths = new int[v];
    for (int i = 0; i < v; i++) {
      lengths[i] = names.get(i).codePointCount(0, names.get(i).length());
    }
    String[] sorted = names.toArray(new String[0]);
    Arrays.sort(sorted, RoverReference::compareCodePoints);
    int[] order = new int[v];
    for (int r = 0; r < v; r++) {
      order[ids.get(sorted[r])] = r;
    }
    List<String> out = new ArrayList<>();
    for (int word : net.vote(lengths, order)) {
      if (word != 0) {
        out.add(names.get(word));
      }
    }
    return String.join(separator, out);
  }

  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  /** The network as the first implementation kept it: per slot an array of words and counts. */
  private static final class Network {

    /**
     * Words per slot and their hypothesis counts; slot s uses the first {@code size[s]} entries.
     */
    private int[][] words;

    private int[][] counts;
    private int[] size;
    private int slots;
    private int hypotheses;

    /** A network holding the first hypothesis. */
    Network(int[] first) {
      slots = first.length;
      words = new int[Math.max(slots, 1)][];
      counts = new int[Math.max(slots, 1)][];
      size = new int[Math.max(slots, 1)];
      for (int s = 0; s < slots; s++) {
        words[s] = new int[] {first[s], 0};
        counts[s] = new int[] {1, 0};
        size[s] = 1;
      }
      hypotheses = 1;
    }

    /** Slots so far. */
    int slots() {
      return slots;
    }

    private boolean holds(int s, int word) {
      int[] w = words[s];
      for (int i = 0; i < size[s]; i++) {
        if (w[i] == word) {
          return true;
        }
      }
      return false;
    }

    /** Aligns {@code hyp} to the slots and merges it in. */
    void add(int[] hyp) {
      int m = hyp.length;
      int n = slots;
      int w = n + 1;
      int[] dist = new int[(m + 1) * w];
      byte[] how = new byte[(m + 1) * w];
      for (int j = 1; j <= n; j++) {
        dist[j] = j;
        how[j] = DELETION;
      }
      for (int i = 1; i <= m; i++) {
        dist[i * w] = i;
        how[i * w] = INSERTION;
        int word = hyp[i - 1];
        for (int j = 1; j <= n; j++) {
          int best = dist[(i - 1) * w + j - 1] + (holds(j - 1, word) ? 0 : 1);
          byte action = DIAGONAL;
          int del = dist[i * w + j - 1] + (holds(j - 1, 0) ? 0 : 1);
          if (del < best) {
            best = del;
            action = DELETION;
          }
          int ins = dist[(i - 1) * w + j] + 1;
          if (ins < best) {
            best = ins;
            action = INSERTION;
          }
          dist[i * w + j] = best;
          how[i * w + j] = action;
        }
      }
      // walk back from the end, building the merged slots in reverse
      int cap = m + n;
      int[][] nw = new int[Math.max(cap, 1)][];
      int[][] nc = new int[Math.max(cap, 1)][];
      int[] ns = new int[Math.max(cap, 1)];
      int k = 0;
      int i = m;
      int j = n;
      while (i != 0 || j != 0) {
        byte action = how[i * w + j];
        int[] sw;
        int[] sc;
        int ss;
        int word;
        if (action == INSERTION) {
          sw = new int[] {0, 0};
          sc = new int[] {hypotheses, 0};
          ss = 1;
          word = hyp[i - 1];
          i--;
        } else {
          sw = Arrays.copyOf(words[j - 1], size[j - 1] + 1);
          sc = Arrays.copyOf(counts[j - 1], size[j - 1] + 1);
          ss = size[j - 1];
          if (action == DIAGONAL) {
            word = hyp[i - 1];
            i--;
          } else {
            word = 0;
          }
          j--;
        }
        int at = -1;
        for (int e = 0; e < ss; e++) {
          if (sw[e] == word) {
            at = e;
            break;
          }
        }
        if (at >= 0) {
          sc[at]++;
        } else {
          sw[ss] = word;
          sc[ss] = 1;
          ss++;
        }
        nw[k] = sw;
        nc[k] = sc;
        ns[k] = ss;
        k++;
      }
      words = new int[Math.max(k, 1)][];
      counts = new int[Math.max(k, 1)][];
      size = new int[Math.max(k, 1)];
      for (int s = 0; s < k; s++) {
        words[s] = nw[k - 1 - s];
        counts[s] = nc[k - 1 - s];
        size[s] = ns[k - 1 - s];
      }
      slots = k;
      hypotheses++;
    }

    /**
     * The winning word of every slot (0 for the gap), by count, then by length, then by code
     * points, as {@code lengths} and {@code order} (the code-point rank of each word id) say.
     */
    int[] vote(int[] lengths, int[] order) {
      int[] out = new int[slots];
      for (int s = 0; s < slots; s++) {
        int best = 0;
        for (int e = 1; e < size[s]; e++) {
          int a = words[s][e];
          int b = words[s][best];
          int c = Integer.compare(counts[s][e], counts[s][best]);
          if (c == 0) {
            c = Integer.compare(lengths[a], lengths[b]);
          }
          if (c == 0) {
            c = Integer.compare(order[a], order[b]);
          }
          if (c > 0) {
            best = e;
          }
        }
        out[s] = words[s][best];
      }
      return out;
    }
  }
}
