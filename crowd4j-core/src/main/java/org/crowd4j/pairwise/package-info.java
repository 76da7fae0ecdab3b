/**
 * Pairwise comparisons instead of labels: comparisons as primitive columns, Bradley–Terry (Hunter's
 * MM) and NoisyBT (annotator reliability and position bias), rankings with standard errors,
 * Kendall's τ and a seeded simulator.
 */
package org.crowd4j.pairwise;
