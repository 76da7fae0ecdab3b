package org.crowd4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AnnotatorTable} on a hand-checked one-coin case. */
class AnnotatorTableTest {
  @TempDir Path dir;

  /**
   * Majority vote implies a one-coin answer model: with two classes a worker of accuracy s has rows
   * (s, 1 − s) and (1 − s, s), so her accuracy is s, her spammer score 1 − |2s − 1| and her largest
   * confusion 1 − s.
   */
  @Test
  void oneCoinWorkersHaveTheirClosedForms() throws Exception {
    CrowdDataset.Builder b = CrowdDataset.builder();
    String[] truth = {"x", "y", "x", "y"};
    for (int t = 0; t < 4; t++) {
      String other = truth[t].equals("x") ? "y" : "x";
      b.add("t" + t, "a", truth[t]);
      b.add("t" + t, "b", truth[t]);
      b.add("t" + t, "c", truth[t]);
      b.add("t" + t, "half", t < 2 ? truth[t] : other);
    }
    CrowdDataset data = b.build();
    AggregationResult r = new MajorityVote().fit(data);
    AnnotatorTable table = AnnotatorTable.of(r, data);
    assertEquals(List.of("a", "b", "c", "half"), table.workers());
    int half = 3;
    assertEquals(0.5, table.skills()[half], 1e-12);
    assertEquals(0.5, table.accuracy()[half], 1e-12);
    assertEquals(1.0, table.spammerScore()[half], 1e-12);
    assertEquals(0.5, table.confusion()[half], 1e-12);
    // the vote's answer model smooths a skill as (agreements + 1) / (answers + 2): 5/6 for "a"
    assertEquals(5.0 / 6, table.accuracy()[0], 1e-12);
    assertEquals(1 - Math.abs(2 * 5.0 / 6 - 1), table.spammerScore()[0], 1e-12);
    assertEquals(1.0 / 6, table.confusion()[0], 1e-12);
    assertEquals(4, table.answers()[half]);
    Path out = dir.resolve("annotators.csv");
    table.write(out);
    List<String> lines = Files.readAllLines(out);
    assertEquals(
        "worker,answers,skill,accuracy,spammer_score,largest_confusion,largest_confusion_p",
        lines.get(0));
    assertEquals("half,4,0.500000,0.500000,1.00000,x→y,0.500000", lines.get(4));
  }
}
