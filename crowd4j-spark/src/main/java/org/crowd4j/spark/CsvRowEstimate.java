package org.crowd4j.spark;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.csv.CSVFileFormat;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The number of rows of a DataFrame that only reads CSV files (columns selected or renamed, nothing
 * filtered or joined), estimated on the driver from the files' sizes and the line lengths of a few
 * samples spread over them, without a pass over the data. It serves the automatic partition count
 * only.
 */
final class CsvRowEstimate {
  private CsvRowEstimate() {}

  /** Samples read, spread evenly over the files. */
  private static final int SAMPLES = 16;

  /** Bytes per sample. */
  private static final int SAMPLE_BYTES = 1 << 16;

  /**
   * The estimated number of rows of {@code df}, or −1 when it is not a plain scan of uncompressed,
   * one-line-per-record CSV files or the files cannot be read here.
   */
  static long rows(Dataset<Row> df) {
    try {
      LogicalPlan plan =
          ((org.apache.spark.sql.classic.Dataset<Row>) df).queryExecution().optimizedPlan();
      HadoopFsRelation csv = csvScan(plan);
      if (csv == null) {
        return -1;
      }
      Configuration conf = df.sparkSession().sparkContext().hadoopConfiguration();
      return estimate(csv.location().inputFiles(), conf, header(csv));
    } catch (IOException | RuntimeException e) {
      return -1; // no estimate: the caller counts the rows
    }
  }

  /** The CSV relation that {@code plan} only projects, or null. */
  private static HadoopFsRelation csvScan(LogicalPlan plan) {
    while (plan instanceof Project p) {
      plan = p.child();
    }
    if (plan instanceof LogicalRelation r
        && r.relation() instanceof HadoopFsRelation fs
        && fs.fileFormat() instanceof CSVFileFormat) {
      for (Map.Entry<String, String> o : CollectionConverters.asJava(fs.options()).entrySet()) {
        String key = o.getKey().toLowerCase(Locale.ROOT);
        if ((key.equals("multiline") && Boolean.parseBoolean(o.getValue().trim()))
            || key.equals("linesep")) {
          return null;
        }
      }
      return fs;
    }
    return null;
  }

  private static boolean header(HadoopFsRelation csv) {
    for (Map.Entry<String, String> o : CollectionConverters.asJava(csv.options()).entrySet()) {
      if (o.getKey().equalsIgnoreCase("header")) {
        return Boolean.parseBoolean(o.getValue().trim());
      }
    }
    return false;
  }

  private static long estimate(String[] files, Configuration conf, boolean header)
      throws IOException {
    if (files.length == 0) {
      return -1;
    }
    CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
    Path[] paths = new Path[files.length];
    long[] sizes = new long[files.length];
    long total = 0;
    for (int i = 0; i < files.length; i++) {
      paths[i] = new Path(files[i]);
      if (codecs.getCodec(paths[i]) != null) {
        return -1;
      }
      sizes[i] = paths[i].getFileSystem(conf).getFileStatus(paths[i]).getLen();
      total += sizes[i];
    }
    if (total == 0) {
      return -1;
    }
    long sampled = 0;
    long lines = 0;
    byte[] buf = new byte[SAMPLE_BYTES];
    boolean whole = total <= (long) SAMPLES * SAMPLE_BYTES;
    int file = 0;
    long fileStart = 0;
    for (int s = 0; s < (whole ? files.length : SAMPLES); s++) {
      long from;
      long end;
      if (whole) {
        file = s;
        from = 0;
        end = sizes[s];
      } else {
        long at = total / SAMPLES * s;
        while (at >= fileStart + sizes[file]) {
          fileStart += sizes[file++];
        }
        from = at - fileStart;
        end = Math.min(sizes[file], from + SAMPLE_BYTES);
      }
      try (FSDataInputStream in = paths[file].getFileSystem(conf).open(paths[file])) {
        for (long pos = from; pos < end; ) {
          int len = (int) Math.min(buf.length, end - pos);
          in.readFully(pos, buf, 0, len);
          for (int i = 0; i < len; i++) {
            if (buf[i] == '\n') {
              lines++;
            }
          }
          pos += len;
          sampled += len;
        }
      }
    }
    if (lines == 0) {
      return -1;
    }
    long rows = Math.round((double) total * lines / sampled);
    return Math.max(0, rows - (header ? files.length : 0));
  }
}
