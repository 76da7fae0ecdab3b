package org.crowd4j.multilabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Method;
import org.crowd4j.method.Provenance;

/**
 * Binary relevance: multi-label aggregation as one single-label aggregation per tag (Tsoumakas
 * &amp; Katakis 2007; crowd-kit's {@code BinaryRelevance}). For tag t every answer becomes the
 * binary answer "the worker gave t" ({@link TagAnswers#binary}), so a worker who answered a task
 * without t votes against it; any {@link Aggregator} fits that question, and the task gets t when
 * the aggregated label is {@code "1"}. The probability of t is the posterior of {@code "1"}.
 * Workers get one skill per tag.
 */
public final class BinaryRelevance implements Method<TagAnswers, TagGold, MultiLabelResult> {
  private final Aggregator inner;

  /** Binary relevance over {@code inner}, which fits every tag's question. */
  public BinaryRelevance(Aggregator inner) {
    this.inner = Objects.requireNonNull(inner, "inner");
  }

  /** The single-label method of the tags' questions. */
  public Aggregator inner() {
    return inner;
  }

  /** The single-label method's name: binary relevance is named after what fits each tag. */
  @Override
  public String name() {
    return inner.name();
  }

  /**
   * Fits every tag; the context's gold (may be {@code null}) goes to each tag's fit as its gold,
   * and its listener hears every tag's iterations.
   */
  @Override
  public MultiLabelResult fit(TagAnswers data, FitContext<TagGold> context) {
    TagGold gold = context.gold();
    long start = System.nanoTime();
    int n = data.tasks().size();
    int m = data.numTags();
    double[] presence = new double[n * m];
    boolean[] chosen = new boolean[n * m];
    List<AggregationResult> perTag = new ArrayList<>(m);
    for (int t = 0; t < m; t++) {
      CrowdDataset question = data.binary(t);
      FitContext<Gold> tagContext =
          new FitContext<>(gold == null ? null : gold.binary(t), context.listener());
      AggregationResult r = inner.fit(question, tagContext);
      for (int i = 0; i < n; i++) {
        presence[i * m + t] = r.posterior(i, 1);
        chosen[i * m + t] = r.label(i) == 1;
      }
      perTag.add(r);
    }
    Provenance provenance =
        Provenance.ofOptionMap(
            inner.name(),
            perTag.isEmpty() ? Map.of() : perTag.get(0).provenance().options(),
            digest(perTag),
            start);
    return new MultiLabelResult(
        inner.name(), data.tasks(), data.tags(), presence, chosen, perTag, provenance);
  }

  /** A digest of the answers: SHA-256 over the digests of the tags' questions, 16 hex digits. */
  private static String digest(List<AggregationResult> perTag) {
    ContentDigest d = ContentDigest.sha256();
    for (AggregationResult r : perTag) {
      d.text(r.provenance().dataDigest()).putByte('\n');
    }
    return d.hex16();
  }
}
