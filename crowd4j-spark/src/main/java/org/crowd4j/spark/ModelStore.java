package org.crowd4j.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The storage layout of a fitted model in a directory of any Hadoop file system:
 *
 * <ul>
 *   <li>{@code metadata}: the params, written and read by Spark ML's {@code DefaultParamsWriter}
 *       and {@code DefaultParamsReader} (class name, uid, Spark version, params and defaults);
 *   <li>{@code data}: one Parquet row with the format version, method, labels, sizes, fit times,
 *       class prior, diagnostics, the model-level E-step entries with the per-worker strides, and
 *       the other model-level parameters by name;
 *   <li>{@code workers}: the {@link WorkerTable}, one Parquet row per worker, with the worker's
 *       numbers of the per-worker E-step entries;
 *   <li>{@code tasks}: GLAD only, {@code task, beta}.
 * </ul>
 *
 * Doubles are stored as they are, so a loaded model scores answers bit for bit as the saved one.
 */
final class ModelStore {
  private ModelStore() {}

  /** Version of the {@code data} layout; a reader refuses another. */
  static final int FORMAT_VERSION = 1;

  private static final StructType DATA =
      StoredFit.withDiagnostics(
              StoredFit.head()
                  .add("labels", DataTypes.createArrayType(DataTypes.StringType, false), false)
                  .add("numTasks", DataTypes.LongType, false)
                  .add("numAnswers", DataTypes.LongType, false)
                  .add("numGold", DataTypes.LongType, false)
                  .add("numWorkers", DataTypes.IntegerType, false)
                  .add("numPartitions", DataTypes.IntegerType, false)
                  .add("preparationSeconds", DataTypes.DoubleType, false)
                  .add("methodSeconds", DataTypes.DoubleType, false)
                  .add("classPriors", DataTypes.createArrayType(DataTypes.DoubleType, false), true),
              false)
          .add("eStepStrides", DataTypes.createArrayType(DataTypes.IntegerType, false), true)
          .add("eStep", SparkAggregator.CONFUSION, true)
          .add(
              "arrays",
              DataTypes.createMapType(
                  DataTypes.StringType,
                  DataTypes.createArrayType(DataTypes.DoubleType, false),
                  false),
              false);

  /** Writes {@code model} into {@code dir} (which does not exist yet). */
  static void save(CrowdModel<?> model, String dir, SparkSession spark) {
    FittedParameters p = model.parameters();
    FittedParameters.Counts c = p.counts();
    double[] seconds = model.fitSeconds();
    double[][] eStep = null;
    if (p.eStep() != null) {
      eStep = new double[p.eStep().length][];
      for (int j = 0; j < eStep.length; j++) {
        eStep[j] = p.eStepStrides()[j] > 0 ? new double[0] : p.eStep()[j];
      }
    }
    Object[] fit = {
      p.labels().toArray(new String[0]),
      c.numTasks(),
      c.numAnswers(),
      c.numGold(),
      c.numWorkers(),
      c.numPartitions(),
      seconds[0],
      seconds[1],
      p.classPriors()
    };
    Row row =
        StoredFit.row(
            FORMAT_VERSION,
            p.method(),
            fit,
            p.diagnostics(),
            p.eStepStrides(),
            eStep,
            new TreeMap<>(p.arrays()));
    StoredFit.write(model, dir, spark, DATA, row);
    model.fullWorkerTable().write().parquet(new Path(dir, "workers").toString());
    if (model.state.taskTable != null) {
      model.state.taskTable.write().parquet(new Path(dir, "tasks").toString());
    }
  }

  /**
   * Reads a model of class {@code type} saved by {@link #save}; {@code make} builds it around the
   * state.
   *
   * @throws IllegalArgumentException naming the path for a directory that is not such a model
   *     (missing part, another class, another format version, malformed tables)
   */
  static <M extends CrowdModel<M>> M load(
      String path, SparkSession spark, Class<M> type, BiFunction<String, ModelState, M> make) {
    StoredFit.Opened opened =
        StoredFit.open(spark, path, "model", type, FORMAT_VERSION, "metadata", "data", "workers");
    Row d = opened.data();
    List<String> labels = d.getList(d.fieldIndex("labels"));
    int numWorkers = d.getInt(d.fieldIndex("numWorkers"));
    int[] strides = null;
    double[][] eStep = null;
    if (!d.isNullAt(d.fieldIndex("eStepStrides"))) {
      List<Integer> s = d.getList(d.fieldIndex("eStepStrides"));
      List<scala.collection.Seq<Object>> e = d.getList(d.fieldIndex("eStep"));
      strides = new int[s.size()];
      eStep = new double[s.size()][];
      for (int j = 0; j < strides.length; j++) {
        strides[j] = s.get(j);
        eStep[j] = doubles(scala.jdk.javaapi.CollectionConverters.asJava(e.get(j)));
      }
    }
    Map<String, double[]> arrays = new LinkedHashMap<>();
    Map<String, scala.collection.Seq<Object>> stored = d.getJavaMap(d.fieldIndex("arrays"));
    for (Map.Entry<String, scala.collection.Seq<Object>> entry : new TreeMap<>(stored).entrySet()) {
      arrays.put(
          entry.getKey(), doubles(scala.jdk.javaapi.CollectionConverters.asJava(entry.getValue())));
    }
    String workersPath = new Path(path, "workers").toString();
    Dataset<Row> workers = spark.read().parquet(workersPath);
    WorkerTable.Read read =
        WorkerTable.read(
            workers.schema(),
            workers.collectAsList(),
            numWorkers,
            labels.size(),
            eStep,
            strides,
            workersPath);
    FittedParameters p =
        new FittedParameters(
            d.getString(d.fieldIndex("method")),
            labels,
            new FittedParameters.Counts(
                d.getLong(d.fieldIndex("numTasks")),
                d.getLong(d.fieldIndex("numAnswers")),
                d.getLong(d.fieldIndex("numGold")),
                numWorkers,
                d.getInt(d.fieldIndex("numPartitions"))),
            d.isNullAt(d.fieldIndex("classPriors"))
                ? null
                : doubles(d.getList(d.fieldIndex("classPriors"))),
            StoredFit.read(d),
            read.eStep(),
            strides,
            arrays,
            read.columns());
    Path tasksPath = new Path(path, "tasks");
    Dataset<Row> tasks =
        exists(spark, tasksPath) ? spark.read().parquet(tasksPath.toString()) : null;
    double[] seconds = {
      d.getDouble(d.fieldIndex("preparationSeconds")), d.getDouble(d.fieldIndex("methodSeconds"))
    };
    return opened.withParams(
        make.apply(
            opened.uid(),
            ModelState.loaded(spark, p, workers, tasks, read.answerConfusion(), seconds)));
  }

  private static double[] doubles(List<?> values) {
    double[] out = new double[values.size()];
    for (int j = 0; j < out.length; j++) {
      out[j] = (Double) values.get(j);
    }
    return out;
  }

  /**
   * Refuses {@code path} unless every one of {@code parts} is there; the message names the path,
   * what was looked for ({@code "model"}, {@code "ranking model"}) and the missing part.
   */
  static void requireParts(SparkSession spark, String path, String what, String... parts) {
    for (String part : parts) {
      if (!exists(spark, new Path(path, part))) {
        throw new IllegalArgumentException(
            "no crowd4j " + what + " at " + path + ": its part '" + part + "' is missing");
      }
    }
  }

  /**
   * The one row of a saved model's {@code data} part, whose {@code formatVersion} must be {@code
   * formatVersion}.
   */
  static Row dataRow(SparkSession spark, String path, int formatVersion) {
    String dataPath = new Path(path, "data").toString();
    List<Row> dataRows = spark.read().parquet(dataPath).collectAsList();
    if (dataRows.size() != 1) {
      throw new IllegalArgumentException(
          dataPath + " holds " + dataRows.size() + " rows; a model has one");
    }
    Row d = dataRows.get(0);
    int version = d.getInt(d.fieldIndex("formatVersion"));
    if (version != formatVersion) {
      throw new IllegalArgumentException(
          dataPath
              + " has format version "
              + version
              + "; this crowd4j reads version "
              + formatVersion);
    }
    return d;
  }

  private static boolean exists(SparkSession spark, Path p) {
    try {
      FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
      return fs.exists(p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot look at " + p + ": " + e.getMessage(), e);
    }
  }

  /** The reader of one model class: {@link #load} with the session of the reader. */
  static final class Reader<M extends CrowdModel<M>> extends StoredFit.Reader<M> {
    Reader(Class<M> type, BiFunction<String, ModelState, M> make) {
      super((path, spark) -> ModelStore.load(path, spark, type, make));
    }
  }
}
