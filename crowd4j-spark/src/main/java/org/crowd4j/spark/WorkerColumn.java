package org.crowd4j.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * One per-worker value of a fitted model, held on the driver as a flat array indexed by global
 * worker id: a number ({@code width} 1), a vector of {@code width} numbers, or a {@code k × k}
 * matrix ({@code width} k², rows indexed [true label][answered label]). It is a column of the
 * worker table: {@code double}, {@code array<double>} or {@code array<array<double>>}, and reads
 * back from that column into the same doubles.
 *
 * @param name column name
 * @param shape how the values of one worker are laid out
 * @param width numbers per worker
 * @param values {@code numWorkers × width} numbers, worker by worker
 */
record WorkerColumn(String name, Shape shape, int width, double[] values) implements Serializable {
  /** How one worker's values are laid out. */
  enum Shape {
    /** One number. */
    NUMBER,
    /** A vector. */
    VECTOR,
    /** A square matrix, row by row. */
    MATRIX
  }

  /** Checks the layout. */
  WorkerColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(values, "values");
    if (width < 1 || (shape == Shape.NUMBER && width != 1)) {
      throw new IllegalArgumentException("column " + name + ": bad width " + width);
    }
    if (shape == Shape.MATRIX && side(width) < 0) {
      throw new IllegalArgumentException("column " + name + ": " + width + " is not a square");
    }
    if (values.length % width != 0) {
      throw new IllegalArgumentException(
          "column " + name + ": " + values.length + " values are not a multiple of " + width);
    }
  }

  /** One number per worker. */
  static WorkerColumn number(String name, double[] values) {
    return new WorkerColumn(name, Shape.NUMBER, 1, values);
  }

  /** {@code width} numbers per worker. */
  static WorkerColumn vector(String name, int width, double[] values) {
    return new WorkerColumn(name, Shape.VECTOR, width, values);
  }

  /** A {@code k × k} matrix per worker, flat {@code [w][row][column]}. */
  static WorkerColumn matrix(String name, int k, double[] values) {
    return new WorkerColumn(name, Shape.MATRIX, k * k, values);
  }

  /** The column's Spark type. */
  DataType type() {
    return type(shape);
  }

  static DataType type(Shape shape) {
    return switch (shape) {
      case NUMBER -> DataTypes.DoubleType;
      case VECTOR -> DataTypes.createArrayType(DataTypes.DoubleType, false);
      case MATRIX -> SparkAggregator.CONFUSION;
    };
  }

  /** The shape of a column of Spark type {@code type}, or null for another type. */
  static Shape shapeOf(DataType type) {
    for (Shape s : Shape.values()) {
      if (type(s).sameType(type)) {
        return s;
      }
    }
    return null;
  }

  /** Worker {@code w}'s value as a row value of {@link #type()}. */
  Object value(int w) {
    int from = w * width;
    return switch (shape) {
      case NUMBER -> values[from];
      case VECTOR -> Arrays.copyOfRange(values, from, from + width);
      case MATRIX -> SparkAggregator.matrix(values, from, side(width));
    };
  }

  /**
   * Copies field {@code field} of {@code row} (a value of {@code shape}) into {@code into} at
   * worker {@code w}'s place, {@code width} numbers.
   *
   * @throws IllegalArgumentException naming the column when the value has another size or is null
   */
  static void read(Row row, int field, Shape shape, int width, int w, double[] into, String name) {
    if (row.isNullAt(field)) {
      throw new IllegalArgumentException("column " + name + " is null for worker id " + w);
    }
    int at = w * width;
    switch (shape) {
      case NUMBER -> into[at] = row.getDouble(field);
      case VECTOR -> copy(row.getList(field), into, at, width, name, w);
      case MATRIX -> {
        List<scala.collection.Seq<Object>> rows = row.getList(field);
        int k = side(width);
        if (rows.size() != k) {
          throw new IllegalArgumentException(
              "column " + name + " has " + rows.size() + " rows for worker id " + w + ", not " + k);
        }
        for (int r = 0; r < k; r++) {
          scala.collection.Seq<Object> seq = rows.get(r);
          if (seq.size() != k) {
            throw new IllegalArgumentException(
                "column " + name + " has a row of " + seq.size() + " for worker id " + w);
          }
          for (int c = 0; c < k; c++) {
            into[at + r * k + c] = (Double) seq.apply(c);
          }
        }
      }
    }
  }

  /** The width of a value of {@code shape} read from {@code row}'s field (a matrix: k²). */
  static int widthOf(Row row, int field, Shape shape) {
    return switch (shape) {
      case NUMBER -> 1;
      case VECTOR -> row.getList(field).size();
      case MATRIX -> row.getList(field).size() * row.getList(field).size();
    };
  }

  private static void copy(
      List<Object> list, double[] into, int at, int width, String name, int w) {
    if (list.size() != width) {
      throw new IllegalArgumentException(
          "column "
              + name
              + " has "
              + list.size()
              + " values for worker id "
              + w
              + ", not "
              + width);
    }
    for (int j = 0; j < width; j++) {
      into[at + j] = (Double) list.get(j);
    }
  }

  /** √n for a perfect square n, else −1. */
  static int side(int n) {
    int k = (int) Math.round(Math.sqrt(n));
    return k * k == n ? k : -1;
  }
}
