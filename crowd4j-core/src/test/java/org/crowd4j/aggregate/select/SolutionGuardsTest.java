package org.crowd4j.aggregate.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Vocabulary;
import org.junit.jupiter.api.Test;

class SolutionGuardsTest {
  private static final Vocabulary ABC = Vocabulary.of("a", "b", "c");

  @Test
  void aRenamingOfTheVotesClassesIsCaught() {
    int[] vote = {0, 0, 0, 1, 1, 1, 2, 2, 2, 2};
    int[] renamed = {1, 1, 1, 0, 0, 0, 2, 2, 2, 2};
    String m = SolutionGuards.permuted("ds", renamed, vote, vote, ABC);
    assertNotNull(m);
    assertTrue(m.contains("its 'a' is the vote's 'b' on 3 tasks"), m);
    assertTrue(m.contains("agreement 40.0 % as is, 100.0 % renamed"), m);
  }

  @Test
  void aSolutionThatOverturnsBothVotesIsCaughtOneThatKeepsEitherIsNot() {
    int[] vote = {0, 0, 1, 1, 2, 2, 0, 1, 2, 0};
    int[] weighted = {0, 0, 1, 1, 2, 2, 0, 1, 2, 0};
    // agrees on 5 of 10 with both, no renaming helps more than one task
    int[] half = {0, 1, 1, 2, 2, 0, 0, 0, 1, 0};
    assertEquals(5, LabelMatching.of(half, vote, 3).agreement());
    String m = SolutionGuards.permuted("ibcc", half, vote, weighted, ABC);
    assertNotNull(m);
    assertTrue(m.contains("agreement 50.0 % with majority vote, 50.0 % with the skill"), m);
    // the skill-weighted vote agreeing on most tasks clears it
    assertNull(SolutionGuards.permuted("ibcc", half, vote, half, ABC));
    // close to the vote: nothing to say
    int[] close = vote.clone();
    close[0] = 1;
    assertNull(SolutionGuards.permuted("ds", close, vote, vote, ABC));
  }

  @Test
  void disagreementIsReportedWithTheLargestMoves() {
    int[] vote = {0, 0, 0, 0, 1, 1, 1, 1};
    int[] labels = {1, 1, 1, 0, 1, 1, 1, 2};
    String m = SolutionGuards.disagreement(labels, vote, ABC);
    assertNotNull(m);
    assertTrue(m.startsWith("the labels differ from majority vote's on 50.0 % of the tasks"), m);
    assertTrue(m.contains("vote 'a' → 'b' on 3, vote 'b' → 'c' on 1"), m);
    assertNull(SolutionGuards.disagreement(vote, vote, ABC));
  }

  @Test
  void aLeftOutShareOfAFifthOrMoreFallsBackToTheVote() {
    assertNull(SolutionGuards.overturned(0.19));
    String m = SolutionGuards.overturned(0.2);
    assertNotNull(m);
    assertTrue(m.startsWith("the models that overturn the vote hold 20 % of"), m);
  }

  @Test
  void idsThatTellNothingAreNoticed() {
    CrowdDataset.Builder votes = CrowdDataset.builder();
    CrowdDataset.Builder crowd = CrowdDataset.builder();
    for (int t = 0; t < 20; t++) {
      for (int j = 0; j < 3; j++) {
        votes.add("t" + t, "w" + (3 * t + j), j == 2 ? "b" : "a");
        crowd.add("t" + t, "w" + j, j == 2 ? "b" : "a");
      }
    }
    String m = SolutionGuards.uninformativeIds(votes.build());
    assertNotNull(m);
    assertTrue(m.startsWith("100.0 % of the answers come from annotators with at most 2"), m);
    assertNull(SolutionGuards.uninformativeIds(crowd.build()));
    assertTrue(votes.build().anonymized().anonymous());
    assertEquals(60, votes.build().anonymized().numWorkers());
  }
}
