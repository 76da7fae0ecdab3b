package org.crowd4j.spark;

import java.io.Serializable;

/** The posteriors of a block's tasks under fixed parameters: {@code numTasks × K}, row-major. */
@FunctionalInterface
interface BlockScorer extends Serializable {
  /** Posteriors of {@code block}'s tasks (a new array, or a scratch array of at least n × K). */
  double[] score(AnswerBlock block);
}
