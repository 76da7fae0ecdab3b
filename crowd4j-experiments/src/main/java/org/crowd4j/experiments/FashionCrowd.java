package org.crowd4j.experiments;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.IdxImages;
import org.crowd4j.simulate.SimulatedCrowd;
import org.crowd4j.simulate.SimulationWriter;

/**
 * A simulated crowd over Fashion-MNIST whose annotators confuse look-alike classes, written as a
 * dataset folder in the shared layout ({@code answers.csv}, {@code features.csv}, {@code gold.csv},
 * {@code test_features.csv}, {@code test_gold.csv}, {@code true_confusions.json}) for {@code
 * crowd4j train}.
 *
 * <p>Look-alike groups: tops {T-shirt/top, pullover, coat, shirt}, footwear {sandal, sneaker, ankle
 * boot}; trousers, dresses and bags stand alone. Each annotator has a skill s drawn uniformly from
 * [{@code minSkill}, {@code maxSkill}] and, for every class of a group, one look-alike she takes it
 * for (drawn at random within the group): she answers the true class with probability s, that
 * look-alike with probability (1 − s)·0.8, and any other class of the group with the rest; on the
 * stand-alone classes she is right with probability 0.95, errors uniform. Every training image gets
 * {@code answers} answers from distinct annotators. Pixels are written as 0–255 integers. Settings:
 * {@code dir=DIR} (required), {@code n=10000} training images (a seeded random subset of the
 * 60,000), {@code annotators=30}, {@code answers=2}, {@code minSkill=0.35}, {@code maxSkill=0.8},
 * {@code crowdSeed=0}, {@code idx=/usr/share/datasets/fashion-mnist}; the test files hold all
 * 10,000 test images.
 */
final class FashionCrowd {
  static final int K = 10;
  static final int[][] GROUPS = {{0, 2, 4, 6}, {5, 7, 9}};

  private FashionCrowd() {}

  static void write(Map<String, String> args) throws Exception {
    Path dir = Path.of(required(args, "dir"));
    Path idx = Path.of(args.getOrDefault("idx", "/usr/share/datasets/fashion-mnist"));
    int n = Integer.parseInt(args.getOrDefault("n", "10000"));
    int annotators = Integer.parseInt(args.getOrDefault("annotators", "30"));
    int answers = Integer.parseInt(args.getOrDefault("answers", "2"));
    double minSkill = Double.parseDouble(args.getOrDefault("minSkill", "0.35"));
    double maxSkill = Double.parseDouble(args.getOrDefault("maxSkill", "0.8"));
    long seed = Long.parseLong(args.getOrDefault("crowdSeed", "0"));
    IdxImages.Data train = IdxImages.read(idx, "train");
    IdxImages.Data test = IdxImages.read(idx, "t10k");
    int d = train.dim();
    SplittableRandom rng = new SplittableRandom(seed);
    int[] order = new int[train.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    for (int i = order.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    int[] picked = Arrays.copyOf(order, Math.min(n, order.length));
    float[] x = new float[picked.length * d];
    int[] truth = new int[picked.length];
    for (int i = 0; i < picked.length; i++) {
      for (int f = 0; f < d; f++) {
        x[i * d + f] = Math.round(train.pixels()[picked[i] * d + f] * 255f);
      }
      truth[i] = train.labels()[picked[i]];
    }
    ConfusionPool.Builder b = ConfusionPool.builder(K);
    for (int r = 0; r < annotators; r++) {
      double s = minSkill + (maxSkill - minSkill) * rng.nextDouble();
      b.add(lookAlikeConfusion(s, rng), String.format("look-alike confuser, skill %.3f", s));
    }
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(truth, b.build(), Assignment.perItem(answers), seed + 1);
    Files.createDirectories(dir);
    SimulationWriter.write(dir, crowd, x, d);
    writeTest(dir, test);
  }

  /** One annotator's confusion (rows = true class), see the class comment. */
  static double[][] lookAlikeConfusion(double skill, SplittableRandom rng) {
    double[][] m = new double[K][K];
    boolean[] grouped = new boolean[K];
    for (int[] g : GROUPS) {
      for (int z : g) {
        grouped[z] = true;
        int twin;
        do {
          twin = g[rng.nextInt(g.length)];
        } while (twin == z);
        m[z][z] = skill;
        for (int l : g) {
          if (l != z) {
            m[z][l] = (1 - skill) * 0.2 / (g.length - 2 == 0 ? 1 : g.length - 2);
          }
        }
        m[z][twin] = g.length == 2 ? 1 - skill : (1 - skill) * 0.8;
      }
    }
    for (int z = 0; z < K; z++) {
      if (!grouped[z]) {
        for (int l = 0; l < K; l++) {
          m[z][l] = l == z ? 0.95 : 0.05 / (K - 1);
        }
      }
    }
    return m;
  }

  private static void writeTest(Path dir, IdxImages.Data test) throws IOException {
    int d = test.dim();
    AtomicFiles.write(
        dir.resolve("test_features.csv"),
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          StringBuilder sb = new StringBuilder("task");
          for (int f = 0; f < d; f++) {
            sb.append(",f").append(f);
          }
          w.write(sb.append('\n').toString());
          for (int i = 0; i < test.size(); i++) {
            sb.setLength(0);
            sb.append('t').append(i);
            for (int f = 0; f < d; f++) {
              sb.append(',').append((float) Math.round(test.pixels()[i * d + f] * 255f));
            }
            w.write(sb.append('\n').toString());
          }
          w.flush();
        });
    AtomicFiles.write(
        dir.resolve("test_gold.csv"),
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          w.write("task,label\n");
          for (int i = 0; i < test.size(); i++) {
            w.write("t" + i + "," + test.labels()[i] + "\n");
          }
          w.flush();
        });
  }

  private static String required(Map<String, String> args, String key) {
    String v = args.get(key);
    if (v == null) {
      throw new IllegalArgumentException("fashion-crowd needs " + key + "=…");
    }
    return v;
  }
}
