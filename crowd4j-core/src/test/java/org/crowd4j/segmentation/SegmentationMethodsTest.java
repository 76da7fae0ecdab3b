package org.crowd4j.segmentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SegmentationMethodsTest {
  private static final List<SegmentationAggregator> METHODS =
      List.of(new SegmentationMajorityVote(), new SegmentationRasa(), new SegmentationEm());

  private static BoundaryNoiseSimulator.Crowd crowd(int images, int annotators, long seed) {
    Mask[] truths = BoundaryNoiseSimulator.ellipses(images, 24, 32, seed);
    BoundaryNoiseSimulator.Annotator[] a = new BoundaryNoiseSimulator.Annotator[annotators];
    for (int k = 0; k < annotators; k++) {
      a[k] = new BoundaryNoiseSimulator.Annotator(k % 3, (k % 5) - 2, 0.1 * (k % 4));
    }
    return BoundaryNoiseSimulator.simulate(truths, a, seed);
  }

  @Test
  void pixelOrderDoesNotMatter() {
    // permuting the pixels of every mask alike permutes the aggregate alike
    BoundaryNoiseSimulator.Crowd c = crowd(3, 5, 7);
    int n = 24 * 32;
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    SplittableRandom r = new SplittableRandom(3);
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    MaskAnswers.Builder b = MaskAnswers.builder();
    MaskAnswers data = c.answers();
    for (int a = 0; a < data.size(); a++) {
      b.add(
          data.tasks().name(data.task(a)),
          data.workers().name(data.worker(a)),
          permuted(data.mask(a), perm));
    }
    MaskAnswers shuffled = b.build();
    for (SegmentationAggregator m : METHODS) {
      SegmentationResult x = m.fit(data);
      SegmentationResult y = m.fit(shuffled);
      for (int t = 0; t < data.tasks().size(); t++) {
        assertEquals(permuted(x.mask(t), perm), y.mask(t), m.name());
      }
    }
  }

  private static Mask permuted(Mask m, int[] perm) {
    boolean[] px = new boolean[m.pixels()];
    for (int i = 0; i < px.length; i++) {
      px[perm[i]] = m.get(i);
    }
    return Mask.of(m.height(), m.width(), px);
  }

  @Test
  void manyAnnotatorsTakeThePerPixelPathWithTheSameAnswer() {
    // 70 annotators: 35 copies of two masks; majority vote by hand
    Mask a = Mask.parseRows("1100;0110");
    Mask b = Mask.parseRows("1000;0111");
    MaskAnswers.Builder bl = MaskAnswers.builder();
    for (int k = 0; k < 70; k++) {
      bl.add("i", "a" + k, k < 36 ? a : b);
    }
    MaskAnswers data = bl.build();
    assertEquals("1100;0110", new SegmentationMajorityVote().fit(data).mask(0).toRows());
    assertEquals("1100;0110", new SegmentationRasa().fit(data).mask(0).toRows());
    assertEquals("1100;0110", new SegmentationEm().fit(data).mask(0).toRows());
  }

  @Test
  void methodsRecoverTheTruthBetterThanTheWorstAnnotator() {
    BoundaryNoiseSimulator.Crowd c = crowd(20, 5, 11);
    MaskAnswers data = c.answers();
    double worst = 1;
    for (int k = 0; k < 5; k++) {
      double s = 0;
      for (int t = 0; t < 20; t++) {
        s += Iou.of(data.mask(t * 5 + k), c.truths()[t]);
      }
      worst = Math.min(worst, s / 20);
    }
    for (SegmentationAggregator m : METHODS) {
      SegmentationResult r = m.fit(data);
      double s = 0;
      for (int t = 0; t < 20; t++) {
        s += Iou.of(r.mask(t), c.truths()[t]);
      }
      assertTrue(s / 20 > worst + 0.02, m.name() + " " + s / 20 + " vs worst " + worst);
    }
  }

  @Test
  void sameSeedSameCrowdAndResult() {
    BoundaryNoiseSimulator.Crowd x = crowd(4, 5, 5);
    BoundaryNoiseSimulator.Crowd y = crowd(4, 5, 5);
    assertEquals(x.answers().digest(), y.answers().digest());
    BoundaryNoiseSimulator.Crowd z = crowd(4, 5, 6);
    assertTrue(!x.answers().digest().equals(z.answers().digest()));
    SegmentationResult a = new SegmentationEm().fit(x.answers());
    SegmentationResult b = new SegmentationEm().fit(y.answers());
    for (int t = 0; t < 4; t++) {
      assertEquals(a.mask(t), b.mask(t));
    }
  }

  @Test
  void oneThreadGivesTheSameMasksAsMany() throws Exception {
    MaskAnswers data = crowd(12, 5, 13).answers();
    java.util.concurrent.ForkJoinPool one = new java.util.concurrent.ForkJoinPool(1);
    try {
      for (SegmentationAggregator m : METHODS) {
        SegmentationResult many = m.fit(data);
        SegmentationResult single = one.submit(() -> m.fit(data)).get();
        for (int t = 0; t < 12; t++) {
          assertEquals(many.mask(t), single.mask(t), m.name());
        }
        assertEquals(
            java.util.Arrays.toString(many.answerScores()),
            java.util.Arrays.toString(single.answerScores()));
      }
    } finally {
      one.shutdown();
    }
  }

  @Test
  void emHandChecked() {
    // three workers, one pixel each way: the two that agree win; their skill is 1
    MaskAnswers data =
        MaskAnswers.builder()
            .add("i", "a", Mask.parseRows("110"))
            .add("i", "b", Mask.parseRows("110"))
            .add("i", "c", Mask.parseRows("011"))
            .build();
    SegmentationResult r = new SegmentationEm().fit(data);
    assertEquals("110", r.mask(0).toRows());
    double[] s = r.answerScores();
    assertEquals(1.0, s[0], 1e-12);
    assertEquals(1.0, s[1], 1e-12);
    // c disagrees on 2 of the 3 marked pixels
    assertEquals(1.0 / 3, s[2], 1e-12);
    SegmentationResult w = new SegmentationRasa().fit(data);
    assertTrue(w.answerScores()[2] < w.answerScores()[0]);
    assertEquals("110", w.mask(0).toRows());
  }

  @Test
  void moreThan63MasksFollowTheMajorityPixelByPixel() {
    // beyond 63 masks every pixel is its own pattern, read from the masks themselves
    SplittableRandom r = new SplittableRandom(5);
    int h = 6;
    int w = 7;
    int workers = 70;
    MaskAnswers.Builder b = MaskAnswers.builder();
    int[] ones = new int[h * w];
    for (int k = 0; k < workers; k++) {
      boolean[] px = new boolean[h * w];
      for (int i = 0; i < px.length; i++) {
        px[i] = r.nextDouble() < (i % 3) / 2.0;
        ones[i] += px[i] ? 1 : 0;
      }
      b.add("img", "w" + k, Mask.of(h, w, px));
    }
    MaskAnswers data = b.build();
    Mask mv = new SegmentationMajorityVote().fit(data).mask(0);
    for (int i = 0; i < h * w; i++) {
      assertEquals(2 * ones[i] > workers, mv.get(i), "pixel " + i);
    }
    for (SegmentationAggregator m : METHODS) {
      assertEquals(h * w, m.fit(data).mask(0).pixels(), m.name());
    }
  }

  @Test
  void pixelsTimesMasksBeyondAnIntDoNotOverflow() {
    // 64 masks of 5800 x 5800: 2.15e9 pixel votes, more than an int counts
    int h = 5800;
    int w = 5800;
    boolean[] px = new boolean[h * w];
    for (int i = 0; i < px.length; i += 3) {
      px[i] = true;
    }
    Mask mask = Mask.of(h, w, px);
    MaskAnswers.Builder b = MaskAnswers.builder();
    for (int k = 0; k < 64; k++) {
      b.add("img", "w" + k, mask);
    }
    assertEquals(mask, new SegmentationMajorityVote().fit(b.build()).mask(0));
  }
}
