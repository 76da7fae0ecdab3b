package org.crowd4j.spark;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The one local Spark session every test class of this module shares ({@code local[2]}, UI off, two
 * shuffle partitions, driver bound to the loop-back address); created on first use, stopped when
 * the JVM exits.
 */
public abstract class SparkTestBase {
  private static SparkSession session;

  /** The shared session. */
  protected static synchronized SparkSession spark() {
    if (session == null) {
      session =
          SparkSession.builder()
              .master("local[2]")
              .appName("crowd4j-spark-tests")
              .config("spark.ui.enabled", "false")
              .config("spark.sql.shuffle.partitions", "2")
              .config("spark.default.parallelism", "2")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.sql.session.timeZone", "UTC")
              .getOrCreate();
      Runtime.getRuntime().addShutdownHook(new Thread(session::stop));
    }
    return session;
  }

  /** The probability vector of a row of a model's output (column {@code probability}). */
  protected static double[] probabilities(Row r) {
    return r.<Vector>getAs("probability").toArray();
  }

  /** The probabilities of a model's output by task (columns {@code task}, {@code probability}). */
  protected static Map<String, List<Double>> byTask(Dataset<Row> scored) {
    Map<String, List<Double>> out = new HashMap<>();
    for (Row r : scored.collectAsList()) {
      double[] p = probabilities(r);
      out.put(r.<String>getAs("task"), java.util.Arrays.stream(p).boxed().toList());
    }
    return out;
  }
}
