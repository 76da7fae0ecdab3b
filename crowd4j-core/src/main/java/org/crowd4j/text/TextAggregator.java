package org.crowd4j.text;

import org.crowd4j.method.Method;

/**
 * Aggregates free-text answers into one text per task; fitting never changes the aggregator. The
 * gold of texts is the reference embeddings of some tasks ({@link TaskEmbeddings}), which the
 * embedding methods may use and ROVER ignores.
 */
public interface TextAggregator extends Method<TextAnswers, TaskEmbeddings, TextResult> {}
