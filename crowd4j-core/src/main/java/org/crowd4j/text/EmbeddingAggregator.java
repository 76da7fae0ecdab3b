package org.crowd4j.text;

import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * A method that aggregates the answers' embeddings per task and returns the answer closest to the
 * aggregate; known true embeddings of some tasks may steer it.
 */
public interface EmbeddingAggregator extends TextAggregator {
  /**
   * Rejects answers without embeddings, and embeddings so large that a squared distance between two
   * of them overflows a double (the methods' distances and objectives would turn infinite or NaN):
   * every component must be at most {@code sqrt(MAX_VALUE / (4 dim))} in size.
   */
  static void requireEmbeddings(TextAnswers data) {
    if (!data.hasEmbeddings()) {
      throw new IllegalArgumentException(
          "the answers carry no embeddings (give an embedding column or an embeddings file)");
    }
    double limit = Math.sqrt(Double.MAX_VALUE / (4.0 * data.dim()));
    for (int a = 0; a < data.size(); a++) {
      for (int j = 0; j < data.dim(); j++) {
        double v = data.embedding(a, j);
        if (!(Math.abs(v) <= limit)) {
          throw new IllegalArgumentException(
              "answer "
                  + (a + 1)
                  + " (task '"
                  + data.tasks().name(data.task(a))
                  + "') has an embedding value "
                  + v
                  + ", too large for squared distances in "
                  + data.dim()
                  + " dimensions (at most "
                  + String.format(java.util.Locale.ROOT, "%.3g", limit)
                  + "); scale the embeddings");
        }
      }
    }
  }

  /** A result returning the text of each task's chosen answer. */
  static TextResult result(
      TextAnswers data,
      int[] chosen,
      double[] agg,
      double[] skills,
      Diagnostics diagnostics,
      Provenance provenance) {
    String[] texts = new String[chosen.length];
    for (int t = 0; t < chosen.length; t++) {
      texts[t] = data.text(chosen[t]);
    }
    return new TextResult(
        data.tasks(),
        texts,
        chosen,
        data.dim(),
        agg,
        data.workers(),
        skills,
        diagnostics,
        provenance);
  }
}
