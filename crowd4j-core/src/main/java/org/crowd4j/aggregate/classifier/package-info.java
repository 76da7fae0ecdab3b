/**
 * Consensus from crowd answers and a classifier's out-of-sample class probabilities: the classifier
 * as one more annotator with its own confusion, as each task's class prior ({@link ClassifierEm}),
 * or as a member of a weighted ensemble whose weights come from the answers alone ({@link
 * CrowdLab}, after Goh, Tkachenko &amp; Mueller 2022, "CROWDLAB"); {@link ClassifierConsensus}
 * chooses among them by held-out answers, without gold. {@link org.crowd4j.aggregate.AnswerQuality}
 * scores every individual answer by how likely it is to be right.
 */
package org.crowd4j.aggregate.classifier;
