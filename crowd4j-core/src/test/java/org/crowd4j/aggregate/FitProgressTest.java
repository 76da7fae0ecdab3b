package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.Provenance;
import org.junit.jupiter.api.Test;

/** The shared EM loop control: what stops a fit and what it reports. */
class FitProgressTest {
  private static FitProgress run(double... objectives) {
    FitProgress p = FitProgress.ascent("test", 100, 1e-6, IterationListener.NONE);
    for (double o : objectives) {
      if (!p.record(o)) {
        break;
      }
    }
    return p;
  }

  @Test
  void aStalledObjectiveConverges() {
    Diagnostics d = run(-2, -1.5, -1.2, -1.2 + 1e-8).diagnostics("x");
    assertTrue(d.converged());
    assertEquals(4, d.iterations());
    assertTrue(d.stopReason().startsWith("objective gained less than"), d.stopReason());
  }

  @Test
  void aNanObjectiveStopsUnconverged() {
    Diagnostics d = run(-2, -1.5, Double.NaN, -1.0).diagnostics("x");
    assertFalse(d.converged());
    assertEquals(3, d.iterations());
    assertEquals("objective is NaN at iteration 3", d.stopReason());
  }

  @Test
  void aFallingObjectiveIsReportedAsSuch() {
    Diagnostics d = run(-2, -1.5, -1.7).diagnostics("x");
    assertFalse(d.converged());
    assertTrue(d.stopReason().startsWith("objective fell by 0.200 at iteration 3"), d.stopReason());
    // a fall within rounding is a stall, not a fall
    assertTrue(run(-2, -1.5, -1.5 - 1e-13).diagnostics("x").converged());
  }

  @Test
  void theLimitAndTheListenerStopUnconverged() {
    FitProgress p = FitProgress.ascent("test", 3, 1e-6, IterationListener.NONE);
    assertTrue(p.record(-3));
    assertTrue(p.record(-2));
    assertFalse(p.record(-1));
    assertFalse(p.diagnostics("x").converged());
    assertEquals("iteration limit 3 reached", p.diagnostics("x").stopReason());
    FitProgress q = FitProgress.ascent("test", 10, 1e-6, (m, i, max, o) -> i < 2);
    assertTrue(q.record(-3));
    assertFalse(q.record(-2));
    assertEquals("stopped by the listener at iteration 2", q.diagnostics("x").stopReason());
  }

  @Test
  void crowdKitsElboFallsAndIsNotCalledConverged() throws Exception {
    // crowd-kit's ELBO adds the log prior once per answer: on adult it falls after iteration 2
    java.nio.file.Path dir = org.crowd4j.testing.SharedData.dataset("adult");
    CrowdDataset d = org.crowd4j.io.CrowdReader.readAnswers(dir.resolve("answers.csv"));
    AggregationResult r =
        new DawidSkene(new DawidSkene.Options(100, 1e-5, 1e-10, DawidSkene.Stopping.CROWDKIT_ELBO))
            .fit(d);
    assertFalse(r.diagnostics().converged());
    assertTrue(
        r.diagnostics().stopReason().startsWith("objective fell by"), r.diagnostics().stopReason());
    assertTrue(new DawidSkene().fit(d).diagnostics().converged());
  }

  @Test
  void resultsRejectPosteriorsThatAreNotProbabilities() {
    CrowdDataset d = CrowdDataset.builder().labels(List.of("a", "b")).add("t", "w", "a").build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new AggregationResult(
                    d,
                    new double[] {Double.NaN, 0.5},
                    null,
                    null,
                    new WorkerSkills(new double[] {1}),
                    Diagnostics.closedForm(),
                    Provenance.of("x", null, d.digest(), 0)));
    assertTrue(e.getMessage().contains("task 't', class 'a' is NaN"), e.getMessage());
  }

  @Test
  void optionsThatWouldGiveNanAreRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new DawidSkene.Options(100, 1e-5, 0.0, DawidSkene.Stopping.LIKELIHOOD));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new CommonConfusionEm.Options(
                200, 1e-5, 0.0, CommonConfusionEm.OmegaMode.PER_WORKER, 0.5));
  }
}
