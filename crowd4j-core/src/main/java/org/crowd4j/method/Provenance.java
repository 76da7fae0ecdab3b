package org.crowd4j.method;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * Where a result came from: method, every option, seed, data digest, library and platform versions,
 * time and duration. The data digest is computed when first asked for (writing a model file asks;
 * writing labels does not), so a fit does not pay a pass over its data for it.
 */
public final class Provenance {
  private final String method;
  private final Map<String, String> options;
  private final Supplier<String> digestSource;
  private final String library;
  private final String java;
  private final String os;
  private final Instant created;
  private final double elapsedMillis;
  private volatile String dataDigest;

  /** Version of this library, as the build recorded it (the Maven project version). */
  public static final String LIBRARY_VERSION = libraryVersion();

  /**
   * @param method method name
   * @param options option name → value (copied)
   * @param dataDigest digest of the input (the digest of its answers, e.g. {@code
   *     CrowdDataset.digest()})
   * @param library crowd4j version
   * @param java Java runtime version
   * @param os operating system and architecture
   * @param created when the fit finished
   * @param elapsedMillis wall time of the fit
   */
  public Provenance(
      String method,
      Map<String, String> options,
      String dataDigest,
      String library,
      String java,
      String os,
      Instant created,
      double elapsedMillis) {
    this(method, options, () -> dataDigest, library, java, os, created, elapsedMillis);
    this.dataDigest = dataDigest;
  }

  private Provenance(
      String method,
      Map<String, String> options,
      Supplier<String> digestSource,
      String library,
      String java,
      String os,
      Instant created,
      double elapsedMillis) {
    this.method = method;
    this.options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    this.digestSource = digestSource;
    this.library = library;
    this.java = java;
    this.os = os;
    this.created = created;
    this.elapsedMillis = elapsedMillis;
  }

  /**
   * Provenance of {@code method} fitted with {@code options} (a record) on data whose digest is
   * {@code dataDigest}, started at {@code startNanos} ({@link System#nanoTime()}).
   */
  public static Provenance of(String method, Record options, String dataDigest, long startNanos) {
    return ofOptionMap(method, describe(options), dataDigest, startNanos);
  }

  /**
   * As {@link #of(String, Record, String, long)}, the digest computed by {@code dataDigest} when
   * first asked for.
   */
  public static Provenance of(
      String method, Record options, Supplier<String> dataDigest, long startNanos) {
    return ofOptionMap(method, describe(options), dataDigest, startNanos);
  }

  /**
   * Provenance of {@code method} fitted with the options {@code options} (names to values) on data
   * whose digest is {@code dataDigest}, started at {@code startNanos}.
   */
  public static Provenance ofOptionMap(
      String method, Map<String, String> options, String dataDigest, long startNanos) {
    Provenance p = ofOptionMap(method, options, () -> dataDigest, startNanos);
    p.dataDigest = dataDigest;
    return p;
  }

  /**
   * As {@link #ofOptionMap(String, Map, String, long)}, the digest computed by {@code dataDigest}
   * when first asked for.
   */
  public static Provenance ofOptionMap(
      String method, Map<String, String> options, Supplier<String> dataDigest, long startNanos) {
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

  /** This provenance for other data, digested by {@code dataDigest} when first asked for. */
  public Provenance forData(Supplier<String> dataDigest) {
    return new Provenance(method, options, dataDigest, library, java, os, created, elapsedMillis);
  }

  /** Method name. */
  public String method() {
    return method;
  }

  /** Option name → value, in declaration order. */
  public Map<String, String> options() {
    return options;
  }

  /** Digest of the input, computed on first call. */
  public String dataDigest() {
    String d = dataDigest;
    if (d == null) {
      d = digestSource.get();
      dataDigest = d;
    }
    return d;
  }

  /** crowd4j version. */
  public String library() {
    return library;
  }

  /** Java runtime version. */
  public String java() {
    return java;
  }

  /** Operating system and architecture. */
  public String os() {
    return os;
  }

  /** When the fit finished. */
  public Instant created() {
    return created;
  }

  /** Wall time of the fit in milliseconds. */
  public double elapsedMillis() {
    return elapsedMillis;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Provenance p
        && method.equals(p.method)
        && options.equals(p.options)
        && Objects.equals(dataDigest(), p.dataDigest())
        && Objects.equals(library, p.library)
        && Objects.equals(java, p.java)
        && Objects.equals(os, p.os)
        && Objects.equals(created, p.created)
        && Double.compare(elapsedMillis, p.elapsedMillis) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(method, options, dataDigest(), library, java, os, created, elapsedMillis);
  }

  @Override
  public String toString() {
    return "Provenance[method="
        + method
        + ", options="
        + options
        + ", dataDigest="
        + dataDigest()
        + ", library="
        + library
        + ", java="
        + java
        + ", os="
        + os
        + ", created="
        + created
        + ", elapsedMillis="
        + elapsedMillis
        + "]";
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
