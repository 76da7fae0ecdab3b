package org.crowd4j.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ContentDigestTest {
  @Test
  void matchesTheStandardVectors() {
    assertEquals(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ContentDigest.sha256().text("abc").hex());
    assertEquals(
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        ContentDigest.sha256Hex(new byte[0]));
    assertEquals("ba7816bf8f01cfea", ContentDigest.sha256().text("abc").hex16());
  }

  @Test
  void dependsOnTheBytesFedNotOnHowTheyAreChunked() {
    SplittableRandom rng = new SplittableRandom(7);
    int n = 50_000;
    ByteBuffer whole = ByteBuffer.allocate(n * 21 + 200_000);
    ContentDigest d = ContentDigest.sha256();
    for (int i = 0; i < n; i++) {
      int a = rng.nextInt();
      long b = rng.nextLong();
      double c = rng.nextDouble();
      d.putInt(a).putLong(b).putDouble(c).putByte(i);
      whole.putInt(a).putLong(b).putLong(Double.doubleToLongBits(c)).put((byte) i);
    }
    byte[] big = new byte[150_000];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) rng.nextInt(256);
    }
    d.bytes(big).text("é\uD83D\uDE00");
    whole.put(big).put("é\uD83D\uDE00".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    byte[] all = new byte[whole.position()];
    whole.flip().get(all);
    assertEquals(ContentDigest.sha256Hex(all), d.hex());
  }

  @Test
  void namesAreSeparatedSoThatTheirBoundariesCount() {
    Vocabulary ab = Vocabulary.of("ab", "c");
    Vocabulary a = Vocabulary.of("a", "bc");
    assertNotEquals(ContentDigest.sha256().names(ab).hex(), ContentDigest.sha256().names(a).hex());
    assertEquals(
        ContentDigest.sha256().text("ab").putByte(0).text("c").putByte(0).putByte(1).hex(),
        ContentDigest.sha256().names(ab).hex());
  }
}
