package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.classifier.CrowdLab;
import org.crowd4j.internal.kernel.ClassifierEmKernel.Counts;
import org.crowd4j.internal.kernel.CrowdLabKernel;
import org.crowd4j.method.NoOptions;

/**
 * {@link CrowdLab} on Spark: the CROWDLAB ensemble of a classifier and the annotators, weights from
 * the answers alone (Goh, Tkachenko &amp; Mueller 2022, §3), with the core's kernel ({@link
 * CrowdLabKernel}), so the posteriors agree with the single-machine method to rounding. The
 * probabilities come as {@code <predictionPrefix><class>} columns of the answers, as for {@link
 * SparkClassifierEm}.
 *
 * <p>Two jobs: every block tallies its annotators' and the classifier's disagreement with majority
 * vote, from which the driver takes the weights; then every block's posteriors under them give the
 * confusion each annotator shows against them (one Dawid–Skene M-step with the core's
 * pseudo-counts) and the class prior.
 */
public final class SparkCrowdLab extends SparkAggregator<SparkCrowdLabModel, SparkCrowdLab>
    implements HasPredictionPrefix<SparkCrowdLab> {
  private static final long serialVersionUID = 1L;

  /** CROWDLAB. */
  public SparkCrowdLab() {
    this(newUid("crowdlab"));
  }

  /** CROWDLAB with the uid {@code uid} (for Spark ML's readers). */
  public SparkCrowdLab(String uid) {
    super(uid);
    HasPredictionPrefix.declare(this);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkCrowdLab> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkCrowdLab load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "crowdlab";
  }

  @Override
  public NoOptions options() {
    return new NoOptions();
  }

  /** Accepts only {@link NoOptions}: CROWDLAB has none. */
  @Override
  public SparkCrowdLab setOptions(Record options) {
    expect(options, NoOptions.class);
    return this;
  }

  @Override
  SparkCrowdLabModel newModel(String uid, ModelState state) {
    return new SparkCrowdLabModel(uid, state);
  }

  @Override
  ModelState fit(PreparedAnswers data) {
    int k = data.numLabels();
    int head = CrowdLabKernel.headLength(k);
    List<PartialSums> tallies =
        run(
            data,
            b -> {
              double[] h = new double[head];
              double[] perWorker = new double[2 * b.numLocalWorkers()];
              double[] p = b.taskValue();
              CrowdLabKernel.tally(
                  b.off(),
                  b.worker(),
                  b.label(),
                  0,
                  b.numTasks(),
                  k,
                  p,
                  TaskPredictions.has(p, b.numTasks(), k),
                  h,
                  perWorker);
              return new PartialSums(h, b.workerIds(), perWorker, 2);
            });
    double[][] total = PartialSums.total(tallies, head, data.numWorkers, 2);
    double[][] weights =
        CrowdLabKernel.weights(total[0], total[1], k, data.numAnswers, data.numTasks);
    Broadcast<double[][]> eStep = broadcast(data, new double[][] {weights[1], weights[0]});
    boolean ok = false;
    try {
      BlockScorer scorer = SparkCrowdLabModel.posteriorScorer(eStep);
      List<PartialSums> sums =
          run(
              data,
              b -> {
                double[] post = scorer.score(b);
                Counts c = new Counts(b.numLocalWorkers(), k, false);
                SparkClassifierEm.accumulate(b, post, c);
                return new PartialSums(c.rho, b.workerIds(), c.worker, k * k);
              });
      double[][] counts = PartialSums.total(sums, k, data.numWorkers, k * k);
      ConfusionMatrices matrices = against(counts[1], data.numWorkers, k);
      double[] prior = new double[k];
      for (int z = 0; z < k; z++) {
        prior[z] = counts[0][z] / Math.max(1, data.numTasks);
      }
      ModelState state =
          new ModelState.Builder(data, name())
              .eStep(eStep, 0, 1)
              .classPriors(prior)
              .column(WorkerColumn.number("weight", weights[0]))
              .column(WorkerColumn.number("skill", matrices.skills()))
              .column(WorkerColumn.matrix("confusion", k, matrices.toArray()))
              .build();
      ok = true;
      return state;
    } finally {
      if (!ok) {
        destroy(eStep);
      }
    }
  }

  /**
   * The confusions against the posteriors from their summed counts {@code [w][z][l]}: the core's
   * pseudo-counts added, each row normalised ({@link ConfusionMatrices#against}).
   */
  private static ConfusionMatrices against(double[] counts, int workers, int k) {
    double[] alpha = ConfusionMatrices.pseudoCounts(k, ConfusionMatrices.PSEUDO_COUNTS);
    for (int j = 0; j < counts.length; j++) {
      counts[j] += alpha[j % (k * k)];
    }
    return ConfusionMatrices.ofCounts(workers, k, counts);
  }
}
