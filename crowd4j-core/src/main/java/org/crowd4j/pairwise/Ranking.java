package org.crowd4j.pairwise;

import java.util.List;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitResult;
import org.crowd4j.method.Provenance;

/**
 * Items ranked by a pairwise model: per item a score on the method's own scale (crowd-kit's:
 * Bradley–Terry strengths that sum to one, NoisyBT's {@code σ(θ)}), the log-score {@code θ} and its
 * standard error relative to the mean of its component, the 1-based rank (highest score first,
 * equal scores by item name) and the connected component of the comparison graph it belongs to:
 * scores of different components are not comparable by the data (only by the prior, when there is
 * one). Immutable; arrays are copied on the way out.
 */
public final class Ranking implements FitResult {
  private final Vocabulary items;
  private final double[] scores;
  private final double[] logScores;
  private final double[] stderr;
  private final int[] order;
  private final int[] rank;
  private final int[] component;
  private final int components;
  private final String stderrMethod;
  private final AnnotatorReliability annotators;
  private final Diagnostics diagnostics;
  private final Provenance provenance;
  private final List<String> notes;

  Ranking(
      Vocabulary items,
      double[] scores,
      double[] logScores,
      double[] stderr,
      int[] component,
      int components,
      String stderrMethod,
      AnnotatorReliability annotators,
      Diagnostics diagnostics,
      Provenance provenance,
      List<String> notes) {
    this.items = items;
    this.scores = scores;
    this.logScores = logScores;
    this.stderr = stderr;
    this.component = component;
    this.components = components;
    this.stderrMethod = stderrMethod;
    this.annotators = annotators;
    this.diagnostics = diagnostics;
    this.provenance = provenance;
    this.notes = List.copyOf(notes);
    this.order = order(items, scores);
    this.rank = new int[order.length];
    for (int r = 0; r < order.length; r++) {
      rank[order[r]] = r + 1;
    }
  }

  /** Item ids by descending score; NaN scores last; equal scores by item name. */
  private static int[] order(Vocabulary items, double[] scores) {
    Integer[] boxed = new Integer[scores.length];
    for (int i = 0; i < boxed.length; i++) {
      boxed[i] = i;
    }
    java.util.Arrays.sort(
        boxed,
        (x, y) -> {
          double sx = Double.isNaN(scores[x]) ? Double.NEGATIVE_INFINITY : scores[x];
          double sy = Double.isNaN(scores[y]) ? Double.NEGATIVE_INFINITY : scores[y];
          int c = Double.compare(sy, sx);
          if (c == 0) {
            c = Boolean.compare(Double.isNaN(scores[x]), Double.isNaN(scores[y]));
          }
          return c != 0 ? c : items.name(x).compareTo(items.name(y));
        });
    int[] out = new int[boxed.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = boxed[i];
    }
    return out;
  }

  /** Item ids ↔ names. */
  public Vocabulary items() {
    return items;
  }

  /** Number of items. */
  public int size() {
    return scores.length;
  }

  /** Score of item {@code i} on the method's scale ({@code NaN} for an item never compared). */
  public double score(int i) {
    return scores[i];
  }

  /** Log-score θ of item {@code i} (−∞ for a Bradley–Terry item that never won, without prior). */
  public double logScore(int i) {
    return logScores[i];
  }

  /** Standard error of item {@code i}'s log-score relative to its component mean, or NaN. */
  public double stderr(int i) {
    return stderr[i];
  }

  /** 1-based rank of item {@code i}. */
  public int rank(int i) {
    return rank[i];
  }

  /** The item at 1-based rank {@code r}. */
  public int itemAtRank(int r) {
    return order[r - 1];
  }

  /** Connected component of item {@code i} (0-based, in order of first item). */
  public int component(int i) {
    return component[i];
  }

  /** Number of connected components of the comparison graph. */
  public int components() {
    return components;
  }

  /** All scores (a copy). */
  public double[] scores() {
    return scores.clone();
  }

  /** All log-scores (a copy). */
  public double[] logScores() {
    return logScores.clone();
  }

  /** How the standard errors were computed, in words. */
  public String stderrMethod() {
    return stderrMethod;
  }

  /** The annotator model, or {@code null} for a method without one (Bradley–Terry). */
  public AnnotatorReliability annotators() {
    return annotators;
  }

  /** Iterations, convergence and the objective history. */
  public Diagnostics diagnostics() {
    return diagnostics;
  }

  /** Method, options, data digest, versions. */
  public Provenance provenance() {
    return provenance;
  }

  /** Warnings about the data (items that never won or never lost, a disconnected graph). */
  public List<String> notes() {
    return notes;
  }
}
