package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.testing.PeerTables;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DawidSkeneSuiteTest {
  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple", "ds_step"})
  void matchesPeerPosteriorsAndErrors(String fixture) throws Exception {
    String file = fixture.equals("ds_step") ? "ds_step_answers.csv" : fixture + "_answers.csv";
    CrowdDataset data = CrowdReader.readAnswers(SharedData.suite("data/" + file));
    DawidSkene.Options parity =
        new DawidSkene.Options(100, 1e-5, 1e-10, DawidSkene.Stopping.CROWDKIT_ELBO);
    AggregationResult r = new DawidSkene(parity).fit(data);
    assertEquals("crowd-kit ELBO per answer", r.diagnostics().objectiveName());
    Map<String, Map<String, Double>> probas =
        PeerTables.frame(SharedData.suite("observed/DawidSkene__" + fixture + "__probas.csv"));
    assertEquals(data.numTasks(), probas.size());
    for (var e : probas.entrySet()) {
      int i = data.tasks().id(e.getKey());
      for (var p : e.getValue().entrySet()) {
        int k = data.labels().id(p.getKey());
        assertEquals(p.getValue(), r.posterior(i, k), 1e-6, e.getKey() + "/" + p.getKey());
      }
    }
    Map<String, String> labels =
        PeerTables.series(SharedData.suite("observed/DawidSkene__" + fixture + "__labels.csv"));
    for (var e : labels.entrySet()) {
      assertEquals(e.getValue(), data.labels().name(r.label(data.tasks().id(e.getKey()))));
    }
  }
}
