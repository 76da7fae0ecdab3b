/**
 * Multi-label answers (each answer a set of tags): {@link org.crowd4j.multilabel.TagAnswers}, read
 * by {@link org.crowd4j.multilabel.MultiLabelReader} from one row per (task, worker) with the tags
 * joined, or one row per tag; {@link org.crowd4j.multilabel.BinaryRelevance} aggregates them with
 * any single-label method, one binary question per tag; {@link
 * org.crowd4j.multilabel.MultiLabelMetrics} scores tag sets against gold (per-tag accuracy, micro
 * and macro F1, Hamming loss); {@link org.crowd4j.multilabel.MultiLabelSimulator} simulates crowds
 * of known truth.
 */
package org.crowd4j.multilabel;
