package org.crowd4j.bench;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Auto;
import org.crowd4j.aggregate.select.Candidate;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.aggregate.select.Criterion;
import org.crowd4j.aggregate.select.HeldOutPredictions;
import org.crowd4j.aggregate.select.HeldOutScorer;
import org.crowd4j.aggregate.select.Stacking;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;

/**
 * The raw material of a gold-free selection study: for every dataset, every candidate's accuracy on
 * gold, its held-out answer score and stacking weight, and the matrix of parametric-bootstrap
 * accuracies (a crowd drawn from candidate g's fitted model, candidate c fitted on it and scored
 * against the drawn truth). Selection rules are then compared on these rows without refitting.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.SelectionStudy \
 *   --shared ../shared --datasets labelme,web --replicates 2 --csv results/study.csv
 * </pre>
 */
public final class SelectionStudy {
  private SelectionStudy() {}

  /** Flags {@code --shared DIR --datasets a,b --replicates R --csv FILE}. */
  public static void main(String[] args) throws Exception {
    Path shared = Path.of("../shared");
    Path csv = Path.of("study.csv");
    List<String> datasets = List.of();
    int replicates = 1;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--shared" -> shared = Path.of(args[i + 1]);
        case "--csv" -> csv = Path.of(args[i + 1]);
        case "--datasets" -> datasets = List.of(args[i + 1].split(","));
        case "--replicates" -> replicates = Integer.parseInt(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    try (BufferedWriter out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
        BufferedWriter post =
            Files.newBufferedWriter(
                Path.of(csv.toString().replace(".csv", "-posteriors.csv")),
                StandardCharsets.UTF_8)) {
      out.write("dataset,kind,generator,candidate,replicate,value\n");
      for (String name : datasets) {
        long t0 = System.nanoTime();
        study(shared.resolve("datasets").resolve(name), name, replicates, out, post);
        post.flush();
        out.flush();
        System.out.printf(Locale.ROOT, "%s done in %.1f s%n", name, (System.nanoTime() - t0) / 1e9);
      }
    }
  }

  static void study(
      Path dir, String name, int replicates, BufferedWriter out, BufferedWriter posteriors)
      throws Exception {
    CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
    Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
    Auto auto = new Auto();
    List<Candidate> candidates = auto.candidates(data, new LinkedHashMap<>());
    int c = candidates.size();
    AggregationResult[] fits = new AggregationResult[c];
    IntStream.range(0, c).parallel().forEach(i -> fits[i] = candidates.get(i).method().fit(data));
    int[] mv = fits[0].labels();
    for (int i = 0; i < c; i++) {
      String cn = candidates.get(i).name();
      row(out, name, "real", "-", cn, 0, gold.accuracy(fits[i].labels()));
      row(out, name, "agree_mv", "-", cn, 0, accuracy(fits[i].labels(), mv));
      if (posteriors != null) {
        for (int t = 0; t < data.numTasks(); t++) {
          if (gold.hasKnown(t)) {
            StringBuilder sb = new StringBuilder();
            sb.append(name).append(',').append(cn).append(',').append(t).append(',');
            sb.append(gold.label(t));
            for (int z = 0; z < data.numLabels(); z++) {
              sb.append(',').append(String.format(Locale.ROOT, "%.5g", fits[i].posterior(t, z)));
            }
            posteriors.write(sb.append('\n').toString());
          }
        }
      }
    }
    HeldOutPredictions p =
        new HeldOutScorer(Criterion.HELD_OUT_ANSWER, 5, 0L, data.numAnswers() > 100_000 ? 1 : 5)
            .predict(data, candidates, FitContext.none());
    Stacking stack = Stacking.fit(p, 10_000, 1e-9);
    for (int i = 0; i < c; i++) {
      CandidateScore s = p.score(i);
      row(out, name, "heldout", "-", candidates.get(i).name(), 0, s.score());
      row(out, name, "weight", "-", candidates.get(i).name(), 0, stack.weights()[i]);
    }
    HeldOutPredictions pa =
        new HeldOutScorer(Criterion.HELD_OUT_ANNOTATOR, 5, 0L, data.numAnswers() > 100_000 ? 1 : 5)
            .predict(data, candidates, FitContext.none());
    Stacking stackA = Stacking.fit(pa, 10_000, 1e-9);
    for (int i = 0; i < c; i++) {
      row(out, name, "heldout_ann", "-", candidates.get(i).name(), 0, pa.score(i).score());
      row(out, name, "weight_ann", "-", candidates.get(i).name(), 0, stackA.weights()[i]);
    }
    double[] weights = pruned(stack.weights(), 0.01);
    row(out, name, "real", "-", "stack", 0, gold.accuracy(mix(fits, weights, data)));
    int jobs = c * replicates;
    double[][] acc = new double[jobs][];
    IntStream.range(0, jobs)
        .parallel()
        .forEach(
            job -> {
              int g = job / replicates;
              int r = job % replicates;
              SplittableRandom rng = new SplittableRandom(31L * g + 1_000_003L * r + 7);
              int[] truth = new int[data.numTasks()];
              CrowdDataset drawn = draw(data, fits[g], rng, truth);
              AggregationResult[] refits = new AggregationResult[c];
              acc[job] = new double[c + 1];
              for (int cand = 0; cand < c; cand++) {
                try {
                  refits[cand] = candidates.get(cand).method().fit(drawn);
                  acc[job][cand] = accuracy(refits[cand].labels(), truth);
                } catch (RuntimeException e) {
                  acc[job][cand] = Double.NaN;
                }
              }
              acc[job][c] = accuracy(mix(refits, weights, drawn), truth);
            });
    for (int job = 0; job < jobs; job++) {
      String g = candidates.get(job / replicates).name();
      for (int cand = 0; cand <= c; cand++) {
        String cn = cand < c ? candidates.get(cand).name() : "stack";
        row(out, name, "boot", g, cn, job % replicates, acc[job][cand]);
      }
    }
  }

  private static double accuracy(int[] labels, int[] truth) {
    int right = 0;
    for (int i = 0; i < truth.length; i++) {
      right += labels[i] == truth[i] ? 1 : 0;
    }
    return (double) right / truth.length;
  }

  private static double[] pruned(double[] raw, double floor) {
    double kept = 0;
    for (double v : raw) {
      kept += v >= floor ? v : 0;
    }
    double[] w = new double[raw.length];
    for (int i = 0; i < raw.length; i++) {
      w[i] = raw[i] >= floor ? raw[i] / kept : 0;
    }
    return w;
  }

  /** Argmax labels of the weighted mixture of the fits' posteriors (weight 0 fits may be null). */
  static int[] mix(AggregationResult[] fits, double[] weights, CrowdDataset data) {
    int n = data.numTasks();
    int k = data.numLabels();
    double[] post = new double[n * k];
    for (int c = 0; c < fits.length; c++) {
      if (weights[c] > 0 && fits[c] != null) {
        double[] q = fits[c].posteriors();
        for (int j = 0; j < q.length; j++) {
          post[j] += weights[c] * q[j];
        }
      }
    }
    return org.crowd4j.aggregate.Posteriors.argmax(post, n, k);
  }

  /**
   * A crowd with {@code data}'s tasks and workers whose truth and answers are drawn from {@code g}.
   */
  static CrowdDataset draw(
      CrowdDataset data, AggregationResult g, SplittableRandom rng, int[] truth) {
    int k = data.numLabels();
    for (int i = 0; i < data.numTasks(); i++) {
      truth[i] = sample(g.posteriorRow(i), rng);
    }
    int[] labels = new int[data.numAnswers()];
    double[] dist = new double[k];
    for (int a = 0; a < labels.length; a++) {
      int i = data.task(a);
      int w = data.worker(a);
      for (int l = 0; l < k; l++) {
        dist[l] = g.noise().probability(i, w, truth[i], l);
      }
      labels[a] = sample(dist, rng);
    }
    return data.withLabels(data.labels(), labels);
  }

  private static int sample(double[] p, SplittableRandom rng) {
    double u = rng.nextDouble();
    double s = 0;
    for (int j = 0; j < p.length; j++) {
      s += p[j];
      if (u < s) {
        return j;
      }
    }
    return p.length - 1;
  }

  private static void row(
      BufferedWriter out, String d, String kind, String g, String c, int r, double v)
      throws java.io.IOException {
    out.write(String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%.6f%n", d, kind, g, c, r, v));
  }
}
