package org.crowd4j.numeric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Known true values of some tasks of a {@link NumericAnswers}, aligned to its task ids ({@code NaN}
 * = unknown). Gold of a task id the answers do not hold is not dropped silently: such ids are kept
 * in {@link #unmatchedTasks()} for the caller to report.
 */
public final class NumericGold {
  private final double[] value;
  private final int count;
  private final List<String> unmatched;

  private NumericGold(double[] value, List<String> unmatched) {
    this.value = value;
    int c = 0;
    for (double v : value) {
      if (!Double.isNaN(v)) {
        c++;
      }
    }
    this.count = c;
    this.unmatched = List.copyOf(unmatched);
  }

  /**
   * Aligns gold given by task id to {@code data}; ids that {@code data} does not know are listed in
   * {@link #unmatchedTasks()} (in the map's order).
   *
   * @throws IllegalArgumentException when a value is NaN or infinite
   */
  public static NumericGold of(NumericAnswers data, Map<String, Double> valueByTask) {
    double[] v = new double[data.numTasks()];
    Arrays.fill(v, Double.NaN);
    List<String> unmatched = new ArrayList<>();
    for (Map.Entry<String, Double> e : valueByTask.entrySet()) {
      double x = e.getValue();
      if (!Double.isFinite(x)) {
        throw new IllegalArgumentException(
            "gold of task '" + e.getKey() + "' is " + x + "; gold values must be finite");
      }
      int i = data.tasks().id(e.getKey());
      if (i < 0) {
        unmatched.add(e.getKey());
      } else {
        v[i] = x;
      }
    }
    return new NumericGold(v, unmatched);
  }

  /**
   * Gold from values aligned to task ids ({@code NaN} = unknown).
   *
   * @throws IllegalArgumentException when a value is infinite
   */
  public static NumericGold ofValues(double[] valuePerTask) {
    for (int i = 0; i < valuePerTask.length; i++) {
      if (Double.isInfinite(valuePerTask[i])) {
        throw new IllegalArgumentException("gold of task " + i + " is infinite");
      }
    }
    return new NumericGold(valuePerTask.clone(), List.of());
  }

  /** Whether task {@code i} has a known value. */
  public boolean has(int i) {
    return !Double.isNaN(value[i]);
  }

  /** The known value of task {@code i}, or {@code NaN}. */
  public double value(int i) {
    return value[i];
  }

  /** A copy of the values aligned to the tasks ({@code NaN} = unknown). */
  public double[] values() {
    return value.clone();
  }

  /** Number of tasks of the answers that have a known value. */
  public int count() {
    return count;
  }

  /** Number of tasks this gold is aligned to. */
  public int numTasks() {
    return value.length;
  }

  /** Gold task ids that the answers do not hold (not used by any fit). */
  public List<String> unmatchedTasks() {
    return unmatched;
  }
}
