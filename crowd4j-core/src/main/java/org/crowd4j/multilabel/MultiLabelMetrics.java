package org.crowd4j.multilabel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Quality of predicted tag sets against gold, over the tasks that have gold: per tag the accuracy
 * (share of gold tasks on which presence was predicted right), precision, recall and F1; micro F1
 * (from the true and false positives and negatives summed over tags), macro F1 (the mean of the
 * tags' F1 over the tags that occur in the gold or the predictions of those tasks: a tag that does
 * neither has no F1 and is left out, see {@link #macroTags()}), Hamming loss (share of wrong task ×
 * tag cells) and subset accuracy (share of tasks whose whole set is right).
 *
 * @param tasks gold tasks evaluated
 * @param tagAccuracy per tag, accuracy over the gold tasks
 * @param precision per tag, TP / (TP + FP); NaN without a positive prediction
 * @param recall per tag, TP / (TP + FN); NaN without a positive in gold
 * @param f1 per tag, 2 TP / (2 TP + FP + FN); NaN when the tag is in neither
 * @param microF1 2 ΣTP / (2 ΣTP + ΣFP + ΣFN); NaN without any positive
 * @param macroF1 mean of the defined per-tag F1
 * @param macroTags number of tags in the macro mean
 * @param hammingLoss wrong cells / (tasks × tags)
 * @param subsetAccuracy tasks whose predicted set equals the gold set / tasks
 */
public record MultiLabelMetrics(
    int tasks,
    double[] tagAccuracy,
    double[] precision,
    double[] recall,
    double[] f1,
    double microF1,
    double macroF1,
    int macroTags,
    double hammingLoss,
    double subsetAccuracy) {

  /**
   * The metrics of {@code predicted} (tasks × tags, row-major) on the gold tasks of {@code gold}.
   */
  public static MultiLabelMetrics of(boolean[] predicted, TagGold gold) {
    int n = gold.numTasks();
    int m = gold.numTags();
    if (predicted.length != n * m) {
      throw new IllegalArgumentException(
          "predicted has " + predicted.length + " cells, the gold " + n + " × " + m);
    }
    long[] tp = new long[m];
    long[] fp = new long[m];
    long[] fn = new long[m];
    long[] right = new long[m];
    int tasks = 0;
    int exact = 0;
    for (int i = 0; i < n; i++) {
      if (!gold.has(i)) {
        continue;
      }
      tasks++;
      boolean all = true;
      for (int t = 0; t < m; t++) {
        boolean p = predicted[i * m + t];
        boolean g = gold.present(i, t);
        if (p == g) {
          right[t]++;
          if (p) {
            tp[t]++;
          }
        } else {
          all = false;
          if (p) {
            fp[t]++;
          } else {
            fn[t]++;
          }
        }
      }
      if (all) {
        exact++;
      }
    }
    double[] acc = new double[m];
    double[] prec = new double[m];
    double[] rec = new double[m];
    double[] f = new double[m];
    long sumTp = 0;
    long sumFp = 0;
    long sumFn = 0;
    long wrong = 0;
    double macroSum = 0;
    int macroTags = 0;
    for (int t = 0; t < m; t++) {
      acc[t] = tasks == 0 ? Double.NaN : right[t] / (double) tasks;
      prec[t] = tp[t] + fp[t] == 0 ? Double.NaN : tp[t] / (double) (tp[t] + fp[t]);
      rec[t] = tp[t] + fn[t] == 0 ? Double.NaN : tp[t] / (double) (tp[t] + fn[t]);
      long denominator = 2 * tp[t] + fp[t] + fn[t];
      f[t] = denominator == 0 ? Double.NaN : 2.0 * tp[t] / denominator;
      if (denominator > 0) {
        macroSum += f[t];
        macroTags++;
      }
      sumTp += tp[t];
      sumFp += fp[t];
      sumFn += fn[t];
      wrong += fp[t] + fn[t];
    }
    long microDenominator = 2 * sumTp + sumFp + sumFn;
    return new MultiLabelMetrics(
        tasks,
        acc,
        prec,
        rec,
        f,
        microDenominator == 0 ? Double.NaN : 2.0 * sumTp / microDenominator,
        macroTags == 0 ? Double.NaN : macroSum / macroTags,
        macroTags,
        tasks == 0 || m == 0 ? Double.NaN : wrong / ((double) tasks * m),
        tasks == 0 ? Double.NaN : exact / (double) tasks);
  }

  /**
   * The metrics of tag sets given by name (as another engine returns them): the gold tasks that
   * {@code predicted} holds are evaluated, over {@code tags} (names outside it are errors).
   */
  public static MultiLabelMetrics of(
      List<String> tags,
      Map<String, ? extends Collection<String>> predicted,
      Map<String, ? extends Collection<String>> gold) {
    Map<String, Integer> tagIds = new LinkedHashMap<>();
    for (String tag : tags) {
      if (tagIds.put(tag, tagIds.size()) != null) {
        throw new IllegalArgumentException("tags must be distinct: " + tags);
      }
    }
    int m = tags.size();
    List<String> tasks = new ArrayList<>();
    for (String task : gold.keySet()) {
      if (predicted.containsKey(task)) {
        tasks.add(task);
      }
    }
    int n = tasks.size();
    boolean[] cells = new boolean[n * m];
    boolean[] present = new boolean[n * m];
    for (int i = 0; i < n; i++) {
      String task = tasks.get(i);
      mark(cells, i, m, task, predicted.get(task), tagIds, "predicted");
      mark(present, i, m, task, gold.get(task), tagIds, "gold");
    }
    boolean[] known = new boolean[n];
    java.util.Arrays.fill(known, true);
    return of(cells, new TagGold(m, known, present, n, 0));
  }

  private static void mark(
      boolean[] cells,
      int i,
      int m,
      String task,
      Collection<String> set,
      Map<String, Integer> tagIds,
      String what) {
    for (String tag : set) {
      Integer t = tagIds.get(tag);
      if (t == null) {
        throw new IllegalArgumentException(
            "task '" + task + "': unknown " + what + " tag '" + tag + "'");
      }
      cells[i * m + t] = true;
    }
  }

  /** The metrics of a result's chosen tags. */
  public static MultiLabelMetrics of(MultiLabelResult result, TagGold gold) {
    return of(result.chosen(), gold);
  }

  /** Copies the arrays. */
  public MultiLabelMetrics {
    tagAccuracy = tagAccuracy.clone();
    precision = precision.clone();
    recall = recall.clone();
    f1 = f1.clone();
  }

  @Override
  public double[] tagAccuracy() {
    return tagAccuracy.clone();
  }

  @Override
  public double[] precision() {
    return precision.clone();
  }

  @Override
  public double[] recall() {
    return recall.clone();
  }

  @Override
  public double[] f1() {
    return f1.clone();
  }
}
