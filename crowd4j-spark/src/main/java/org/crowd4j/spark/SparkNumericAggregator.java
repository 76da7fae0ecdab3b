package org.crowd4j.spark;

import java.util.Objects;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.method.Diagnostics;

/**
 * A numeric method on Spark (answers that are numbers: ratings, counts, scores) as a Spark ML
 * estimator: set the columns ({@link NumericParams}), the layout and the method's options as
 * params, then {@link #fit} an answers DataFrame (one row per answer: task, worker, value) into a
 * {@link SparkNumericModel}.
 *
 * <p><b>How a fit runs.</b> The answers are checked, workers numbered in name order and the answers
 * hash-partitioned by task into one {@link NumericBlock} of primitive arrays per partition, cached
 * once. Every iteration is then one job (two for Raykar's M-step, whose variances are taken about
 * the new biases): each block runs the core's kernels ({@code NumericKernel}, {@code RaykarKernel},
 * {@code TruthDiscoveryKernel}, the code of the single-machine methods) over its tasks under
 * parameters broadcast by the driver and returns per-worker sums for its own workers; the driver
 * adds them in partition order, updates the parameters with the core's code and applies the core's
 * stopping rule ({@code FitProgress}). No answer reaches the driver and no iteration shuffles, so
 * the results agree with the single-machine method to rounding (the sums are added in another
 * order).
 *
 * @param <E> the estimator itself (what the setters return)
 */
public abstract class SparkNumericAggregator<E extends SparkNumericAggregator<E>>
    extends CrowdEstimator<SparkNumericModel, E> implements NumericParams<E>, HasBlockStorage<E> {
  private static final long serialVersionUID = 1L;

  SparkNumericAggregator(String uid) {
    super(uid);
    NumericParams.declare(this);
    HasBlockStorage.declare(this);
  }

  /** The column names of the answers. */
  NumericPreparation.Columns columns() {
    return new NumericPreparation.Columns(
        getTaskCol(), getWorkerCol(), getValueCol(), SharedParams.optional(getGoldCol()));
  }

  /**
   * Checks that {@code schema} has the answer columns (task, worker, value and, when set, gold; of
   * atomic types) and returns the schema of the model's output: the task column (string) and {@link
   * #estimateCol()} (double), one row per task.
   *
   * @throws CrowdInputException naming a missing or unusable column
   */
  @Override
  public StructType transformSchema(StructType schema) {
    columns().validate(schema, true);
    return SparkNumericModel.outputSchema(getTaskCol(), getEstimateCol());
  }

  /**
   * Fits the method to {@code answers}, one row per answer. The model has this estimator's uid and
   * params (columns, layout) and this estimator as its parent.
   *
   * @throws CrowdInputException (an {@link IllegalArgumentException}) for a missing column, null
   *     ids or values, a value that is not a finite number, conflicting known values of a task, or
   *     no answers; the message names the column and the problem
   * @throws IllegalArgumentException for an option value the core's record refuses
   */
  @Override
  public final SparkNumericModel fit(Dataset<?> answers) {
    Objects.requireNonNull(answers, "answers");
    options();
    transformSchema(answers.schema());
    Dataset<Row> frame = answers.toDF();
    long t0 = System.nanoTime();
    PreparedNumeric data =
        NumericPreparation.prepare(
            frame.sparkSession(), frame, columns(), Preparation.Settings.of(this), null);
    long t1 = System.nanoTime();
    boolean ok = false;
    try {
      Estimates e = Preparation.unwrap(() -> fit(data));
      double[] seconds = {(t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9};
      NumericFit fit =
          new NumericFit(
              name(),
              e.scorer(),
              data.workerSizes(),
              new double[][] {e.bias(), e.variance(), e.weights()},
              e.diagnostics(),
              new long[] {data.numTasks(), data.numAnswers(), data.numGold(), data.numPartitions()},
              seconds,
              data.workerIndex(),
              data);
      SparkNumericModel model = copyValues(new SparkNumericModel(uid(), fit), new ParamMap());
      model.setParent(this);
      ok = true;
      return model;
    } finally {
      if (!ok) {
        data.unpersist();
      }
    }
  }

  /** What a method's fit gives: the scorer of its estimates, the workers' numbers, diagnostics. */
  record Estimates(
      NumericScorer scorer,
      double[] bias,
      double[] variance,
      double[] weights,
      Diagnostics diagnostics) {}

  /** The method's fit on prepared answers. */
  abstract Estimates fit(PreparedNumeric data);

  /**
   * The estimates of {@code scorer} with every worker's bias and variance measured against them
   * (two jobs, {@link NumericPasses#measured}) and the weights {@code weight} normalised.
   */
  static Estimates measured(
      PreparedNumeric data, NumericScorer scorer, double[] weight, Diagnostics diagnostics) {
    double[][] bv = NumericPasses.measured(data, scorer);
    return new Estimates(
        scorer, bv[0], bv[1], NumericKernel.normalised(weight, data.workerSizes()), diagnostics);
  }
}
