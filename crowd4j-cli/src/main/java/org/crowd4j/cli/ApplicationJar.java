package org.crowd4j.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Ships the command line's own jar to the executors of a Spark cluster. Outside {@code
 * spark-submit}, {@code aggregate --engine spark --master spark://…} starts the driver in this JVM;
 * the executors run in other JVMs and load crowd4j-core and crowd4j-spark from the jars of {@code
 * spark.jars}, so the jar this class was loaded from is added there, as {@code spark-submit} does
 * with its application jar. Local masters ({@code local}, {@code local[…]}) run the tasks in this
 * JVM and need nothing.
 */
final class ApplicationJar {
  private ApplicationJar() {}

  /** Whether {@code master} runs the tasks inside the driver's JVM. */
  static boolean isLocal(String master) {
    return master.equals("local") || master.startsWith("local[");
  }

  /**
   * The value {@code spark.jars} needs for {@code master}, or null when it needs no change: the
   * master is absent (the session of {@code spark-submit}, or the default {@code local[*]}) or
   * local, the command line does not run from a jar, or {@code configured} already lists a jar of
   * the same file name.
   *
   * @param master the {@code --master} option, or null
   * @param configured the current {@code spark.jars} (comma-separated paths or URIs), or null
   * @param self the jar of the command line, or null when it is not known
   */
  static String sparkJars(String master, String configured, Path self) {
    if (master == null || isLocal(master) || self == null) {
      return null;
    }
    String name = self.getFileName().toString();
    if (!name.endsWith(".jar")) {
      return null;
    }
    if (configured == null || configured.isBlank()) {
      return self.toAbsolutePath().toString();
    }
    for (String entry : configured.split(",")) {
      String e = entry.trim();
      if (e.equals(name) || e.endsWith("/" + name)) {
        return null;
      }
    }
    return configured + "," + self.toAbsolutePath();
  }

  /** The jar file this class was loaded from, or null (a class folder, or no code source). */
  static Path self() {
    CodeSource source = ApplicationJar.class.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return null;
    }
    try {
      Path p = Path.of(source.getLocation().toURI());
      return Files.isRegularFile(p) ? p : null;
    } catch (URISyntaxException | IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Adds the command line's jar to the system property {@code spark.jars} (which the Spark session
   * reads when it starts) when {@code master} needs it.
   */
  static void shipFor(String master) {
    String jars = sparkJars(master, System.getProperty("spark.jars"), self());
    if (jars != null) {
      System.setProperty("spark.jars", jars);
    }
  }
}
