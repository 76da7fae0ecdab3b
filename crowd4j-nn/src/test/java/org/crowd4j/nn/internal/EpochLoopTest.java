package org.crowd4j.nn.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.EpochStats;
import org.crowd4j.nn.TrainOptions;
import org.junit.jupiter.api.Test;

/** The shared epoch loop with scripted steps: losses, selection, patience, restarts, stopping. */
class EpochLoopTest {
  /** Steps whose loss is the batch size and whose score per epoch comes from a script. */
  private static final class Scripted implements EpochLoop.Steps {
    final double[] script;
    final List<String> calls = new ArrayList<>();
    int epoch;

    Scripted(double... script) {
      this.script = script;
    }

    @Override
    public void resetOptimizers() {
      calls.add("reset");
    }

    @Override
    public void beforeEpoch(int e) {
      epoch = e;
      calls.add("epoch " + e);
    }

    @Override
    public double trainBatch(int[] order, int from, int to, int e) {
      return to - from;
    }

    @Override
    public double score() {
      return script[epoch - 1];
    }

    @Override
    public void keep() {
      calls.add("keep " + epoch);
    }

    @Override
    public void selected(int e) {
      calls.add("selected " + e);
    }
  }

  private static final int[] ITEMS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

  @Test
  void lossIsTheItemWeightedMeanOfTheBatches() {
    // batches of 4, 4 and 2 items whose losses are 4, 4 and 2: (16 + 16 + 4) / 10
    TrainOptions o = TrainOptions.fixedEpochs(2).withBatchSize(4);
    EpochLoop.Outcome out =
        new EpochLoop(
                "m", o, TrainOptions.Selection.LAST_EPOCH, "last-epoch", 0, EpochListener.NONE)
            .run(ITEMS, new Scripted(Double.NaN, Double.NaN));
    assertArrayEquals(new double[] {3.6, 3.6}, out.losses(), 1e-12);
    assertEquals(2, out.epochsRun());
    assertEquals(2, out.bestEpoch());
  }

  @Test
  void patienceStopsAfterThatManyEpochsWithoutABetterScore() {
    // held-out loss: the best is epoch 2; patience 3 runs epochs 3, 4 and 5, then stops
    Scripted steps = new Scripted(0.9, 0.5, 0.6, 0.5, 0.7, 0.1, 0.1);
    TrainOptions o = TrainOptions.defaults().withEpochs(7).withPatience(3);
    EpochLoop.Outcome out =
        new EpochLoop("m", o, TrainOptions.Selection.HELD_OUT_ANSWERS, "held-out-nll", 3, s -> true)
            .run(ITEMS, steps);
    assertEquals(5, out.epochsRun());
    assertEquals(2, out.bestEpoch());
    assertEquals(0.5, out.bestScore());
    assertArrayEquals(new double[] {0.9, 0.5, 0.6, 0.5, 0.7}, out.scores());
    // the kept epochs: 1 and 2 (a tie is no improvement)
    assertEquals(
        List.of("keep 1", "selected 1", "keep 2", "selected 2"),
        steps.calls.stream().filter(c -> !c.startsWith("epoch")).toList());
  }

  @Test
  void lastEpochSelectionKeepsNothingAndIgnoresPatience() {
    Scripted steps = new Scripted(new double[5]);
    Arrays.fill(steps.script, Double.NaN);
    TrainOptions o = TrainOptions.fixedEpochs(5).withPatience(1);
    EpochLoop.Outcome out =
        new EpochLoop("m", o, TrainOptions.Selection.LAST_EPOCH, "last-epoch", 1, s -> true)
            .run(ITEMS, steps);
    assertEquals(5, out.epochsRun());
    assertEquals(5, out.bestEpoch());
    assertEquals(0, steps.calls.stream().filter(c -> c.startsWith("keep")).count());
    assertEquals(5, steps.calls.stream().filter(c -> c.startsWith("selected")).count());
  }

  @Test
  void listenerSeesEachEpochAndCanStopAndOptimisersRestartEveryEpoch() {
    List<EpochStats> seen = new ArrayList<>();
    Scripted steps = new Scripted(0.5, 0.6, 0.4, 0.3);
    TrainOptions o =
        org.crowd4j.method.OptionsBinder.bind(
            TrainOptions.fixedEpochs(4), java.util.Map.of("resetOptimizerEachEpoch", "true"));
    EpochLoop.Outcome out =
        new EpochLoop(
                "m",
                o,
                TrainOptions.Selection.VALIDATION_GOLD,
                "valid-acc",
                0,
                s -> {
                  seen.add(s);
                  return s.epoch() < 3;
                })
            .run(ITEMS, steps);
    assertEquals(3, out.epochsRun());
    assertEquals(2, out.bestEpoch(), "the highest accuracy");
    assertEquals(List.of(true, true, false), seen.stream().map(EpochStats::best).toList());
    assertEquals("valid-acc", seen.get(0).selectionMetric());
    assertEquals(4, seen.get(0).epochs());
    assertEquals(2, steps.calls.stream().filter(c -> c.equals("reset")).count(), "epochs 2, 3");
  }

  @Test
  void holdOutSplitIsSeededSortedAndKeepsOneItem() {
    int[][] a = EpochLoop.holdOutSplit(ITEMS, 0.3, 42);
    int[][] b = EpochLoop.holdOutSplit(ITEMS, 0.3, 42);
    assertArrayEquals(a[0], b[0]);
    assertArrayEquals(a[1], b[1]);
    assertEquals(3, a[1].length);
    assertEquals(7, a[0].length);
    int[] all = new int[10];
    System.arraycopy(a[0], 0, all, 0, 7);
    System.arraycopy(a[1], 0, all, 7, 3);
    Arrays.sort(all);
    assertArrayEquals(ITEMS, all);
    for (int[] part : a) {
      int[] sorted = part.clone();
      Arrays.sort(sorted);
      assertArrayEquals(sorted, part);
    }
    assertEquals(9, EpochLoop.holdOutSplit(ITEMS, 1.0, 1)[1].length, "at least one item kept");
    assertEquals(0, EpochLoop.holdOutSplit(new int[] {3}, 0.5, 1)[1].length);
  }
}
