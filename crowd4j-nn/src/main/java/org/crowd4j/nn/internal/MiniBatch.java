package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;

/**
 * One minibatch: the items' features, their observed (item, annotator, label) pairs as index arrays
 * (item = position in the batch) and, for learners on aggregated labels, the items' target
 * distributions.
 */
record MiniBatch(
    NDArray x,
    NDArray pairItem,
    NDArray pairWorker,
    NDArray pairLabel,
    NDArray targets,
    int size,
    int pairs,
    int[] items) {}
