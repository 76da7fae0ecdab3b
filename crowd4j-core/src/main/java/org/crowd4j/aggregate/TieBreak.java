package org.crowd4j.aggregate;

/** How a vote picks among equally supported labels. */
public enum TieBreak {
  /** The lowest label id, i.e. the first in sorted label order (crowd-kit's behaviour). */
  LOWEST,
  /** Uniformly at random among the tied labels, from the method's seed. */
  RANDOM
}
