package org.crowd4j.aggregate.classifier;

import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
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
  /** The smallest weight. */
  static final double MIN_WEIGHT = 1e-6;

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
    Weights weights = weights(data, p, has);
    double off = k == 1 ? 0 : (1 - weights.agreement()) / (k - 1);
    double[] q = new double[n * k];
    Gold gold = context.gold();
    for (int i = 0; i < n; i++) {
      int row = i * k;
      if (has[i]) {
        for (int z = 0; z < k; z++) {
          q[row + z] = weights.model() * p[row + z];
        }
      }
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        double w = weights.annotator()[data.worker(a)];
        for (int z = 0; z < k; z++) {
          q[row + z] += w * off;
        }
        q[row + data.label(a)] += w * (weights.agreement() - off);
      }
      Posteriors.normalizeInPlace(q, row, k); // neither answers nor a prediction: uniform
      if (gold != null && gold.hasKnown(i)) {
        for (int z = 0; z < k; z++) {
          q[row + z] = z == gold.label(i) ? 1 : 0;
        }
      }
    }
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

  /**
   * The ensemble's weights.
   *
   * @param annotator w_w per annotator
   * @param model w_M
   * @param agreement P, the mean agreement of an answer with the other answers on its task
   */
  record Weights(double[] annotator, double model, double agreement) {}

  /**
   * The weights of {@code data}'s annotators and of the classifier {@code p} (rows {@code has}).
   */
  static Weights weights(CrowdDataset data, double[] p, boolean[] has) {
    int n = data.numTasks();
    int k = data.numLabels();
    int workers = data.numWorkers();
    int[] consensus = new int[n];
    double[] counts = new double[k];
    long[] classCount = new long[k];
    int multi = 0;
    double agreeSum = 0;
    long agreeAnswers = 0;
    for (int i = 0; i < n; i++) {
      int size = data.taskSize(i);
      if (size < 2) {
        consensus[i] = -1;
        continue;
      }
      data.labelCounts(i, counts);
      int best = 0;
      for (int z = 1; z < k; z++) {
        boolean higher = counts[z] > counts[best];
        boolean tieWon = counts[z] == counts[best] && has[i] && p[i * k + z] > p[i * k + best];
        if (higher || tieWon) {
          best = z;
        }
      }
      consensus[i] = best;
      classCount[best]++;
      multi++;
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        agreeSum += (counts[data.label(a)] - 1) / (size - 1);
        agreeAnswers++;
      }
    }
    double agreement = agreeAnswers == 0 ? 1.0 : agreeSum / agreeAnswers;
    if (k > 1) {
      // a vote no better than chance carries no information; keep the answer's own class on top
      agreement = Math.max(agreement, 1.0 / k + 1e-6);
    }
    long mostCommon = 0;
    for (long c : classCount) {
      mostCommon = Math.max(mostCommon, c);
    }
    double baseline = multi == 0 ? 0 : 1 - (double) mostCommon / multi;
    double[] wrong = new double[workers];
    double[] seen = new double[workers];
    double modelWrong = 0;
    double modelSeen = 0;
    for (int i = 0; i < n; i++) {
      if (consensus[i] < 0) {
        continue;
      }
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        int w = data.worker(a);
        seen[w]++;
        if (data.label(a) != consensus[i]) {
          wrong[w]++;
        }
      }
      if (has[i]) {
        modelSeen++;
        if (Posteriors.argmaxRow(p, i * k, k) != consensus[i]) {
          modelWrong++;
        }
      }
    }
    double[] annotator = new double[workers];
    double sum = 0;
    int rated = 0;
    for (int w = 0; w < workers; w++) {
      if (seen[w] > 0) {
        annotator[w] = weight(wrong[w] / seen[w], baseline);
        sum += annotator[w];
        rated++;
      }
    }
    double mean = rated == 0 ? 1.0 : sum / rated;
    for (int w = 0; w < workers; w++) {
      if (seen[w] == 0) {
        annotator[w] = mean;
      }
    }
    double model =
        modelSeen == 0
            ? mean
            : weight(modelWrong / modelSeen, baseline)
                * Math.sqrt((double) data.numAnswers() / Math.max(1, n));
    return new Weights(annotator, model, agreement);
  }

  /**
   * 1 − error / baseline error, at least {@link #MIN_WEIGHT}; 1 when the baseline makes no error
   * (one class: nothing to tell the voters apart by).
   */
  private static double weight(double error, double baseline) {
    return baseline == 0 ? 1.0 : Math.max(1 - error / baseline, MIN_WEIGHT);
  }
}
