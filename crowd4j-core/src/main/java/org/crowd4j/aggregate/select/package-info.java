/**
 * Choosing an aggregator without gold: seeded held-out folds of the answers and the held-out answer
 * likelihood of each candidate, used by {@code --method auto}.
 */
package org.crowd4j.aggregate.select;
