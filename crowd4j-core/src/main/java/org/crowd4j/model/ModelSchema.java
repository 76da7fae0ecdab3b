package org.crowd4j.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.io.ModelFileException;

/**
 * The schema every model file shares: the format version numbers, and the checksum — how it is
 * computed ({@link #checksum}), filled in by a writer ({@link #seal}) and checked by a reader
 * ({@link #verify}). The canonical form the checksum is taken over is defined in the package
 * documentation ({@link org.crowd4j.model}).
 */
public final class ModelSchema {
  /** The {@code formatVersion} written into the model files of the aggregation kinds. */
  public static final int VERSION = 1;

  /**
   * The version a model file of an aggregation kind is read as when it has no {@code formatVersion}
   * (written before the field existed; it has no checksum either).
   */
  public static final int LEGACY_VERSION = 0;

  /** The {@code format} of a trained network's {@code model.json} (crowd4j-nn). */
  public static final String TRAINED_FORMAT = "crowd4j-nn-model";

  /**
   * The {@code formatVersion} written into a trained network's {@code model.json} (3: safetensors
   * parameters); versions 1 and 2 are read too.
   */
  public static final int TRAINED_VERSION = 3;

  /** The name of the checksum member. */
  public static final String CHECKSUM = "checksum";

  /** The name of the version member. */
  public static final String FORMAT_VERSION = "formatVersion";

  /** What a checksum starts with: the algorithm. */
  public static final String CHECKSUM_PREFIX = "sha256:";

  /**
   * The value a writer gives the top-level {@code checksum} member before {@link #seal} replaces it
   * (the canonical form leaves the member out, so the value does not matter; its length is that of
   * every checksum, so sealing replaces it in place).
   */
  public static final String CHECKSUM_PLACEHOLDER = CHECKSUM_PREFIX + "0".repeat(64);

  private static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private ModelSchema() {}

  /**
   * The checksum of a model file's bytes: {@code "sha256:"} and the lowercase hexadecimal SHA-256
   * of the document's canonical form (the package documentation defines it), which leaves out the
   * top-level {@code checksum} member.
   *
   * @param document the file's bytes (UTF-8 JSON, one object)
   * @return the checksum, e.g. {@code sha256:9f86d0…}
   * @throws JsonProcessingException when the bytes are not one JSON object
   */
  public static String checksum(byte[] document) throws IOException {
    return canonical(document).checksum;
  }

  /**
   * The document with its top-level {@code checksum} member, which holds {@link
   * #CHECKSUM_PLACEHOLDER}, set to the document's {@link #checksum}; every other byte is kept.
   *
   * @param document a model file written with the placeholder
   * @return the sealed bytes (a new array)
   * @throws IOException when the bytes are not one JSON object, or the top-level {@code checksum}
   *     does not hold the placeholder
   */
  public static byte[] seal(byte[] document) throws IOException {
    Canonical c = canonical(document);
    if (c.checksumOffset < 0 || !CHECKSUM_PLACEHOLDER.equals(c.checksumValue)) {
      throw new IOException(
          "a model document to seal must have a top-level checksum member holding the placeholder");
    }
    byte[] value = ('"' + c.checksum + '"').getBytes(StandardCharsets.US_ASCII);
    byte[] out = document.clone();
    int at = Math.toIntExact(c.checksumOffset);
    for (int i = 0; i < value.length; i++) {
      if (out[at + i] != ('"' + CHECKSUM_PLACEHOLDER + '"').charAt(i)) {
        throw new IOException("the checksum placeholder is not written as plain text");
      }
      out[at + i] = value[i];
    }
    return out;
  }

  /**
   * Checks the top-level {@code checksum} of a model file against its content; a file without one
   * passes (whether it must have one is the reader's decision, by its version).
   *
   * @param file names the file in the message
   * @param document the file's bytes
   * @throws ModelFileException when the bytes are not JSON, the checksum is not {@code sha256:} and
   *     64 lowercase hexadecimal digits, or it does not match the content
   */
  public static void verify(Path file, byte[] document) throws ModelFileException {
    Canonical c;
    try {
      c = canonical(document);
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
      throw new ModelFileException(file, line, "not valid JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ModelFileException(file, 0, "cannot read: " + e.getMessage(), e);
    }
    if (c.checksumOffset < 0) {
      return;
    }
    if (c.checksumValue == null || !c.checksumValue.matches("sha256:[0-9a-f]{64}")) {
      throw new ModelFileException(
          file, 0, "field 'checksum' must be \"sha256:\" and 64 lowercase hexadecimal digits");
    }
    if (!c.checksumValue.equals(c.checksum)) {
      throw new ModelFileException(
          file,
          0,
          "checksum mismatch: the file says "
              + c.checksumValue
              + ", its content gives "
              + c.checksum
              + " (the file was changed after it was written, or only partly copied)");
    }
  }

  /** The canonical form's checksum and where the top-level checksum member's value is. */
  private record Canonical(String checksum, long checksumOffset, String checksumValue) {}

  /** Streams the canonical form of {@code document} into SHA-256. */
  private static Canonical canonical(byte[] document) throws IOException {
    ContentDigest sha = ContentDigest.sha256();
    CanonicalOut out = new CanonicalOut(sha);
    long checksumOffset = -1;
    String checksumValue = null;
    try (JsonParser p = JSON.createParser(document)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new JsonParseException(p, "a model file is one JSON object");
      }
      // per open container: whether the next element is its first
      Deque<boolean[]> first = new ArrayDeque<>();
      out.write('{');
      first.push(new boolean[] {true});
      boolean afterName = false;
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.FIELD_NAME && first.size() == 1 && CHECKSUM.equals(p.currentName())) {
          JsonToken v = p.nextToken();
          checksumOffset = p.currentTokenLocation().getByteOffset();
          checksumValue = v == JsonToken.VALUE_STRING ? p.getText() : null;
          p.skipChildren();
          continue;
        }
        if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
          first.pop();
          out.write(t == JsonToken.END_OBJECT ? '}' : ']');
          if (first.isEmpty()) {
            break;
          }
          continue;
        }
        if (afterName) {
          afterName = false;
        } else {
          boolean[] f = first.peek();
          if (!f[0]) {
            out.write(',');
          }
          f[0] = false;
        }
        switch (t) {
          case FIELD_NAME -> {
            out.string(p.currentName());
            out.write(':');
            afterName = true;
          }
          case START_OBJECT -> {
            out.write('{');
            first.push(new boolean[] {true});
          }
          case START_ARRAY -> {
            out.write('[');
            first.push(new boolean[] {true});
          }
          case VALUE_STRING -> out.string(p.getText());
          case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> out.ascii(p.getText());
          case VALUE_TRUE -> out.ascii("true");
          case VALUE_FALSE -> out.ascii("false");
          case VALUE_NULL -> out.ascii("null");
          default -> throw new JsonParseException(p, "unexpected " + t);
        }
      }
      if (!first.isEmpty() || p.nextToken() != null) {
        throw new JsonParseException(p, "a model file is one JSON object and nothing after it");
      }
    }
    return new Canonical(CHECKSUM_PREFIX + sha.hex(), checksumOffset, checksumValue);
  }

  /** The canonical form's bytes, fed to the digest. */
  private static final class CanonicalOut extends OutputStream {
    private final ContentDigest sha;

    CanonicalOut(ContentDigest sha) {
      this.sha = sha;
    }

    @Override
    public void write(int b) {
      sha.putByte(b);
    }

    void ascii(String s) {
      for (int i = 0; i < s.length(); i++) {
        sha.putByte(s.charAt(i));
      }
    }

    /** A JSON string: quote, backslash and U+0000–U+001F escaped, the rest as UTF-8. */
    void string(String s) {
      write('"');
      StringBuilder b = new StringBuilder(s.length() + 8);
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        switch (c) {
          case '"' -> b.append("\\\"");
          case '\\' -> b.append("\\\\");
          case '\b' -> b.append("\\b");
          case '\t' -> b.append("\\t");
          case '\n' -> b.append("\\n");
          case '\f' -> b.append("\\f");
          case '\r' -> b.append("\\r");
          default -> {
            if (c < 0x20) {
              b.append(String.format("\\u%04x", (int) c));
            } else {
              b.append(c);
            }
          }
        }
      }
      sha.text(b.toString());
      write('"');
    }
  }
}
