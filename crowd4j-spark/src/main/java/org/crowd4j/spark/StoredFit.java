package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.Diagnostics;

/**
 * The columns that the {@code data} row of every saved model has ({@link ModelStore}, {@link
 * RankingStore}, {@link NumericStore}): first {@code formatVersion} and {@code method}, later the
 * fit's {@link Diagnostics}: {@code iterations}, {@code converged}, {@code objective}, {@code
 * objectiveName} and {@code stopReason}, in this order; and the steps every store takes to write
 * that row and to open a saved model.
 */
final class StoredFit {
  private StoredFit() {}

  /** The first columns: {@code formatVersion} and {@code method}. */
  static StructType head() {
    return new StructType()
        .add("formatVersion", DataTypes.IntegerType, false)
        .add("method", DataTypes.StringType, false);
  }

  /** {@code schema} with the diagnostics columns added; {@code stopReason} null where allowed. */
  static StructType withDiagnostics(StructType schema, boolean nullableReason) {
    return schema
        .add("iterations", DataTypes.IntegerType, false)
        .add("converged", DataTypes.BooleanType, false)
        .add("objective", DataTypes.createArrayType(DataTypes.DoubleType, false), false)
        .add("objectiveName", DataTypes.StringType, false)
        .add("stopReason", DataTypes.StringType, nullableReason);
  }

  /** The diagnostics of a saved model's {@code data} row. */
  static Diagnostics read(Row d) {
    List<Double> objective = d.getList(d.fieldIndex("objective"));
    return new Diagnostics(
        d.getInt(d.fieldIndex("iterations")),
        d.getBoolean(d.fieldIndex("converged")),
        objective.stream().mapToDouble(Double::doubleValue).toArray(),
        d.getString(d.fieldIndex("objectiveName")),
        d.isNullAt(d.fieldIndex("stopReason")) ? null : d.getString(d.fieldIndex("stopReason")));
  }

  /**
   * The {@code data} row of a schema built as {@code withDiagnostics(head().add(…))} with {@code
   * after}'s columns added: {@code formatVersion}, {@code method}, the values {@code fit}, the
   * diagnostics {@code d}, then {@code after}.
   */
  static Row row(int formatVersion, String method, Object[] fit, Diagnostics d, Object... after) {
    List<Object> values = new ArrayList<>(Arrays.asList(formatVersion, method));
    values.addAll(Arrays.asList(fit));
    values.addAll(
        Arrays.asList(
            d.iterations(), d.converged(), d.objective(), d.objectiveName(), d.stopReason()));
    values.addAll(Arrays.asList(after));
    return RowFactory.create(values.toArray());
  }

  /**
   * Writes the params of {@code model} (Spark ML's {@code metadata}) and {@code row} of schema
   * {@code schema} as the {@code data} part of {@code dir}.
   */
  static void write(Params model, String dir, SparkSession spark, StructType schema, Row row) {
    DefaultParamsWriter.saveMetadata(model, dir, spark);
    spark
        .createDataFrame(List.of(row), schema)
        .repartition(1)
        .write()
        .parquet(new Path(dir, "data").toString());
  }

  /**
   * Opens the model of class {@code type} saved at {@code path}: checks that {@code parts} are
   * there ({@link ModelStore#requireParts}, {@code what} names the kind of model), reads Spark ML's
   * metadata and the {@code data} row of version {@code formatVersion} ({@link
   * ModelStore#dataRow}).
   */
  static Opened open(
      SparkSession spark,
      String path,
      String what,
      Class<?> type,
      int formatVersion,
      String... parts) {
    ModelStore.requireParts(spark, path, what, parts);
    DefaultParamsReader.Metadata metadata =
        DefaultParamsReader.loadMetadata(path, spark, type.getName());
    return new Opened(metadata, ModelStore.dataRow(spark, path, formatVersion));
  }

  /** A saved model opened by {@link #open}: its Spark ML metadata and its {@code data} row. */
  record Opened(DefaultParamsReader.Metadata metadata, Row data) {
    /** The saved uid. */
    String uid() {
      return metadata.uid();
    }

    /** {@code model} with the saved params set. */
    <M extends Params> M withParams(M model) {
      metadata.getAndSetParams(model, scala.Option.empty());
      return model;
    }
  }

  /** The Spark ML reader of a store's models: {@code load} with the reader's session. */
  static class Reader<M> extends MLReader<M> {
    private final BiFunction<String, SparkSession, M> load;

    Reader(BiFunction<String, SparkSession, M> load) {
      this.load = load;
    }

    @Override
    public M load(String path) {
      return load.apply(path, sparkSession());
    }
  }
}
