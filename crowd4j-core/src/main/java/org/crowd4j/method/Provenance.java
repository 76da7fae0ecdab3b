package org.crowd4j.method;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Where a result came from: method, every option, seed, data digest, library and platform versions,
 * time and duration.
 *
 * @param method method name
 * @param options option name → value
 * @param dataDigest digest of the input (the digest of its answers, e.g. {@code
 *     CrowdDataset.digest()})
 * @param library crowd4j version
 * @param java Java runtime version
 * @param os operating system and architecture
 * @param created when the fit finished
 * @param elapsedMillis wall time of the fit
 */
public record Provenance(
    String method,
    Map<String, String> options,
    String dataDigest,
    String library,
    String java,
    String os,
    Instant created,
    double elapsedMillis) {

  /** Version of this library, as the build recorded it (the Maven project version). */
  public static final String LIBRARY_VERSION = libraryVersion();

  /** Copies the option map. */
  public Provenance {
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /**
   * Provenance of {@code method} fitted with {@code options} (a record) on data whose digest is
   * {@code dataDigest}, started at {@code startNanos} ({@link System#nanoTime()}).
   */
  public static Provenance of(String method, Record options, String dataDigest, long startNanos) {
    return ofOptionMap(method, describe(options), dataDigest, startNanos);
  }

  /**
   * Provenance of {@code method} fitted with the options {@code options} (names to values) on data
   * whose digest is {@code dataDigest}, started at {@code startNanos}.
   */
  public static Provenance ofOptionMap(
      String method, Map<String, String> options, String dataDigest, long startNanos) {
    return new Provenance(
        method,
        options,
        dataDigest,
        LIBRARY_VERSION,
        System.getProperty("java.version"),
        System.getProperty("os.name") + " " + System.getProperty("os.arch"),
        Instant.now(),
        (System.nanoTime() - startNanos) / 1e6);
  }

  /** A record's components as strings, in declaration order. */
  public static Map<String, String> describe(Record options) {
    Map<String, String> out = new LinkedHashMap<>();
    if (options == null) {
      return out;
    }
    for (RecordComponent c : options.getClass().getRecordComponents()) {
      try {
        Object v = c.getAccessor().invoke(options);
        out.put(c.getName(), v instanceof double[] d ? Arrays.toString(d) : String.valueOf(v));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
    return out;
  }

  /**
   * The version the build wrote into {@code org/crowd4j/version.properties}; else the jar
   * manifest's Implementation-Version; else "unknown".
   */
  private static String libraryVersion() {
    try (InputStream in = Provenance.class.getResourceAsStream("/org/crowd4j/version.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isBlank() && !v.startsWith("${")) {
          return v.strip();
        }
      }
    } catch (IOException e) {
      // fall through to the manifest
    }
    String v = Provenance.class.getPackage().getImplementationVersion();
    return v == null ? "unknown" : v;
  }
}
