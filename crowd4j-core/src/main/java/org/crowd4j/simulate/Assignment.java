package org.crowd4j.simulate;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Who labels which item. An assignment emits, item by item, the annotators that label it; every
 * random choice comes from the given generator.
 */
public interface Assignment {
  /** Receives the chosen (item, annotator) pairs. */
  @FunctionalInterface
  interface PairSink {
    /** Annotator {@code r} labels item {@code i}. */
    void accept(int i, int r);
  }

  /** Emits the pairs for {@code items} items and {@code annotators} annotators. */
  void assign(int items, int annotators, SplittableRandom rng, PairSink sink);

  /** Everyone labels everything. */
  static Assignment dense() {
    return (items, annotators, rng, sink) -> {
      for (int i = 0; i < items; i++) {
        for (int r = 0; r < annotators; r++) {
          sink.accept(i, r);
        }
      }
    };
  }

  /** {@code k} distinct annotators per item, uniformly at random. */
  static Assignment perItem(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be ≥ 1: " + k);
    }
    return (items, annotators, rng, sink) -> {
      if (k > annotators) {
        throw new IllegalArgumentException(k + " annotators per item but only " + annotators);
      }
      int[] pool = new int[annotators];
      for (int r = 0; r < annotators; r++) {
        pool[r] = r;
      }
      int[] chosen = new int[k];
      for (int i = 0; i < items; i++) {
        for (int j = 0; j < k; j++) {
          int p = j + rng.nextInt(annotators - j);
          int t = pool[p];
          pool[p] = pool[j];
          pool[j] = t;
          chosen[j] = t;
        }
        Arrays.sort(chosen);
        for (int r : chosen) {
          sink.accept(i, r);
        }
      }
    };
  }

  /** One label per item from a uniformly chosen annotator (Tanno's "1 label per image"). */
  static Assignment onePerItem() {
    return perItem(1);
  }

  /**
   * Sparse long tail: {@code k} distinct annotators per item drawn with probability ∝ (r + 1)^−α (a
   * Zipf law), so a few annotators do most of the work.
   */
  static Assignment longTail(int k, double alpha) {
    if (k < 1 || !(alpha >= 0)) {
      throw new IllegalArgumentException("need k ≥ 1 and alpha ≥ 0");
    }
    return (items, annotators, rng, sink) -> {
      double[] weights = new double[annotators];
      for (int r = 0; r < annotators; r++) {
        weights[r] = Math.pow(r + 1, -alpha);
      }
      weighted(k, weights).assign(items, annotators, rng, sink);
    };
  }

  /**
   * {@code k} distinct annotators per item, each drawn with probability ∝ {@code weights[r]} among
   * those not yet chosen for the item (e.g. the number of answers each gave in a real crowd, so the
   * simulated crowd keeps its workload shape).
   */
  static Assignment weighted(int k, double[] weights) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be ≥ 1: " + k);
    }
    double[] cumulative = new double[weights.length];
    double total = 0;
    int positive = 0;
    for (int r = 0; r < weights.length; r++) {
      if (!(weights[r] >= 0) || Double.isInfinite(weights[r])) {
        throw new IllegalArgumentException("weight of annotator " + r + " is " + weights[r]);
      }
      total += weights[r];
      cumulative[r] = total;
      if (weights[r] > 0) {
        positive++;
      }
    }
    double sum = total;
    int usable = positive;
    return (items, annotators, rng, sink) -> {
      if (annotators != cumulative.length) {
        throw new IllegalArgumentException(
            cumulative.length + " weights for " + annotators + " annotators");
      }
      if (k > usable) {
        throw new IllegalArgumentException(
            k + " annotators per item but only " + usable + " with a positive weight");
      }
      int[] chosen = new int[k];
      for (int i = 0; i < items; i++) {
        int got = 0;
        while (got < k) {
          double u = rng.nextDouble() * sum;
          int r = Arrays.binarySearch(cumulative, u);
          r = r >= 0 ? r + 1 : -r - 1;
          while (r < annotators - 1 && cumulative[r] <= u) {
            r++;
          }
          r = Math.min(r, annotators - 1);
          boolean seen = false;
          for (int j = 0; j < got && !seen; j++) {
            seen = chosen[j] == r;
          }
          if (!seen) {
            chosen[got++] = r;
          }
        }
        Arrays.sort(chosen);
        for (int r : chosen) {
          sink.accept(i, r);
        }
      }
    };
  }

  /**
   * Mena &amp; Ñanculef's density protocol: each annotator labels each item independently with
   * probability {@code meanPerItem / annotators}; an item left without a label gets one from a
   * random annotator.
   */
  static Assignment density(double meanPerItem) {
    if (!(meanPerItem > 0)) {
      throw new IllegalArgumentException("meanPerItem must be > 0: " + meanPerItem);
    }
    return (items, annotators, rng, sink) -> {
      double p = Math.min(1.0, meanPerItem / annotators);
      for (int i = 0; i < items; i++) {
        boolean any = false;
        if (p >= 1) {
          for (int r = 0; r < annotators; r++) {
            sink.accept(i, r);
          }
          continue;
        }
        // geometric skipping: O(labels) rather than O(annotators) per item
        double logq = Math.log1p(-p);
        int r = -1;
        while (true) {
          double u = 1 - rng.nextDouble();
          r += 1 + (int) Math.floor(Math.log(u) / logq);
          if (r >= annotators || r < 0) {
            break;
          }
          sink.accept(i, r);
          any = true;
        }
        if (!any) {
          sink.accept(i, rng.nextInt(annotators));
        }
      }
    };
  }
}
