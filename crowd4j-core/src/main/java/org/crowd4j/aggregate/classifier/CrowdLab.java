package org.crowd4j.aggregate.classifier;

import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.CrowdLabKernel;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.NoOptions;
import org.crowd4j.method.Provenance;

/**
 * A weighted ensemble of a classifier and the annotators whose weights come from the answers alone
 * (after Goh, Tkachenko &amp; Mueller 2022, "CROWDLAB", §3).
 *
 * <p>On the tasks with at least two answers, with majority vote (ties to the classifier's most
 * probable tied class) as the reference consensus: e_w, annotator w's disagreement with it; e_M,
 * the classifier's (its most probable class); e_0, the disagreement of always naming the most
 * common consensus class; P, the mean share of the other answers on a task that agree with an
 * answer. Weights: w_w = max(1 − e_w / e_0, 10⁻⁶) (the mean weight for an annotator with no such
 * task), w_M = max(1 − e_M / e_0, 10⁻⁶) · √(mean answers per task). Each answer l stands for the
 * distribution P on l and (1 − P)/(K − 1) on every other class, and task i's posterior is
 *
 * <p>q_i = (w_M p_i + Σ_{a ∈ i} w_{w(a)} L(l_a)) / (w_M + Σ_{a ∈ i} w_{w(a)}).
 *
 * <p>Gold tasks of the {@link FitContext} are clamped. The worker model is the confusion each
 * annotator shows against q ({@link ConfusionMatrices#against}). Closed form, {@code O(m + n K)}.
 */
public final class CrowdLab implements Aggregator {
  private final ClassifierProbabilities predictions;

  /** The ensemble of the classifier's {@code predictions} and the annotators. */
  public CrowdLab(ClassifierProbabilities predictions) {
    this.predictions = Objects.requireNonNull(predictions, "predictions");
  }

  @Override
  public String name() {
    return "crowdlab";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    ClassifierProbabilities.Aligned aligned = predictions.alignedTo(data);
    double[] p = aligned.probabilities();
    boolean[] has = aligned.has();
    int[] off = data.taskOffsets();
    int[] worker = data.workerColumn();
    int[] label = data.labelColumn();
    double[] head = new double[CrowdLabKernel.headLength(k)];
    double[] perWorker = new double[2 * data.numWorkers()];
    CrowdLabKernel.tally(off, worker, label, 0, n, k, p, has, head, perWorker);
    double[][] weights = CrowdLabKernel.weights(head, perWorker, k, data.numAnswers(), n);
    int[] gold = context.gold() == null ? null : context.gold().labels();
    double[] q = new double[n * k];
    CrowdLabKernel.posteriors(
        off, worker, label, 0, n, k, p, has, weights[0], weights[1][0], weights[1][1], gold, q);
    double[] prior = new double[k];
    for (int i = 0; i < n; i++) {
      for (int z = 0; z < k; z++) {
        prior[z] += q[i * k + z] / n;
      }
    }
    return new AggregationResult(
        data,
        q,
        null,
        prior,
        ConfusionMatrices.against(data, q),
        Diagnostics.closedForm(),
        Provenance.of(name(), new NoOptions(), data::digest, start));
  }
}
