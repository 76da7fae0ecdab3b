/**
 * Numeric answers (each answer a number, e.g. a rating or a count): {@link
 * org.crowd4j.numeric.NumericAnswers} read by {@link org.crowd4j.numeric.NumericReader}, gold as
 * {@link org.crowd4j.numeric.NumericGold}, and the methods that estimate every task's value and
 * every worker's bias and variance ({@link org.crowd4j.numeric.NumericResult}): {@link
 * org.crowd4j.numeric.TaskStatistic}, {@link org.crowd4j.numeric.Catd}, {@link
 * org.crowd4j.numeric.Pm}, {@link org.crowd4j.numeric.Raykar} and the gold-free choice among them,
 * {@link org.crowd4j.numeric.NumericAuto}. {@link org.crowd4j.numeric.NumericMetrics} scores
 * estimates against gold (Pearson r, RMSE, MAE).
 */
package org.crowd4j.numeric;
