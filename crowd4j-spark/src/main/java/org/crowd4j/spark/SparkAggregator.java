package org.crowd4j.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.Diagnostics;

/**
 * An aggregation method on Spark as a Spark ML {@link org.apache.spark.ml.Estimator}: set the
 * columns, the layout and the method's options as params, then {@link #fit} an answers DataFrame
 * (one row per answer) into the method's {@link CrowdModel}. An estimator goes into a {@code
 * Pipeline} like any other stage, saves its params with {@link #write()} and reads them back with
 * the {@code load} of its class.
 *
 * <p><b>How a fit runs.</b> The answers are validated (columns, nulls, labels, gold), labels are
 * numbered in the core's order, workers in name order, and the answers are hash-partitioned by task
 * into one {@link AnswerBlock} of primitive arrays per partition, cached once. Every EM iteration
 * is then a single job: each block runs the core's per-task kernel (E-step and M-step statistics
 * together) under parameters broadcast by the driver and returns small per-worker sums for its own
 * workers; the driver adds them in partition order, takes the M-step and broadcasts the new
 * parameters. No answer reaches the driver, no iteration shuffles, and the lineage of an iteration
 * is the cached blocks plus one map, whatever the number of iterations.
 *
 * <p><b>Memory.</b> The driver holds the worker parameters (for Dawid–Skene {@code W × K²} doubles)
 * and receives, per iteration, the sums of every block for the workers of that block. With {@code
 * P} partitions that is at most {@code P × W × K²} doubles per iteration and usually far fewer (a
 * block only reports its own workers). Up to about 10^7 worker parameters (for example a million
 * workers at K = 3) this fits a driver with a few GB; beyond that, the parameters would have to
 * stay distributed (a keyed reduce and a join per iteration), which these classes do not do.
 *
 * @param <M> the fitted model
 * @param <E> the estimator itself (what the setters return)
 */
public abstract class SparkAggregator<M extends CrowdModel<M>, E extends SparkAggregator<M, E>>
    extends CrowdEstimator<M, E> implements AnswerParams<E>, HasBlockStorage<E> {
  private static final long serialVersionUID = 1L;

  SparkAggregator(String uid) {
    super(uid);
    AnswerParams.declare(this);
    HasBlockStorage.declare(this);
  }

  /** The column names of the answers. */
  AnswerColumns columns() {
    return new AnswerColumns(
        getTaskCol(), getWorkerCol(), getLabelCol(), SharedParams.optional(getGoldCol()));
  }

  Preparation.Settings settings() {
    return Preparation.Settings.of(this);
  }

  /**
   * Checks that {@code schema} has the answer columns (task, worker, label and, when set, gold; of
   * atomic types) and returns the schema of the model's output: the task column (string), {@link
   * #predictionCol()} (string) and {@link #probabilityCol()} (vector), one row per task.
   *
   * @throws CrowdInputException naming a missing or unusable column
   */
  @Override
  public StructType transformSchema(StructType schema) {
    columns().validate(schema, true);
    if (this instanceof HasPredictionPrefix<?> p) {
      TaskPredictions.classes(schema, p.getPredictionPrefix());
    }
    return CrowdModel.outputSchema(getTaskCol(), getPredictionCol(), getProbabilityCol());
  }

  /**
   * Fits the method to {@code answers}, one row per answer. The model has this estimator's uid and
   * params (columns, layout) and this estimator as its parent.
   *
   * @throws CrowdInputException (an {@link IllegalArgumentException}) for a missing column, null
   *     ids or labels, a gold label no answer uses, conflicting gold labels of a task, or no
   *     answers; the message names the column and the problem
   * @throws IllegalArgumentException for an option value the core's record refuses
   */
  @Override
  public final M fit(Dataset<?> answers) {
    Objects.requireNonNull(answers, "answers");
    options();
    transformSchema(answers.schema());
    Dataset<Row> frame = answers.toDF();
    long t0 = System.nanoTime();
    PreparedAnswers prepared =
        Preparation.prepare(frame.sparkSession(), frame, columns(), settings());
    PreparedAnswers data = prepared;
    boolean ok = false;
    try {
      data = withInputs(prepared, frame);
      long t1 = System.nanoTime();
      PreparedAnswers ready = data;
      ModelState state = Preparation.unwrap(() -> fit(ready));
      state.timings((t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
      M model = copyValues(newModel(uid(), state), new ParamMap());
      model.setParent(this);
      ok = true;
      return model;
    } finally {
      if (!ok) {
        prepared.unpersist();
        data.unpersist();
        if (data.workerIndex != null) {
          data.workerIndex.unpersist(false);
        }
      }
    }
  }

  /**
   * The prepared answers with the classifier's probabilities of {@code answers} joined into the
   * blocks for a method that reads them ({@link HasPredictionPrefix}); {@code data} itself for the
   * others. A new result owns new blocks and has dropped those of {@code data}.
   */
  private PreparedAnswers withInputs(PreparedAnswers data, Dataset<Row> answers) {
    return this instanceof HasPredictionPrefix<?> p
        ? TaskPredictions.attach(data, answers, getTaskCol(), p.getPredictionPrefix())
        : data;
  }

  /** The method's fit on prepared answers. */
  abstract ModelState fit(PreparedAnswers data);

  /** The method's model around {@code state}. */
  abstract M newModel(String uid, ModelState state);

  /**
   * One job over the blocks: {@code pass} per block; the results in partition order (see {@link
   * BlockSums#collect}).
   */
  static List<PartialSums> run(PreparedAnswers data, Function<AnswerBlock, PartialSums> pass) {
    return BlockSums.collect(data, data.blocks.map(pass));
  }

  /** Type of a confusion-matrix column: rows indexed [true label][answered label]. */
  static final org.apache.spark.sql.types.DataType CONFUSION =
      DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType, false));

  /**
   * The state of an {@link #em} fit's model: the broadcast of the last E-step (per-worker entries
   * {@code strides}; none when no iteration ran, and the posteriors are the soft-majority start)
   * and the diagnostics, the objective named {@code objective}.
   */
  final ModelState.Builder emState(
      PreparedAnswers data, EmRun run, String objective, int... strides) {
    return new ModelState.Builder(data, name())
        .eStep(run.eStep, strides)
        .diagnostics(run.diagnostics(objective));
  }

  /** Broadcasts {@code value}; the caller destroys it when no job needs it any more. */
  static <T> Broadcast<T> broadcast(PreparedAnswers data, T value) {
    return data.jsc.broadcast(value);
  }

  /** Destroys a broadcast without waiting. */
  static void destroy(Broadcast<?> b) {
    if (b != null) {
      b.destroy();
    }
  }

  /** Iterations, convergence and objectives of an {@link #em} loop. */
  static final class EmRun {
    private final double[] history;
    private int iterations;
    private boolean converged;

    /** The parameters of the last iteration's E-step; null when no iteration ran. */
    private Broadcast<double[][]> eStep;

    private EmRun(int maxIterations) {
      this.history = new double[maxIterations];
      this.converged = maxIterations == 0;
    }

    /** Number of iterations run. */
    int iterations() {
      return iterations;
    }

    /** The parameters of the last iteration's E-step; null when no iteration ran. */
    double[][] eStepValue() {
      return eStep == null ? null : eStep.value();
    }

    /** The fit's diagnostics, the objective named {@code objective}. */
    Diagnostics diagnostics(String objective) {
      return new Diagnostics(iterations, converged, Arrays.copyOf(history, iterations), objective);
    }
  }

  /**
   * One EM iteration under broadcast parameters: its jobs and the M-step; returns the objective.
   */
  @FunctionalInterface
  interface EmIteration {
    double run(Broadcast<double[][]> params);
  }

  /**
   * The EM loop of the estimators, with the core's stopping rule: per iteration, broadcasts {@code
   * params.get()} and runs {@code iteration} under it; stops after {@code maxIterations}, when the
   * objective gained less than {@code tol}, or when the listener says so. The broadcast of the last
   * iteration is kept for the model's E-step ({@link #emState}), the earlier ones destroyed.
   */
  final EmRun em(
      PreparedAnswers data,
      int maxIterations,
      double tol,
      Supplier<double[][]> params,
      EmIteration iteration) {
    EmRun run = new EmRun(maxIterations);
    double previous = Double.NEGATIVE_INFINITY;
    for (int it = 1; it <= maxIterations; it++) {
      Broadcast<double[][]> p = broadcast(data, params.get());
      double objective;
      try {
        objective = iteration.run(p);
      } catch (RuntimeException | Error e) {
        destroy(p);
        destroy(run.eStep);
        throw e;
      }
      destroy(run.eStep);
      run.eStep = p;
      run.history[it - 1] = objective;
      run.iterations = it;
      boolean keepGoing = listener().onIteration(name(), it, maxIterations, objective);
      if (objective - previous < tol) {
        run.converged = true;
        break;
      }
      previous = objective;
      if (!keepGoing) {
        break;
      }
    }
    return run;
  }

  /** e^x of every entry of {@code log}, as a new array. */
  static double[] exp(double[] log) {
    double[] out = new double[log.length];
    for (int j = 0; j < log.length; j++) {
      out[j] = Math.exp(log[j]);
    }
    return out;
  }

  /** {@code [k][l]} rows of a flat {@code K × K} block starting at {@code from}. */
  static double[][] matrix(double[] flat, int from, int k) {
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      System.arraycopy(flat, from + c * k, m[c], 0, k);
    }
    return m;
  }
}
