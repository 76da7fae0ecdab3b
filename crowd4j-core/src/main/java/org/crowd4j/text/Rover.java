package org.crowd4j.text;

import java.util.List;
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

  /** Blocks of tasks run in parallel, each by one thread with its own arrays. */
  private static final int BLOCKS = 64;

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
    int blocks = Math.min(n, BLOCKS);
    IntStream.range(0, blocks)
        .parallel()
        .forEach(
            b -> {
              Aligner aligner = new Aligner(options);
              for (int t = (int) ((long) n * b / blocks); t < (long) n * (b + 1) / blocks; t++) {
                for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
                  aligner.words.add(data.text(data.answerAt(p)));
                }
                texts[t] = aligner.text();
              }
            });
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
    Aligner aligner = new Aligner(options);
    for (String h : hypotheses) {
      aligner.words.add(h);
    }
    return aligner.text();
  }

  /** The words, network and text buffer of one thread, reused from task to task. */
  private static final class Aligner {
    final WordTable words;
    private final WordTransitionNetwork network = new WordTransitionNetwork();
    private final StringBuilder out = new StringBuilder();
    private final String separator;

    Aligner(Options options) {
      words = new WordTable(options.tokenizer());
      separator = options.separator();
    }

    /** The text of the hypotheses added since the last call, which are then forgotten. */
    String text() {
      int h = words.hypotheses();
      if (h == 0) {
        return "";
      }
      int[] tokens = words.tokens();
      network.start(words.words(), tokens, 0, words.end(0));
      for (int k = 1; k < h; k++) {
        network.add(tokens, words.end(k - 1), words.end(k));
      }
      out.setLength(0);
      boolean first = true;
      for (int s = 0; s < network.slots(); s++) {
        int word = network.winner(s, words);
        if (word != 0) {
          if (!first) {
            out.append(separator);
          }
          words.append(out, word);
          first = false;
        }
      }
      words.clear();
      return out.toString();
    }
  }
}
