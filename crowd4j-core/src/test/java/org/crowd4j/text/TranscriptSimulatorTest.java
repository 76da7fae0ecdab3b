package org.crowd4j.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptSimulatorTest {
  @Test
  void wordErrorRateHandChecked() {
    // one insertion (y), one substitution (b->x), one deletion (d) over 4 reference words
    assertEquals(
        3.0 / 4, WordErrorRate.of(List.of("a b c d"), List.of("y a x c"), Tokenizer.WHITESPACE), 0);
    assertEquals(2, WordErrorRate.distance(List.of("a", "b", "c"), List.of("b", "c", "d")));
    assertEquals(0.0, WordErrorRate.of(List.of("a  b"), List.of("a b"), Tokenizer.SPACE), 0);
  }

  @Test
  void annotatorsMakeErrorsAtTheirRates() {
    List<String> truths = TranscriptSimulator.sentences(400, 500, 10, 20, 3);
    TranscriptSimulator.Annotator[] a = {
      new TranscriptSimulator.Annotator(0, 0, 0), new TranscriptSimulator.Annotator(0.1, 0.05, 0.05)
    };
    TranscriptSimulator.Crowd c = TranscriptSimulator.simulate(truths, a, 500, 3);
    List<String> exact = new ArrayList<>();
    List<String> noisy = new ArrayList<>();
    for (int t = 0; t < truths.size(); t++) {
      exact.add(c.answers().text(2 * t));
      noisy.add(c.answers().text(2 * t + 1));
    }
    assertEquals(0.0, WordErrorRate.of(truths, exact, Tokenizer.WHITESPACE), 0);
    double wer = WordErrorRate.of(truths, noisy, Tokenizer.WHITESPACE);
    // expected about 0.05 + 0.95 * 0.1 + 0.05 * (1 + 1/15) = 0.198, minus errors that cancel
    assertTrue(wer > 0.15 && wer < 0.23, "WER " + wer);
    TranscriptSimulator.Crowd again = TranscriptSimulator.simulate(truths, a, 500, 3);
    assertEquals(c.answers().digest(), again.answers().digest());
  }

  @Test
  void roverBeatsTheBestSingleAnnotatorWhateverTheThreadCount() throws Exception {
    List<String> truths = TranscriptSimulator.sentences(200, 300, 8, 16, 9);
    TranscriptSimulator.Annotator[] a = new TranscriptSimulator.Annotator[5];
    for (int k = 0; k < 5; k++) {
      double p = 0.05 + 0.03 * k;
      a[k] = new TranscriptSimulator.Annotator(p, p / 2, p / 2);
    }
    TranscriptSimulator.Crowd c = TranscriptSimulator.simulate(truths, a, 300, 9);
    TextResult r = new Rover(new Rover.Options(Tokenizer.WHITESPACE, " ")).fit(c.answers());
    double best = 1;
    for (int k = 0; k < 5; k++) {
      List<String> h = new ArrayList<>();
      for (int t = 0; t < truths.size(); t++) {
        h.add(c.answers().text(5 * t + k));
      }
      best = Math.min(best, WordErrorRate.of(truths, h, Tokenizer.WHITESPACE));
    }
    double rover = WordErrorRate.of(truths, List.of(r.texts()), Tokenizer.WHITESPACE);
    assertTrue(rover < best, "ROVER " + rover + " vs best annotator " + best);
    java.util.concurrent.ForkJoinPool one = new java.util.concurrent.ForkJoinPool(1);
    try {
      TextResult single =
          one.submit(() -> new Rover(new Rover.Options(Tokenizer.WHITESPACE, " ")).fit(c.answers()))
              .get();
      assertEquals(List.of(r.texts()), List.of(single.texts()));
    } finally {
      one.shutdown();
    }
  }
}
