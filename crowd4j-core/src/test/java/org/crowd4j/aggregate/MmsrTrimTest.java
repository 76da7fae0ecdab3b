package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.Test;

/** M-MSR's trimming ignores how many partners an almost isolated worker has. */
class MmsrTrimTest {
  private static CrowdDataset crowd(boolean withLoner) {
    CrowdDataset base = AutoTest.oneCoinCrowd().data();
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int a = 0; a < base.numAnswers(); a++) {
      b.add(
          base.tasks().name(base.task(a)),
          base.workers().name(base.worker(a)),
          base.labels().name(base.label(a)));
    }
    if (withLoner) {
      // a worker without partners: alone on a task of her own
      b.add("solo-task", "loner", base.labels().name(0));
    }
    return b.build();
  }

  @Test
  void anAlmostIsolatedWorkerDoesNotTurnTheTrimmedMeansIntoMaxima() {
    double[] without = ((WorkerSkills) new Mmsr().fit(crowd(false)).workers()).values();
    CrowdDataset with = crowd(true);
    double[] skills = ((WorkerSkills) new Mmsr().fit(with).workers()).values();
    double maxShift = 0;
    for (int w = 0; w < without.length; w++) {
      maxShift = Math.max(maxShift, Math.abs(skills[w] - without[w]));
    }
    assertTrue(maxShift < 0.01, "skills moved by " + maxShift);
    // crowd-kit's rule (F from every worker: −1 here, every trimmed mean a maximum) is kept in its
    // parity preset, where the same worker moves the others' skills
    double[] parityWithout =
        ((WorkerSkills) new Mmsr(Mmsr.Options.crowdKit()).fit(crowd(false)).workers()).values();
    double[] parity =
        ((WorkerSkills) new Mmsr(Mmsr.Options.crowdKit()).fit(with).workers()).values();
    double parityShift = 0;
    for (int w = 0; w < parityWithout.length; w++) {
      parityShift = Math.max(parityShift, Math.abs(parity[w] - parityWithout[w]));
    }
    assertTrue(parityShift > 10 * maxShift, "crowd-kit rule: " + parityShift + " vs " + maxShift);
    assertEquals(with.numWorkers(), parity.length);
  }
}
