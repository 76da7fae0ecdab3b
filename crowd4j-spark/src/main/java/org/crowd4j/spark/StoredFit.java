package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.Diagnostics;

/**
 * The columns that the {@code data} row of every saved model has ({@link ModelStore}, {@link
 * RankingStore}, {@link NumericStore}): first {@code formatVersion} and {@code method}, later the
 * fit's {@link Diagnostics}: {@code iterations}, {@code converged}, {@code objective}, {@code
 * objectiveName} and {@code stopReason}, in this order.
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
}
