package org.crowd4j.aggregate.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

/**
 * The held-out-annotator criterion against its formula, computed here on its own: a hidden worker's
 * answer a is predicted by Σ_z q_i(z) (C[z, l_a] − q_i(z) + π0[z, l_a]) / (Σ_l C[z, l] − q_i(z) +
 * Σ_l π0[z, l]), with C her confusion counts over the posteriors of the fit without her fold. The
 * leave-one-out term (− q_i(z)) keeps an answer from predicting itself.
 */
class HeldOutAnnotatorTest {
  private static CrowdDataset crowd() {
    SplittableRandom rng = new SplittableRandom(4);
    CrowdDataset.Builder b = CrowdDataset.builder();
    String[] classes = {"a", "b", "c"};
    for (int t = 0; t < 40; t++) {
      int truth = rng.nextInt(3);
      for (int w = 0; w < 8; w++) {
        if (rng.nextDouble() < 0.6) {
          int l = rng.nextDouble() < 0.3 + 0.08 * w ? truth : rng.nextInt(3);
          b.add("t" + t, "w" + w, classes[l]);
        }
      }
    }
    // a worker with a single answer: without the leave-one-out term it would predict itself
    b.add("t0", "lonely", "a");
    return b.build();
  }

  @Test
  void hiddenAnswersArePredictedLeavingThemselvesOut() {
    CrowdDataset data = crowd();
    int folds = 4;
    long seed = 9;
    HeldOutPredictions p =
        new HeldOutScorer(Criterion.HELD_OUT_ANNOTATOR, folds, seed)
            .predict(
                data,
                List.of(Candidate.of(Methods.create("mv", java.util.Map.of()))),
                FitContext.<Gold>none());
    WorkerFolds wf = WorkerFolds.of(data, folds, seed);
    int k = data.numLabels();
    double[] prior = HeldOutScorer.channelPrior(k);
    AggregationResult[] fits = new AggregationResult[folds];
    for (int f = 0; f < folds; f++) {
      fits[f] =
          Methods.create("mv", java.util.Map.of()).fit(data.restrictedTo(wf.trainMask(data, f)));
    }
    int checked = 0;
    boolean lonelySeen = false;
    for (int j = 0; j < p.numScored(); j++) {
      int a = p.answer(j);
      int w = data.worker(a);
      AggregationResult r = fits[wf.fold(w)];
      double[][] c = new double[k][k];
      for (int b = 0; b < data.numAnswers(); b++) {
        if (data.worker(b) == w) {
          for (int z = 0; z < k; z++) {
            c[z][data.label(b)] += r.posterior(data.task(b), z);
          }
        }
      }
      double expected = 0;
      for (int z = 0; z < k; z++) {
        double q = r.posterior(data.task(a), z);
        double row = 0;
        for (int l = 0; l < k; l++) {
          row += c[z][l] + prior[z * k + l];
        }
        expected += q * (c[z][data.label(a)] - q + prior[z * k + data.label(a)]) / (row - q);
      }
      assertEquals(expected, p.probability(0, j), 1e-12, "answer " + a);
      checked++;
      if (data.workers().name(w).equals("lonely")) {
        lonelySeen = true;
        // her one answer, left out, leaves only the prior: Σ_z q(z) π0[z, l] / Σ_l π0[z, l]
        double onlyPrior = 0;
        for (int z = 0; z < k; z++) {
          onlyPrior += r.posterior(data.task(a), z) * prior[z * k + data.label(a)] / 2.0;
        }
        assertEquals(onlyPrior, p.probability(0, j), 1e-12);
      }
    }
    assertEquals(data.numAnswers(), checked, "every answer is scored once");
    assertTrue(lonelySeen);
  }
}
