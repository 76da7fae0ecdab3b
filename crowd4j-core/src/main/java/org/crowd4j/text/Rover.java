package org.crowd4j.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Recognizer Output Voting Error Reduction: the answers of a task, cut into words, are aligned one
 * after another into a word transition network by edit distance, and each slot of the network votes
 * for its most frequent word; the gap wins a slot as any word does and is dropped. Ties go to the
 * longer word, then to the greater one by code points (crowd-kit's rule). Answers are aligned in
 * input order, so the first answer of a task shapes the network. Cost per task O(Σ|h| · |slots|);
 * tasks run in parallel, each independently, so the result does not depend on the thread count.
 *
 * <p>J. G. Fiscus, "A post-processing system to yield reduced word error rates: Recognizer Output
 * Voting Error Reduction (ROVER)", IEEE ASRU 1997, pp. 347–354.
 */
public final class Rover implements TextAggregator {
  /**
   * Options.
   *
   * @param tokenizer how answers are cut into words
   * @param separator what joins the winning words (crowd-kit's detokenizer {@code ' '.join})
   */
  public record Options(
      @Describe("how answers are cut into words") Tokenizer tokenizer,
      @Describe("what joins the winning words (crowd-kit's detokenizer ' '.join)")
          String separator) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(tokenizer, "tokenizer");
      Objects.requireNonNull(separator, "separator");
    }

    /** Split at single spaces, join with one space (crowd-kit's tests). */
    public static Options defaults() {
      return new Options(Tokenizer.SPACE, " ");
    }
  }

  private final Options options;

  /** ROVER with {@code options}. */
  public Rover(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** ROVER with the default options. */
  public Rover() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return "rover";
  }

  @Override
  public TextResult fit(TextAnswers data, FitContext<TaskEmbeddings> context) {
    long start = System.nanoTime();
    int n = data.tasks().size();
    String[] texts = new String[n];
    IntStream.range(0, n).parallel().forEach(t -> texts[t] = aggregate(data, t));
    return new TextResult(
        data.tasks(),
        texts,
        null,
        0,
        null,
        data.workers(),
        null,
        Diagnostics.closedForm(),
        Provenance.of(name(), options, data::digest, start));
  }

  /** The ROVER text of {@code hypotheses} (aligned in the given order). */
  public String aggregate(List<String> hypotheses) {
    Map<String, Integer> ids = new HashMap<>();
    List<String> names = new ArrayList<>();
    ids.put("", 0);
    names.add("");
    List<int[]> coded = new ArrayList<>(hypotheses.size());
    for (String h : hypotheses) {
      List<String> words = options.tokenizer().split(h);
      int[] c = new int[words.size()];
      for (int i = 0; i < c.length; i++) {
        String wd = words.get(i);
        Integer id = ids.get(wd);
        if (id == null) {
          id = names.size();
          ids.put(wd, id);
          names.add(wd);
        }
        c[i] = id;
      }
      coded.add(c);
    }
    if (coded.isEmpty()) {
      return "";
    }
    WordTransitionNetwork net = new WordTransitionNetwork(coded.get(0));
    for (int h = 1; h < coded.size(); h++) {
      net.add(coded.get(h));
    }
    int v = names.size();
    int[] lengths = new int[v];
    for (int i = 0; i < v; i++) {
      lengths[i] = names.get(i).codePointCount(0, names.get(i).length());
    }
    String[] sorted = names.toArray(new String[0]);
    Arrays.sort(sorted, Rover::compareCodePoints);
    int[] order = new int[v];
    for (int r = 0; r < v; r++) {
      order[ids.get(sorted[r])] = r;
    }
    StringBuilder out = new StringBuilder();
    boolean first = true;
    for (int word : net.vote(lengths, order)) {
      if (word != 0) {
        if (!first) {
          out.append(options.separator());
        }
        out.append(names.get(word));
        first = false;
      }
    }
    return out.toString();
  }

  private String aggregate(TextAnswers data, int t) {
    List<String> hyps = new ArrayList<>(data.taskEnd(t) - data.taskStart(t));
    for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
      hyps.add(data.text(data.answerAt(p)));
    }
    return aggregate(hyps);
  }

  /** Compares by Unicode code points (Python's string order), not UTF-16 units. */
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
}
