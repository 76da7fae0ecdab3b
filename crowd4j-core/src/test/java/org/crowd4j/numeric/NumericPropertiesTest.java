package org.crowd4j.numeric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.Method;
import org.junit.jupiter.api.Test;

/** What holds for every numeric method. */
class NumericPropertiesTest {
  private static List<Method<NumericAnswers, NumericGold, NumericResult>> all() {
    List<Method<NumericAnswers, NumericGold, NumericResult>> out = new ArrayList<>();
    for (String name : NumericAuto.Options.defaults().candidateNames()) {
      out.add(NumericAuto.candidate(name));
    }
    out.add(new NumericAuto());
    return out;
  }

  /**
   * {@code d} plus a worker with one answer on an answered task, a task answered by one worker who
   * has other answers, and a task answered only by a worker with that single answer.
   */
  static NumericAnswers withLoners(NumericAnswers d) {
    NumericAnswers.Builder b = NumericAnswers.builder();
    for (int a = 0; a < d.numAnswers(); a++) {
      b.add(d.tasks().name(d.task(a)), d.workers().name(d.worker(a)), d.value(a));
    }
    b.add(d.tasks().name(0), "solo-1", d.value(d.taskStart(0)) + 7);
    b.add("lonely", d.workers().name(0), 42);
    b.add("island", "solo-2", -3);
    return b.build();
  }

  private static NumericCrowds.Simulated crowd(long seed) {
    return NumericCrowds.gaussian(
        40, 4, new double[] {0, 3, -3, 1, 0, 0}, new double[] {1, 2, 4, 8, 3, 5}, seed);
  }

  @Test
  void singleAnswerWorkersAndTasksGiveFiniteResults() {
    NumericAnswers d = withLoners(crowd(3).answers());
    for (var m : all()) {
      NumericResult r = m.fit(d);
      for (double x : r.estimates()) {
        assertTrue(Double.isFinite(x), m.name());
      }
      for (double[] col : List.of(r.bias(), r.variance(), r.weights())) {
        for (double x : col) {
          assertTrue(Double.isFinite(x), m.name() + " " + Arrays.toString(col));
        }
      }
      for (double x : r.diagnostics().objective()) {
        assertTrue(Double.isFinite(x), m.name());
      }
      if (!m.name().equals("raykar") && !m.name().equals("auto")) {
        // (Raykar explains a lone worker's lone answer by its bias: the answer says little there)
        assertEquals(-3, r.estimate("island"), 1e-9, m.name() + ": a lone answer is the estimate");
      }
      assertEquals(1, Arrays.stream(r.weights()).sum(), 1e-12, m.name());
    }
  }

  @Test
  void goldTasksAreClampedByTheIterativeMethodsAndIgnoredByTheClosedForms() {
    NumericCrowds.Simulated s = crowd(4);
    NumericAnswers d = s.answers();
    double[] g = new double[d.numTasks()];
    Arrays.fill(g, Double.NaN);
    for (int i = 0; i < d.numTasks(); i += 3) {
      g[i] = 1000 + i;
    }
    FitContext<NumericGold> ctx = FitContext.withGold(NumericGold.ofValues(g));
    for (var m : List.of(new Catd(), new Pm(), new Raykar())) {
      NumericResult r = m.fit(d, ctx);
      for (int i = 0; i < g.length; i += 3) {
        assertEquals(g[i], r.estimate(i), 0, m.name() + " task " + i);
      }
    }
    for (String only : List.of("catd", "pm", "raykar")) {
      // auto passes the gold to the method it chose
      NumericResult r = new NumericAuto(new NumericAuto.Options(only, 0.2, 0, 1e-3)).fit(d, ctx);
      assertEquals(g[3], r.estimate(3), 0, only);
    }
    for (var m : List.of(TaskStatistic.mean(), TaskStatistic.median())) {
      assertArrayEquals(m.fit(d).estimates(), m.fit(d, ctx).estimates(), 0, m.name());
    }
    double[] shorter = new double[d.numTasks() - 1];
    assertThrows(
        IllegalArgumentException.class,
        () -> new Raykar().fit(d, FitContext.withGold(NumericGold.ofValues(shorter))));
  }

  @Test
  void fitsAreDeterministicAndAutoFollowsItsSeed() {
    NumericAnswers d = crowd(5).answers();
    for (var m : all()) {
      NumericResult a = m.fit(d);
      NumericResult b = m.fit(d);
      assertArrayEquals(a.estimates(), b.estimates(), 0, m.name());
      assertArrayEquals(a.variance(), b.variance(), 0, m.name());
      assertEquals(a.provenance().options(), b.provenance().options());
    }
    NumericAuto seeded = new NumericAuto(new NumericAuto.Options("", 0.2, 99, 1e-3));
    NumericSelection x = seeded.fit(d).selection().orElseThrow();
    NumericSelection y = seeded.fit(d).selection().orElseThrow();
    assertEquals(x, y);
    assertEquals("99", seeded.fit(d).provenance().options().get("seed"));
  }

  @Test
  void aListenerCanStopAFitWhichIsThenNotConverged() {
    NumericAnswers d = crowd(6).answers();
    IterationListener stopAt3 = (method, it, max, objective) -> it < 3;
    for (var m :
        List.of(
            new Catd(new Catd.Options(100, 0, 0.05, 1e-6)),
            new Pm(new Pm.Options(100, 0, 1e-10)),
            new Raykar(new Raykar.Options(100, 0, 1e-3, true)))) {
      Diagnostics diag = m.fit(d, new FitContext<>(null, stopAt3)).diagnostics();
      assertEquals(3, diag.iterations(), m.name());
      assertFalse(diag.converged(), m.name());
      assertTrue(diag.stopReason().startsWith("stopped by the listener"), diag.stopReason());
    }
  }

  @Test
  void zeroIterationsReturnTheStart() {
    NumericAnswers d = crowd(7).answers();
    assertArrayEquals(
        TaskStatistic.median().fit(d).estimates(),
        new Catd(new Catd.Options(0, 1e-6, 0.05, 1e-6)).fit(d).estimates(),
        0);
    assertArrayEquals(
        TaskStatistic.median().fit(d).estimates(),
        new Pm(new Pm.Options(0, 1e-6, 1e-10)).fit(d).estimates(),
        0);
    NumericResult r = new Raykar(new Raykar.Options(0, 1e-6, 1e-3, true)).fit(d);
    assertEquals(0, r.diagnostics().iterations());
    for (double x : r.estimates()) {
      assertTrue(Double.isFinite(x));
    }
  }

  @Test
  void resultsHandOutCopies() {
    NumericResult r = new Raykar().fit(crowd(8).answers());
    for (double[] col : List.of(r.estimates(), r.bias(), r.variance(), r.weights())) {
      double before = col[0];
      col[0] = Double.NaN;
      assertFalse(Double.isNaN(before));
    }
    assertFalse(Double.isNaN(r.estimates()[0]));
    assertFalse(Double.isNaN(r.bias()[0]));
    assertFalse(Double.isNaN(r.variance()[0]));
    assertFalse(Double.isNaN(r.weights()[0]));
  }

  @Test
  void badOptionsNameTheOption() {
    assertThrows(IllegalArgumentException.class, () -> new Catd.Options(-1, 1e-6, 0.05, 1e-6));
    assertThrows(IllegalArgumentException.class, () -> new Catd.Options(10, 1e-6, 1, 1e-6));
    assertThrows(IllegalArgumentException.class, () -> new Pm.Options(10, Double.NaN, 1e-10));
    assertThrows(IllegalArgumentException.class, () -> new Pm.Options(10, 1e-6, 0.5));
    assertThrows(IllegalArgumentException.class, () -> new Raykar.Options(10, 1e-6, 0, true));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new NumericAuto.Options("mean,ds", 0.2, 0, 1e-3));
    assertTrue(
        e.getMessage().contains("unknown method 'ds'; available: mean, median"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new NumericAuto.Options("mean,mean", 0.2, 0, 1e-3));
    assertThrows(IllegalArgumentException.class, () -> new NumericAuto.Options("", 1, 0, 1e-3));
  }

  @Test
  void everyOptionIsDescribed() {
    for (Class<?> c :
        List.of(
            Catd.Options.class,
            Pm.Options.class,
            Raykar.Options.class,
            NumericAuto.Options.class)) {
      for (var component : c.getRecordComponents()) {
        assertTrue(
            component.isAnnotationPresent(org.crowd4j.method.Describe.class),
            c.getName() + "." + component.getName());
      }
    }
  }
}
