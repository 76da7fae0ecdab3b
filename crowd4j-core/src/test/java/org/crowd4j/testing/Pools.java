package org.crowd4j.testing;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;

/**
 * Runs work in a fork/join pool of a given size: the parallel streams the methods use inside it run
 * on that pool's threads, so a test can compare 1, 2 and 4 threads in one JVM.
 */
public final class Pools {
  private Pools() {}

  /** {@code work} run in a new pool of {@code threads} threads. */
  public static <T> T run(int threads, Callable<T> work) throws Exception {
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      return pool.submit(work).get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception x) {
        throw x;
      }
      throw e;
    } finally {
      pool.shutdownNow();
    }
  }
}
