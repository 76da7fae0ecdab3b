package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Which jar {@code aggregate --engine spark --master …} adds to {@code spark.jars}. */
class ApplicationJarTest {
  private static final Path JAR = Path.of("/opt/crowd4j/crowd4j.jar");

  @Test
  void localMastersAndNoMasterShipNothing() {
    assertNull(ApplicationJar.sparkJars(null, null, JAR));
    assertNull(ApplicationJar.sparkJars("local", null, JAR));
    assertNull(ApplicationJar.sparkJars("local[*]", null, JAR));
    assertNull(ApplicationJar.sparkJars("local[2,3]", null, JAR));
    assertTrue(ApplicationJar.isLocal("local[4]"));
    assertFalse(ApplicationJar.isLocal("local-cluster[2,1,1024]"));
  }

  @Test
  void clusterMastersShipTheCommandLineJar() {
    assertEquals("/opt/crowd4j/crowd4j.jar", ApplicationJar.sparkJars("spark://h:7077", null, JAR));
    assertEquals("/opt/crowd4j/crowd4j.jar", ApplicationJar.sparkJars("yarn", "  ", JAR));
    assertEquals(
        "/opt/crowd4j/crowd4j.jar", ApplicationJar.sparkJars("local-cluster[2,1,1024]", null, JAR));
  }

  @Test
  void configuredJarsAreKeptAndNotRepeated() {
    assertEquals(
        "hdfs:///lib/extra.jar,/opt/crowd4j/crowd4j.jar",
        ApplicationJar.sparkJars("spark://h:7077", "hdfs:///lib/extra.jar", JAR));
    assertNull(
        ApplicationJar.sparkJars(
            "spark://h:7077", "file:/elsewhere/crowd4j.jar,hdfs:///lib/extra.jar", JAR));
    assertNull(ApplicationJar.sparkJars("spark://h:7077", "crowd4j.jar", JAR));
  }

  @Test
  void classFoldersAreNotShipped() {
    assertNull(ApplicationJar.sparkJars("spark://h:7077", null, Path.of("/build/classes")));
    assertNull(ApplicationJar.sparkJars("spark://h:7077", null, null));
    // the tests run from target/classes: no jar of their own
    assertNull(ApplicationJar.self());
  }
}
