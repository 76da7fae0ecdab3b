package org.crowd4j.multilabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.FitContext;
import org.crowd4j.data.CrowdDataset;

/**
 * Binary relevance: multi-label aggregation as one single-label aggregation per tag (Tsoumakas
 * &amp; Katakis 2007; crowd-kit's {@code BinaryRelevance}). For tag t every answer becomes the
 * binary answer "the worker gave t" ({@link TagAnswers#binary}), so a worker who answered a task
 * without t votes against it; any {@link Aggregator} fits that question, and the task gets t when
 * the aggregated label is {@code "1"}. The probability of t is the posterior of {@code "1"}.
 * Workers get one skill per tag.
 */
public final class BinaryRelevance {
  private final Aggregator inner;

  /** Binary relevance over {@code inner}, which fits every tag's question. */
  public BinaryRelevance(Aggregator inner) {
    this.inner = Objects.requireNonNull(inner, "inner");
  }

  /** The single-label method of the tags' questions. */
  public Aggregator inner() {
    return inner;
  }

  /** Fits every tag without gold. */
  public MultiLabelResult fit(TagAnswers data) {
    return fit(data, null);
  }

  /** Fits every tag; {@code gold} (may be {@code null}) goes to each tag's fit as its gold. */
  public MultiLabelResult fit(TagAnswers data, TagGold gold) {
    int n = data.tasks().size();
    int m = data.numTags();
    double[] presence = new double[n * m];
    boolean[] chosen = new boolean[n * m];
    List<AggregationResult> perTag = new ArrayList<>(m);
    for (int t = 0; t < m; t++) {
      CrowdDataset question = data.binary(t);
      FitContext context = gold == null ? FitContext.DEFAULT : FitContext.withGold(gold.binary(t));
      AggregationResult r = inner.fit(question, context);
      for (int i = 0; i < n; i++) {
        presence[i * m + t] = r.posterior(i, 1);
        chosen[i * m + t] = r.label(i) == 1;
      }
      perTag.add(r);
    }
    return new MultiLabelResult(inner.name(), data.tasks(), data.tags(), presence, chosen, perTag);
  }
}
