package org.crowd4j.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.SplittableRandom;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdxImagesTest {
  @TempDir Path dir;

  @Test
  void readsTheSharedMnistSubset() throws Exception {
    Path mnist = SharedData.dataset("mnist-10k");
    IdxImages.Data train = IdxImages.read(mnist, "train");
    IdxImages.Data test = IdxImages.read(mnist, "t10k");
    assertEquals(8000, train.size());
    assertEquals(2000, test.size());
    assertEquals(784, train.dim());
    int[] counts = new int[10];
    for (int y : train.labels()) {
      counts[y]++;
    }
    for (int y : test.labels()) {
      counts[y]++;
    }
    assertEquals(1001, counts[0]);
    assertEquals(1127, counts[1]);
    float max = 0;
    for (float v : train.pixels()) {
      assertTrue(v >= 0 && v <= 1);
      max = Math.max(max, v);
    }
    assertEquals(1f, max);
    // a crowd of Tanno's pairwise flippers on the digits
    ConfusionPool.Builder b = ConfusionPool.builder(10);
    SplittableRandom rng = new SplittableRandom(1);
    for (int r = 0; r < 5; r++) {
      b.add(Confusions.pairwiseFlipper(10, 0.5, rng), "flipper");
    }
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(train.labels(), b.build(), Assignment.dense(), 3);
    assertEquals(40_000, crowd.data().numAnswers());
  }

  @Test
  void readsFashionMnistFromTheDebianPackage() throws Exception {
    Path dir = Paths.get("/usr/share/datasets/fashion-mnist");
    if (!Files.isDirectory(dir)) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError("dataset-fashion-mnist must be installed by .ci/run");
      }
      Assumptions.abort("Debian package dataset-fashion-mnist not installed");
    }
    IdxImages.Data test = IdxImages.read(dir, "t10k");
    assertEquals(10_000, test.size());
    assertEquals(28, test.rows());
    int[] counts = new int[10];
    for (int y : test.labels()) {
      counts[y]++;
    }
    for (int c : counts) {
      assertEquals(1000, c);
    }
  }

  @Test
  void badFilesAreReported() throws Exception {
    Files.write(dir.resolve("x-labels-idx1-ubyte"), new byte[] {0, 0, 8, 1, 0, 0, 0, 5, 1});
    Files.write(dir.resolve("x-images-idx3-ubyte"), new byte[] {0, 0, 8, 3});
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> IdxImages.read(dir, "x"));
    assertTrue(e.getMessage().contains("ends early"), e.getMessage());
    e = assertThrows(CrowdFormatException.class, () -> IdxImages.read(dir, "none"));
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
  }
}
