package org.crowd4j.bench.fuzz;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Arrays;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.simulate.IdxImages;

/**
 * Fuzz target of the IDX reader: after the variant byte (bit 0: gzipped files), two bytes give the
 * length of the label file; the rest is the image file.
 */
public final class IdxFuzz {
  private IdxFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    byte[] body = Inputs.body(data);
    int split =
        body.length < 2 ? 0 : Math.min(body.length - 2, ((body[0] & 0xff) << 8) | (body[1] & 0xff));
    byte[] labels = body.length < 2 ? body : Arrays.copyOfRange(body, 2, 2 + split);
    byte[] images =
        body.length < 2 ? new byte[0] : Arrays.copyOfRange(body, 2 + split, body.length);
    boolean gz = (v & 1) != 0;
    if (gz && (v & 2) != 0) {
      labels = Inputs.gzip(labels);
      images = Inputs.gzip(images);
    }
    Path li = Path.of(gz ? "train-labels-idx1-ubyte.gz" : "train-labels-idx1-ubyte");
    Path ii = Path.of(gz ? "train-images-idx3-ubyte.gz" : "train-images-idx3-ubyte");
    try {
      IdxImages.Data d =
          IdxImages.read(
              ii, new ByteArrayInputStream(images), li, new ByteArrayInputStream(labels));
      if (d.pixels().length < (long) d.size() * d.dim()) {
        throw new IllegalStateException("fewer pixels than images × pixels per image");
      }
    } catch (CrowdFormatException e) {
      if (e.file() == null || !e.getMessage().startsWith(e.file() + ":")) {
        throw new IllegalStateException("a bad-input error without its file", e);
      }
    }
  }
}
