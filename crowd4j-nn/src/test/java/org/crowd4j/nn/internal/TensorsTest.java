package org.crowd4j.nn.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.io.ModelFileException;
import org.junit.jupiter.api.Test;

/**
 * The safetensors encoding of model parameters: the fixture's file opens with an independent reader
 * (DJL's), and damaged files say what is wrong.
 */
class TensorsTest {
  /** A small CoNAL model saved by format version 3 (safetensors). */
  private static final Path FIXTURE = Path.of("src/test/resources/models/conal-v3");

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void parametersOpenWithAnIndependentReader() throws Exception {
    byte[] bytes = Files.readAllBytes(FIXTURE.resolve("parameters.safetensors"));
    Map<String, Tensors.Tensor> ours =
        Tensors.fromSafetensors(FIXTURE.resolve("parameters.safetensors"), bytes);
    try (ai.djl.ndarray.NDManager manager = ai.djl.ndarray.NDManager.newBaseManager();
        ai.djl.ndarray.NDList theirs = ai.djl.ndarray.NDList.decode(manager, bytes)) {
      assertEquals(ours.size(), theirs.size());
      for (ai.djl.ndarray.NDArray a : theirs) {
        Tensors.Tensor t = ours.get(a.getName());
        assertTrue(t != null, "unknown tensor " + a.getName());
        assertArrayEquals(t.shape(), a.getShape().getShape(), a.getName());
        assertArrayEquals(t.values(), a.toFloatArray(), 0f, a.getName());
      }
    }
    // the header is plain JSON after an 8-byte little-endian length
    long length =
        java.nio.ByteBuffer.wrap(bytes, 0, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
    JsonNode header = JSON.readTree(new String(bytes, 8, (int) length, "UTF-8"));
    assertEquals("F32", header.get("annotators.common").get("dtype").asText(), header.toString());
  }

  @Test
  void damagedSafetensorsSayWhatIsWrong() throws Exception {
    Path file = Path.of("parameters.safetensors");
    Map<String, Tensors.Tensor> two = new java.util.LinkedHashMap<>();
    two.put("a", new Tensors.Tensor("a", new long[] {2, 2}, new float[] {1, 2, 3, 4}));
    two.put("b", new Tensors.Tensor("b", new long[] {3}, new float[] {5, 6, 7}));
    byte[] ok = Tensors.toSafetensors(two, Map.of());
    // the same tensors and metadata give the same bytes, whatever the metadata map's order
    Map<String, String> ab = new java.util.LinkedHashMap<>();
    ab.put("a", "1");
    ab.put("b", "2");
    Map<String, String> ba = new java.util.LinkedHashMap<>();
    ba.put("b", "2");
    ba.put("a", "1");
    assertArrayEquals(Tensors.toSafetensors(two, ab), Tensors.toSafetensors(two, ba));
    assertEquals(0, (ok.length - 28) % 8, "header padded to 8 bytes");
    Map<String, Tensors.Tensor> back = Tensors.fromSafetensors(file, ok);
    assertArrayEquals(new float[] {5, 6, 7}, back.get("b").values());
    assertArrayEquals(new long[] {2, 2}, back.get("a").shape());
    // cut short, a header longer than the file, a gap in the data, a foreign dtype
    ModelFileException e =
        assertThrows(
            ModelFileException.class,
            () -> Tensors.fromSafetensors(file, java.util.Arrays.copyOf(ok, ok.length - 4)));
    assertTrue(e.getMessage().contains("do not hold"), e.getMessage());
    byte[] longHeader = ok.clone();
    longHeader[6] = 1;
    e = assertThrows(ModelFileException.class, () -> Tensors.fromSafetensors(file, longHeader));
    assertTrue(e.getMessage().contains("does not fit the file"), e.getMessage());
    byte[] extra = java.util.Arrays.copyOf(ok, ok.length + 4);
    e = assertThrows(ModelFileException.class, () -> Tensors.fromSafetensors(file, extra));
    assertTrue(e.getMessage().contains("4 data bytes after the last tensor"), e.getMessage());
    String text =
        new String(ok, java.nio.charset.StandardCharsets.ISO_8859_1).replace("F32", "F64");
    byte[] f64 = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    e = assertThrows(ModelFileException.class, () -> Tensors.fromSafetensors(file, f64));
    assertTrue(e.getMessage().contains("dtype must be F32"), e.getMessage());
    assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
  }
}
