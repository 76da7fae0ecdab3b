package org.crowd4j.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.testing.CsvRoundTrip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulated crowd whose task, worker and label names are replaced by seeded random names that
 * need quoting, written through {@link SimulationWriter}, read back through the record source as it
 * was.
 */
class SimulationWriterRoundTripTest {
  private static final int SEEDS = 10;

  @TempDir Path dir;

  @Test
  void simulatedFilesReadBackAsWritten() throws Exception {
    int k = 3;
    ConfusionPool.Builder pool = ConfusionPool.builder(k);
    for (int w = 0; w < 4; w++) {
      pool.add(Confusions.symmetric(k, 0.6), "one-coin " + w);
    }
    int[] truth = {0, 1, 2, 1, 0, 2, 2, 1};
    SimulatedCrowd base = CrowdSimulator.simulate(truth, pool.build(), Assignment.perItem(3), 5);
    for (long seed = 0; seed < SEEDS; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      CrowdDataset d = base.data();
      List<String> tasks = CsvRoundTrip.fields(rng, d.numTasks(), "");
      List<String> workers = CsvRoundTrip.fields(rng, d.numWorkers(), "");
      List<String> labels = CsvRoundTrip.fields(rng, d.numLabels(), "");
      CrowdDataset.Builder b = CrowdDataset.builder();
      List<List<String>> answers = new ArrayList<>(List.of(List.of("task", "worker", "label")));
      for (int a = 0; a < d.numAnswers(); a++) {
        List<String> row =
            List.of(tasks.get(d.task(a)), workers.get(d.worker(a)), labels.get(d.label(a)));
        b.add(row.get(0), row.get(1), row.get(2));
      }
      CrowdDataset renamed = b.build();
      for (int a = 0; a < renamed.numAnswers(); a++) {
        answers.add(
            List.of(
                renamed.tasks().name(renamed.task(a)),
                renamed.workers().name(renamed.worker(a)),
                renamed.labels().name(renamed.label(a))));
      }
      float[] features = new float[truth.length * 2];
      for (int f = 0; f < features.length; f++) {
        features[f] = (float) rng.nextGaussian();
      }
      SimulatedCrowd crowd =
          new SimulatedCrowd(
              renamed, base.gold(), truth, base.pool(), base.effectiveConfusions(), 0, 0);
      Path out = dir.resolve("sim" + seed);
      SimulationWriter.write(out, crowd, features, 2);
      assertEquals(answers, CsvRoundTrip.records(out.resolve("answers.csv")), "seed " + seed);
      List<List<String>> gold = new ArrayList<>(List.of(List.of("task", "label")));
      List<List<String>> x = new ArrayList<>(List.of(List.of("task", "f0", "f1")));
      for (int i = 0; i < truth.length; i++) {
        gold.add(List.of(Integer.toString(i), Integer.toString(truth[i])));
        x.add(
            List.of(
                Integer.toString(i),
                Float.toString(features[2 * i]),
                Float.toString(features[2 * i + 1])));
      }
      assertEquals(gold, CsvRoundTrip.records(out.resolve("gold.csv")));
      assertEquals(x, CsvRoundTrip.records(out.resolve("features.csv")));
    }
  }

  @Test
  void trueConfusionsReadBackAndDamagedCopiesNameFileLineAndField() throws Exception {
    int k = 2;
    ConfusionPool.Builder pool = ConfusionPool.builder(k);
    pool.add(Confusions.symmetric(k, 0.8), "one-coin");
    pool.add(Confusions.symmetric(k, 0.6), "one-coin");
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(new int[] {0, 1, 1, 0}, pool.build(), Assignment.perItem(2), 1);
    Path out = dir.resolve("sim");
    SimulationWriter.write(out, crowd, new float[4], 1);
    Path file = out.resolve("true_confusions.json");
    TrueConfusionsReader.TrueConfusions t = TrueConfusionsReader.read(file);
    assertEquals(k, t.classes());
    assertEquals(List.of("a0", "a1"), List.copyOf(t.effectiveByWorker().keySet()));
    assertEquals(crowd.effectiveConfusions()[0], t.effectiveByWorker().get("a0")[0], 1e-12);
    String json = Files.readString(file);
    Map<String, String> damaged = new LinkedHashMap<>();
    damaged.put(json.substring(0, json.length() / 2), "not valid JSON");
    damaged.put("[" + json, "not an object");
    damaged.put(json.replaceFirst("\"classes\" : 2", "\"classes\" : 3"), "'classes' is 3");
    damaged.put(json.replaceFirst("\"worker\" : \"a1\"", "\"worker\" : 7"), "field 'worker'");
    String first = "\"effectiveConfusion\" : \\[ \\[ [0-9.E-]+";
    damaged.put(json.replaceFirst(first, "\"effectiveConfusion\" : [ [ NaN"), "not valid JSON");
    damaged.put(json.replaceFirst(first, "\"effectiveConfusion\" : [ [ 2.5"), "not a probability");
    damaged.put("", "the file is empty");
    for (Map.Entry<String, String> d : damaged.entrySet()) {
      Files.writeString(file, d.getKey());
      CrowdFormatException e =
          assertThrows(CrowdFormatException.class, () -> TrueConfusionsReader.read(file));
      assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
      assertTrue(e.getMessage().contains(d.getValue()), e.getMessage());
    }
  }
}
