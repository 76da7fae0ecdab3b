package org.crowd4j.aggregate.classifier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.AnswerQuality;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.internal.kernel.CrowdLabKernel;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.PredictionsReader;
import org.crowd4j.simulate.SyntheticCrowd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassifierConsensusTest {
  @TempDir Path dir;

  /** 3 tasks, 3 annotators, classes a and b (hand-checked in {@link #crowdLabByHand}). */
  private static CrowdDataset small() {
    return CrowdDataset.builder()
        .add("t1", "w1", "a")
        .add("t1", "w2", "a")
        .add("t1", "w3", "b")
        .add("t2", "w1", "b")
        .add("t2", "w2", "b")
        .add("t2", "w3", "b")
        .add("t3", "w1", "a")
        .add("t3", "w2", "b")
        .add("t3", "w3", "a")
        .build();
  }

  private static ClassifierProbabilities smallPredictions() {
    return ClassifierProbabilities.of(
        List.of("t1", "t2", "t3"), Vocabulary.of("a", "b"), new double[] {.2, .8, .3, .7, .9, .1});
  }

  @Test
  void crowdLabByHand() {
    // majority vote: t1 a, t2 b, t3 a; always naming a errs on 1/3 of the tasks.
    // w1 agrees with it everywhere (weight 1); w2 (t3) and w3 (t1) err on 1/3: weight 1e-6;
    // the classifier errs on t1: weight 1e-6 * sqrt(3). Mean agreement of an answer with the
    // others on its task: (1/2 + 1/2 + 0 + 1 + 1 + 1 + 1/2 + 0 + 1/2) / 9 = 5/9.
    CrowdDataset data = small();
    ClassifierProbabilities.Aligned aligned = smallPredictions().alignedTo(data);
    double[] head = new double[CrowdLabKernel.headLength(2)];
    double[] perWorker = new double[2 * data.numWorkers()];
    CrowdLabKernel.tally(
        data.taskOffsets(),
        data.workerColumn(),
        data.labelColumn(),
        0,
        data.numTasks(),
        2,
        aligned.probabilities(),
        aligned.has(),
        head,
        perWorker);
    double[][] w = CrowdLabKernel.weights(head, perWorker, 2, data.numAnswers(), data.numTasks());
    assertEquals(5.0 / 9, w[1][1], 1e-12);
    assertArrayEquals(new double[] {1, 1e-6, 1e-6}, w[0], 1e-15);
    assertEquals(1e-6 * Math.sqrt(3), w[1][0], 1e-15);
    AggregationResult r = new CrowdLab(smallPredictions()).fit(data);
    double e = 1e-6;
    double m = 1e-6 * Math.sqrt(3);
    double pa = 5.0 / 9;
    double pb = 4.0 / 9;
    // t1: w1 a, w2 a, w3 b, classifier (.2, .8)
    double a1 = 1 * pa + e * pa + e * pb + m * .2;
    double b1 = 1 * pb + e * pb + e * pa + m * .8;
    assertEquals(a1 / (a1 + b1), r.posterior(0, 0), 1e-12);
    assertEquals(0, r.label(0));
    assertEquals(1, r.label(1));
    assertEquals(0, r.label(2));
  }

  @Test
  void classifierAloneDecidesTasksWithoutAnswersAsPrior() {
    CrowdDataset data = small();
    ClassifierProbabilities p =
        ClassifierProbabilities.of(
            List.of("t1", "t2", "t3"), Vocabulary.of("a", "b"), new double[] {1, 0, .5, .5, 0, 1});
    ClassifierProbabilities.Aligned aligned = p.alignedTo(data);
    double floored = ClassifierProbabilities.FLOOR / (1 + ClassifierProbabilities.FLOOR);
    assertEquals(1 - floored, aligned.probabilities()[0], 1e-15);
    assertEquals(floored, aligned.probabilities()[1], 1e-15);
    assertEquals(3, aligned.covered());
  }

  @Test
  void emObjectiveNeverFallsAndPosteriorsSumToOne() {
    SyntheticCrowd crowd = crowd(3);
    ClassifierProbabilities p = classifier(crowd, 0.8, 3);
    for (ClassifierEm.Use use : ClassifierEm.Use.values()) {
      AggregationResult r = new ClassifierEm(p, ClassifierEm.Options.of(use)).fit(crowd.data());
      double[] objective = r.diagnostics().objective();
      assertTrue(objective.length > 2, use + " ran " + objective.length + " iterations");
      for (int t = 1; t < objective.length; t++) {
        assertTrue(objective[t] >= objective[t - 1] - 1e-12, use + " fell at " + t);
      }
      assertTrue(r.diagnostics().converged(), use + ": " + r.diagnostics().stopReason());
      for (int i = 0; i < r.numTasks(); i++) {
        double s = 0;
        for (int c = 0; c < r.numLabels(); c++) {
          s += r.posterior(i, c);
        }
        assertEquals(1, s, 1e-9);
      }
    }
  }

  @Test
  void aGoodClassifierLiftsTheConsensusAboveTheAnswersAlone() {
    SyntheticCrowd crowd = crowd(2);
    ClassifierProbabilities p = classifier(crowd, 0.85, 5);
    double ds = crowd.gold().accuracy(new DawidSkene().fit(crowd.data()).labels());
    AggregationResult auto = ClassifierConsensus.create("auto", p, 0).fit(crowd.data());
    double withClassifier = crowd.gold().accuracy(auto.labels());
    assertTrue(withClassifier > ds + 0.05, withClassifier + " vs DS " + ds);
    MethodSelection s = auto.selection().orElseThrow();
    assertEquals(3, s.candidates().size());
    assertTrue(
        ClassifierConsensus.WAYS.contains(s.chosen()) || s.chosen().startsWith("mixture ("),
        s.chosen());
    double total = 0;
    for (var c : s.candidates()) {
      total += c.weight();
    }
    assertEquals(1, total, 1e-9);
    assertEquals(2, s.notes().size());
    // same seed, same result
    AggregationResult again = ClassifierConsensus.create("auto", p, 0).fit(crowd.data());
    assertArrayEquals(auto.posteriors(), again.posteriors());
  }

  @Test
  void answerQualityIsThePosteriorOfTheAnswersLabel() {
    CrowdDataset data = small();
    AggregationResult r = new CrowdLab(smallPredictions()).fit(data);
    double[] quality = AnswerQuality.of(r, data);
    assertEquals(data.numAnswers(), quality.length);
    for (int a = 0; a < quality.length; a++) {
      assertEquals(r.posterior(data.task(a), data.label(a)), quality[a]);
    }
  }

  @Test
  void predictionsFileErrorsNameTheLine() throws IOException {
    Path twice = dir.resolve("twice.csv");
    Files.writeString(twice, "task,label,p_a,p_b\nt1,a,0.9,0.1\nt2,b,0.2,0.8\nt1,a,1,0\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> PredictionsReader.read(twice));
    assertTrue(e.getMessage().contains("twice.csv:4: task 't1'"), e.getMessage());
    Path labelsOnly = dir.resolve("labels.csv");
    Files.writeString(labelsOnly, "task,label\nt1,a\n");
    e = assertThrows(CrowdFormatException.class, () -> PredictionsReader.read(labelsOnly));
    assertTrue(e.getMessage().contains("p_"), e.getMessage());
    Path disjoint = dir.resolve("disjoint.csv");
    Files.writeString(disjoint, "task,label,p_x,p_y\nt1,x,0.9,0.1\n");
    ClassifierProbabilities p = assertDoesNotThrowRead(disjoint);
    assertThrows(IllegalArgumentException.class, () -> p.alignedTo(small()));
  }

  private static ClassifierProbabilities assertDoesNotThrowRead(Path file) {
    try {
      return PredictionsReader.read(file);
    } catch (CrowdFormatException e) {
      throw new AssertionError(e);
    }
  }

  private static SyntheticCrowd crowd(int answersPerTask) {
    return SyntheticCrowd.generate(
        600, 3, 40, answersPerTask, new double[] {0.3, 0.4, 0.2, 0.1, 0}, 7);
  }

  /** Right with probability {@code accuracy}, {@code margin} logits above N(0, 1) noise. */
  private static ClassifierProbabilities classifier(
      SyntheticCrowd crowd, double accuracy, double margin) {
    CrowdDataset data = crowd.data();
    SplittableRandom rnd = new SplittableRandom(11);
    int n = data.numTasks();
    int k = data.numLabels();
    double[] p = new double[n * k];
    List<String> tasks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      tasks.add(data.tasks().name(i));
      int c = crowd.truth(i);
      if (rnd.nextDouble() >= accuracy) {
        c = (c + 1 + rnd.nextInt(k - 1)) % k;
      }
      for (int z = 0; z < k; z++) {
        p[i * k + z] = rnd.nextGaussian() + (z == c ? margin : 0);
      }
      Posteriors.softmaxInPlace(p, i * k, k);
    }
    return ClassifierProbabilities.of(tasks, data.labels(), p);
  }
}
