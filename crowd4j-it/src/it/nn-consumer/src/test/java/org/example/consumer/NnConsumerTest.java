package org.example.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.Conal;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Learner;
import org.crowd4j.nn.TrainOptions;
import org.junit.jupiter.api.Test;

/**
 * What a project that depends on crowd4j-nn can do: one small CoNAL fit; and what it does not get:
 * the reference experiments, which live in crowd4j-experiments.
 */
class NnConsumerTest {
  @Test
  void experimentsAreNotInTheLibrary() {
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("org.crowd4j.nn.experiments.Reproduce"));
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("org.crowd4j.experiments.Reproduce"));
  }

  @Test
  void conalFitsAndPredicts() {
    SplittableRandom rng = new SplittableRandom(3);
    int n = 40;
    int dim = 2;
    CrowdDataset.Builder answers = CrowdDataset.builder();
    float[] x = new float[n * dim];
    String[] ids = new String[n];
    for (int i = 0; i < n; i++) {
      int y = i % 2;
      ids[i] = "item" + i;
      x[i * dim] = (float) (y == 0 ? -1 + 0.3 * rng.nextGaussian() : 1 + 0.3 * rng.nextGaussian());
      x[i * dim + 1] = (float) rng.nextGaussian();
      for (int w = 0; w < 3; w++) {
        int label = rng.nextDouble() < 0.8 ? y : 1 - y;
        answers.add(ids[i], "w" + w, label == 0 ? "neg" : "pos");
      }
    }
    CrowdDataset data = answers.build();
    float[] aligned = new float[n * dim];
    for (int t = 0; t < n; t++) {
      int i = Integer.parseInt(data.tasks().name(t).substring(4));
      System.arraycopy(x, i * dim, aligned, t * dim, dim);
    }
    TaskFeatures features = new TaskFeatures(data.tasks(), dim, aligned);

    Learner conal =
        new Conal(
            Conal.Options.defaults(),
            TrainOptions.defaults().withEpochs(2).withSeed(1),
            Backbone.mlp(new int[] {8}, 0.0, false, false));
    try (LearnedModel m = conal.fit(data, features, null, EpochListener.NONE)) {
      double[] p = m.predict(features);
      assertEquals(n * 2, p.length);
      for (int i = 0; i < n; i++) {
        assertEquals(1.0, p[2 * i] + p[2 * i + 1], 1e-5);
      }
    }
  }
}
