package org.crowd4j.nn;

import ai.djl.Device;
import ai.djl.engine.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The deep-learning engine used by the learners: DJL with PyTorch. This module declares DJL's API,
 * the PyTorch engine and its JNI bridge, but no PyTorch native library: the application adds the
 * one for its platform, {@code ai.djl.pytorch:pytorch-native-cpu} with classifier {@code
 * linux-x86_64}, {@code linux-aarch64}, {@code osx-aarch64} or {@code win-x86_64}
 * (docs/java-api.md). Without one, DJL downloads the native library on first use (the CUDA build
 * when it finds a GPU, on which the same code then runs) unless {@code ai.djl.offline=true}, which
 * is the application's choice (the {@code crowd4j} command line sets it); when no native library
 * can be had, {@link #engine()} fails with a message naming the dependency to add. The native
 * library is extracted once to DJL's cache ({@code ~/.djl.ai} or {@code $DJL_CACHE_DIR}).
 *
 * <p>Thread counts are fixed by the system properties {@code ai.djl.pytorch.num_threads} and {@code
 * ai.djl.pytorch.num_interop_threads}, read once when the engine starts; {@link #threads(int)} sets
 * both before that. Loading this class sets the environment variable {@code
 * OMP_WAIT_POLICY=PASSIVE} for the engine's OpenMP runtime (unless it is set): idle OpenMP threads
 * then sleep instead of spinning, so two trainings with several threads each on the same cores do
 * not slow each other down twentyfold (measured in BENCHMARKS.md).
 */
public final class NnRuntime {
  /** The resource every PyTorch native jar of DJL carries. */
  private static final String NATIVE_MARKER = "native/lib/pytorch.properties";

  static {
    passiveWaitPolicy();
  }

  /**
   * Sets {@code OMP_WAIT_POLICY=PASSIVE} in this process's environment (C library {@code setenv})
   * before the engine's native library, and with it OpenMP, is loaded; returns whether it is set.
   */
  static boolean passiveWaitPolicy() {
    if (System.getenv("OMP_WAIT_POLICY") != null) {
      return false;
    }
    try {
      return com.sun.jna.NativeLibrary.getInstance("c")
              .getFunction("setenv")
              .invokeInt(new Object[] {"OMP_WAIT_POLICY", "PASSIVE", 0})
          == 0;
    } catch (RuntimeException | UnsatisfiedLinkError e) {
      // no C library setenv (Windows): PyTorch's default wait policy stays
      return false;
    }
  }

  private NnRuntime() {}

  /**
   * Sets the intra-op thread count of the engine (and one inter-op thread) if the engine has not
   * started yet and no count is set; returns whether it took effect. Results are reproducible for a
   * fixed seed and thread count.
   *
   * @param n intra-op threads
   * @return whether the count was set
   */
  public static synchronized boolean threads(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("threads must be ≥ 1: " + n);
    }
    if (System.getProperty("ai.djl.pytorch.num_threads") != null) {
      return false;
    }
    System.setProperty("ai.djl.pytorch.num_threads", Integer.toString(n));
    if (System.getProperty("ai.djl.pytorch.num_interop_threads") == null) {
      System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
    }
    return true;
  }

  /**
   * The default intra-op thread count: 1 for fully connected networks, whose layers are too small
   * for more threads to pay (and whose threads spin against each other when two trainings share the
   * cores: see BENCHMARKS.md), for convolutional ones half the available cores, at most 4.
   *
   * @param convolutional whether the network is a CNN
   * @return the thread count
   */
  public static int defaultThreads(boolean convolutional) {
    if (!convolutional) {
      return 1;
    }
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() / 2));
  }

  /**
   * The PyTorch engine (started on first use).
   *
   * @return the engine
   * @throws IllegalStateException when the engine cannot start and no PyTorch native library is on
   *     the class path, with the dependency to add
   */
  public static Engine engine() {
    try {
      return Engine.getEngine("PyTorch");
    } catch (RuntimeException e) {
      if (nativeOnClassPath() || System.getenv("PYTORCH_LIBRARY_PATH") != null) {
        throw e;
      }
      throw new IllegalStateException(noNativeMessage(e), e);
    }
  }

  /** Whether a PyTorch native jar of DJL is on the class path. */
  static boolean nativeOnClassPath() {
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    if (cl == null) {
      cl = NnRuntime.class.getClassLoader();
    }
    return cl.getResource(NATIVE_MARKER) != null
        || NnRuntime.class.getClassLoader().getResource(NATIVE_MARKER) != null;
  }

  /** What to add when no native library was found. */
  static String noNativeMessage(Throwable cause) {
    String v = pytorchVersion();
    return "the PyTorch native library for this platform was not found ("
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.arch")
        + (Boolean.getBoolean("ai.djl.offline") ? "; ai.djl.offline=true forbids a download" : "")
        + "): add the runtime dependency ai.djl.pytorch:pytorch-native-cpu:"
        + v
        + " with the classifier of the platform (linux-x86_64, linux-aarch64, osx-aarch64 or"
        + " win-x86_64); for CUDA let DJL download the CUDA build (ai.djl.offline=false) or set"
        + " PYTORCH_LIBRARY_PATH to a libtorch "
        + v
        + " (see docs/java-api.md). Engine error: "
        + cause.getMessage();
  }

  /** The PyTorch version of the engine's JNI bridge on the class path ("2.7.1"). */
  static String pytorchVersion() {
    try (InputStream in = NnRuntime.class.getResourceAsStream("/jnilib/pytorch.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String jni = p.getProperty("jni_version", "");
        int dash = jni.indexOf('-');
        if (dash > 0) {
          return jni.substring(0, dash);
        }
      }
    } catch (IOException e) {
      // the version is only part of a message
    }
    return "<version>";
  }

  /**
   * The first GPU when the engine sees one, else the CPU.
   *
   * @return the device
   */
  public static Device device() {
    Engine e = engine();
    return e.getGpuCount() > 0 ? Device.gpu() : Device.cpu();
  }

  /**
   * Seeds the engine's global generator (parameter initialisation, dropout).
   *
   * @param seed the seed
   */
  public static void seed(long seed) {
    engine().setRandomSeed((int) (seed ^ (seed >>> 32)));
  }

  /**
   * A one-line description: engine, version and device.
   *
   * @return e.g. {@code PyTorch 2.7.1 on cpu()}
   */
  public static String describe() {
    Engine e = engine();
    return e.getEngineName() + " " + e.getVersion() + " on " + device();
  }
}
