package org.crowd4j.acquisition;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.data.CrowdDataset;

/**
 * Where the next answer is worth most: every task of a fit, and every item a classifier has scored
 * that has no answer yet, with the expected gain of one more answer ({@link AnswerGain}, the
 * crowd's mean answer model). An answered task's posterior is the fit's; a new item's is the
 * classifier's probabilities, so relabelling a task and labelling a new item compare on one scale
 * (the choice ActiveLab makes, Goh &amp; Mueller 2023).
 */
public final class NextAnswers {
  private NextAnswers() {}

  /**
   * One candidate for the next answer.
   *
   * @param task the task's name
   * @param answers answers it has (0 for a new item)
   * @param label the current consensus label's id
   * @param confidence the consensus label's posterior
   * @param gain the expected gain in the chance that the consensus is right
   * @param settled whether the stopping rule settled it (it needs no more answers)
   */
  public record Candidate(
      String task, int answers, int label, double confidence, double gain, boolean settled) {}

  /**
   * The candidates of {@code result} on {@code data}, and of the new items {@code newTasks} with
   * class probabilities {@code newProbabilities} ({@code newTasks × K}; both may be empty): the
   * unsettled ones first, the largest gain first (ties: fewer answers, then task order); {@code
   * settled} (per task of {@code data}, or {@code null}: none) from a stopping rule.
   */
  public static List<Candidate> rank(
      AggregationResult result,
      CrowdDataset data,
      boolean[] settled,
      List<String> newTasks,
      double[] newProbabilities) {
    int k = data.numLabels();
    if (newProbabilities.length != newTasks.size() * k) {
      throw new IllegalArgumentException(
          "expected " + newTasks.size() + " × " + k + " probabilities of new items");
    }
    double[][] c = AnswerGain.meanAnswerModel(result, data);
    double[] gains = AnswerGain.gains(result, data);
    List<Candidate> out = new ArrayList<>(data.numTasks() + newTasks.size());
    for (int i = 0; i < data.numTasks(); i++) {
      int label = result.label(i);
      out.add(
          new Candidate(
              data.tasks().name(i),
              data.taskSize(i),
              label,
              result.posterior(i, label),
              gains[i],
              settled != null && settled[i]));
    }
    double[] q = new double[k];
    for (int j = 0; j < newTasks.size(); j++) {
      System.arraycopy(newProbabilities, j * k, q, 0, k);
      int label = Posteriors.argmaxRow(q, 0, k);
      out.add(new Candidate(newTasks.get(j), 0, label, q[label], AnswerGain.gain(q, c), false));
    }
    out.sort(
        Comparator.comparing(Candidate::settled)
            .thenComparingDouble((Candidate x) -> -x.gain())
            .thenComparingInt(Candidate::answers));
    return out;
  }
}
