package org.crowd4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost per answer of {@link CrowdReader#readAnswers(Path)} (parse, intern, build) on a synthetic
 * 1M-answer CSV (100k tasks, 1,000 workers, 4 classes). Run: {@code java -cp
 * crowd4j-bench/target/crowd4j-bench.jar org.openjdk.jmh.Main CsvLoad}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx2g")
public class CsvLoadBenchmark {
  private static final int ANSWERS = 1_000_000;

  private Path dir;
  private Path file;

  /** Writes the CSV. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("crowd4j-jmh");
    file = dir.resolve("answers.csv");
    new BenchmarkCrowd(ANSWERS / 10, 1000, 4, ANSWERS, 42).write(file);
  }

  /** Deletes the CSV. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
    Files.deleteIfExists(dir);
  }

  /** Loads the whole file; the time is per answer. */
  @Benchmark
  @OperationsPerInvocation(ANSWERS)
  public CrowdDataset readAnswers() throws CrowdFormatException {
    return CrowdReader.readAnswers(file);
  }
}
