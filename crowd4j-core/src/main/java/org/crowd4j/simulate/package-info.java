/**
 * Seeded simulated crowds with known truth: annotator pools (confusion matrices, common noise,
 * algorithmic labelers, perturbed classifiers), task assignment and redundancy, feature sources
 * (Gaussians, IDX images), and a crowd like a fitted model's; written as the long CSV format.
 */
package org.crowd4j.simulate;
