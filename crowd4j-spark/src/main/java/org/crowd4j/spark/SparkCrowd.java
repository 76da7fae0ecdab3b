package org.crowd4j.spark;

import static org.apache.spark.sql.functions.array_max;
import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Reading answers and writing results with Spark: Parquet or CSV by the path's name, any file
 * system Spark knows (local, HDFS, S3, ...).
 */
public final class SparkCrowd {
  private SparkCrowd() {}

  /**
   * Whether {@code path} names Parquet data ({@code .parquet}, or a directory without {@code
   * .csv}).
   */
  static boolean isParquet(String path) {
    String p = path.toLowerCase(Locale.ROOT);
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p.endsWith(".parquet") || p.endsWith(".pq");
  }

  /**
   * Answers (or gold) from {@code path}: Parquet when it ends with {@code .parquet}, else CSV with
   * a header row ({@code delimiter}: null for comma, or tab for {@code .tsv}); every CSV column is
   * read as a string, as the core reads it.
   */
  public static Dataset<Row> read(SparkSession spark, String path, Character delimiter) {
    if (isParquet(path)) {
      return spark.read().parquet(path);
    }
    char d =
        delimiter != null
            ? delimiter
            : path.toLowerCase(Locale.ROOT).matches(".*\\.tsv(\\.gz)?$") ? '\t' : ',';
    DataFrameReader reader =
        spark
            .read()
            .option("header", "true")
            .option("sep", String.valueOf(d))
            .option("inferSchema", "false")
            .option("mode", "FAILFAST");
    StructType schema = csvSchema(spark, path, d);
    return (schema == null ? reader : reader.schema(schema)).csv(path);
  }

  /**
   * The schema of a CSV file with a header row, every column a string named from the header, read
   * on the driver from the file's first line (so that Spark runs no job for it); null when {@code
   * path} is not one plain, uncompressed file or its header needs Spark's own reading (quotes, a
   * byte order mark, empty or repeated names).
   */
  static StructType csvSchema(SparkSession spark, String path, char delimiter) {
    try {
      Configuration conf = spark.sparkContext().hadoopConfiguration();
      Path p = new Path(path);
      FileSystem fs = p.getFileSystem(conf);
      FileStatus status = fs.getFileStatus(p);
      if (!status.isFile() || new CompressionCodecFactory(conf).getCodec(p) != null) {
        return null;
      }
      byte[] buf = new byte[(int) Math.min(status.getLen(), 1 << 16)];
      int n = buf.length;
      try (FSDataInputStream in = fs.open(p)) {
        in.readFully(0, buf, 0, n);
      }
      int end = 0;
      while (end < n && buf[end] != '\n') {
        end++;
      }
      if (end == n) {
        return null; // no complete first line in reach
      }
      String line = new String(buf, 0, end, StandardCharsets.UTF_8);
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      if (line.indexOf('"') >= 0 || line.indexOf('\\') >= 0 || line.startsWith("\uFEFF")) {
        return null;
      }
      StructType schema = new StructType();
      Set<String> seen = new HashSet<>();
      for (String name : line.split(java.util.regex.Pattern.quote(String.valueOf(delimiter)), -1)) {
        if (name.isEmpty() || !seen.add(name.toLowerCase(Locale.ROOT))) {
          return null;
        }
        schema = schema.add(name, DataTypes.StringType);
      }
      return schema;
    } catch (IOException | RuntimeException e) {
      return null; // Spark's reader reports the problem
    }
  }

  /**
   * {@code answers} with a column {@code goldColumn} holding, on every answer of a task listed in
   * {@code gold} (columns {@code goldTask}, {@code goldLabel}), that task's label; null elsewhere.
   */
  public static Dataset<Row> withGold(
      Dataset<Row> answers,
      String taskColumn,
      Dataset<Row> gold,
      String goldTask,
      String goldLabel,
      String goldColumn) {
    Dataset<Row> g =
        gold.select(
            col(goldTask).cast("string").as("__gold_task"),
            col(goldLabel).cast("string").as(goldColumn));
    return answers
        .join(g, answers.col(taskColumn).cast("string").equalTo(g.col("__gold_task")), "left")
        .drop("__gold_task");
  }

  /**
   * {@code answers} with the classifier's probabilities of {@code predictions} (the command line's
   * layout: a {@code task} column and one {@code p_<class>} column per class; other columns are
   * ignored) as {@code p_<class>} double columns on every answer of a predicted task; null
   * elsewhere. The input of {@link SparkClassifierEm}.
   *
   * @throws CrowdInputException when {@code predictions} has no {@code task} or {@code p_} column
   */
  public static Dataset<Row> withPredictions(
      Dataset<Row> answers, String taskColumn, Dataset<Row> predictions) {
    AnswerColumns.require(predictions.schema(), "task", "task");
    List<Column> cols = new ArrayList<>();
    cols.add(col("task").cast("string").as("__prediction_task"));
    for (StructField f :
        TaskPredictions.columns(predictions.schema(), HasPredictionPrefix.DEFAULT)) {
      cols.add(col(f.name()).cast("double").as(f.name()));
    }
    if (cols.size() == 1) {
      throw new CrowdInputException(
          "the predictions have no p_<class> columns: " + List.of(predictions.columns()));
    }
    Dataset<Row> p = predictions.select(cols.toArray(new Column[0]));
    return answers
        .join(p, answers.col(taskColumn).cast("string").equalTo(p.col("__prediction_task")), "left")
        .drop("__prediction_task");
  }

  /**
   * Writes the output of {@code model}'s {@link CrowdModel#transform} or {@link
   * CrowdModel#posteriors()}: to Parquet when {@code path} ends with {@code .parquet} (columns
   * {@code task}, {@code label}, {@code probability} of the label and {@code posterior}, an array
   * in the model's label order), else as one CSV file {@code task,label,p_<label>...} (the command
   * line's layout), written through a temporary directory beside it and renamed.
   */
  public static void writePosteriors(CrowdModel<?> model, Dataset<Row> scored, String path) {
    if (isParquet(path)) {
      Column posterior =
          org.apache.spark.ml.functions.vector_to_array(col(model.getProbabilityCol()), "float64");
      scored
          .select(
              col(model.getTaskCol()).as("task"),
              col(model.getPredictionCol()).as("label"),
              array_max(posterior).as("probability"),
              posterior.as("posterior"))
          .write()
          .mode(SaveMode.Overwrite)
          .parquet(path);
    } else {
      writeSingleCsv(model.wide(scored), path);
    }
  }

  /** The file system without Hadoop's {@code .crc} side files, for local paths. */
  static FileSystem raw(FileSystem fs) {
    return fs instanceof ChecksumFileSystem c ? c.getRawFileSystem() : fs;
  }

  /**
   * Writes {@code frame} as one CSV file with a header at {@code path}: Spark writes one partition
   * into a temporary directory beside it, whose part file is then renamed to {@code path}.
   */
  public static void writeSingleCsv(Dataset<Row> frame, String path) {
    Configuration conf = frame.sparkSession().sparkContext().hadoopConfiguration();
    Path target = new Path(path);
    Path tmp = new Path(target.getParent(), "." + target.getName() + ".crowd4j-tmp");
    try {
      FileSystem fs = raw(target.getFileSystem(conf));
      frame
          .coalesce(1)
          .write()
          .mode(SaveMode.Overwrite)
          .option("header", "true")
          .csv(tmp.toString());
      Path part = null;
      for (FileStatus s : fs.listStatus(tmp)) {
        if (s.getPath().getName().startsWith("part-")) {
          part = s.getPath();
        }
      }
      if (part == null) {
        throw new IOException("Spark wrote no part file into " + tmp);
      }
      if (fs.exists(target)) {
        fs.delete(target, true);
      }
      if (!fs.rename(part, target)) {
        throw new IOException("could not rename " + part + " to " + target);
      }
      fs.delete(tmp, true);
    } catch (IOException e) {
      throw new UncheckedIOException("writing " + path + ": " + e.getMessage(), e);
    }
  }
}
