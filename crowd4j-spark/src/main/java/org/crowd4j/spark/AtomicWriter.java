package org.crowd4j.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.SparkSession;

/**
 * Saves an estimator or a model on any Hadoop file system: everything goes into a temporary
 * directory beside the target, which is renamed to the target at the end (an existing target is
 * replaced only with {@code overwrite()}), so a failed save leaves no half-written model behind.
 */
final class AtomicWriter extends MLWriter {
  /** What is written into the directory. */
  @FunctionalInterface
  interface Content {
    void write(Params instance, String directory, SparkSession spark) throws IOException;
  }

  private final Params instance;
  private final Content content;

  AtomicWriter(Params instance, Content content) {
    this.instance = instance;
    this.content = content;
  }

  /** Only the params: Spark ML's {@code metadata} directory. */
  static void saveParams(Params instance, String directory, SparkSession spark) {
    DefaultParamsWriter.saveMetadata(instance, directory, spark);
  }

  @Override
  public void save(String path) throws IOException {
    Path target = new Path(path);
    FileSystem fs = target.getFileSystem(sparkSession().sparkContext().hadoopConfiguration());
    if (fs.exists(target) && !shouldOverwrite()) {
      throw new IOException(
          "Path "
              + path
              + " already exists; to replace it, save with write().overwrite().save(path)");
    }
    Path parent = target.getParent() == null ? target : target.getParent();
    Path tmp = new Path(parent, "." + target.getName() + ".crowd4j-tmp-" + System.nanoTime());
    try {
      saveImpl(tmp.toString());
      if (fs.exists(target)) {
        fs.delete(target, true);
      }
      if (!fs.rename(tmp, target)) {
        throw new IOException("could not rename " + tmp + " to " + target);
      }
    } finally {
      if (fs.exists(tmp)) {
        fs.delete(tmp, true);
      }
    }
  }

  @Override
  public void saveImpl(String path) {
    try {
      content.write(instance, path, sparkSession());
    } catch (IOException e) {
      throw new UncheckedIOException("saving to " + path + ": " + e.getMessage(), e);
    }
  }
}
