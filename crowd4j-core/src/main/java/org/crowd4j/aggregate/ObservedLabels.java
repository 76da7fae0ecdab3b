package org.crowd4j.aggregate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * The classes that can be true: a label that no answer and no gold label uses (declared through
 * {@link CrowdDataset.Builder#labels}, a simulator or a subsample) has no evidence for it, yet an
 * EM method would give it a floored prior and a confusion row spread like each worker's answers,
 * and then hand it the disputed tasks. The EM methods therefore fit on the observed classes only
 * and the result is widened back: the other classes get prior 0, posterior 0 on every task,
 * confusion rows uniform over the observed answers (never used, as nothing is labelled so) and
 * probability 0 as an answer.
 */
final class ObservedLabels {
  /** σ of MMCE for an answer no one gave: e^−50 ≈ 2e−22 of the row's mass. */
  private static final double NEVER = -50;

  private ObservedLabels() {}

  /**
   * {@code method} fitted on the observed classes of {@code data} and widened back to all of them,
   * or {@code null} when every class is observed (the caller then fits as usual).
   */
  static AggregationResult fitIfUnobserved(
      Aggregator method, CrowdDataset data, FitContext<Gold> context) {
    int k = data.numLabels();
    if (data.numAnswers() == 0 || k == 0) {
      return null;
    }
    boolean[] seen = new boolean[k];
    for (int a = 0; a < data.numAnswers(); a++) {
      seen[data.label(a)] = true;
    }
    Gold gold = context.gold();
    if (gold != null) {
      for (int i = 0; i < gold.numTasks(); i++) {
        if (gold.hasKnown(i)) {
          seen[gold.label(i)] = true;
        }
      }
    }
    int[] oldToNew = new int[k];
    List<String> names = new ArrayList<>();
    for (int l = 0; l < k; l++) {
      oldToNew[l] = seen[l] ? names.size() : -1;
      if (seen[l]) {
        names.add(data.labels().name(l));
      }
    }
    if (names.size() == k) {
      return null;
    }
    int[] newToOld = new int[names.size()];
    for (int l = 0; l < k; l++) {
      if (oldToNew[l] >= 0) {
        newToOld[oldToNew[l]] = l;
      }
    }
    CrowdDataset compact = data.relabeled(Vocabulary.of(names), oldToNew);
    FitContext<Gold> compactContext = context;
    if (gold != null) {
      int[] g = new int[gold.numTasks()];
      for (int i = 0; i < g.length; i++) {
        g[i] = gold.hasKnown(i) ? oldToNew[gold.label(i)] : Gold.NONE;
      }
      compactContext = new FitContext<>(Gold.ofIds(g), context.listener());
    }
    AggregationResult r = method.fit(compact, compactContext);
    return widen(r, data, newToOld);
  }

  /** {@code r}, fitted on the observed classes {@code newToOld}, as a result over all of them. */
  private static AggregationResult widen(AggregationResult r, CrowdDataset data, int[] newToOld) {
    int n = data.numTasks();
    int k = data.numLabels();
    int kc = newToOld.length;
    double[] post = new double[n * k];
    int[] labels = new int[n];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < kc; c++) {
        post[i * k + newToOld[c]] = r.posterior(i, c);
      }
      labels[i] = newToOld[r.label(i)];
    }
    double[] prior = null;
    if (r.classPriors() != null) {
      prior = new double[k];
      double[] p = r.classPriors();
      for (int c = 0; c < kc; c++) {
        prior[newToOld[c]] = p[c];
      }
    }
    Provenance p = r.provenance();
    Provenance provenance = p.forData(data::digest);
    AggregationResult wide =
        new AggregationResult(
            data,
            post,
            labels,
            prior,
            widen(r.workers(), newToOld, k, n),
            widen(r.noise(), newToOld, k),
            r.diagnostics(),
            provenance);
    return r.selection().isPresent() ? wide.chosenBy(provenance, r.selection().get()) : wide;
  }

  private static NoiseModel widen(NoiseModel noise, int[] newToOld, int k) {
    return new Widened(noise, inverse(newToOld, k), newToOld.length, k);
  }

  /** A noise model over the observed classes, read over all of them. */
  private record Widened(NoiseModel observed, int[] oldToNew, int numObserved, int numLabels)
      implements NoiseModel {
    @Override
    public double probability(int task, int worker, int truth, int label) {
      int l = oldToNew[label];
      if (l < 0) {
        return 0;
      }
      int z = oldToNew[truth];
      return z < 0 ? 1.0 / numObserved : observed.probability(task, worker, z, l);
    }
  }

  private static int[] inverse(int[] newToOld, int k) {
    int[] oldToNew = new int[k];
    Arrays.fill(oldToNew, -1);
    for (int c = 0; c < newToOld.length; c++) {
      oldToNew[newToOld[c]] = c;
    }
    return oldToNew;
  }

  /**
   * Square matrices {@code [block][z][l]} over the observed classes widened to all: observed
   * entries kept, unobserved answers {@code fill}, unobserved true classes {@code row} on every
   * observed answer.
   */
  private static double[] widenSquare(
      double[] v, int blocks, int[] newToOld, int k, double row, double fill) {
    int kc = newToOld.length;
    int[] oldToNew = inverse(newToOld, k);
    double[] out = new double[blocks * k * k];
    for (int b = 0; b < blocks; b++) {
      for (int z = 0; z < k; z++) {
        for (int l = 0; l < k; l++) {
          int zc = oldToNew[z];
          int lc = oldToNew[l];
          double x;
          if (lc < 0) {
            x = fill;
          } else if (zc < 0) {
            x = row;
          } else {
            x = v[(b * kc + zc) * kc + lc];
          }
          out[(b * k + z) * k + l] = x;
        }
      }
    }
    return out;
  }

  private static WorkerModel widen(WorkerModel m, int[] newToOld, int k, int tasks) {
    int kc = newToOld.length;
    double uniform = 1.0 / kc;
    if (m instanceof ConfusionMatrices cm) {
      return new ConfusionMatrices(
          cm.numWorkers(), k, widenSquare(cm.toArray(), cm.numWorkers(), newToOld, k, uniform, 0));
    } else if (m instanceof MaceModel mace) {
      double[] s = mace.spamming();
      int workers = mace.numWorkers();
      double[] out = new double[workers * k];
      for (int w = 0; w < workers; w++) {
        for (int c = 0; c < kc; c++) {
          out[w * k + newToOld[c]] = s[w * kc + c];
        }
      }
      return new MaceModel(mace.competence(), out, k);
    } else if (m instanceof MinimaxModel mm) {
      int workers = mm.workerMatrices().length / (kc * kc);
      return new MinimaxModel(
          widenSquare(mm.workerMatrices(), workers, newToOld, k, 0, NEVER),
          widenSquare(mm.taskMatrices(), tasks, newToOld, k, 0, 0),
          k);
    } else if (m instanceof GroupMixtureModel gm) {
      return new GroupMixtureModel(
          gm.groupWeights(),
          widenSquare(gm.groupConfusions(), gm.numGroups(), newToOld, k, uniform, 0),
          gm.membership(),
          k);
    } else if (m instanceof CommonConfusionModel cc) {
      ConfusionMatrices ind = cc.individual();
      return new CommonConfusionModel(
          widenSquare(cc.common(), 1, newToOld, k, uniform, 0),
          new ConfusionMatrices(
              ind.numWorkers(),
              k,
              widenSquare(ind.toArray(), ind.numWorkers(), newToOld, k, uniform, 0)),
          cc.omega());
    }
    return m; // GLAD's abilities and skill vectors have no class dimension
  }
}
