package org.crowd4j.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The worker table of a model, one row per worker: {@code worker}, {@code answers}, the method's
 * {@link WorkerColumn}s, {@code answerConfusion} (P(answer | true label), {@link AnswerConfusions})
 * and, for storage, {@code wid} (the worker's id in the parameters) and {@code eStep} (the worker's
 * numbers of the per-worker E-step parameters, entry after entry). {@link CrowdModel#workers()}
 * shows it without the last two; a saved model stores it whole and {@link #read} turns it back into
 * the driver's arrays.
 */
final class WorkerTable {
  private WorkerTable() {}

  static final String WORKER = "worker";
  static final String ANSWERS = "answers";
  static final String ANSWER_CONFUSION = "answerConfusion";
  static final String WID = "wid";
  static final String E_STEP = "eStep";

  /** What the rows are made of, broadcast once. */
  private record Values(
      int[] sizes,
      List<WorkerColumn> columns,
      double[] answerConfusion,
      int k,
      double[][] eStep,
      int[] strides)
      implements Serializable {}

  /** The full table of a fitted model, from the fit's worker index and sizes. */
  static Dataset<Row> build(ModelState state, double[] answerConfusion, List<Runnable> cleanups) {
    FittedParameters p = state.parameters;
    PreparedAnswers data = state.data;
    int k = p.numLabels();
    Broadcast<Values> b =
        data.jsc.broadcast(
            new Values(
                data.workerSizes, p.columns(), answerConfusion, k, p.eStep(), p.eStepStrides()));
    cleanups.add(() -> b.destroy());
    StructType schema =
        new StructType()
            .add(WORKER, DataTypes.StringType, false)
            .add(ANSWERS, DataTypes.IntegerType, false);
    for (WorkerColumn c : p.columns()) {
      schema = schema.add(c.name(), c.type(), false);
    }
    schema =
        schema
            .add(ANSWER_CONFUSION, SparkAggregator.CONFUSION, false)
            .add(WID, DataTypes.IntegerType, false)
            .add(E_STEP, DataTypes.createArrayType(DataTypes.DoubleType, false), false);
    JavaRDD<Row> rows =
        data.workerIndex
            .javaRDD()
            .map(
                r -> {
                  int w = r.getInt(1);
                  Values v = b.value();
                  List<WorkerColumn> cols = v.columns();
                  Object[] all = new Object[cols.size() + 5];
                  all[0] = r.getString(0);
                  all[1] = v.sizes()[w];
                  for (int j = 0; j < cols.size(); j++) {
                    all[j + 2] = cols.get(j).value(w);
                  }
                  int at = cols.size() + 2;
                  all[at] = SparkAggregator.matrix(v.answerConfusion(), w * v.k() * v.k(), v.k());
                  all[at + 1] = w;
                  all[at + 2] = eStepOf(v.eStep(), v.strides(), w);
                  return RowFactory.create(all);
                });
    return state.spark.createDataFrame(rows, schema);
  }

  /** Worker {@code w}'s numbers of the per-worker entries of {@code eStep}, entry after entry. */
  static double[] eStepOf(double[][] eStep, int[] strides, int w) {
    if (eStep == null) {
      return new double[0];
    }
    int n = 0;
    for (int s : strides) {
      n += s;
    }
    double[] out = new double[n];
    int at = 0;
    for (int j = 0; j < eStep.length; j++) {
      if (strides[j] > 0) {
        System.arraycopy(eStep[j], w * strides[j], out, at, strides[j]);
        at += strides[j];
      }
    }
    return out;
  }

  /** The table without the storage columns. */
  static Dataset<Row> shown(Dataset<Row> full) {
    return full.drop(WID, E_STEP);
  }

  /** The driver's arrays read back from a stored worker table. */
  record Read(List<WorkerColumn> columns, double[] answerConfusion, double[][] eStep) {}

  /**
   * Reads the collected rows of a stored table of {@code numWorkers} workers back into the method's
   * columns, the answer confusions and the per-worker entries of {@code eStep} (whose model-level
   * entries are kept; per-worker entries are filled in).
   *
   * @throws IllegalArgumentException naming {@code source} and the column for a missing or
   *     malformed column, or a worker id out of range or repeated
   */
  static Read read(
      StructType schema,
      List<Row> rows,
      int numWorkers,
      int k,
      double[][] eStep,
      int[] strides,
      String source) {
    int wid = index(schema, WID, source);
    int confusion = index(schema, ANSWER_CONFUSION, source);
    int stepField = index(schema, E_STEP, source);
    index(schema, WORKER, source);
    if (rows.size() != numWorkers) {
      throw new IllegalArgumentException(
          source + " has " + rows.size() + " workers; the model has " + numWorkers);
    }
    List<WorkerColumn> columns = new ArrayList<>();
    List<Integer> fields = new ArrayList<>();
    StructField[] all = schema.fields();
    for (int f = 0; f < all.length; f++) {
      String name = all[f].name();
      if (List.of(WORKER, ANSWERS, ANSWER_CONFUSION, WID, E_STEP).contains(name)) {
        continue;
      }
      WorkerColumn.Shape shape = WorkerColumn.shapeOf(all[f].dataType());
      if (shape == null) {
        throw new IllegalArgumentException(
            source + ": column " + name + " has unexpected type " + all[f].dataType());
      }
      int width = rows.isEmpty() ? 1 : WorkerColumn.widthOf(rows.get(0), f, shape);
      columns.add(new WorkerColumn(name, shape, width, new double[numWorkers * width]));
      fields.add(f);
    }
    double[] answerConfusion = new double[numWorkers * k * k];
    double[][] step = eStep == null ? null : new double[eStep.length][];
    int perWorker = 0;
    if (step != null) {
      for (int j = 0; j < step.length; j++) {
        step[j] = strides[j] > 0 ? new double[numWorkers * strides[j]] : eStep[j];
        perWorker += strides[j];
      }
    }
    boolean[] seen = new boolean[numWorkers];
    for (Row r : rows) {
      int w = r.getInt(wid);
      if (w < 0 || w >= numWorkers || seen[w]) {
        throw new IllegalArgumentException(
            source + ": worker id " + w + " is out of range or repeated");
      }
      seen[w] = true;
      for (int j = 0; j < columns.size(); j++) {
        WorkerColumn c = columns.get(j);
        WorkerColumn.read(r, fields.get(j), c.shape(), c.width(), w, c.values(), c.name());
      }
      WorkerColumn.read(
          r, confusion, WorkerColumn.Shape.MATRIX, k * k, w, answerConfusion, ANSWER_CONFUSION);
      List<Object> mine = r.getList(stepField);
      if (mine.size() != perWorker) {
        throw new IllegalArgumentException(
            source
                + ": column "
                + E_STEP
                + " has "
                + mine.size()
                + " values for worker id "
                + w
                + ", not "
                + perWorker);
      }
      if (step != null) {
        int at = 0;
        for (int j = 0; j < step.length; j++) {
          for (int s = 0; s < strides[j]; s++) {
            step[j][w * strides[j] + s] = (Double) mine.get(at++);
          }
        }
      }
    }
    return new Read(columns, answerConfusion, step);
  }

  private static int index(StructType schema, String name, String source) {
    for (int f = 0; f < schema.fields().length; f++) {
      if (schema.fields()[f].name().equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        source + " has no column " + name + "; its columns are " + List.of(schema.fieldNames()));
  }
}
