package org.crowd4j.text;

/** Aggregates free-text answers into one text per task; fitting never changes the aggregator. */
public interface TextAggregator {
  /** The method's name as in results and provenance. */
  String name();

  /** Aggregates {@code data}. */
  TextResult fit(TextAnswers data);
}
