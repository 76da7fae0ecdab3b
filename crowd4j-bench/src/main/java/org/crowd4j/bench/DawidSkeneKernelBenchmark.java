package org.crowd4j.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.crowd4j.internal.kernel.DawidSkeneKernel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-thread cost per answer of the Dawid–Skene E-step ({@link DawidSkeneKernel#posterior}),
 * M-step statistics ({@link DawidSkeneKernel#accumulate}) and the fused sweep ({@link
 * DawidSkeneKernel#sweep}) over 100k tasks × 10 answers, 1,000 workers. Run: {@code java -cp
 * crowd4j-bench/target/crowd4j-bench.jar org.openjdk.jmh.Main DawidSkeneKernel}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DawidSkeneKernelBenchmark {
  private static final int TASKS = 100_000;
  private static final int PER_TASK = 10;
  private static final int ANSWERS = TASKS * PER_TASK;
  private static final int WORKERS = 1000;

  /** Number of classes. */
  @Param({"2", "4", "8"})
  public int k;

  private int[] off;
  private int[] worker;
  private int[] label;
  private int[] cell;
  private int[] gold;
  private double[] logPrior;
  private double[] logError;
  private double[] post;
  private double[] errorCounts;
  private double[] priorCounts;

  /** Builds random answers and parameters. */
  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom rng = new SplittableRandom(7);
    off = new int[TASKS + 1];
    worker = new int[ANSWERS];
    label = new int[ANSWERS];
    for (int i = 0; i < TASKS; i++) {
      off[i + 1] = off[i] + PER_TASK;
      for (int a = off[i]; a < off[i + 1]; a++) {
        worker[a] = rng.nextInt(WORKERS);
        label[a] = rng.nextInt(k);
      }
    }
    cell = new int[ANSWERS];
    for (int a = 0; a < ANSWERS; a++) {
      cell[a] = worker[a] * k + label[a];
    }
    gold = new int[TASKS];
    java.util.Arrays.fill(gold, -1);
    logPrior = new double[k];
    for (int c = 0; c < k; c++) {
      logPrior[c] = Math.log(1.0 / k);
    }
    logError = new double[WORKERS * k * k];
    for (int j = 0; j < logError.length; j++) {
      logError[j] = Math.log(0.05 + rng.nextDouble());
    }
    post = new double[TASKS * k];
    errorCounts = new double[WORKERS * k * k];
    priorCounts = new double[k];
  }

  /** E-step over every task; the time is per answer. */
  @Benchmark
  @OperationsPerInvocation(ANSWERS)
  public double eStep() {
    double ll = 0;
    for (int i = 0; i < TASKS; i++) {
      ll +=
          DawidSkeneKernel.posterior(
              worker, label, off[i], off[i + 1], logPrior, logError, k, -1, 1e-10, post, i * k);
    }
    return ll;
  }

  /** M-step sufficient statistics over every task; the time is per answer. */
  @Benchmark
  @OperationsPerInvocation(ANSWERS)
  public double[] mStepCounts() {
    java.util.Arrays.fill(errorCounts, 0.0);
    java.util.Arrays.fill(priorCounts, 0.0);
    for (int i = 0; i < TASKS; i++) {
      DawidSkeneKernel.accumulate(
          worker, label, off[i], off[i + 1], post, i * k, k, errorCounts, priorCounts);
    }
    return errorCounts;
  }

  /** Fused E- and M-step over every task with packed answer cells; the time is per answer. */
  @Benchmark
  @OperationsPerInvocation(ANSWERS)
  public double sweep() {
    java.util.Arrays.fill(errorCounts, 0.0);
    java.util.Arrays.fill(priorCounts, 0.0);
    return DawidSkeneKernel.sweep(
        cell, off, 0, TASKS, logPrior, logError, k, gold, 1e-10, post, errorCounts, priorCounts);
  }
}
