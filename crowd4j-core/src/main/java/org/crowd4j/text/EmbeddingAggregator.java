package org.crowd4j.text;

import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * A method that aggregates the answers' embeddings per task and returns the answer closest to the
 * aggregate; known true embeddings of some tasks may steer it.
 */
public interface EmbeddingAggregator extends TextAggregator {
  /** Rejects answers without embeddings. */
  static void requireEmbeddings(TextAnswers data) {
    if (!data.hasEmbeddings()) {
      throw new IllegalArgumentException(
          "the answers carry no embeddings (give an embedding column or an embeddings file)");
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
