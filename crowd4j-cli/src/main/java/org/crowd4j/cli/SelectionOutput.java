package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.OneCoinNoise;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.metrics.Agreement;

/**
 * Prints how a gold-free choice was made (every candidate's held-out score and weight) and the
 * gold-free diagnostics of a result (crowd-kit's consistency and uncertainty).
 */
final class SelectionOutput {
  private SelectionOutput() {}

  /** The candidates, best score first, as text lines. */
  static void print(PrintWriter out, MethodSelection s) {
    if (s.folds() == 0) {
      out.printf(Locale.ROOT, "ensemble: %s%n", s.rule());
      out.printf(Locale.ROOT, "  %-22s %-15s %7s%n", "candidate", "family", "weight");
      for (CandidateScore c : s.candidates()) {
        String family = org.crowd4j.aggregate.Auto.family(c.name());
        if (c.ok()) {
          out.printf(Locale.ROOT, "  %-22s %-15s %7.3f%n", c.name(), family, c.weight());
        } else {
          out.printf(Locale.ROOT, "  %-22s %-15s %s%n", c.name(), family, c.failure());
        }
      }
      return;
    }
    out.printf(
        Locale.ROOT,
        "held-out answers: %s, %d folds (seed %d) over %d answers; chosen: %s%n",
        s.criterion() == org.crowd4j.aggregate.select.Criterion.HELD_OUT_ANSWER
            ? "hidden answers"
            : "hidden annotators",
        s.folds(),
        s.seed(),
        s.scoredAnswers(),
        s.chosen());
    out.printf(
        Locale.ROOT, "  %-22s %12s %8s %7s%n", "candidate", "log-lik/ans", "± s.e.", "weight");
    for (CandidateScore c : sorted(s)) {
      if (c.ok()) {
        out.printf(
            Locale.ROOT,
            "  %-22s %12.4f %8.4f %7.3f%n",
            c.name(),
            c.score(),
            c.standardError(),
            c.weight());
      } else if (c.weight() > 0) {
        out.printf(
            Locale.ROOT, "  %-22s %-21s %7.3f  (%s)%n", c.name(), "", c.weight(), c.failure());
      } else {
        out.printf(Locale.ROOT, "  %-22s %s%n", c.name(), c.failure());
      }
    }
    out.printf(Locale.ROOT, "  rule: %s%n", s.rule());
  }

  private static List<CandidateScore> sorted(MethodSelection s) {
    List<CandidateScore> list = new ArrayList<>(s.candidates());
    list.sort(
        (a, b) -> {
          if (a.ok() != b.ok()) {
            return a.ok() ? -1 : 1;
          }
          return a.ok() ? Double.compare(b.score(), a.score()) : 0;
        });
    return list;
  }

  /** The selection as a JSON object under {@code parent.selection}. */
  static void json(ObjectNode parent, MethodSelection s) {
    ObjectNode o = parent.putObject("selection");
    o.put("criterion", s.criterion().name());
    o.put("folds", s.folds());
    o.put("seed", s.seed());
    o.put("scoredAnswers", s.scoredAnswers());
    o.put("chosen", s.chosen());
    o.put("rule", s.rule());
    ArrayNode notes = o.putArray("notes");
    s.notes().forEach(notes::add);
    ArrayNode a = o.putArray("candidates");
    for (CandidateScore c : s.candidates()) {
      ObjectNode n = a.addObject();
      n.put("name", c.name());
      Output.put(n, "heldOutLogLikelihood", c.score());
      Output.put(n, "standardError", c.standardError());
      n.put("scoredAnswers", c.scored());
      Output.put(n, "weight", c.weight());
      if (c.failure() != null) {
        n.put("failure", c.failure());
      }
    }
  }

  /**
   * Gold-free diagnostics of {@code result}: crowd-kit's consistency (mean posterior of the chosen
   * label under the one-coin model fitted to the result's posteriors) and uncertainty (mean entropy
   * of the tasks' answers, nats).
   */
  static double[] diagnostics(AggregationResult result, CrowdDataset data) {
    double[] skills = OneCoinNoise.fit(data, result.posteriors()).accuracy();
    double consistency = Agreement.consistency(data, result.labels(), skills);
    double uncertainty = Agreement.mean(Agreement.taskEntropy(data, null));
    return new double[] {consistency, uncertainty};
  }
}
