package org.crowd4j.spark;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.IterationListener;

/**
 * The cluster tests' calls into the fitting API of crowd4j-spark and crowd4j-core, in one place: a
 * method by its command-line name with {@code --param}-style overrides, fitted on Spark or by the
 * core.
 */
final class ClusterFits {
  private ClusterFits() {}

  /**
   * One fit on Spark; {@link #close()} releases its cached blocks.
   *
   * @param posteriors {@code task, prediction, probability} (one row per task; the probability
   *     vector in {@code labels} order)
   * @param labels the label order of the probability vectors
   * @param iterations the iterations the fit ran
   */
  record Fitted(Dataset<Row> posteriors, List<String> labels, int iterations, Runnable release)
      implements AutoCloseable {
    /** The posterior array of every task, by task name. */
    Map<String, double[]> posteriorsByTask() {
      Map<String, double[]> out = new HashMap<>();
      for (Row r : posteriors.collectAsList()) {
        out.put(r.getString(0), ((Vector) r.getAs("probability")).toArray());
      }
      return out;
    }

    @Override
    public void close() {
      release.run();
    }
  }

  /**
   * Fits {@code method} on {@code answers} (columns {@code task, worker, label}) in {@code
   * partitions} blocks, reporting every iteration to {@code listener}.
   */
  static Fitted onSpark(
      String method,
      Map<String, String> params,
      Dataset<Row> answers,
      int partitions,
      IterationListener listener) {
    CrowdModel<?> model =
        SparkMethods.create(method, params)
            .setNumPartitions(partitions)
            .setListener(listener)
            .fit(answers);
    return new Fitted(
        model.posteriors(), model.labels(), model.diagnostics().iterations(), model::unpersist);
  }

  /** Fits {@code method} with the core. */
  static AggregationResult onCore(String method, Map<String, String> params, CrowdDataset data) {
    return Methods.create(method, params).fit(data);
  }
}
