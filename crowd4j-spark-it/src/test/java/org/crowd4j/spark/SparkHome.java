package org.crowd4j.spark;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Spark installation made of the jars Maven resolved: a folder with {@code jars/}, which is what
 * a standalone Worker needs to start executors ({@code $SPARK_HOME/jars/*} is their class path).
 *
 * @param home the {@code SPARK_HOME} folder
 * @param scalaVersion the Scala binary version of the jars (Spark's launcher asks for it when the
 *     installation is not a release)
 */
record SparkHome(Path home, String scalaVersion) {
  private static final Pattern SPARK_CORE = Pattern.compile("spark-core_(\\d+\\.\\d+)-.*\\.jar");

  /** {@code home/jars/*}, the class path of every JVM of the cluster. */
  String classPath() {
    return home.resolve("jars") + File.separator + "*";
  }

  /**
   * Creates {@code home/jars} with a link to (or, where links are not possible, a copy of) every
   * jar that {@code classPathFile} lists (one class path, entries separated by the path separator).
   *
   * @throws IllegalStateException when the file is missing or lists no {@code spark-core} jar
   */
  static SparkHome create(Path classPathFile, Path home) throws IOException {
    if (!Files.isRegularFile(classPathFile)) {
      throw new IllegalStateException(
          "the Spark class path "
              + classPathFile
              + " is missing: it is written by the pre-integration-test phase of"
              + " crowd4j-spark-it (mvn verify)");
    }
    String text = Files.readString(classPathFile, StandardCharsets.UTF_8).trim();
    Path jars = home.resolve("jars");
    deleteTree(jars);
    Files.createDirectories(jars);
    String scala = null;
    List<String> missing = new ArrayList<>();
    for (String entry : text.split(Pattern.quote(File.pathSeparator))) {
      if (entry.isBlank()) {
        continue;
      }
      Path jar = Path.of(entry.trim());
      if (!Files.isRegularFile(jar)) {
        missing.add(entry);
        continue;
      }
      Path link = jars.resolve(jar.getFileName());
      try {
        Files.createSymbolicLink(link, jar.toAbsolutePath());
      } catch (UnsupportedOperationException | IOException e) {
        Files.copy(jar, link);
      }
      Matcher m = SPARK_CORE.matcher(jar.getFileName().toString());
      if (m.matches()) {
        scala = m.group(1);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException(classPathFile + " lists missing jars: " + missing);
    }
    if (scala == null) {
      throw new IllegalStateException(classPathFile + " lists no spark-core jar");
    }
    return new SparkHome(home, scala);
  }

  /** Deletes {@code dir} and everything below it (links, not their targets); absent is fine. */
  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
