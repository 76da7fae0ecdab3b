package org.crowd4j.nn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;

/** Small simulated crowds on Gaussian classes for fast tests. */
public record GaussianCrowd(
    CrowdDataset data,
    TaskFeatures features,
    Gold gold,
    Validation valid,
    Validation test,
    double[] trueConfusions) {

  /**
   * {@code n} training items of {@code k} Gaussian classes in {@code d} dimensions, labelled by
   * {@code annotators} pairwise flippers of accuracy {@code p}, densely or one label per item; 200
   * validation and 400 test items.
   */
  public static GaussianCrowd flippers(
      int n, int k, int d, int annotators, double p, boolean dense, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    Gaussians.Sample s = Gaussians.classes(n + 600, k, d, 1.5, rng);
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    for (int r = 0; r < annotators; r++) {
      b.add(Confusions.pairwiseFlipper(k, p, rng), "flipper");
    }
    int[] truth = Arrays.copyOf(s.labels(), n);
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(
            truth, b.build(), dense ? Assignment.dense() : Assignment.onePerItem(), seed + 1);
    TaskFeatures train = rows(s.features(), d, 0, n);
    TaskFeatures valid = rows(s.features(), d, n, n + 200);
    TaskFeatures test = rows(s.features(), d, n + 200, n + 600);
    CrowdDataset data = crowd.data();
    return new GaussianCrowd(
        data,
        train,
        crowd.gold(),
        new Validation(valid, Arrays.copyOfRange(s.labels(), n, n + 200)),
        new Validation(test, Arrays.copyOfRange(s.labels(), n + 200, n + 600)),
        crowd.effectiveConfusionsByWorkerId());
  }

  public static TaskFeatures rows(float[] x, int d, int from, int to) {
    List<String> names = new ArrayList<>();
    for (int i = from; i < to; i++) {
      names.add(Integer.toString(i - from));
    }
    return new TaskFeatures(Vocabulary.of(names), d, Arrays.copyOfRange(x, from * d, to * d));
  }

  /** Small, fast training options. */
  public static TrainOptions quick(int epochs, long seed) {
    return TrainOptions.fixedEpochs(epochs).withSeed(seed);
  }

  /** A small MLP. */
  public static Backbone smallMlp() {
    return Backbone.mlp(new int[] {32}, 0.0, false, false);
  }
}
