package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.internal.kernel.TruthDiscoveryKernel;

/**
 * The jobs over numeric answer blocks that several methods share. Each is one pass over the cached
 * blocks running the core's kernels ({@link NumericKernel}) per block; the driver adds the blocks'
 * sums in partition order.
 */
final class NumericPasses {
  private NumericPasses() {}

  /** Broadcasts {@code value} to the blocks of {@code data}. */
  static <T> Broadcast<T> broadcast(PreparedNumeric data, T value) {
    return JavaSparkContext.fromSparkContext(data.spark().sparkContext()).broadcast(value);
  }

  /**
   * The crowd's pooled within-task variance ({@link NumericKernel#pooledVariance}): one job, and a
   * second one only when every task is unanimous.
   */
  static double pooledVariance(PreparedNumeric data) {
    double[] head =
        PartialSums.total(
            data.run(
                b -> {
                  double[] mean = NumericKernel.means(b.off(), b.value());
                  return PartialSums.head(
                      NumericKernel.withinSquares(b.off(), b.value(), mean),
                      NumericKernel.addValues(b.value(), 0, b.numAnswers(), 0));
                }),
            2,
            0,
            0)[0];
    long m = data.numAnswers();
    return NumericKernel.pooledVariance(
        head[0],
        m,
        () -> {
          double grand = head[1] / m;
          return PartialSums.total(
              data.run(
                  b ->
                      PartialSums.head(
                          NumericKernel.addSquaredDeviations(
                              b.value(), 0, b.numAnswers(), grand, 0))),
              1,
              0,
              0)[0][0];
        });
  }

  /**
   * Every worker's bias (mean of x − t) and variance (mean of (x − t − bias)²) against the
   * estimates of {@code scorer}: two jobs; {@code [0]} the biases, {@code [1]} the variances.
   */
  static double[][] measured(PreparedNumeric data, NumericScorer scorer) {
    int workers = data.numWorkers();
    Broadcast<NumericScorer> s = broadcast(data, scorer);
    try {
      List<PartialSums> first =
          data.run(
              b -> {
                double[] sum = new double[b.numLocalWorkers()];
                NumericKernel.addResiduals(b.off(), b.worker(), b.value(), s.value().score(b), sum);
                return new PartialSums(new double[0], b.workerIds(), sum, 1);
              });
      double[] bias =
          NumericKernel.perAnswer(PartialSums.total(first, 0, workers, 1)[1], data.workerSizes());
      Broadcast<double[]> biases = broadcast(data, bias);
      try {
        List<PartialSums> second =
            data.run(
                b -> {
                  double[] sum = new double[b.numLocalWorkers()];
                  NumericKernel.addCentredSquares(
                      b.off(),
                      b.worker(),
                      b.value(),
                      s.value().score(b),
                      b.gather(biases.value(), 1),
                      sum);
                  return new PartialSums(new double[0], b.workerIds(), sum, 1);
                });
        double[] variance =
            NumericKernel.perAnswer(
                PartialSums.total(second, 0, workers, 1)[1], data.workerSizes());
        return new double[][] {bias, variance};
      } finally {
        biases.destroy();
      }
    } finally {
      s.destroy();
    }
  }

  /**
   * One job of a truth-discovery method (CATD, PM): the estimates under {@code current}, every
   * worker's sum of squared residuals against them ({@code [1]}; divided by the task's PM scale
   * ({@link TruthDiscoveryKernel#pmScales}, fallback {@code pooledSd}) when {@code pooledSd} is not
   * NaN) and, with a {@code previous} scorer, the largest change from its estimates ({@code
   * [0][0]}).
   */
  static double[][] residualSquares(
      PreparedNumeric data, NumericScorer current, NumericScorer previous, double pooledSd) {
    Broadcast<NumericScorer[]> s = broadcast(data, new NumericScorer[] {current, previous});
    try {
      List<PartialSums> parts =
          data.run(
              b -> {
                NumericScorer[] both = s.value();
                double[] truth = both[0].score(b);
                double change =
                    both[1] == null ? 0 : NumericKernel.largestChange(truth, both[1].score(b));
                double[] scale =
                    Double.isNaN(pooledSd)
                        ? null
                        : TruthDiscoveryKernel.pmScales(b.off(), b.value(), pooledSd);
                double[] sum = new double[b.numLocalWorkers()];
                NumericKernel.addSquaredResiduals(
                    b.off(), b.worker(), b.value(), truth, scale, sum);
                return new PartialSums(new double[0], b.workerIds(), sum, 1).withMaxima(change);
              });
      double[] change = PartialSums.maxima(parts, 1);
      return new double[][] {
        {Math.max(0, change[0])}, PartialSums.total(parts, 0, data.numWorkers(), 1)[1]
      };
    } finally {
      s.destroy();
    }
  }
}
