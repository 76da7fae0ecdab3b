package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;

/**
 * Max-MIG (Cao, Xu, Kong &amp; Wang, ICLR 2019, "Max-MIG: an information theoretic approach for
 * joint learning from crowds"). Two views of each item are trained jointly: the data classifier
 * h(x) = softmax of the backbone, and the crowds aggregator g(ỹ_i) = softmax(Σ_{(r, l) answers of
 * i} W_r[·, l] + log p), a Dawid–Skene posterior with log-confusion weights W_r ∈ ℝ^{K×K} (rows =
 * true class; missing answers add nothing) and class prior p. Both maximise the f-mutual
 * information gain between the views in its KL form: with M_ij = Σ_c h_c(x_i) g_c(ỹ_j) / p_c, the
 * minibatch loss is −(1/B) Σ_i (1 + log M_ii) + (1/(B² − B)) Σ_{i≠j} M_ij (the dual lower bound
 * E_joint[1 + log M] − E_product[M]). W_r starts at log(Π⁰_r + 0.01), where Π⁰_r[k, l] sums the
 * soft majority vote (k-th entry) of the items r labelled l, rows normalised; the prior logits
 * start at 0 (uniform) and are learnt as in the paper ({@code learnPrior=false} keeps p uniform, as
 * the authors' LabelMe code does in effect). Prediction: h. The annotator model is the row softmax
 * of W_r (the confusion implied by the aggregator's weights). The aggregator's parameters take
 * {@code aggregatorLearningRate} (0 = the classifier's; the paper uses Adam 1e-4 for both). Cost
 * per epoch: O(m K + B² K) per batch on top of the classifier.
 */
public final class MaxMig extends BaseLearner<MaxMig.Options> {
  /** Command-line name. */
  public static final String NAME = "max-mig";

  /**
   * Options of {@link MaxMig}.
   *
   * @param learnPrior learn the class prior p (the paper) or keep it uniform (the authors' code)
   * @param aggregatorLearningRate Adam step size of the aggregator unless the training options set
   *     {@link TrainOptions#headLearningRate()} ({@code 0} = the classifier's)
   */
  public record Options(boolean learnPrior, double aggregatorLearningRate) {
    /** Validates. */
    public Options {
      if (!(aggregatorLearningRate >= 0) || Double.isInfinite(aggregatorLearningRate)) {
        throw new IllegalArgumentException(
            "aggregatorLearningRate must be ≥ 0: " + aggregatorLearningRate);
      }
    }

    /** Learnt prior, the classifier's step size. */
    public static Options defaults() {
      return new Options(true, 0);
    }
  }

  /** A Max-MIG learner. */
  public MaxMig(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    return run(options, new MaxMigHead(options), data, features, null, validation, listener);
  }

  /**
   * The aggregator's posteriors on the training items, g(ỹ_i) (log space), and from them each
   * annotator's confusion Π_r[k, l] ∝ Σ_{i : ỹ_ir = l} g_k(ỹ_i) ({@code R × K × K}; an unseen row
   * is uniform, cells floored at 1e-10). W_r itself is identified only up to a constant per column
   * (a constant added to column l of W_r shifts every class's logit alike and leaves g unchanged),
   * so its row softmax is not a confusion matrix.
   */
  static double[] confusions(CrowdDataset data, float[] w, float[] priorLogits) {
    int k = data.numLabels();
    int r = data.numWorkers();
    double[] logPrior = new double[k];
    for (int c = 0; c < k; c++) {
      logPrior[c] = priorLogits[c];
    }
    DoctorHead.softmaxInPlace(logPrior);
    for (int c = 0; c < k; c++) {
      logPrior[c] = Math.log(Math.max(logPrior[c], 1e-300));
    }
    double[] counts = new double[r * k * k];
    double[] g = new double[k];
    for (int i = 0; i < data.numTasks(); i++) {
      System.arraycopy(logPrior, 0, g, 0, k);
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        int base = data.worker(a) * k * k + data.label(a);
        for (int c = 0; c < k; c++) {
          g[c] += w[base + c * k];
        }
      }
      DoctorHead.softmaxInPlace(g);
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        int base = data.worker(a) * k * k + data.label(a);
        for (int c = 0; c < k; c++) {
          counts[base + c * k] += g[c];
        }
      }
    }
    for (int row = 0; row < r * k; row++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += counts[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        counts[row * k + l] = s > 0 ? Math.max(counts[row * k + l] / s, 1e-10) : 1.0 / k;
      }
      double t = 0;
      for (int l = 0; l < k; l++) {
        t += counts[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        counts[row * k + l] /= t;
      }
    }
    return counts;
  }

  /** log(Π⁰_r + 0.01) for every annotator ({@code R × K × K}, row-major, rows = true class). */
  static float[] initialWeights(CrowdDataset data) {
    int k = data.numLabels();
    int r = data.numWorkers();
    double[] mv = Mbem.softMajority(data);
    double[] c = new double[r * k * k];
    for (int a = 0; a < data.numAnswers(); a++) {
      int t = data.task(a);
      int base = data.worker(a) * k * k + data.label(a);
      for (int j = 0; j < k; j++) {
        c[base + j * k] += mv[t * k + j];
      }
    }
    float[] w = new float[c.length];
    for (int row = 0; row < r * k; row++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += c[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        double v = s > 0 ? c[row * k + l] / s : 0;
        w[row * k + l] = (float) Math.log(v + 0.01);
      }
    }
    return w;
  }
}
