package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Progress while a file loads: about every megabyte, and once at the end, never twice. */
class CountingStreamTest {
  private static final int MB = 1 << 20;

  @Test
  void reportsEveryMegabyteAndTheEndOnce() throws IOException {
    List<Long> seen = new ArrayList<>();
    byte[] data = new byte[2 * MB + 10];
    try (InputStream in = new CountingStream(new ByteArrayInputStream(data), seen::add)) {
      byte[] buf = new byte[MB / 2];
      while (in.read(buf, 0, buf.length) >= 0) {
        // reading
      }
      assertEquals(List.of((long) MB, 2L * MB, 2L * MB + 10), seen);
    }
    assertEquals(List.of((long) MB, 2L * MB, 2L * MB + 10), seen, "closing adds nothing");
  }

  @Test
  void singleBytesAreCountedAndTheEndReportedByClose() throws IOException {
    List<Long> seen = new ArrayList<>();
    InputStream in = new CountingStream(new ByteArrayInputStream(new byte[] {7, 8, 9}), seen::add);
    assertEquals(7, in.read());
    assertEquals(8, in.read());
    assertEquals(List.of(), seen);
    in.close();
    assertEquals(List.of(2L), seen);
  }

  @Test
  void theEndOfSingleByteReadsIsReported() throws IOException {
    List<Long> seen = new ArrayList<>();
    try (InputStream in = new CountingStream(new ByteArrayInputStream(new byte[] {1}), seen::add)) {
      assertEquals(1, in.read());
      assertEquals(-1, in.read());
      assertEquals(List.of(1L), seen);
      assertEquals(-1, in.read());
      assertEquals(List.of(1L), seen, "the end is reported once");
    }
  }

  @Test
  void exactlyOneMegabyteIsReportedAtTheMegabyte() throws IOException {
    List<Long> seen = new ArrayList<>();
    try (InputStream in = new CountingStream(new ByteArrayInputStream(new byte[MB]), seen::add)) {
      assertEquals(MB, in.readNBytes(MB).length);
      assertEquals(List.of((long) MB), seen);
    }
  }
}
