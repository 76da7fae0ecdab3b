package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.AnswerQuality;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.aggregate.classifier.ClassifierConsensus;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.PredictionsReader;
import org.crowd4j.io.ResultWriter;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;
import org.crowd4j.model.AnnotatorTable;
import org.crowd4j.model.ClassificationModel;
import org.crowd4j.model.ClassificationModelWriter;
import org.crowd4j.model.ModelSchema;
import org.crowd4j.model.Models;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.Conal;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Learner;
import org.crowd4j.nn.Recommender;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;
import org.crowd4j.simulate.SimulationWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java examples of docs/java-api.md: each block between {@code // example:NAME} and {@code //
 * end} below is compiled and run here, and must appear verbatim in the page; and the command lines
 * of the user guide's quick start (docs/README.md) run as written.
 */
class DocExamplesTest {
  static final Path DOCS = Path.of("..", "docs");
  @TempDir Path dir;

  /** A simulated crowd written to {@code dir}: answers.csv, gold.csv, features.csv. */
  private Path simulated() throws Exception {
    // example:simulate
    SplittableRandom rng = new SplittableRandom(1);
    Gaussians.Sample items = Gaussians.classes(300, 3, 5, 1.5, rng);
    ConfusionPool.Builder pool = ConfusionPool.builder(3);
    for (int r = 0; r < 6; r++) {
      pool.add(Confusions.pairwiseFlipper(3, 0.7, rng), "flips one pair of classes");
    }
    pool.add(Confusions.uniform(3), "spammer");
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(items.labels(), pool.build(), Assignment.perItem(3), 7);
    SimulationWriter.write(dir, crowd, items.features(), 5); // answers, gold, features, truth
    // end
    return dir;
  }

  @Test
  void aggregateExamples() throws Exception {
    Path folder = simulated();
    Path answers = folder.resolve("answers.csv");
    Path goldFile = folder.resolve("gold.csv");
    Path out = folder.resolve("labels.csv");
    // example:aggregate
    CrowdDataset data = CrowdReader.readAnswers(answers); // task,worker,label
    AggregationResult result = new DawidSkene().fit(data);
    int[] labels = result.labels(); // label ids, one per task
    String first = data.labels().name(labels[0]); // the label's name
    double p = result.posterior(0, labels[0]); // rows sum to 1
    ConfusionMatrices workers = (ConfusionMatrices) result.workers();
    double skill = workers.skill(0); // mean diagonal of worker 0's confusion
    ResultWriter.writeLabels(out, result); // task,label,p_<class>...
    // end
    assertFalse(first.isEmpty());
    // the label is the row's most probable class and the row a distribution
    double sum = 0;
    for (int c = 0; c < data.numLabels(); c++) {
      assertTrue(result.posterior(0, c) <= p, "label 0 is its row's argmax");
      sum += result.posterior(0, c);
    }
    assertEquals(1.0, sum, 1e-9);
    // skill: the mean diagonal of worker 0's confusion matrix
    int k = data.numLabels();
    double[] cm = workers.toArray();
    double diagonal = 0;
    for (int c = 0; c < k; c++) {
      diagonal += cm[c * k + c];
    }
    assertEquals(diagonal / k, skill, 1e-9);
    List<String> rows = Files.readAllLines(out);
    assertEquals(data.numTasks() + 1, rows.size());
    assertTrue(rows.get(1).startsWith(data.tasks().name(0) + "," + first + ","), rows.get(1));
    // better than the vote on this crowd of flippers and a spammer
    Gold truth = CrowdReader.readGold(goldFile, data);
    double mv = truth.accuracy(new MajorityVote().fit(data).labels());
    double ds = truth.accuracy(labels);
    assertTrue(ds > 0.8 && ds >= mv - 0.01, "DS " + ds + " vs MV " + mv);

    Path modelFile = folder.resolve("model.json");
    // example:model-files
    ClassificationModelWriter.write(modelFile, result, data); // aggregate --model-out's file
    ClassificationModel model = Models.read(modelFile, ClassificationModel.class);
    double[][] confusion = model.workerModels().get(0).confusion(); // [true class][answer]
    if (Models.read(modelFile) instanceof ClassificationModel m) { // any kind: a ModelFile
      System.out.println(m.method() + ", format version " + m.formatVersion());
    }
    // end
    assertEquals(ModelSchema.VERSION, model.formatVersion());
    assertEquals(cm[1], confusion[0][1]);

    // example:by-name
    Aggregator glad = Methods.create("glad", Map.of("maxIterations", "50"));
    Gold gold = CrowdReader.readGold(goldFile, data);
    IterationListener progress =
        (method, iteration, max, objective) -> {
          System.out.printf("%s %d/%d %.4f%n", method, iteration, max, objective);
          return true; // false stops the fit early
        };
    AggregationResult g = glad.fit(data, new FitContext<>(null, progress));
    System.out.println("GLAD accuracy " + gold.accuracy(g.labels()));
    // known labels (gold) are clamped by the EM methods that support it
    AggregationResult clamped = new DawidSkene().fit(data, FitContext.withGold(gold));
    // end
    assertTrue(gold.accuracy(g.labels()) > 0.7);
    assertEquals(1.0, gold.accuracy(clamped.labels()), 1e-12);
  }

  @Test
  void autoExample() throws Exception {
    Path folder = simulated();
    CrowdDataset data = CrowdReader.readAnswers(folder.resolve("answers.csv"));
    Gold gold = CrowdReader.readGold(folder.resolve("gold.csv"), data);
    // example:auto
    AggregationResult chosen = Methods.auto().fit(data); // no gold needed
    MethodSelection how = chosen.selection().orElseThrow();
    for (CandidateScore c : how.candidates()) {
      System.out.printf("%-20s held-out %.4f weight %.3f%n", c.name(), c.score(), c.weight());
    }
    System.out.println("chosen: " + how.chosen());
    // what the fitted model expects worker 0 to answer on task 0
    double[] expected = chosen.answerDistribution(0, 0);
    // end
    assertEquals(1.0, java.util.Arrays.stream(expected).sum(), 1e-9);
    double ds = gold.accuracy(new DawidSkene().fit(data).labels());
    assertTrue(gold.accuracy(chosen.labels()) >= ds - 0.02, "auto vs ds " + ds);
    assertTrue(how.candidates().size() >= 10);
  }

  @Test
  void neuralExamples() throws Exception {
    Path folder = simulated();
    CrowdDataset data = CrowdReader.readAnswers(folder.resolve("answers.csv"));
    Path featuresFile = folder.resolve("features.csv");
    Path modelDir = folder.resolve("model");
    // example:train
    TaskFeatures x = CrowdReader.readFeatures(featuresFile); // task,f0,f1,...
    Learner conal =
        new Conal(
            Conal.Options.defaults(),
            TrainOptions.defaults().withSeed(1), // early stopping on held-out answers
            Backbone.mlp(new int[] {32}, 0.0, false, false));
    try (LearnedModel m = conal.fit(data, x, null, EpochListener.NONE)) {
      double[] probs = m.predict(x); // items × K class probabilities
      CommonConfusionModel noise = (CommonConfusionModel) m.annotatorModel();
      System.out.println("common confusion " + java.util.Arrays.toString(noise.common()));
      m.save(modelDir); // model.json + parameters.safetensors
    }
    // end
    TaskFeatures unlabelled = x;
    // example:recommend
    try (LearnedModel m = LearnedModel.load(modelDir)) {
      List<String> annotators = m.workers().names();
      double[] correct = m.probabilityCorrect(unlabelled, annotators); // items × annotators
      List<Recommender.Assignment> plan =
          Recommender.plan(
              m.predict(unlabelled),
              m.labels().size(),
              correct,
              annotators.size(),
              null, // no pairs answered yet
              null, // the same capacity for everyone
              new Recommender.Options(100, 1, 20)); // budget, per item, per annotator
      for (Recommender.Assignment a : plan.subList(0, 3)) {
        System.out.printf(
            "%s -> %s, gain %.3f%n",
            unlabelled.tasks().name(a.item()), annotators.get(a.annotator()), a.gain());
      }
    }
    // end
    // the saved model predicts distributions and the items' classes above chance, and the plan
    // keeps to its budget and limits
    Gold gold = CrowdReader.readGold(folder.resolve("gold.csv"), data);
    try (LearnedModel m = LearnedModel.load(modelDir)) {
      double[] p = m.predict(x.alignedTo(data.tasks()));
      int k = m.labels().size();
      for (int i = 0; i < data.numTasks(); i++) {
        double sum = 0;
        for (int c = 0; c < k; c++) {
          sum += p[i * k + c];
        }
        assertEquals(1.0, sum, 1e-5);
      }
      double acc = gold.accuracy(m.predictLabels(x.alignedTo(data.tasks())));
      // above chance (1/3) by far, which a constant cannot pass
      assertTrue(acc > 0.6, "accuracy of the saved model " + acc);
      CommonConfusionModel noise = (CommonConfusionModel) m.annotatorModel();
      for (int r = 0; r < k; r++) {
        double sum = 0;
        for (int c = 0; c < k; c++) {
          sum += noise.common()[r * k + c];
        }
        assertEquals(1.0, sum, 1e-5, "common confusion row " + r);
      }
      List<String> annotators = m.workers().names();
      List<Recommender.Assignment> plan =
          Recommender.plan(
              m.predict(x),
              k,
              m.probabilityCorrect(x, annotators),
              annotators.size(),
              null,
              null,
              new Recommender.Options(100, 1, 20));
      assertTrue(plan.size() > 0 && plan.size() <= 100, "plan of " + plan.size());
      java.util.Set<Integer> items = new java.util.HashSet<>();
      int[] perAnnotator = new int[annotators.size()];
      for (Recommender.Assignment a : plan) {
        assertTrue(items.add(a.item()), "one annotator per item");
        assertTrue(++perAnnotator[a.annotator()] <= 20, "at most 20 per annotator");
      }
    }
  }

  @Test
  void classifierExample() throws Exception {
    Path folder = simulated();
    CrowdDataset data = CrowdReader.readAnswers(folder.resolve("answers.csv"));
    Path probsFile = folder.resolve("probs.csv");
    Path annotatorsFile = folder.resolve("annotators.csv");
    // stand-in predictions: the vote's shares (a real run takes train --predictions-out)
    ResultWriter.writeLabels(probsFile, new MajorityVote().fit(data));
    // example:classifier
    ClassifierProbabilities probs = PredictionsReader.read(probsFile); // out of sample
    AggregationResult r = ClassifierConsensus.create("auto", probs, 0).fit(data);
    System.out.println("chosen: " + r.selection().orElseThrow().chosen());
    double[] quality = AnswerQuality.of(r, data); // per answer, in data's answer order
    AnnotatorTable.of(r, data).write(annotatorsFile);
    // end
    assertEquals(data.numAnswers(), quality.length);
    assertEquals(data.numWorkers() + 1, Files.readAllLines(annotatorsFile).size());
  }

  @Test
  void thePageQuotesEveryExample() throws Exception {
    String source = Files.readString(Path.of("src/test/java/org/crowd4j/cli/DocExamplesTest.java"));
    String page = Files.readString(DOCS.resolve("java-api.md"));
    Matcher m =
        Pattern.compile("(?s)\\n( *)// example:([a-z-]+)\\n(.*?)\\n *// end\\n").matcher(source);
    int found = 0;
    while (m.find()) {
      String indent = m.group(1);
      StringBuilder block = new StringBuilder();
      for (String line : m.group(3).split("\n")) {
        block.append(line.startsWith(indent) ? line.substring(indent.length()) : line.strip());
        block.append('\n');
      }
      assertTrue(
          page.contains("```java\n" + block + "```"),
          "docs/java-api.md must quote example '" + m.group(2) + "' verbatim:\n" + block);
      found++;
    }
    assertEquals(8, found);
  }

  /** Every command of the user guide's quick start, run in a scratch folder. */
  @Test
  void quickStartCommandsRun() throws Exception {
    String guide = Files.readString(DOCS.resolve("README.md"));
    Matcher block =
        Pattern.compile("(?s)<!-- quick-start -->\\s*```bash\\n(.*?)```").matcher(guide);
    assertTrue(block.find(), "docs/README.md has a quick-start block");
    List<String> commands = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : block.group(1).split("\n")) {
      String l = line.replaceAll("\\s+#.*$", "").strip();
      if (l.endsWith("\\")) {
        current.append(l, 0, l.length() - 1).append(' ');
        continue;
      }
      current.append(l);
      if (!current.toString().isBlank()) {
        commands.add(current.toString().strip());
      }
      current.setLength(0);
    }
    assertTrue(commands.size() >= 5, commands.toString());
    for (String c : commands) {
      String[] words = c.split("\\s+");
      assertEquals("crowd4j", words[0], c);
      List<String> args = new ArrayList<>();
      for (int i = 1; i < words.length; i++) {
        // relative paths of the guide live in the scratch folder
        String w = words[i];
        args.add(w.startsWith("work/") ? dir.resolve(w).toString() : w);
      }
      CliRunner.Run r = CliRunner.run(args.toArray(new String[0]));
      assertEquals(0, r.code(), c + "\n" + r.err());
    }
  }
}
