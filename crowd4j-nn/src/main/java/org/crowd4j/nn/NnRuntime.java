package org.crowd4j.nn;

import ai.djl.Device;
import ai.djl.engine.Engine;

/**
 * The deep-learning engine used by the learners: DJL with PyTorch. Loading this class sets {@code
 * ai.djl.offline=true} unless the property is already set, so the engine never downloads anything:
 * the native library comes from the {@code pytorch-native-cpu} jar on the class path (extracted
 * once to DJL's cache, {@code ~/.djl.ai} or {@code $DJL_CACHE_DIR}); with a CUDA native jar on the
 * class path instead, the same code runs on the first GPU. Thread counts are fixed by the system
 * properties {@code ai.djl.pytorch.num_threads} and {@code ai.djl.pytorch.num_interop_threads},
 * read once when the engine starts; {@link #threads(int)} sets both before that. Loading this class
 * also sets the environment variable {@code OMP_WAIT_POLICY=PASSIVE} for the engine's OpenMP
 * runtime (unless it is set): idle OpenMP threads then sleep instead of spinning, so two trainings
 * with several threads each on the same cores do not slow each other down twentyfold (measured in
 * BENCHMARKS.md).
 */
public final class NnRuntime {
  static {
    if (System.getProperty("ai.djl.offline") == null) {
      System.setProperty("ai.djl.offline", "true");
    }
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
   */
  public static int defaultThreads(boolean convolutional) {
    if (!convolutional) {
      return 1;
    }
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() / 2));
  }

  /** The PyTorch engine (started on first use). */
  public static Engine engine() {
    return Engine.getEngine("PyTorch");
  }

  /** The first GPU when the engine sees one, else the CPU. */
  public static Device device() {
    Engine e = engine();
    return e.getGpuCount() > 0 ? Device.gpu() : Device.cpu();
  }

  /** Seeds the engine's global generator (parameter initialisation, dropout). */
  public static void seed(long seed) {
    engine().setRandomSeed((int) (seed ^ (seed >>> 32)));
  }

  /** A one-line description: engine, version and device. */
  public static String describe() {
    Engine e = engine();
    return e.getEngineName() + " " + e.getVersion() + " on " + device();
  }
}
