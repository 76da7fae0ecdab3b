package org.crowd4j.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Annotators that each answer from one fixed confusion matrix, independently of the item
 * (class-conditional noise): the hammer–spammers, flippers, structured, neighbour and adversarial
 * annotators, and the group-based crowds of Mena &amp; Ñanculef 2019 (each annotator carries the
 * matrix of the group she was drawn from).
 */
public final class ConfusionPool implements AnnotatorPool {
  private final int k;
  private final List<double[][]> matrices;
  private final List<String> descriptions;
  private final int[] groups;

  private ConfusionPool(int k, List<double[][]> matrices, List<String> descriptions, int[] groups) {
    this.k = k;
    this.matrices = List.copyOf(matrices);
    this.descriptions = List.copyOf(descriptions);
    this.groups = groups;
  }

  /** A mutable builder for a pool of {@code k}-class annotators. */
  public static Builder builder(int k) {
    return new Builder(k);
  }

  /**
   * A group-based crowd (Mena &amp; Ñanculef 2019): each of {@code annotators} annotators draws a
   * group g ~ {@code groupPrior} and answers with that group's confusion.
   */
  public static ConfusionPool groups(
      double[][][] groupConfusions, double[] groupPrior, int annotators, SplittableRandom rng) {
    if (groupConfusions.length != groupPrior.length || groupPrior.length == 0) {
      throw new IllegalArgumentException("need one prior weight per group");
    }
    int k = groupConfusions[0].length;
    double total = 0;
    for (double p : groupPrior) {
      if (!(p >= 0)) {
        throw new IllegalArgumentException("group prior must be non-negative");
      }
      total += p;
    }
    Builder b = builder(k);
    int[] group = new int[annotators];
    for (int r = 0; r < annotators; r++) {
      double u = rng.nextDouble() * total;
      int g = 0;
      double acc = groupPrior[0];
      while (u >= acc && g + 1 < groupPrior.length) {
        acc += groupPrior[++g];
      }
      group[r] = g;
      b.add(groupConfusions[g], "group " + g);
    }
    ConfusionPool pool = b.build();
    return new ConfusionPool(k, pool.matrices, pool.descriptions, group);
  }

  @Override
  public int size() {
    return matrices.size();
  }

  @Override
  public int numLabels() {
    return k;
  }

  @Override
  public double[][] confusion(int r) {
    return matrices.get(r);
  }

  @Override
  public String describe(int r) {
    return descriptions.get(r);
  }

  /** The group of annotator {@code r} for group-based crowds, else −1. */
  public int group(int r) {
    return groups == null ? -1 : groups[r];
  }

  /** Accumulates annotators. */
  public static final class Builder {
    private final int k;
    private final List<double[][]> matrices = new ArrayList<>();
    private final List<String> descriptions = new ArrayList<>();

    private Builder(int k) {
      if (k < 1) {
        throw new IllegalArgumentException("need at least one class: " + k);
      }
      this.k = k;
    }

    /** Adds one annotator answering from a copy of {@code confusion}. */
    public Builder add(double[][] confusion, String description) {
      if (confusion.length != k) {
        throw new IllegalArgumentException("confusion must be " + k + "×" + k);
      }
      Confusions.check(confusion);
      double[][] copy = new double[k][];
      for (int c = 0; c < k; c++) {
        copy[c] = confusion[c].clone();
      }
      matrices.add(copy);
      descriptions.add(description);
      return this;
    }

    /** The pool. */
    public ConfusionPool build() {
      if (matrices.isEmpty()) {
        throw new IllegalArgumentException("a pool needs at least one annotator");
      }
      return new ConfusionPool(k, matrices, descriptions, null);
    }
  }
}
