package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.Test;

class MajorityVoteTest {
  @Test
  void hardVoteSplitsTiesInsteadOfReportingCertainty() {
    // t1: a 1-1 tie once gave p(a) = 1.0; t2: a clear 2-1 winner; t3: a three-way tie
    CrowdDataset d =
        CrowdDataset.builder()
            .add("t1", "w1", "a")
            .add("t1", "w2", "b")
            .add("t2", "w1", "a")
            .add("t2", "w2", "a")
            .add("t2", "w3", "b")
            .add("t3", "w1", "a")
            .add("t3", "w2", "b")
            .add("t3", "w3", "c")
            .build();
    AggregationResult r = new MajorityVote().fit(d);
    assertArrayEquals(new double[] {0.5, 0.5, 0}, r.posteriorRow(0), 0);
    assertArrayEquals(new double[] {1, 0, 0}, r.posteriorRow(1), 0);
    assertArrayEquals(new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, r.posteriorRow(2), 0);
    assertEquals("a", r.labelNames().name(r.label(0)));
    assertEquals("a", r.labelNames().name(r.label(2)));
  }
}
