package org.crowd4j.python;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.GladModel;
import org.crowd4j.aggregate.MaceModel;
import org.crowd4j.aggregate.Mmsr;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.model.AnnotatorTable;

/**
 * A classification fit as primitive arrays. Task {@code i} and worker {@code w} are the codes the
 * caller passed (ids follow the order of the name tables); labels are in the method's order, which
 * {@link #labelNames()} gives. Arrays a method does not estimate are {@code null}.
 */
public final class ClassificationFit {
  private final CrowdDataset data;
  private final Aggregator aggregator;
  private final AggregationResult result;

  ClassificationFit(CrowdDataset data, Aggregator aggregator, AggregationResult result) {
    this.data = data;
    this.aggregator = aggregator;
    this.result = result;
  }

  /** The method's catalogue name. */
  public String method() {
    return result.provenance().method();
  }

  /** Number of classes. */
  public int numLabels() {
    return data.numLabels();
  }

  /** The label names in the method's order. */
  public String[] labelNames() {
    return data.labels().names().toArray(new String[0]);
  }

  /** The aggregated label of each task, as an index into {@link #labelNames()}. */
  public int[] labels() {
    return result.labels();
  }

  /** Posteriors, flat {@code [task][label]}. */
  public double[] probas() {
    return result.posteriors();
  }

  /** Class priors. */
  public double[] priors() {
    return result.classPriors();
  }

  /**
   * One skill per worker (larger is better), or {@code null} for a method without a worker model.
   */
  public double[] skills() {
    return result.workers() == null ? null : result.workers().skills();
  }

  /**
   * Confusion matrices flat {@code [worker][true][answered]} (Dawid–Skene and the other per-worker
   * confusion models), else {@code null}.
   */
  public double[] errors() {
    return result.workers() instanceof ConfusionMatrices c ? c.toArray() : null;
  }

  /** GLAD's worker abilities α, else {@code null}. */
  public double[] alphas() {
    return result.workers() instanceof GladModel g ? g.alpha() : null;
  }

  /** GLAD's task easiness β, else {@code null}. */
  public double[] betas() {
    return result.workers() instanceof GladModel g ? g.beta() : null;
  }

  /** MACE's competence (P(not spamming)) per worker, else {@code null}. */
  public double[] competence() {
    return result.workers() instanceof MaceModel m ? m.competence() : null;
  }

  /** MACE's spamming strategies, flat {@code [worker][label]}, else {@code null}. */
  public double[] spamming() {
    return result.workers() instanceof MaceModel m ? m.spamming() : null;
  }

  /** M-MSR's per-task label scores as crowd-kit reports them, flat {@code [task][label]}. */
  public double[] mmsrScores() {
    return aggregator instanceof Mmsr ? Mmsr.crowdKitScores(data, result.workers().skills()) : null;
  }

  /** The objective after each iteration. */
  public double[] objective() {
    return result.diagnostics().objective();
  }

  /** What {@link #objective()} measures. */
  public String objectiveName() {
    return result.diagnostics().objectiveName();
  }

  /** Iterations run. */
  public int iterations() {
    return result.diagnostics().iterations();
  }

  /** Whether the stopping rule fired before the iteration limit. */
  public boolean converged() {
    return result.diagnostics().converged();
  }

  /** Why the iterations ended, in words. */
  public String stopReason() {
    Diagnostics d = result.diagnostics();
    return d.stopReason();
  }

  /** The gold-free choice, for {@code auto}: the method it chose, else {@code null}. */
  public String chosenMethod() {
    return result.selection().map(s -> s.chosen()).orElse(null);
  }

  /** One row per worker: answers, skill, accuracy, spammer score, largest confusion. */
  public AnnotatorTable annotators() {
    return AnnotatorTable.of(result, data);
  }

  /** The result itself, for Java callers. */
  public AggregationResult result() {
    return result;
  }
}
