package org.crowd4j.segmentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The boundary-noise segmenters, on masks small enough to draw by hand. */
class BoundaryNoiseSimulatorTest {
  private static final Mask BLOCK = Mask.parseRows("00000;01110;01110;01110;00000");
  private static final Mask DOT = Mask.parseRows("00000;00000;00100;00000;00000");

  private static Mask noisy(Mask truth, int shift, int grow, double flip, long seed) {
    return BoundaryNoiseSimulator.noisy(
        truth, new BoundaryNoiseSimulator.Annotator(shift, grow, flip), new SplittableRandom(seed));
  }

  @Test
  void aPerfectAnnotatorDrawsTheTruth() {
    assertEquals(BLOCK, noisy(BLOCK, 0, 0, 0, 1));
  }

  @Test
  void growingDilatesAndShrinkingErodesWithASquare() {
    assertEquals(BLOCK, noisy(DOT, 0, 1, 0, 1));
    assertEquals(DOT, noisy(BLOCK, 0, -1, 0, 1));
    assertEquals(Mask.parseRows("11111;11111;11111;11111;11111"), noisy(DOT, 0, 2, 0, 1));
    // erosion treats the outside as set: a full image stays full, a corner pixel's square is cut
    Mask full = Mask.parseRows("111;111;111");
    assertEquals(full, noisy(full, 0, -1, 0, 1));
    assertEquals(Mask.parseRows("110;110;000"), noisy(Mask.parseRows("100;000;000"), 0, 1, 0, 1));
    // a 2×2 block in the corner keeps the pixel whose square lies in the block and the outside
    assertEquals(Mask.parseRows("100;000;000"), noisy(Mask.parseRows("110;110;000"), 0, -1, 0, 1));
  }

  /**
   * Flipping with probability 1 inverts exactly the pixels with a 4-neighbour of the other value.
   */
  @Test
  void aCertainFlipInvertsTheBoundary() {
    assertEquals(Mask.parseRows("01110;10001;10101;10001;01110"), noisy(BLOCK, 0, 0, 1.0, 1));
    Mask empty = Mask.parseRows("000;000;000");
    assertEquals(empty, noisy(empty, 0, 0, 1.0, 1), "no boundary, nothing flips");
  }

  /** A shift moves the mask by the offsets the generator draws, pixels moved out are lost. */
  @Test
  void aShiftMovesTheMaskByTheDrawnOffset() {
    Mask truth = Mask.parseRows("1100;1000;0000;0000");
    for (long seed = 0; seed < 20; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int dy = r.nextInt(5) - 2;
      int dx = r.nextInt(5) - 2;
      boolean[] want = new boolean[16];
      for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++) {
          int sy = y - dy;
          int sx = x - dx;
          want[y * 4 + x] = sy >= 0 && sy < 4 && sx >= 0 && sx < 4 && truth.get(sy, sx);
        }
      }
      assertEquals(Mask.of(4, 4, want), noisy(truth, 2, 0, 0, seed), "seed " + seed);
    }
  }

  @Test
  void ellipsesLieInsideTheImageAndCoverTheStatedShare() {
    Mask[] truths = BoundaryNoiseSimulator.ellipses(40, 60, 80, 3);
    for (Mask m : truths) {
      assertEquals(60, m.height());
      assertEquals(80, m.width());
      double share = m.cardinality() / (60.0 * 80);
      assertTrue(share > 0.06 && share < 0.51, "share " + share);
      for (int x = 0; x < 80; x++) {
        assertTrue(!m.get(0, x) || !m.get(59, x), "not across the whole height");
      }
    }
    assertEquals(
        java.util.Arrays.asList(truths),
        java.util.Arrays.asList(BoundaryNoiseSimulator.ellipses(40, 60, 80, 3)),
        "same seed, same truths");
    assertNotEquals(truths[0], BoundaryNoiseSimulator.ellipses(1, 60, 80, 4)[0]);
  }

  @Test
  void everyAnnotatorSegmentsEveryImageUnderStableIds() {
    Mask[] truths = BoundaryNoiseSimulator.ellipses(6, 20, 30, 1);
    BoundaryNoiseSimulator.Annotator[] crowd = {
      new BoundaryNoiseSimulator.Annotator(0, 0, 0),
      new BoundaryNoiseSimulator.Annotator(2, 1, 0.3),
      new BoundaryNoiseSimulator.Annotator(1, -1, 0.1)
    };
    BoundaryNoiseSimulator.Crowd a = BoundaryNoiseSimulator.simulate(truths, crowd, 9);
    BoundaryNoiseSimulator.Crowd b = BoundaryNoiseSimulator.simulate(truths, crowd, 9);
    MaskAnswers answers = a.answers();
    assertEquals(18, answers.size());
    assertEquals(6, answers.tasks().size());
    assertEquals(3, answers.workers().size());
    assertEquals("i0", answers.tasks().name(0));
    assertEquals("a2", answers.workers().name(2));
    for (int k = 0; k < answers.size(); k++) {
      assertEquals(answers.mask(k), b.answers().mask(k), "same seed, same answer " + k);
      if (answers.worker(k) == 0) {
        assertEquals(truths[answers.task(k)], answers.mask(k), "the perfect annotator");
      }
    }
    assertEquals(java.util.Arrays.asList(truths), java.util.Arrays.asList(a.truths()));
  }

  @Test
  void badAnnotatorsAreRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> new BoundaryNoiseSimulator.Annotator(-1, 0, 0));
    assertThrows(
        IllegalArgumentException.class, () -> new BoundaryNoiseSimulator.Annotator(0, 0, 1.5));
    assertThrows(
        IllegalArgumentException.class,
        () -> new BoundaryNoiseSimulator.Annotator(0, 0, Double.NaN));
  }
}
