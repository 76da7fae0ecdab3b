package org.crowd4j.numeric;

import org.crowd4j.method.ConfiguredMethod;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;

/**
 * What the numeric methods share around their updates: the checks, gold values and loop control
 * every fit starts with.
 *
 * @param <O> the method's options
 */
abstract class NumericMethod<O extends Record & NumericMethod.LoopOptions>
    extends ConfiguredMethod<NumericAnswers, NumericGold, NumericResult, O> {
  /** The options every numeric method has: an iteration limit and a tolerance. */
  interface LoopOptions {
    /** Iterations at most. */
    int maxIterations();

    /** Stopping tolerance, in the {@link FitProgress.Mode}'s sense. */
    double tol();
  }

  private final FitProgress.Mode mode;

  /** The method {@code name}, whose recorded value behaves as {@code mode} says. */
  NumericMethod(String name, FitProgress.Mode mode, O options) {
    super(name, options);
    this.mode = mode;
  }

  @Override
  public final NumericResult fit(NumericAnswers data, FitContext<NumericGold> context) {
    long start = System.nanoTime();
    NumericFits.requireAnswers(data);
    double[] gold = NumericFits.gold(context.gold(), data.numTasks());
    FitProgress progress =
        new FitProgress(
            name(), mode, options().maxIterations(), options().tol(), context.listener());
    return fit(data, gold, progress, start);
  }

  /**
   * Fits {@code data}, which has answers.
   *
   * @param gold the known value of every task, NaN where unknown
   * @param progress the loop control, to record each iteration in
   * @param start when the fit started ({@link System#nanoTime()}), for the provenance
   */
  abstract NumericResult fit(NumericAnswers data, double[] gold, FitProgress progress, long start);
}
