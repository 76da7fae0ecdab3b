package org.crowd4j.multilabel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.method.FitContext;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BinaryRelevanceTest {
  /**
   * crowd-kit's test_binary_relevance_aggregation_on_toy_data, for each of its base aggregators.
   */
  @ParameterizedTest
  @ValueSource(strings = {"mv", "ds", "wawa", "glad"})
  void crowdKitToyFixture(String method) throws Exception {
    TagAnswers data =
        MultiLabelReader.readAnswers(
            SharedData.suite("data/binary_relevance_answers.csv"),
            MultiLabelReader.Layout.defaults(),
            CsvFormat.defaults(),
            List.of());
    assertEquals(List.of("car", "grass", "house", "human", "train", "tree"), data.tags().names());
    MultiLabelResult r = new BinaryRelevance(Methods.create(method, Map.of())).fit(data);
    assertEquals("house|tree", r.joinedTags(data.tasks().id("t1"), '|'));
    assertEquals("car", r.joinedTags(data.tasks().id("t2"), '|'));
  }

  @Test
  void majorityVoteCountsAnswersWithoutTheTagAsVotesAgainstIt() {
    TagAnswers data =
        TagAnswers.builder()
            .add("t", "a", List.of("x", "y"))
            .add("t", "b", List.of("x"))
            .add("t", "c", List.of())
            .add("u", "a", List.of("y"))
            .build();
    MultiLabelResult r = new BinaryRelevance(Methods.create("soft-mv", Map.of())).fit(data);
    int t = data.tasks().id("t");
    int x = data.tags().id("x");
    int y = data.tags().id("y");
    assertEquals(2.0 / 3, r.presence(t, x), 1e-12);
    assertEquals(1.0 / 3, r.presence(t, y), 1e-12);
    assertArrayEquals(new int[] {x}, r.chosenTags(t));
    assertEquals(1.0, r.presence(data.tasks().id("u"), y), 1e-12);
    assertEquals(0.0, r.presence(data.tasks().id("u"), x), 1e-12);
  }

  @Test
  void goldReachesEveryTagsFit() {
    TagAnswers data =
        TagAnswers.builder()
            .add("t", "a", List.of("x"))
            .add("t", "b", List.of())
            .add("u", "a", List.of("x"))
            .add("u", "b", List.of())
            .build();
    TagGold gold = TagGold.of(data, Map.of("t", Set.of("x")));
    MultiLabelResult r =
        new BinaryRelevance(Methods.create("gold-mv", Map.of()))
            .fit(data, FitContext.withGold(gold));
    // gold-mv weighs workers by their accuracy on gold: a is right on t, b wrong
    assertTrue(r.chosen(data.tasks().id("u"), data.tags().id("x")));
  }

  @Test
  void dawidSkeneBeatsMajorityVoteOnASpammedCrowd() {
    MultiLabelSimulator.Simulated s =
        MultiLabelSimulator.simulate(
            new MultiLabelSimulator.Spec(600, 6, 30, 5, 0.1, 0.4, 0.8, 0.05, 0.4), 3);
    TagGold gold = TagGold.of(s.answers(), s.truth());
    MultiLabelMetrics mv =
        MultiLabelMetrics.of(
            new BinaryRelevance(Methods.create("mv", Map.of())).fit(s.answers()), gold);
    MultiLabelMetrics ds =
        MultiLabelMetrics.of(
            new BinaryRelevance(Methods.create("ds", Map.of())).fit(s.answers()), gold);
    assertEquals(600, ds.tasks());
    assertTrue(ds.microF1() > mv.microF1() + 0.05, ds.microF1() + " vs " + mv.microF1());
    assertTrue(ds.hammingLoss() < mv.hammingLoss(), ds.hammingLoss() + " vs " + mv.hammingLoss());
    assertTrue(ds.microF1() > 0.9, "ds micro F1 " + ds.microF1());
  }

  @Test
  void sameSeedSameAnswers() {
    MultiLabelSimulator.Spec spec = MultiLabelSimulator.Spec.defaults();
    MultiLabelSimulator.Simulated a = MultiLabelSimulator.simulate(spec, 9);
    MultiLabelSimulator.Simulated b = MultiLabelSimulator.simulate(spec, 9);
    assertEquals(a.truth(), b.truth());
    assertEquals(a.answers().answers().digest(), b.answers().answers().digest());
    assertEquals(a.answers().numTagEntries(), b.answers().numTagEntries());
    for (int i = 0; i < a.answers().numAnswers(); i++) {
      assertArrayEquals(a.answers().tagsOf(i), b.answers().tagsOf(i));
    }
  }
}
