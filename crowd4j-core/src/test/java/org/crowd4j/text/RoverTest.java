package org.crowd4j.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;

class RoverTest {
  @Test
  void toyFixtureGivesCrowdKitText() throws Exception {
    TextAnswers data =
        TextReader.read(
            TextFixtures.suite("data/rover_toy.csv"),
            TextReader.Layout.defaults(),
            CsvFormat.defaults());
    TextResult r = new Rover().fit(data);
    Map<String, String> expected =
        TextFixtures.twoColumns(
            TextFixtures.suite("suite/ROVER__rover_toy__texts.csv"), "task", "agg_text");
    assertEquals("b c d e", expected.get("t1"));
    assertEquals(expected.get("t1"), r.text(data.tasks().id("t1")));
  }

  @Test
  void simpleTextFixtureMatchesEveryTask() throws Exception {
    TextAnswers data = TextFixtures.textSimple();
    TextResult r = new Rover().fit(data);
    Map<String, String> expected =
        TextFixtures.twoColumns(
            TextFixtures.suite("suite/ROVER__text_simple__texts.csv"), "task", "agg_text");
    assertEquals(expected.size(), data.tasks().size());
    for (Map.Entry<String, String> e : expected.entrySet()) {
      assertEquals(e.getValue(), r.text(data.tasks().id(e.getKey())), e.getKey());
    }
  }

  @Test
  void handCheckedAlignment() {
    Rover rover = new Rover();
    // the three agree on "the cat sat"; one drops "the", one inserts "down"
    assertEquals(
        "the cat sat", rover.aggregate(List.of("the cat sat", "cat sat", "the cat sat down")));
    // a slot of one word each: most votes, then the longer word
    assertEquals("a bbb", rover.aggregate(List.of("a b", "a bbb")));
    // equal counts and lengths: the greater by code points
    assertEquals("x z", rover.aggregate(List.of("x y", "x z")));
    assertEquals("", rover.aggregate(List.of("")));
  }

  @Test
  void tokenizersSplitAsPython() {
    assertEquals(List.of("a", "", "b", ""), Tokenizer.SPACE.split("a  b "));
    assertEquals(List.of("a", "b"), Tokenizer.WHITESPACE.split(" a \t b "));
    assertEquals(List.of("a", "b"), Tokenizer.CHARACTER.split("ab"));
  }

  @Test
  void separatorJoinsWords() {
    Rover rover = new Rover(new Rover.Options(Tokenizer.CHARACTER, ""));
    assertEquals("cat", rover.aggregate(List.of("cat", "cut", "cat")));
  }
}
