package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.metrics.ConfusionRecovery;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.CommonNoisePool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;
import org.junit.jupiter.api.Test;

/** CoNAL on CoNAL-style synthetic data recovers the common confusion (Chu et al. 2021, Fig. 5). */
class ConalCommonNoiseTest {
  @Test
  void recoversTheCommonConfusionBetterThanTheIndividualOnes() {
    int n = 3000;
    int k = 4;
    int d = 10;
    int annotators = 20;
    SplittableRandom rng = new SplittableRandom(21);
    Gaussians.Sample s = Gaussians.classes(n + 400, k, d, 1.0, rng);
    double[][] common = Confusions.asymmetric(k, 0.4, rng);
    double[][][] individual = new double[annotators][][];
    for (int r = 0; r < annotators; r++) {
      individual[r] = Confusions.asymmetric(k, 0.7, rng);
    }
    float[] x = Arrays.copyOf(s.features(), n * d);
    CommonNoisePool pool = CommonNoisePool.create(x, d, common, individual, 8, 0.5, rng);
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(Arrays.copyOf(s.labels(), n), pool, Assignment.perItem(3), 22);
    TaskFeatures features = GaussianCrowd.rows(x, d, 0, n);
    TaskFeatures validX = GaussianCrowd.rows(s.features(), d, n, n + 400);
    Validation valid = new Validation(validX, Arrays.copyOfRange(s.labels(), n, n + 400));
    TrainOptions t = GaussianCrowd.quick(15, 3);
    try (LearnedModel m =
        new Conal(Conal.Options.defaults(), t, Backbone.mlp(new int[] {64}, 0.2, false, false))
            .fit(crowd.data(), features, valid, EpochListener.NONE)) {
      CommonConfusionModel cc = (CommonConfusionModel) m.annotatorModel();
      double[] trueCommon = new double[k * k];
      for (int i = 0; i < k; i++) {
        System.arraycopy(common[i], 0, trueCommon, i * k, k);
      }
      double commonError = ConfusionRecovery.tannoError(trueCommon, cc.common(), k);
      int w = crowd.data().numWorkers();
      double[] trueIndividual = new double[w * k * k];
      for (int r = 0; r < w; r++) {
        int a = Integer.parseInt(crowd.data().workers().name(r).substring(1));
        for (int i = 0; i < k; i++) {
          System.arraycopy(individual[a][i], 0, trueIndividual, (r * k + i) * k, k);
        }
      }
      double individualError =
          ConfusionRecovery.tannoError(trueIndividual, cc.individual().toArray(), k);
      assertTrue(
          commonError < individualError,
          "common error " + commonError + " vs mean individual error " + individualError);
      assertEquals(crowd.data().numAnswers(), cc.omega().length);
      double acc = valid.accuracy(m.predictLabels(validX));
      System.out.println("acc " + acc + " common " + commonError + " ind " + individualError);
      assertTrue(acc > 0.6, "validation accuracy " + acc);
    }
  }
}
