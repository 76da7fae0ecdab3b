package org.crowd4j.text;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Closest to average: per task, the plain mean of the answers' embeddings (or the task's true
 * embedding when known), and the answer whose embedding is closest to it is returned. One pass,
 * O(answers · dim). As crowd-kit's {@code ClosestToAverage}.
 */
public final class ClosestToAverage implements EmbeddingAggregator {
  /**
   * Options.
   *
   * @param distance how closeness is measured
   */
  public record Options(@Describe("how closeness is measured") Distance distance) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(distance, "distance");
    }
  }

  private final Options options;

  /** The method with {@code options}. */
  public ClosestToAverage(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Cosine distance. */
  public ClosestToAverage() {
    this(new Options(Distance.COSINE));
  }

  @Override
  public String name() {
    return "closest-to-average";
  }

  @Override
  public TextResult fit(TextAnswers data, FitContext<TaskEmbeddings> context) {
    TaskEmbeddings truth = context.gold();
    long start = System.nanoTime();
    EmbeddingAggregator.requireEmbeddings(data);
    EmbeddingMath.Known known = EmbeddingMath.align(data, truth);
    double[] ones = new double[data.size()];
    Arrays.fill(ones, 1.0);
    double[] agg = new double[data.tasks().size() * data.dim()];
    EmbeddingMath.weightedMean(data, ones, known.rows(), known.known(), agg);
    int[] chosen = EmbeddingMath.closest(data, agg, options.distance());
    return EmbeddingAggregator.result(
        data,
        chosen,
        agg,
        null,
        Diagnostics.closedForm(),
        Provenance.of(name(), options, data::digest, start));
  }
}
