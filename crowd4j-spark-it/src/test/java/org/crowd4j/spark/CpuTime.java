package org.crowd4j.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * CPU time of this JVM and of the child processes it has waited for (with theirs, recursively),
 * from Linux's {@code /proc/self/stat}: a figure of the cluster test that does not depend on the
 * load of the machine, unlike its wall time.
 */
final class CpuTime {
  private CpuTime() {}

  /** CPU time of this JVM. */
  static Duration self() {
    return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
  }

  /**
   * User and system time of the children this JVM has waited for ({@code cutime + cstime}), or null
   * where {@code /proc/self/stat} or the clock tick ({@code getconf CLK_TCK}) cannot be read.
   */
  static Duration reapedChildren() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
      // fields after the command name, which is in parentheses and may hold spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      // field 16 (cutime) and 17 (cstime) of proc(5); f[0] is field 3
      long ticks = Long.parseLong(f[13]) + Long.parseLong(f[14]);
      long hz = clockTicksPerSecond();
      return hz <= 0 ? null : Duration.ofMillis(ticks * 1000 / hz);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long clockTicksPerSecond() throws IOException {
    Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
    try {
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
      return p.waitFor() == 0 ? Long.parseLong(out) : -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }
}
