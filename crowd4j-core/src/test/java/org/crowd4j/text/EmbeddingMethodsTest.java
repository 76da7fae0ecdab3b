package org.crowd4j.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.crowd4j.internal.kernel.ChiSquared;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

class EmbeddingMethodsTest {
  private static TaskEmbeddings truth() throws Exception {
    return TextReader.readTaskEmbeddings(
        TextFixtures.suite("data/text_simple_true_embeddings.csv"), "task", CsvFormat.defaults());
  }

  /** Output and embedding per task of a suite file (rtol 1e-5 as assert_frame_equal). */
  private static void assertSuite(String file, TextAnswers data, TextResult r) throws Exception {
    int rows = 0;
    try (CsvRecords t = CsvRecords.open(TextFixtures.suite(file), CsvFormat.defaults())) {
      int tc = t.column("task");
      int oc = t.column("output");
      int ec = t.column("embedding");
      while (t.next()) {
        int task = data.tasks().id(t.id(tc));
        assertEquals(t.text(oc), r.text(task), t.id(tc));
        double[] expected = TextReader.vector(t, ec);
        double[] got = data.embedding(r.chosen()[task]);
        for (int j = 0; j < expected.length; j++) {
          assertEquals(expected[j], got[j], 1e-5 * Math.abs(expected[j]));
        }
        rows++;
      }
    }
    assertEquals(data.tasks().size(), rows);
  }

  @Test
  void rasaMatchesCrowdKitSuiteWithBothStoppingRules() throws Exception {
    TextAnswers data = TextFixtures.textSimple();
    for (Rasa.Options o :
        List.of(new Rasa.Options(100, 0, 0.05), new Rasa.Options(100500, 1e-9, 0.05))) {
      assertSuite(
          "suite/RASA__text_simple__embeddings_and_outputs.csv",
          data,
          new Rasa(o).fit(data, FitContext.withGold(truth())));
    }
  }

  @Test
  void hrrasaMatchesCrowdKitSuiteWithBothStoppingRules() throws Exception {
    TextAnswers data = TextFixtures.textSimple();
    for (Hrrasa.Options o :
        List.of(
            new Hrrasa.Options(100, 0, 0.5, 0.5, 0.05),
            new Hrrasa.Options(100500, 1e-9, 0.5, 0.5, 0.05))) {
      assertSuite(
          "suite/HRRASA__text_simple__embeddings_and_outputs.csv",
          data,
          new Hrrasa(o).fit(data, FitContext.withGold(truth())));
    }
  }

  @Test
  void rasaRelativeChangeShrinksAndKnownTasksKeepTheirTruth() throws Exception {
    TextAnswers data = TextFixtures.textSimple();
    TaskEmbeddings truth = truth();
    TextResult r = new Rasa(new Rasa.Options(50, 0, 0.05)).fit(data, FitContext.withGold(truth));
    double[] h = r.diagnostics().objective();
    assertEquals(50, h.length);
    assertTrue(h[h.length - 1] < 1e-12, "final relative change " + h[h.length - 1]);
    int t = data.tasks().id("1255-74899-0020");
    assertArrayEquals(truth.get("1255-74899-0020"), r.aggregated(t), 0);
  }

  @Test
  void closestToAverageHandChecked() {
    TextAnswers data =
        TextAnswers.builder()
            .add("t1", "p1", "a", new double[] {1, 0})
            .add("t1", "p2", "a2", new double[] {1, 0.1})
            .add("t1", "p3", "b", new double[] {0, 1})
            .build();
    TextResult r = new ClosestToAverage().fit(data);
    // mean (2/3, 0.367): closest by cosine is "a2"
    assertEquals("a2", r.text(0));
    assertArrayEquals(new double[] {2.0 / 3, 1.1 / 3}, r.aggregated(0), 1e-12);
    TextResult e = new ClosestToAverage(new ClosestToAverage.Options(Distance.EUCLIDEAN)).fit(data);
    assertEquals("a2", e.text(0));
  }

  @Test
  void rasaDownWeightsTheOutlier() {
    // two workers agree on every task, a third is far off: its reliability ends lowest
    TextAnswers.Builder b = TextAnswers.builder();
    for (int t = 0; t < 4; t++) {
      b.add("t" + t, "good1", "g" + t, new double[] {1 + t, 1});
      b.add("t" + t, "good2", "h" + t, new double[] {1 + t, 1.05});
      b.add("t" + t, "bad", "b" + t, new double[] {-3, 5 + t});
    }
    TextAnswers data = b.build();
    TextResult r = new Rasa().fit(data);
    double[] s = r.skills();
    int bad = data.workers().id("bad");
    for (int k = 0; k < s.length; k++) {
      if (k != bad) {
        assertTrue(s[k] > 100 * s[bad], "skill " + s[k] + " vs bad " + s[bad]);
      }
    }
    for (int t = 0; t < 4; t++) {
      assertTrue(r.text(t).startsWith("g") || r.text(t).startsWith("h"), r.text(t));
    }
  }

  @Test
  void hrrasaReturnsTheOnlyAnswerOfATaskAnsweredOnce() {
    TextAnswers data =
        TextAnswers.builder()
            .add("t1", "a", "x y", new double[] {1, 0})
            .add("t1", "b", "x y", new double[] {1, 0.1})
            .add("t1", "c", "q", new double[] {0, 1})
            .add("t2", "d", "alone", new double[] {3, 4})
            .build();
    TextResult r = new Hrrasa().fit(data);
    assertEquals("alone", r.text(data.tasks().id("t2")));
    assertArrayEquals(new double[] {3, 4}, r.aggregated(data.tasks().id("t2")), 0);
    // worker d answered only the single task: no reliability
    assertTrue(Double.isNaN(r.skills()[data.workers().id("d")]));
    assertTrue(r.skills()[data.workers().id("a")] > r.skills()[data.workers().id("c")]);
    assertTrue(r.text(0).equals("x y"));
  }

  @Test
  void sameInputSameResult() throws Exception {
    TextAnswers data = TextFixtures.textSimple();
    TextResult a = new Hrrasa().fit(data, FitContext.withGold(truth()));
    TextResult b = new Hrrasa().fit(data, FitContext.withGold(truth()));
    assertArrayEquals(a.aggregated(), b.aggregated(), 0);
    assertArrayEquals(a.texts(), b.texts());
  }

  @Test
  void chiSquaredQuantilesMatchScipy() {
    // scipy.stats.chi2.isf(0.025, df)
    assertEquals(5.023886187314888, ChiSquared.upperQuantile(0.025, 1), 1e-12);
    assertEquals(7.377758908227871, ChiSquared.upperQuantile(0.025, 2), 1e-12);
    assertEquals(20.483177350807388, ChiSquared.upperQuantile(0.025, 10), 1e-11);
    assertEquals(129.56119718546282, ChiSquared.upperQuantile(0.025, 100), 1e-9);
  }

  @Test
  void gleuAsNltk() {
    List<String> a = Tokenizer.WHITESPACE.split("the cat sat on the mat");
    assertEquals(1.0, Gleu.of(a, a), 0);
    // matches: 1-grams 5 (the, cat, sat, on, mat), 2-grams 3 (the cat, cat sat, sat on),
    // 3-grams 2 (the cat sat, cat sat on), 4-grams 1 (the cat sat on); a has 6+5+4+3 = 18
    // n-grams, b 5+4+3+2 = 14 -> 11 / 18
    List<String> b = Tokenizer.WHITESPACE.split("the cat sat on mat");
    assertEquals(11.0 / 18, Gleu.of(a, b), 1e-15);
    assertEquals(Gleu.of(b, a), Gleu.of(a, b), 0);
  }

  @Test
  void crowdKitGleuComparesWordsWithCharacters() {
    // crowd-kit's glue_similarity(seq, other) calls sentence_gleu([seq.split()], other) with
    // other an unsplit string: NLTK then takes the characters of other as its tokens. Two
    // identical answers are then nearly dissimilar; word GLEU gives them 1.
    String s = "there is more than one amongst us who would like to imitate them i think";
    double asCrowdKit = Gleu.of(Tokenizer.WHITESPACE.split(s), Tokenizer.CHARACTER.split(s));
    assertTrue(asCrowdKit < 0.05, "words vs characters: " + asCrowdKit);
    assertEquals(1.0, Gleu.of(Tokenizer.WHITESPACE.split(s), Tokenizer.WHITESPACE.split(s)), 0);
  }

  @Test
  void embeddingsWhoseSquaredDistancesOverflowAreRefused() {
    // values of 1e308 once gave NaN reliabilities and "iteration limit reached"
    TextAnswers data =
        TextAnswers.builder()
            .add("t1", "p1", "a", new double[] {1e308, 1e308})
            .add("t1", "p2", "b", new double[] {-1e308, 1e308})
            .add("t1", "p3", "c", new double[] {1, 2})
            .build();
    for (TextAggregator m :
        List.<TextAggregator>of(new Rasa(), new Hrrasa(), new ClosestToAverage())) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.fit(data));
      assertTrue(
          e.getMessage().contains("answer 1 (task 't1') has an embedding value 1.0E308"),
          e.getMessage());
    }
  }
}
