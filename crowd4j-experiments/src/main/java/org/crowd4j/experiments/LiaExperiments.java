package org.crowd4j.experiments;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Lia;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.simulate.Redundancy;

/**
 * LIA's redundancy sweep (the paper's Table 2 protocol): on answer-only datasets, for each
 * redundancy R keep at most R random answers per item ({@link Redundancy#subsample}), then measure
 * transductive accuracy on the items with gold of MV, DS and MMCE (crowd4j-core) and LIA-E (learnt
 * instance embeddings, {@link Lia#itemIdentityFeatures}) with and without marginal-likelihood
 * fine-tuning (both from one run: the EM posteriors are kept when fine-tuning starts). Ties in a
 * posterior count 1/(number of tied labels) (majority vote at even R). Settings: {@code
 * datasets=bluebirds,snow-rte}, {@code redundancy=2,5,10,full}, {@code subsamples=10}, {@code
 * methods=mv,ds,mmce,lia}, LIA options as {@code lia.NAME=VALUE} and training options as {@code
 * train.NAME=VALUE}, {@code out=FILE} (CSV rows appended).
 */
final class LiaExperiments {
  private final Map<String, String> args;
  private final PrintStream out = System.out;
  private final List<String[]> rows = new ArrayList<>();

  LiaExperiments(Map<String, String> args) {
    this.args = args;
  }

  /** LIA-E at the sweep's sizes: the default options. */
  static Lia.Options sweepOptions() {
    return Lia.Options.defaults();
  }

  /**
   * The paper's optimiser (AMSGrad, full batch) with 1,200 steps at lr 0.01 instead of 12,000 at
   * 1e-3: 10 EM rounds × 100 steps, then 200 fine-tuning steps.
   */
  static TrainOptions sweepTrain() {
    return Lia.paperTrainOptions().withLearningRate(0.01).withEpochs(1200);
  }

  void sweep(Path shared) throws Exception {
    Map<String, String> liaOver = new LinkedHashMap<>();
    Map<String, String> trainOver = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : args.entrySet()) {
      if (e.getKey().startsWith("lia.")) {
        liaOver.put(e.getKey().substring(4), e.getValue());
      } else if (e.getKey().startsWith("train.")) {
        trainOver.put(e.getKey().substring(6), e.getValue());
      }
    }
    Lia.Options lo = OptionsBinder.bind(sweepOptions(), liaOver);
    TrainOptions to = OptionsBinder.bind(sweepTrain(), trainOver);
    int subsamples = Integer.parseInt(args.getOrDefault("subsamples", "10"));
    List<String> methods = List.of(args.getOrDefault("methods", "mv,ds,mmce,lia").split(","));
    for (String name : args.getOrDefault("datasets", "bluebirds,snow-rte").split(",")) {
      Path dir = shared.resolve("datasets").resolve(name);
      CrowdDataset full = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Map<String, String> gold = CrowdReader.readGoldMap(dir.resolve("gold.csv"), "task", "label");
      for (String rs : args.getOrDefault("redundancy", "2,5,10,full").split(",")) {
        boolean all = rs.equals("full");
        int r = all ? Integer.MAX_VALUE : Integer.parseInt(rs);
        int runs =
            all
                ? Math.min(subsamples, Integer.parseInt(args.getOrDefault("fullRuns", "10")))
                : subsamples;
        for (int s = 0; s < runs; s++) {
          CrowdDataset data = all ? full : Redundancy.subsample(full, r, 1000L * s + r);
          Gold g = Gold.of(data, gold);
          for (String method : methods) {
            if (method.equals("lia")) {
              long t0 = System.nanoTime();
              TaskFeatures x = Lia.itemIdentityFeatures(data);
              Lia lia = new Lia(lo, to.withSeed(s), Lia.paperBackbone());
              try (LearnedModel m = lia.fit(data, x)) {
                double sec = (System.nanoTime() - t0) / 1e9;
                double[] em = Lia.emPosteriors(m);
                double[] post = Lia.posteriors(m, data, x);
                double[] h = m.predict(x);
                if (em != null) {
                  record(name, rs, s, "lia-e-em", accuracy(em, data.numLabels(), g), sec);
                }
                record(name, rs, s, "lia-e", accuracy(post, data.numLabels(), g), sec);
                record(name, rs, s, "lia-e-h", accuracy(h, data.numLabels(), g), sec);
              }
            } else {
              long t0 = System.nanoTime();
              Map<String, String> over = new LinkedHashMap<>();
              double[] post = Methods.spec(method).create(over).fit(data).posteriors();
              double sec = (System.nanoTime() - t0) / 1e9;
              record(name, rs, s, method, accuracy(post, data.numLabels(), g), sec);
            }
          }
        }
      }
    }
    summary();
  }

  /**
   * The L2 penalties chosen without gold: for each dataset, redundancy R and subsample (the sweep's
   * seeds), 10 % of the answers are hidden (seeded; never an item's or an annotator's last answer),
   * LIA-E is trained on the rest for every (λ_d, λ_c) of the grid ({@code difficulty=0.25,1,4},
   * {@code competence=0.25,1}), and the pair whose model predicts the hidden answers best ({@link
   * Lia#heldOutLogLikelihood}) is refitted on all answers; its accuracy is recorded as {@code
   * lia-e-heldout} with the chosen pair, each candidate's held-out log-likelihood as {@code ll d=…
   * c=…} (in the accuracy column). Settings as for the sweep, {@code subsamples=5}, {@code
   * redundancy=2,5,10}.
   */
  void penalties(Path shared) throws Exception {
    TrainOptions to = sweepTrain();
    int subsamples = Integer.parseInt(args.getOrDefault("subsamples", "5"));
    String[] ds = args.getOrDefault("difficulty", "0.25,1,4").split(",");
    String[] cs = args.getOrDefault("competence", "0.25,1").split(",");
    Map<String, Integer> chosenCount = new LinkedHashMap<>();
    for (String name : args.getOrDefault("datasets", "bluebirds,snow-rte").split(",")) {
      Path dir = shared.resolve("datasets").resolve(name);
      CrowdDataset full = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Map<String, String> gold = CrowdReader.readGoldMap(dir.resolve("gold.csv"), "task", "label");
      for (String rs : args.getOrDefault("redundancy", "2,5,10").split(",")) {
        int r = Integer.parseInt(rs);
        for (int s = 0; s < subsamples; s++) {
          CrowdDataset data = Redundancy.subsample(full, r, 1000L * s + r);
          CrowdDataset[] split = hideAnswers(data, 0.1, 77L * s + r);
          TaskFeatures xs = Lia.itemIdentityFeatures(split[0]);
          double best = Double.NEGATIVE_INFINITY;
          String[] pick = null;
          for (String d : ds) {
            for (String c : cs) {
              Lia.Options lo =
                  OptionsBinder.bind(
                      sweepOptions(), Map.of("difficultyPenalty", d, "competencePenalty", c));
              long t0 = System.nanoTime();
              try (LearnedModel m =
                  new Lia(lo, to.withSeed(s), Lia.paperBackbone()).fit(split[0], xs)) {
                double ll = Lia.heldOutLogLikelihood(m, split[0], xs, split[1]);
                record(name, rs, s, "ll d=" + d + " c=" + c, ll, (System.nanoTime() - t0) / 1e9);
                if (ll > best) {
                  best = ll;
                  pick = new String[] {d, c};
                }
              }
            }
          }
          String key = "d=" + pick[0] + " c=" + pick[1];
          chosenCount.merge(key, 1, Integer::sum);
          Lia.Options lo =
              OptionsBinder.bind(
                  sweepOptions(),
                  Map.of("difficultyPenalty", pick[0], "competencePenalty", pick[1]));
          TaskFeatures x = Lia.itemIdentityFeatures(data);
          long t0 = System.nanoTime();
          try (LearnedModel m = new Lia(lo, to.withSeed(s), Lia.paperBackbone()).fit(data, x)) {
            double acc =
                accuracy(Lia.posteriors(m, data, x), data.numLabels(), Gold.of(data, gold));
            record(name, rs, s, "lia-e-heldout " + key, acc, (System.nanoTime() - t0) / 1e9);
          }
        }
      }
    }
    out.println("chosen: " + chosenCount);
  }

  /**
   * Splits {@code data}'s answers into [kept, hidden]: each answer is hidden with probability
   * {@code share} (seeded) unless it is its item's or its annotator's last remaining answer.
   */
  static CrowdDataset[] hideAnswers(CrowdDataset data, double share, long seed) {
    java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
    int[] perTask = new int[data.numTasks()];
    int[] perWorker = new int[data.numWorkers()];
    for (int a = 0; a < data.numAnswers(); a++) {
      perTask[data.task(a)]++;
      perWorker[data.worker(a)]++;
    }
    CrowdDataset.Builder kept = CrowdDataset.builder().labels(data.labels().names());
    CrowdDataset.Builder hidden = CrowdDataset.builder().labels(data.labels().names());
    for (int a = 0; a < data.numAnswers(); a++) {
      String t = data.tasks().name(data.task(a));
      String w = data.workers().name(data.worker(a));
      String l = data.labels().name(data.label(a));
      if (rng.nextDouble() < share && perTask[data.task(a)] > 1 && perWorker[data.worker(a)] > 1) {
        perTask[data.task(a)]--;
        perWorker[data.worker(a)]--;
        hidden.add(t, w, l);
      } else {
        kept.add(t, w, l);
      }
    }
    return new CrowdDataset[] {kept.build(), hidden.build()};
  }

  /**
   * The paper's sanity check on real data: an always-right and an always-wrong annotator (from
   * gold) are added to every item of each dataset (at redundancy {@code redundancy}, default 5);
   * prints each annotator's mean predicted probability of a correct answer over the items, and the
   * ranks of the two oracles among all annotators.
   */
  void oracles(Path shared) throws Exception {
    int r = Integer.parseInt(args.getOrDefault("redundancy", "5"));
    for (String name : args.getOrDefault("datasets", "bluebirds,snow-rte").split(",")) {
      Path dir = shared.resolve("datasets").resolve(name);
      CrowdDataset full = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Map<String, String> gold = CrowdReader.readGoldMap(dir.resolve("gold.csv"), "task", "label");
      CrowdDataset sub = Redundancy.subsample(full, r, 7);
      CrowdDataset.Builder b = CrowdDataset.builder().labels(sub.labels().names());
      for (int a = 0; a < sub.numAnswers(); a++) {
        b.add(
            sub.tasks().name(sub.task(a)),
            sub.workers().name(sub.worker(a)),
            sub.labels().name(sub.label(a)));
      }
      for (int i = 0; i < sub.numTasks(); i++) {
        String task = sub.tasks().name(i);
        String truth = gold.get(task);
        if (truth == null) {
          continue;
        }
        b.add(task, "ORACLE-RIGHT", truth);
        String wrong =
            sub.labels().name(0).equals(truth) ? sub.labels().name(1) : sub.labels().name(0);
        b.add(task, "ORACLE-WRONG", wrong);
      }
      CrowdDataset data = b.build();
      TaskFeatures x = Lia.itemIdentityFeatures(data);
      try (LearnedModel m =
          new Lia(sweepOptions(), sweepTrain(), Lia.paperBackbone()).fit(data, x)) {
        List<String> names = data.workers().names();
        double[] pc = m.probabilityCorrect(x, names);
        double[] mean = new double[names.size()];
        for (int i = 0; i < data.numTasks(); i++) {
          for (int j = 0; j < names.size(); j++) {
            mean[j] += pc[i * names.size() + j] / data.numTasks();
          }
        }
        Integer[] order = new Integer[names.size()];
        for (int j = 0; j < order.length; j++) {
          order[j] = j;
        }
        java.util.Arrays.sort(order, (p, q) -> Double.compare(mean[q], mean[p]));
        for (int rank = 0; rank < order.length; rank++) {
          String w = names.get(order[rank]);
          if (w.startsWith("ORACLE") || rank < 3 || rank >= order.length - 3) {
            out.printf(
                Locale.ROOT,
                "%s R=%d rank %d/%d %s mean P(correct) %.3f%n",
                name,
                r,
                rank + 1,
                order.length,
                w,
                mean[order[rank]]);
          }
        }
      }
    }
  }

  /** Accuracy over items with gold; a tie among the top labels counts 1/(number tied). */
  static double accuracy(double[] posteriors, int k, Gold gold) {
    double hit = 0;
    int count = 0;
    for (int i = 0; i < posteriors.length / k; i++) {
      if (!gold.hasKnown(i)) {
        continue;
      }
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < k; c++) {
        max = Math.max(max, posteriors[i * k + c]);
      }
      int tied = 0;
      for (int c = 0; c < k; c++) {
        if (posteriors[i * k + c] == max) {
          tied++;
        }
      }
      if (posteriors[i * k + gold.label(i)] == max) {
        hit += 1.0 / tied;
      }
      count++;
    }
    return count == 0 ? Double.NaN : hit / count;
  }

  private void record(String dataset, String r, int s, String method, double acc, double sec)
      throws IOException {
    String[] row = {
      dataset,
      r,
      Integer.toString(s),
      method,
      String.format(Locale.ROOT, "%.4f", acc),
      String.format(Locale.ROOT, "%.2f", sec)
    };
    rows.add(row);
    String line = String.join(",", row);
    out.println(line);
    out.flush();
    String file = args.get("out");
    if (file != null) {
      Path p = Path.of(file);
      if (!Files.exists(p)) {
        Files.writeString(
            p, "dataset,redundancy,subsample,method,accuracy,seconds\n", StandardCharsets.UTF_8);
      }
      Files.writeString(p, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
  }

  /** Mean ± standard error per dataset, redundancy and method. */
  private void summary() {
    Map<String, List<Double>> by = new LinkedHashMap<>();
    for (String[] row : rows) {
      by.computeIfAbsent(row[0] + " R=" + row[1] + " " + row[3], x -> new ArrayList<>())
          .add(Double.parseDouble(row[4]));
    }
    for (Map.Entry<String, List<Double>> e : by.entrySet()) {
      List<Double> v = e.getValue();
      double mean = v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
      double ss = 0;
      for (double x : v) {
        ss += (x - mean) * (x - mean);
      }
      double se = v.size() > 1 ? Math.sqrt(ss / (v.size() - 1) / v.size()) : 0;
      out.printf(
          Locale.ROOT, "%-40s %6.2f ± %.2f (n=%d)%n", e.getKey(), 100 * mean, 100 * se, v.size());
    }
  }
}
