package org.crowd4j.segmentation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time mask code against the straightforward pixel-by-pixel computation on seeded
 * random masks: sizes below, at and past multiples of 64, worker counts with ties (even) and on
 * every path (table, sorted codes, one pattern per pixel).
 */
class PackedPixelsTest {
  private static final int[][] SIZES = {
    {1, 1}, {1, 63}, {8, 8}, {5, 13}, {7, 9}, {3, 43}, {17, 31}, {64, 3}, {33, 65}, {16, 32}
  };
  private static final int[] WORKERS = {1, 2, 3, 4, 5, 6, 12, 13, 20, 63, 64, 70};

  /** Masks near a common random mask: flips with a worker's rate, some workers blank or full. */
  private static Mask[] masks(SplittableRandom r, int h, int w, int m) {
    return masks(r, h, w, m, false);
  }

  /**
   * As {@link #masks(SplittableRandom, int, int, int)}; {@code noisy}: every worker flips at least
   * 5 % of the common mask (no worker agrees exactly with the posterior, where the bound's terms
   * reach ±infinity and their clipping depends on the last bit of a skill).
   */
  private static Mask[] masks(SplittableRandom r, int h, int w, int m, boolean noisy) {
    int n = h * w;
    boolean[] base = new boolean[n];
    for (int i = 0; i < n; i++) {
      base[i] = r.nextDouble() < 0.4;
    }
    Mask[] out = new Mask[m];
    for (int k = 0; k < m; k++) {
      double flip = (noisy ? 0.05 : 0) + r.nextInt(4) * 0.15;
      int kind = noisy ? 2 : r.nextInt(12);
      boolean[] px = new boolean[n];
      for (int i = 0; i < n; i++) {
        px[i] = kind == 0 ? false : kind == 1 ? true : base[i] ^ (r.nextDouble() < flip);
      }
      out[k] = Mask.of(h, w, px);
    }
    return out;
  }

  @Test
  void plainMajorityCountsLikeThePixels() {
    SplittableRandom r = new SplittableRandom(11);
    for (int[] s : SIZES) {
      for (int m : WORKERS) {
        Mask[] masks = masks(r, s[0], s[1], m);
        boolean[] want = new boolean[s[0] * s[1]];
        for (int i = 0; i < want.length; i++) {
          int votes = 0;
          for (Mask x : masks) {
            votes += x.get(i) ? 1 : 0;
          }
          want[i] = 2 * votes >= m;
        }
        assertEquals(Mask.of(s[0], s[1], want), BitMajority.of(masks), s[0] + "x" + s[1] + " " + m);
        SegmentationResult fit = new SegmentationMajorityVote().fit(answers(masks));
        assertEquals(Mask.of(s[0], s[1], want), fit.mask(0));
      }
    }
  }

  @Test
  void weightedMajorityScoresLikeThePixels() {
    SplittableRandom r = new SplittableRandom(12);
    double[] choices = {1, 0.5, 0.25, 0.75, 2, -0.5, 0.1, 0.3};
    for (int[] s : SIZES) {
      for (int m : WORKERS) {
        Mask[] masks = masks(r, s[0], s[1], m);
        Map<String, Double> skills = new LinkedHashMap<>();
        double[] weight = new double[m];
        for (int k = 0; k < m; k++) {
          weight[k] = k > 0 && r.nextInt(6) == 0 ? Double.NaN : choices[r.nextInt(choices.length)];
          if (!Double.isNaN(weight[k])) {
            skills.put("w" + k, weight[k]);
          }
        }
        boolean[] want = new boolean[s[0] * s[1]];
        for (int i = 0; i < want.length; i++) {
          double score = 0;
          for (int k = 0; k < m; k++) {
            if (!Double.isNaN(weight[k])) {
              score += masks[k].get(i) ? weight[k] : -weight[k];
            }
          }
          want[i] = score >= 0;
        }
        SegmentationMajorityVote mv =
            new SegmentationMajorityVote(
                new SegmentationMajorityVote.Options(
                    skills, SegmentationMajorityVote.MissingSkill.IGNORE, Double.NaN));
        assertEquals(Mask.of(s[0], s[1], want), mv.fit(answers(masks)).mask(0));
      }
    }
  }

  @Test
  void patternsAreThePixelsCodesInAscendingOrder() {
    SplittableRandom r = new SplittableRandom(13);
    for (int[] s : SIZES) {
      for (int m : WORKERS) {
        Mask[] masks = masks(r, s[0], s[1], m);
        PixelPatterns pp = PixelPatterns.of(masks);
        int n = s[0] * s[1];
        boolean[] on = new boolean[pp.count];
        for (int p = 0; p < on.length; p++) {
          on[p] = r.nextBoolean();
        }
        boolean[] want = new boolean[n];
        if (m > 63) {
          assertEquals(n, pp.count);
          for (int i = 0; i < n; i++) {
            assertEquals(1, pp.pixels[i]);
            for (int k = 0; k < m; k++) {
              assertEquals(masks[k].get(i), pp.voted(i, k));
            }
            want[i] = on[i];
          }
        } else {
          long[] code = new long[n];
          for (int i = 0; i < n; i++) {
            for (int k = 0; k < m; k++) {
              code[i] |= masks[k].get(i) ? 1L << k : 0;
            }
          }
          long[] distinct = Arrays.stream(code).distinct().sorted().toArray();
          int[] pixels = new int[distinct.length];
          for (int i = 0; i < n; i++) {
            int p = Arrays.binarySearch(distinct, code[i]);
            pixels[p]++;
            want[i] = on[p];
          }
          assertEquals(distinct.length, pp.count);
          assertArrayEquals(pixels, pp.pixels);
          for (int p = 0; p < pp.count; p++) {
            for (int k = 0; k < m; k++) {
              assertEquals((distinct[p] & (1L << k)) != 0, pp.voted(p, k));
            }
          }
        }
        assertEquals(Mask.of(s[0], s[1], want), pp.mask(on), s[0] + "x" + s[1] + " " + m);
      }
    }
  }

  @Test
  void emFoldedToPatternsMatchesEmOverPixels() {
    SplittableRandom r = new SplittableRandom(14);
    for (int[] s : SIZES) {
      for (int m : new int[] {3, 4, 5, 6, 13, 20}) {
        Mask[] masks = masks(r, s[0], s[1], m, true);
        SegmentationEm em = new SegmentationEm();
        SegmentationResult fit = em.fit(answers(masks));
        // the same iterations (the stopping rule compares bounds summed in another order)
        PixelEm ref = new PixelEm(masks, fit.iterations()[0], Double.NEGATIVE_INFINITY);
        double[] bounds = em.history(masks);
        assertEquals(ref.history.length, bounds.length, s[0] + "x" + s[1] + " " + m);
        for (int it = 0; it < bounds.length; it++) {
          assertEquals(ref.history[it], bounds[it], 1e-12 * Math.max(1, Math.abs(bounds[it])));
        }
        for (int k = 0; k < m; k++) {
          assertEquals(ref.skill[k], fit.answerScores()[k], 1e-9);
        }
        assertEquals(Mask.of(s[0], s[1], ref.on), fit.mask(0));
      }
    }
  }

  @Test
  void runLengthAndRowsMatchThePixels() {
    SplittableRandom r = new SplittableRandom(15);
    for (int[] s : SIZES) {
      for (double density : new double[] {0, 0.02, 0.5, 0.98, 1}) {
        int n = s[0] * s[1];
        boolean[] px = new boolean[n];
        for (int i = 0; i < n; i++) {
          px[i] = r.nextDouble() < density;
        }
        Mask m = Mask.of(s[0], s[1], px);
        String rle = rle(s[0], s[1], px);
        String rows = rows(s[0], s[1], px);
        assertEquals(rle, m.toRle());
        assertEquals(rows, m.toRows());
        assertEquals(m, Mask.parseRle(rle));
        assertEquals(m, Mask.parseRle(" " + rle.replace(":", ":\t ").replace(" ", " \n ") + "  "));
        assertEquals(m, Mask.parseRows(rows));
        assertEquals(m, Mask.parseRows(" " + rows.replace(";", " ;\t") + "\n"));
      }
    }
  }

  @Test
  void malformedMasksKeepTheirMessages() {
    String[][] rle = {
      {"2x2:1 2", "runs cover 3 of the 4 pixels"},
      {"2x2:1 2 3", "runs exceed the 4 pixels of 2x2"},
      {"2x2:1 x 3", "run 'x' is not a whole number"},
      {"2x2:1 -1", "run '-1' is not a whole number"},
      {"2x2:1 12345678901", "run '12345678901' is not a whole number"},
      {"2x2:1 4294967296", "run '4294967296' is not a whole number"},
      {"2x2:1\u00012", "run '1\u00012' is not a whole number"},
      {"2x2:", "runs cover 0 of the 4 pixels"},
      {"2x2", "run-length masks read HxW:runs, e.g. 2x3:1 2 3"}
    };
    for (String[] c : rle) {
      assertEquals(
          c[1],
          assertThrows(IllegalArgumentException.class, () -> Mask.parseRle(c[0])).getMessage());
    }
    assertEquals(Mask.parseRows("11;01"), Mask.parseRle("2x2:\u0001 0 2 1 1"));
    String[][] rows = {
      {"010;01", "row 2 has 2 pixels, row 1 has 3"},
      {"01;0x", "row 2 holds 'x' (pixels are 0 or 1)"},
      {"01;;01", "row 2 has 0 pixels, row 1 has 2"},
      {" ;01", "row 1 is empty"},
      {"", "row 1 is empty"},
      {"01;10;", "row 3 has 0 pixels, row 1 has 2"},
      {"01;;1", "row 2 has 0 pixels, row 1 has 2"},
      {"0101010101;0101010;x1", "row 2 has 7 pixels, row 1 has 10"},
      {"0101010101;01010101x1", "row 2 holds 'x' (pixels are 0 or 1)"},
      {"0101010101;0101010\u010001", "row 2 holds '\u0100' (pixels are 0 or 1)"},
      {"0101010101;0101010/01", "row 2 holds '/' (pixels are 0 or 1)"}
    };
    for (String[] c : rows) {
      assertEquals(
          c[1],
          assertThrows(IllegalArgumentException.class, () -> Mask.parseRows(c[0])).getMessage());
    }
    assertTrue(Mask.parseRows("1").get(0));
  }

  private static MaskAnswers answers(Mask[] masks) {
    MaskAnswers.Builder b = MaskAnswers.builder();
    for (int k = 0; k < masks.length; k++) {
      b.add("image", "w" + k, masks[k]);
    }
    return b.build();
  }

  private static String rle(int h, int w, boolean[] px) {
    StringBuilder sb = new StringBuilder().append(h).append('x').append(w).append(':');
    boolean cur = false;
    int run = 0;
    boolean first = true;
    for (boolean v : px) {
      if (v != cur) {
        sb.append(first ? "" : " ").append(run);
        first = false;
        cur = v;
        run = 0;
      }
      run++;
    }
    return sb.append(first ? "" : " ").append(run).toString();
  }

  private static String rows(int h, int w, boolean[] px) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < px.length; i++) {
      sb.append(i > 0 && i % w == 0 ? ";" : "").append(px[i] ? '1' : '0');
    }
    return sb.toString();
  }

  /** Segmentation EM over every pixel, as its class Javadoc states it. */
  private static final class PixelEm {
    final boolean[] on;
    final double[] skill;
    double[] history = new double[0];

    PixelEm(Mask[] masks, int maxIterations, double tol) {
      int m = masks.length;
      int n = masks[0].pixels();
      double[] prior = new double[n];
      double[] size = new double[m];
      long region = 0;
      for (int i = 0; i < n; i++) {
        int votes = 0;
        for (int k = 0; k < m; k++) {
          if (masks[k].get(i)) {
            votes++;
            size[k]++;
          }
        }
        prior[i] = (double) votes / m;
        region += votes > 0 ? 1 : 0;
      }
      on = new boolean[n];
      if (region == 0) {
        skill = new double[m];
        return;
      }
      double[] post = new double[n];
      for (int i = 0; i < n; i++) {
        post[i] = prior[i] > 0.5 ? 1 : 0;
      }
      double[] s = skills(masks, post, size, region);
      double loss = Double.NEGATIVE_INFINITY;
      for (int it = 0; it < maxIterations; it++) {
        for (int i = 0; i < n; i++) {
          double pos = Math.log(prior[i]);
          double neg = Math.log(1 - prior[i]);
          for (int k = 0; k < m; k++) {
            boolean y = masks[k].get(i);
            pos += Math.log(y ? s[k] : 1 - s[k]);
            neg += Math.log(y ? 1 - s[k] : s[k]);
          }
          double q =
              pos == Double.NEGATIVE_INFINITY
                  ? 0
                  : neg == Double.NEGATIVE_INFINITY ? 1 : 1 / (1 + Math.exp(neg - pos));
          post[i] = q < 1e-15 ? 0 : q;
        }
        s = skills(masks, post, size, region);
        double bound = 0;
        for (int i = 0; i < n; i++) {
          double q = post[i];
          for (int k = 0; k < m; k++) {
            double ws = masks[k].get(i) ? s[k] : 1 - s[k];
            bound +=
                finite((Math.log(ws) + Math.log(prior[i])) * q)
                    + finite((Math.log(1 - ws) + Math.log(1 - prior[i])) * (1 - q));
          }
          bound -= finite(Math.log(q) * q);
        }
        bound /= (double) m * n;
        System.arraycopy(post, 0, prior, 0, n);
        history = Arrays.copyOf(history, it + 1);
        history[it] = bound;
        if (bound - loss < tol) {
          break;
        }
        loss = bound;
      }
      for (int i = 0; i < n; i++) {
        on[i] = prior[i] > 0.5;
      }
      skill = s;
    }

    private static double[] skills(Mask[] masks, double[] post, double[] size, long region) {
      int m = masks.length;
      double total = 0;
      double[] agree = new double[m];
      for (int i = 0; i < post.length; i++) {
        total += post[i];
        for (int k = 0; k < m; k++) {
          agree[k] += masks[k].get(i) ? post[i] : 0;
        }
      }
      double[] s = new double[m];
      for (int k = 0; k < m; k++) {
        s[k] = 1 - (size[k] + total - 2 * agree[k]) / region;
      }
      return s;
    }

    private static double finite(double x) {
      if (Double.isNaN(x)) {
        return 0;
      }
      if (x == Double.NEGATIVE_INFINITY) {
        return -Double.MAX_VALUE;
      }
      return x == Double.POSITIVE_INFINITY ? Double.MAX_VALUE : x;
    }
  }
}
