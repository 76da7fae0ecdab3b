package org.crowd4j.io.platform;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Platform exports declare their masks' sizes; the pixel budget is checked before decoding. */
class PlatformPixelBudgetTest {
  @Test
  void aLabelStudioBrushOfAHugeImageIsRefusedBeforeDecoding() {
    // a few bytes that claim a 23170 x 23170 RGBA image
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> BrushRle.decode(new byte[16], 23170, 23170));
    assertTrue(e.getMessage().contains("exceeds the pixel budget"), e.getMessage());
  }

  @Test
  void aSageMakerPngOfAHugeImageIsRefusedFromItsHeader() {
    // the PNG signature and an IHDR header of 30000 x 30000: no pixel data follows
    ByteBuffer png = ByteBuffer.allocate(33);
    png.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    png.putInt(13).put(new byte[] {'I', 'H', 'D', 'R'}).putInt(30000).putInt(30000);
    String data = Base64.getEncoder().encodeToString(png.array());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LabeledImage.decode(data, 30000, 30000, Set.of(0xFFFFFF)));
    assertTrue(e.getMessage().contains("a 30000x30000 mask exceeds"), e.getMessage());
  }
}
