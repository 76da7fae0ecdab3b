package org.crowd4j.aggregate;

import org.crowd4j.data.CrowdDataset;

/**
 * The {@link NoiseModel} each {@link WorkerModel} implies. Per model:
 *
 * <ul>
 *   <li>{@link ConfusionMatrices} (Dawid–Skene, IBCC): P(l | z, w) = Π_w[z, l].
 *   <li>{@link GladModel}: correct with σ(α_w e^{β_i}), each wrong label (1 − σ)/(K − 1) (Whitehill
 *       et al. 2009, eq. 1).
 *   <li>{@link MaceModel}: θ_w [l = z] + (1 − θ_w) ξ_w(l) (Hovy et al. 2013).
 *   <li>{@link MinimaxModel}: softmax_l(σ_w[z, l] + τ_i[z, l]) (Zhou et al. 2015, eq. 3).
 *   <li>{@link GroupMixtureModel}: every answer draws its group from α, so P(l | z) = Σ_m α_m
 *       β^(m)[z, l] for every worker (Mena &amp; Ñanculef 2019, eq. 3).
 *   <li>{@link CommonConfusionModel}: ω̄_w π^g[z, l] + (1 − ω̄_w) π^w[z, l] with ω̄_w the mean ω of
 *       the worker's answers (Chu et al. 2021, appendix B); the mean ω of all answers for a worker
 *       without answers.
 *   <li>{@link WorkerSkills} (votes, Wawa, zero-based skill, M-MSR, KOS, whose skills are weights,
 *       not probabilities): the one-coin model fitted to the method's posteriors, {@link
 *       OneCoinNoise#fit}.
 * </ul>
 */
public final class NoiseModels {
  private NoiseModels() {}

  /**
   * The noise model of {@code workers}, fitted on {@code data} with task posteriors {@code
   * posteriors} ({@code n × K}, row-major; used by {@link WorkerSkills} and {@link
   * CommonConfusionModel} only).
   */
  public static NoiseModel of(CrowdDataset data, WorkerModel workers, double[] posteriors) {
    int k = data.numLabels();
    if (workers instanceof ConfusionMatrices cm) {
      return confusion(cm);
    } else if (workers instanceof GladModel glad) {
      return glad(glad, k);
    } else if (workers instanceof MaceModel mace) {
      return mace(mace);
    } else if (workers instanceof MinimaxModel mm) {
      return minimax(mm);
    } else if (workers instanceof GroupMixtureModel gm) {
      return pooled(gm);
    } else if (workers instanceof CommonConfusionModel cc) {
      return common(data, cc);
    } else {
      return OneCoinNoise.fit(data, posteriors);
    }
  }

  private static NoiseModel confusion(ConfusionMatrices cm) {
    return new ConfusionNoise(cm, cm.numLabels());
  }

  private static NoiseModel glad(GladModel model, int k) {
    return new GladNoise(model.alpha(), model.beta(), k);
  }

  private static NoiseModel mace(MaceModel model) {
    return new MaceNoise(model.competence(), model.spamming(), model.numLabels());
  }

  private static NoiseModel minimax(MinimaxModel model) {
    return new MinimaxNoise(model.workerMatrices(), model.taskMatrices(), model.numLabels());
  }

  private static NoiseModel pooled(GroupMixtureModel model) {
    return new PooledNoise(model.pooledConfusion(), model.numLabels());
  }

  private static NoiseModel common(CrowdDataset data, CommonConfusionModel model) {
    double[] omega = model.omega();
    double[] sum = new double[data.numWorkers()];
    int[] count = new int[data.numWorkers()];
    double total = 0;
    for (int a = 0; a < omega.length; a++) {
      sum[data.worker(a)] += omega[a];
      count[data.worker(a)]++;
      total += omega[a];
    }
    double overall = omega.length == 0 ? 0.5 : total / omega.length;
    double[] mean = new double[sum.length];
    for (int w = 0; w < mean.length; w++) {
      mean[w] = count[w] > 0 ? sum[w] / count[w] : overall;
    }
    return new CommonNoise(mean, model.common(), model.individual(), data.numLabels());
  }

  private record ConfusionNoise(ConfusionMatrices cm, int numLabels) implements NoiseModel {
    @Override
    public double probability(int task, int worker, int truth, int label) {
      return cm.get(worker, truth, label);
    }
  }

  private record GladNoise(double[] alpha, double[] beta, int numLabels) implements NoiseModel {
    @Override
    public double probability(int task, int worker, int truth, int label) {
      if (numLabels == 1) {
        return 1.0;
      }
      double x = alpha[worker] * Math.exp(beta[task]);
      double right = x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
      return label == truth ? right : (1 - right) / (numLabels - 1);
    }
  }

  private record MaceNoise(double[] theta, double[] strategy, int numLabels) implements NoiseModel {
    @Override
    public double probability(int task, int worker, int truth, int label) {
      double t = theta[worker];
      return (1 - t) * strategy[worker * numLabels + label] + (label == truth ? t : 0);
    }
  }

  private record MinimaxNoise(double[] sigma, double[] tau, int numLabels) implements NoiseModel {
    @Override
    public double probability(int task, int worker, int truth, int label) {
      int k = numLabels;
      int ws = (worker * k + truth) * k;
      int ts = (task * k + truth) * k;
      double max = Double.NEGATIVE_INFINITY;
      for (int l = 0; l < k; l++) {
        max = Math.max(max, sigma[ws + l] + tau[ts + l]);
      }
      double z = 0;
      for (int l = 0; l < k; l++) {
        z += Math.exp(sigma[ws + l] + tau[ts + l] - max);
      }
      return Math.exp(sigma[ws + label] + tau[ts + label] - max) / z;
    }
  }

  private record PooledNoise(double[] pooled, int numLabels) implements NoiseModel {
    @Override
    public double probability(int task, int worker, int truth, int label) {
      return pooled[truth * numLabels + label];
    }
  }

  private record CommonNoise(
      double[] meanOmega, double[] common, ConfusionMatrices individual, int numLabels)
      implements NoiseModel {
    @Override
    public double probability(int task, int worker, int truth, int label) {
      double o = meanOmega[worker];
      return o * common[truth * numLabels + label] + (1 - o) * individual.get(worker, truth, label);
    }
  }
}
