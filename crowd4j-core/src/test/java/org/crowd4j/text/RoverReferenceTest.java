package org.crowd4j.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Rover} gives the texts of the straightforward {@link RoverReference}, byte for byte. */
class RoverReferenceTest {
  /** Pieces of random answers: few words (so that votes tie), blanks, and non-ASCII text. */
  private static final String[] PIECES = {
    "a",
    "b",
    "c",
    "ab",
    "ba",
    "bb",
    "é",
    "e\u0301",
    "\uD83D\uDE00",
    "\uD83D",
    "\uDE00",
    "x\uD83D\uDE01",
    "\u00FF",
    "\uFFFF",
    "Ω",
    "ω"
  };

  private static final String[] BLANKS = {" ", " ", " ", " ", "  ", "\t", "\u3000", "\u2003 "};

  private static String answer(SplittableRandom r) {
    StringBuilder sb = new StringBuilder();
    int words = r.nextInt(9);
    if (r.nextInt(8) == 0) {
      sb.append(' ');
    }
    for (int i = 0; i < words; i++) {
      if (i > 0) {
        sb.append(BLANKS[r.nextInt(BLANKS.length)]);
      }
      sb.append(PIECES[r.nextInt(r.nextBoolean() ? 4 : PIECES.length)]);
    }
    if (r.nextInt(8) == 0) {
      sb.append(' ');
    }
    return sb.toString();
  }

  private static List<List<String>> tasks(long seed, int n) {
    SplittableRandom r = new SplittableRandom(seed);
    List<List<String>> out = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      int h = 1 + r.nextInt(r.nextInt(4) == 0 ? 12 : 5);
      List<String> answers = new ArrayList<>();
      for (int k = 0; k < h; k++) {
        answers.add(answer(r));
      }
      out.add(answers);
    }
    return out;
  }

  @Test
  void randomAnswersEveryTokenizer() {
    for (Tokenizer tokenizer : Tokenizer.values()) {
      for (String separator : new String[] {" ", "", "_"}) {
        Rover rover = new Rover(new Rover.Options(tokenizer, separator));
        for (List<String> answers : tasks(17 + tokenizer.ordinal(), 2000)) {
          assertEquals(
              RoverReference.aggregate(answers, tokenizer, separator),
              rover.aggregate(answers),
              () -> tokenizer + " " + answers);
        }
      }
    }
  }

  @Test
  void fitOnRandomCrowdsReusesArraysAcrossTasks() {
    for (Tokenizer tokenizer : Tokenizer.values()) {
      List<List<String>> tasks = tasks(5 + tokenizer.ordinal(), 3000);
      TextAnswers.Builder b = TextAnswers.builder();
      for (int t = 0; t < tasks.size(); t++) {
        for (int k = 0; k < tasks.get(t).size(); k++) {
          b.add("t" + t, "w" + k, tasks.get(t).get(k));
        }
      }
      TextAnswers data = b.build();
      TextResult r = new Rover(new Rover.Options(tokenizer, " ")).fit(data);
      for (int t = 0; t < tasks.size(); t++) {
        assertEquals(
            RoverReference.aggregate(tasks.get(t), tokenizer, " "),
            r.text(data.tasks().id("t" + t)),
            "task " + t);
      }
    }
  }

  @Test
  void tasksOfMoreThan64Words() {
    SplittableRandom r = new SplittableRandom(23);
    Rover rover = new Rover();
    for (int t = 0; t < 300; t++) {
      List<String> answers = new ArrayList<>();
      int vocabulary = 20 + r.nextInt(300);
      for (int k = 1 + r.nextInt(9); k > 0; k--) {
        StringBuilder sb = new StringBuilder();
        for (int i = r.nextInt(60); i > 0; i--) {
          sb.append('w').append(r.nextInt(vocabulary)).append(i > 1 ? " " : "");
        }
        answers.add(sb.toString());
      }
      assertEquals(
          RoverReference.aggregate(answers, Tokenizer.SPACE, " "), rover.aggregate(answers));
    }
  }

  @Test
  void aThousandAnswersToOneTask() {
    List<String> truths = TranscriptSimulator.sentences(2, 50, 20, 30, 9);
    TranscriptSimulator.Annotator[] a = new TranscriptSimulator.Annotator[1000];
    for (int k = 0; k < a.length; k++) {
      a[k] = new TranscriptSimulator.Annotator(0.2, 0.1, 0.1);
    }
    TextAnswers data = TranscriptSimulator.simulate(truths, a, 50, 9).answers();
    TextResult r = new Rover().fit(data);
    for (int t = 0; t < 2; t++) {
      List<String> answers = new ArrayList<>();
      for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
        answers.add(data.text(data.answerAt(p)));
      }
      assertEquals(RoverReference.aggregate(answers, Tokenizer.SPACE, " "), r.text(t));
    }
  }

  @Test
  void simulatedTranscripts() {
    List<String> truths = TranscriptSimulator.sentences(2000, 300, 1, 30, 3);
    TranscriptSimulator.Annotator[] a = new TranscriptSimulator.Annotator[7];
    for (int k = 0; k < a.length; k++) {
      double p = 0.05 * (k + 1);
      a[k] = new TranscriptSimulator.Annotator(p, p / 2, p / 2);
    }
    TextAnswers data = TranscriptSimulator.simulate(truths, a, 300, 3).answers();
    TextResult r = new Rover().fit(data);
    for (int t = 0; t < data.tasks().size(); t++) {
      List<String> answers = new ArrayList<>();
      for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
        answers.add(data.text(data.answerAt(p)));
      }
      assertEquals(RoverReference.aggregate(answers, Tokenizer.SPACE, " "), r.text(t));
    }
  }
}
