package org.crowd4j.data;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 content digest behind every data digest in provenance and every checksum of a model
 * file: values are fed in order (integers and longs big-endian, doubles by their bits, texts as
 * UTF-8) through one buffer, so the digest depends on the bytes fed and not on how they were
 * chunked. One instance digests one content; it is not thread-safe.
 */
public final class ContentDigest {
  private static final int BUFFER = 64 * 1024;

  private final MessageDigest sha256;
  private final ByteBuffer buf = ByteBuffer.allocate(BUFFER);

  private ContentDigest() {
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  /** A new, empty digest. */
  public static ContentDigest sha256() {
    return new ContentDigest();
  }

  /** The SHA-256 of {@code bytes}, 64 lower-case hex digits. */
  public static String sha256Hex(byte[] bytes) {
    return sha256().bytes(bytes).hex();
  }

  private void room(int n) {
    if (buf.remaining() < n) {
      flush();
    }
  }

  private void flush() {
    sha256.update(buf.array(), 0, buf.position());
    buf.clear();
  }

  /** Feeds one byte (the low eight bits of {@code b}). */
  public ContentDigest putByte(int b) {
    room(1);
    buf.put((byte) b);
    return this;
  }

  /** Feeds an int, big-endian. */
  public ContentDigest putInt(int v) {
    room(4);
    buf.putInt(v);
    return this;
  }

  /** Feeds a long, big-endian. */
  public ContentDigest putLong(long v) {
    room(8);
    buf.putLong(v);
    return this;
  }

  /** Feeds a double by its bits ({@link Double#doubleToLongBits}). */
  public ContentDigest putDouble(double v) {
    return putLong(Double.doubleToLongBits(v));
  }

  /** Feeds {@code bytes}. */
  public ContentDigest bytes(byte[] bytes) {
    if (bytes.length <= buf.remaining()) {
      buf.put(bytes);
    } else {
      flush();
      sha256.update(bytes);
    }
    return this;
  }

  /** Feeds {@code s} as UTF-8, with nothing after it. */
  public ContentDigest text(String s) {
    return bytes(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Feeds every name of {@code v}, each followed by a 0 byte, and then a 1 byte. */
  public ContentDigest names(Vocabulary v) {
    for (String s : v.names()) {
      text(s).putByte(0);
    }
    return putByte(1);
  }

  /** Ends the digest: 64 lower-case hex digits. The instance cannot be used afterwards. */
  public String hex() {
    flush();
    return HexFormat.of().formatHex(sha256.digest());
  }

  /** Ends the digest: its first 16 hex digits, the short form provenance shows. */
  public String hex16() {
    return hex().substring(0, 16);
  }
}
