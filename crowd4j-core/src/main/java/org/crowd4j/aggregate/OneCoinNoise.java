package org.crowd4j.aggregate;

import org.crowd4j.data.CrowdDataset;

/**
 * One-coin answer noise: worker {@code w} gives the true label with probability {@code accuracy[w]}
 * and each of the other {@code K − 1} labels with probability (1 − accuracy[w]) / (K − 1) (the
 * one-coin model of Dawid–Skene; Zhang et al. 2016).
 *
 * @param accuracy P(correct) per worker, each in (0, 1)
 * @param numLabels number of classes {@code K}
 */
public record OneCoinNoise(double[] accuracy, int numLabels) implements NoiseModel {
  /** Validates and copies. */
  public OneCoinNoise {
    accuracy = accuracy.clone();
    for (int w = 0; w < accuracy.length; w++) {
      if (!(accuracy[w] >= 0 && accuracy[w] <= 1)) {
        throw new IllegalArgumentException("accuracy of worker " + w + " is " + accuracy[w]);
      }
    }
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + numLabels);
    }
  }

  /**
   * The one-coin model that explains {@code posteriors} best with one pseudo-count of a correct and
   * one of a wrong answer per worker: s_w = (Σ_{answers a of w} q_{i(a)}(l_a) + 1) / (n_w + 2), the
   * M-step of one-coin Dawid–Skene under a Beta(2, 2) prior. A worker without answers gets 1/2.
   * With one class every answer is correct (s_w = 1).
   *
   * @param data the answers
   * @param posteriors {@code n × K} task posteriors, row-major
   */
  public static OneCoinNoise fit(CrowdDataset data, double[] posteriors) {
    int k = data.numLabels();
    int workers = data.numWorkers();
    double[] correct = new double[workers];
    int[] count = new int[workers];
    for (int a = 0; a < data.numAnswers(); a++) {
      int w = data.worker(a);
      correct[w] += posteriors[data.task(a) * k + data.label(a)];
      count[w]++;
    }
    double[] s = new double[workers];
    for (int w = 0; w < workers; w++) {
      s[w] = k == 1 ? 1.0 : (correct[w] + 1) / (count[w] + 2.0);
    }
    return new OneCoinNoise(s, k);
  }

  @Override
  public double[] accuracy() {
    return accuracy.clone();
  }

  @Override
  public double probability(int task, int worker, int truth, int label) {
    double s = accuracy[worker];
    return label == truth ? s : (1 - s) / (numLabels - 1);
  }
}
