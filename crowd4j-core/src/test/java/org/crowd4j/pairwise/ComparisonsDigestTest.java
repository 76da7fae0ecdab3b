package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.crowd4j.data.ContentDigest;
import org.junit.jupiter.api.Test;

/**
 * The digest fed in packed chunks equals the one fed value by value, and the digests recorded
 * before the chunks (one comparison, exactly one chunk, one more, several).
 */
class ComparisonsDigestTest {
  @Test
  void chunksDigestLikeValues() {
    int[] sizes = {1, 4096, 4097, 10_000};
    String[] recorded = {
      "147dfec8ef6cb60b", "107f6372412a4fe8", "423729e5d9863624", "9776c4a05eed31bc"
    };
    for (int k = 0; k < sizes.length; k++) {
      Comparisons data =
          PairwiseSimulator.simulate(
                  new PairwiseSimulator.Spec(
                      30, sizes[k], 7, 0.1, 0.1, 1.0, PairwiseSimulator.Model.BT),
                  3)
              .data();
      ContentDigest d = ContentDigest.sha256().names(data.items()).names(data.workers());
      for (int c = 0; c < data.size(); c++) {
        d.putInt(data.left(c)).putInt(data.right(c)).putInt(data.worker(c));
        d.putByte(data.leftWon(c) ? 1 : 0);
      }
      assertEquals(d.hex16(), data.digest(), "size " + sizes[k]);
      assertEquals(recorded[k], data.digest(), "size " + sizes[k]);
    }
  }
}
