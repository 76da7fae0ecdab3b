package org.crowd4j.bench;

import java.util.Locale;
import java.util.Map;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.multilabel.BinaryRelevance;
import org.crowd4j.multilabel.MultiLabelMetrics;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.MultiLabelSimulator;
import org.crowd4j.multilabel.TagAnswers;
import org.crowd4j.multilabel.TagGold;

/**
 * Binary relevance on simulated multi-label crowds ({@link MultiLabelSimulator}): micro and macro
 * F1 and Hamming loss of each single-label method against the true tag sets, next to the tags of
 * one answer per task; and the time of one fit on a million answers. Prints Markdown tables.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.MultiLabelBenchmark quality
 * java -Xmx3g -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.MultiLabelBenchmark speed
 * </pre>
 */
public final class MultiLabelBenchmark {
  private static final String[] METHODS = {"mv", "wawa", "ds", "glad", "mace"};
  private static final int SEEDS = 3;

  private MultiLabelBenchmark() {}

  /** {@code quality} or {@code speed}. */
  public static void main(String[] args) {
    String what = args.length == 0 ? "quality" : args[0];
    if (what.equals("quality")) {
      quality();
    } else if (what.equals("speed")) {
      speed();
    } else {
      throw new IllegalArgumentException("quality or speed, not " + what);
    }
  }

  static void quality() {
    StringBuilder head = new StringBuilder("| answers per task | spammers | one answer |");
    StringBuilder rule = new StringBuilder("|---:|---:|---:|");
    for (String m : METHODS) {
      head.append(' ').append(m).append(" |");
      rule.append("---:|");
    }
    System.out.println("micro F1 / macro F1 / Hamming loss, mean over seeds 1–" + SEEDS);
    System.out.println(head);
    System.out.println(rule);
    for (int perTask : new int[] {3, 5}) {
      for (double spam : new double[] {0.0, 0.2, 0.4}) {
        double[][] sums = new double[METHODS.length + 1][3];
        for (int seed = 1; seed <= SEEDS; seed++) {
          MultiLabelSimulator.Simulated s =
              MultiLabelSimulator.simulate(
                  new MultiLabelSimulator.Spec(2000, 8, 50, perTask, 0.05, 0.4, 0.8, 0.05, spam),
                  seed);
          TagGold gold = TagGold.of(s.answers(), s.truth());
          add(sums[0], MultiLabelMetrics.of(firstAnswer(s.answers()), gold));
          for (int k = 0; k < METHODS.length; k++) {
            MultiLabelResult r =
                new BinaryRelevance(Methods.create(METHODS[k], Map.of())).fit(s.answers());
            add(sums[k + 1], MultiLabelMetrics.of(r, gold));
          }
        }
        StringBuilder row =
            new StringBuilder(String.format(Locale.ROOT, "| %d | %.0f %% |", perTask, spam * 100));
        for (double[] v : sums) {
          row.append(
              String.format(
                  Locale.ROOT, " %.3f / %.3f / %.3f |", v[0] / SEEDS, v[1] / SEEDS, v[2] / SEEDS));
        }
        System.out.println(row);
      }
    }
  }

  private static void add(double[] sum, MultiLabelMetrics m) {
    sum[0] += m.microF1();
    sum[1] += m.macroF1();
    sum[2] += m.hammingLoss();
  }

  /** The tag set of each task's first answer. */
  static boolean[] firstAnswer(TagAnswers data) {
    int m = data.numTags();
    boolean[] out = new boolean[data.tasks().size() * m];
    for (int i = 0; i < data.tasks().size(); i++) {
      int a = data.answers().taskStart(i);
      for (int t : data.tagsOf(a)) {
        out[i * m + t] = true;
      }
    }
    return out;
  }

  static void speed() {
    MultiLabelSimulator.Simulated s =
        MultiLabelSimulator.simulate(
            new MultiLabelSimulator.Spec(200_000, 8, 1000, 5, 0.05, 0.4, 0.8, 0.05, 0.2), 1);
    TagGold gold = TagGold.of(s.answers(), s.truth());
    System.out.println("| method | run | wall (s) | micro F1 |");
    System.out.println("|---|---:|---:|---:|");
    for (String method : new String[] {"mv", "ds"}) {
      for (int run = 1; run <= 2; run++) {
        long t0 = System.nanoTime();
        MultiLabelResult r = new BinaryRelevance(Methods.create(method, Map.of())).fit(s.answers());
        double wall = (System.nanoTime() - t0) / 1e9;
        System.out.printf(
            Locale.ROOT,
            "| %s | %d | %.2f | %.4f |%n",
            method,
            run,
            wall,
            MultiLabelMetrics.of(r, gold).microF1());
      }
    }
  }
}
