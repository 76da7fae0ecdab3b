package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.crowd4j.method.IterationListener;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.ComparisonsWriter;
import org.crowd4j.pairwise.PairwiseSimulator;
import org.crowd4j.pairwise.Ranking;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rank --engine spark}: the core's ranking of a Spark fit read from a CSV. */
class SparkRankingTest extends SparkTestBase {
  @TempDir Path dir;

  @Test
  void aRankingEqualToTheCoresFromTheComparisonsFile() throws Exception {
    spark();
    PairwiseSimulator.Simulated sim =
        PairwiseSimulator.simulate(
            new PairwiseSimulator.Spec(40, 3000, 10, 0.1, 0.0, 1.0, PairwiseSimulator.Model.BT), 3);
    ComparisonsWriter.write(dir, sim);
    BradleyTerry.Options options = BradleyTerry.Options.defaults();
    SparkRanking.Result r =
        SparkRanking.run(
            new SparkRanking.Request(
                dir.resolve("comparisons.csv").toString(),
                null,
                "left",
                "right",
                "label",
                options,
                null),
            IterationListener.NONE);
    Ranking core = new BradleyTerry(options).fit(sim.data());
    assertEquals(3000, r.comparisons());
    assertEquals(core.size(), r.ranking().size());
    assertEquals(core.diagnostics().iterations(), r.ranking().diagnostics().iterations());
    for (int i = 0; i < core.size(); i++) {
      String item = core.items().name(i);
      int j = r.ranking().items().id(item);
      assertEquals(core.logScore(i), r.ranking().logScore(j), 1e-9, item);
      assertEquals(core.stderr(i), r.ranking().stderr(j), 1e-9, item);
      assertEquals(core.rank(i), r.ranking().rank(j), item);
    }
  }
}
