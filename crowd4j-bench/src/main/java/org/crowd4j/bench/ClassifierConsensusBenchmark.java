package org.crowd4j.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.crowd4j.acquisition.Policy;
import org.crowd4j.acquisition.Replay;
import org.crowd4j.acquisition.StoppingRule;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.AnswerQuality;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.aggregate.classifier.ClassifierConsensus;
import org.crowd4j.aggregate.classifier.ClassifierEm;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.PredictionsReader;
import org.crowd4j.simulate.SimulatedCrowd;
import org.crowd4j.simulate.SyntheticCrowd;

/**
 * Classifier-aware consensus ({@link ClassifierConsensus}) next to Dawid–Skene on the answers alone
 * and the classifier alone: consensus accuracy of every way of combining and of the gold-free
 * choice, and the AUC with which the per-answer quality ({@link AnswerQuality}) ranks wrong answers
 * first. Simulated crowds (truth known, a simulated classifier good or poor, calibrated or
 * overconfident) are the design set; real crowds with out-of-sample predictions ({@code crowd4j
 * train --predictions-out}) the confirmation.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.ClassifierConsensusBenchmark \
 *   [--simulated] [--real ../shared/datasets/labelme=oof-labelme.csv,...]
 * </pre>
 */
public final class ClassifierConsensusBenchmark {
  private ClassifierConsensusBenchmark() {}

  /** Runs it; flags {@code --simulated} and {@code --real dir=predictions.csv,...}. */
  public static void main(String[] args) throws Exception {
    boolean simulated = false;
    List<String[]> real = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--simulated" -> simulated = true;
        case "--replay" -> {
          replay(List.of(args[++i].split(",")), Integer.parseInt(args[++i]));
          return;
        }
        case "--real" -> {
          for (String pair : args[++i].split(",")) {
            real.add(pair.split("=", 2));
          }
        }
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    System.out.println(
        "| crowd | answers | MV | DS alone | classifier alone | classifier-annotator |"
            + " classifier-prior | crowdlab | best way (chosen) | auto: ways stacked |"
            + " answer AUC: DS | answer AUC: auto |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|");
    if (simulated) {
      long seed = 1;
      for (int answers : new int[] {2, 4}) {
        for (double accuracy : new double[] {0.6, 0.85}) {
          for (double margin : new double[] {1.5, 5}) {
            SyntheticCrowd crowd =
                SyntheticCrowd.generate(
                    1000, 4, 60, answers, new double[] {0.3, 0.4, 0.2, 0.1, 0}, seed);
            int[] truth = new int[1000];
            for (int i = 0; i < truth.length; i++) {
              truth[i] = crowd.truth(i);
            }
            ClassifierProbabilities p =
                simulatedClassifier(crowd.data(), truth, accuracy, margin, seed + 100);
            String name =
                String.format(
                    Locale.ROOT,
                    "sim r=%d clf=%.2f %s",
                    answers,
                    accuracy,
                    margin > 2 ? "overconfident" : "soft");
            row(name, crowd.data(), crowd.gold(), p);
            seed++;
          }
        }
      }
    }
    for (String[] pair : real) {
      Path dir = Path.of(pair[0]);
      CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
      ClassifierProbabilities p = PredictionsReader.read(Path.of(pair[1]));
      row(dir.getFileName().toString(), data, gold, p);
    }
  }

  /**
   * Replays simulated crowds ({@link ReplayBenchmark#simulated}) with crowd4j's policy and its
   * calibrated stop, the consensus and the stop decided by Dawid–Skene on the answers alone, or by
   * the classifier as an annotator ({@link ClassifierEm}) with a good (right 85 %) or a poor (right
   * 60 %, soft) simulated classifier; round robin on the answers alone for reference. Prints the
   * mean accuracy at 10, 25 and 50 % of the answers over {@code reps} seeds, and what the stop
   * spent.
   */
  static void replay(List<String> crowds, int reps) {
    System.out.println(
        "| crowd | MV, all answers | consensus | policy | accuracy at 10 % | at 25 % | at 50 %"
            + " | answers when stopped | accuracy then |");
    System.out.println("|---|---:|---|---|---:|---:|---:|---:|---:|");
    for (String name : crowds) {
      SimulatedCrowd crowd = ReplayBenchmark.simulated(name);
      CrowdDataset data = crowd.data();
      Gold gold = crowd.gold();
      double bar = gold.accuracy(new MajorityVote().fit(data).labels());
      int batch = Math.max(1, data.numTasks() / 20);
      Replay.Options policy =
          Replay.Options.of(Policy.EXPECTED_GAIN, batch, 0)
              .withFloor(ReplayBenchmark.FLOOR)
              .withHorizon(ReplayBenchmark.HORIZON);
      record Setting(String consensus, String policy, Aggregator method, Replay.Options options) {}
      List<Setting> settings = new ArrayList<>();
      settings.add(
          new Setting(
              "DS, answers alone",
              "round robin",
              new DawidSkene(),
              Replay.Options.of(Policy.ROUND_ROBIN, batch, 0)));
      settings.add(
          new Setting(
              "DS, answers alone",
              "crowd4j+stop",
              new DawidSkene(),
              policy.withStop(StoppingRule.calibrated(ReplayBenchmark.TARGET, 3))));
      for (double accuracy : new double[] {0.85, 0.6}) {
        ClassifierProbabilities p =
            simulatedClassifier(data, crowd.truth(), accuracy, accuracy > 0.7 ? 3 : 1.5, 5);
        Aggregator withClassifier =
            new ClassifierEm(p, ClassifierEm.Options.of(ClassifierEm.Use.ANNOTATOR));
        String label =
            String.format(
                Locale.ROOT,
                "classifier-annotator, classifier %.3f",
                gold.accuracy(classifierLabels(p, data)));
        settings.add(
            new Setting(
                label,
                "crowd4j+stop",
                withClassifier,
                policy.withStop(
                    StoppingRule.calibrated(ReplayBenchmark.TARGET, 3).withModel(withClassifier))));
      }
      for (Setting setting : settings) {
        double[] at = new double[3];
        double spent = 0;
        double last = 0;
        for (int r = 0; r < reps; r++) {
          Replay.Curve c =
              Replay.run(data, gold, setting.method(), setting.options().withSeed(r + 1));
          int m = data.numAnswers();
          at[0] += c.accuracyAt(m / 10) / reps;
          at[1] += c.accuracyAt(m / 4) / reps;
          at[2] += c.accuracyAt(m / 2) / reps;
          spent += (double) c.spent() / m / reps;
          last += c.accuracyAt(c.spent()) / reps;
        }
        boolean stops = setting.policy().endsWith("stop");
        System.out.printf(
            Locale.ROOT,
            "| %s | %.4f | %s | %s | %.4f | %.4f | %.4f | %s | %s |%n",
            name,
            bar,
            setting.consensus(),
            setting.policy(),
            at[0],
            at[1],
            at[2],
            stops ? String.format(Locale.ROOT, "%.0f %%", 100 * spent) : "–",
            stops ? String.format(Locale.ROOT, "%.4f", last) : "–");
      }
    }
  }

  private static void row(String name, CrowdDataset data, Gold gold, ClassifierProbabilities p) {
    StringBuilder sb = new StringBuilder("| ").append(name).append(" | ");
    sb.append(data.numAnswers()).append(" | ");
    AggregationResult mv = new MajorityVote().fit(data);
    AggregationResult ds = new DawidSkene().fit(data);
    sb.append(f(gold.accuracy(mv.labels()))).append(" | ");
    sb.append(f(gold.accuracy(ds.labels()))).append(" | ");
    sb.append(f(gold.accuracy(classifierLabels(p, data)))).append(" | ");
    for (String way : ClassifierConsensus.WAYS.subList(1, ClassifierConsensus.WAYS.size())) {
      Aggregator a = ClassifierConsensus.create(way, p, 0);
      sb.append(f(gold.accuracy(a.fit(data).labels()))).append(" | ");
    }
    AggregationResult best =
        new ClassifierConsensus(
                p, new ClassifierConsensus.Options(5, 0, ClassifierConsensus.Combination.BEST))
            .fit(data);
    sb.append(f(gold.accuracy(best.labels())))
        .append(" (")
        .append(best.selection().orElseThrow().chosen())
        .append(") | ");
    AggregationResult auto = ClassifierConsensus.create("auto", p, 0).fit(data);
    sb.append(f(gold.accuracy(auto.labels()))).append(" | ");
    sb.append(f(auc(AnswerQuality.of(ds, data), data, gold))).append(" | ");
    sb.append(f(auc(AnswerQuality.of(auto, data), data, gold))).append(" |");
    System.out.println(sb);
  }

  private static int[] classifierLabels(ClassifierProbabilities p, CrowdDataset data) {
    double[] aligned = p.alignedTo(data).probabilities();
    return Posteriors.argmax(aligned, data.numTasks(), data.numLabels());
  }

  /**
   * The probability that a wrong answer (its label is not the gold label) scores below a right one,
   * ties counted half: the AUC of 1 − quality as a detector of wrong answers.
   */
  static double auc(double[] quality, CrowdDataset data, Gold gold) {
    List<double[]> scored = new ArrayList<>();
    for (int a = 0; a < quality.length; a++) {
      int i = data.task(a);
      if (gold.hasKnown(i)) {
        scored.add(new double[] {quality[a], data.label(a) == gold.label(i) ? 1 : 0});
      }
    }
    scored.sort((x, y) -> Double.compare(x[0], y[0]));
    double rankSumRight = 0;
    long right = 0;
    int j = 0;
    while (j < scored.size()) {
      int end = j;
      while (end < scored.size() && scored.get(end)[0] == scored.get(j)[0]) {
        end++;
      }
      double meanRank = (j + 1 + end) / 2.0;
      for (int t = j; t < end; t++) {
        if (scored.get(t)[1] == 1) {
          rankSumRight += meanRank;
          right++;
        }
      }
      j = end;
    }
    long wrong = scored.size() - right;
    if (right == 0 || wrong == 0) {
      return Double.NaN;
    }
    return (rankSumRight - right * (right + 1) / 2.0) / ((double) right * wrong);
  }

  /**
   * A simulated classifier: right with probability {@code accuracy} (else a uniformly drawn wrong
   * class), its probabilities the softmax of N(0, 1) logits plus {@code margin} on its class.
   */
  static ClassifierProbabilities simulatedClassifier(
      CrowdDataset data, int[] truth, double accuracy, double margin, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int n = data.numTasks();
    int k = data.numLabels();
    double[] p = new double[n * k];
    List<String> tasks = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      tasks.add(data.tasks().name(i));
      int predicted = truth[i];
      if (rnd.nextDouble() >= accuracy) {
        predicted = (truth[i] + 1 + rnd.nextInt(k - 1)) % k;
      }
      for (int c = 0; c < k; c++) {
        p[i * k + c] = gaussian(rnd) + (c == predicted ? margin : 0);
      }
      Posteriors.softmaxInPlace(p, i * k, k);
    }
    return ClassifierProbabilities.of(tasks, Vocabulary.of(data.labels().names()), p);
  }

  private static double gaussian(SplittableRandom rnd) {
    double u = 1 - rnd.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }

  static boolean exists(Path p) {
    return Files.exists(p);
  }
}
