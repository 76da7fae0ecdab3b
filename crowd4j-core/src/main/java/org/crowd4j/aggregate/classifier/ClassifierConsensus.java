package org.crowd4j.aggregate.classifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.aggregate.select.Candidate;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.aggregate.select.Criterion;
import org.crowd4j.aggregate.select.HeldOutPredictions;
import org.crowd4j.aggregate.select.HeldOutScorer;
import org.crowd4j.aggregate.select.Stacking;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Consensus from the answers and a classifier's out-of-sample probabilities, the way of combining
 * them chosen without gold: the classifier as an annotator ({@link ClassifierEm.Use#ANNOTATOR}), as
 * each task's prior ({@link ClassifierEm.Use#PRIOR}) and the {@link CrowdLab} ensemble are each
 * scored by how well they predict answers they did not see ({@link Criterion#HELD_OUT_ANSWER}, the
 * criterion of {@code auto}), and the best is refitted on all answers. The selection's notes give
 * the classifier's agreement with the consensus (a gold-free estimate of its accuracy) and how many
 * tasks the predictions cover.
 */
public final class ClassifierConsensus implements Aggregator {
  /** The names of the ways of combining, {@code auto} (this class) first. */
  public static final List<String> WAYS =
      List.of("auto", "classifier-annotator", "classifier-prior", "crowdlab");

  /**
   * Options of {@link ClassifierConsensus}.
   *
   * @param folds folds of held-out answers
   * @param seed seed of the folds
   */
  public record Options(
      @Describe("folds of held-out answers") int folds,
      @Describe("seed of the folds") long seed,
      @Describe("BEST: the best-scoring way; STACK: the ways mixed by stacking weights")
          Combination combination) {
    /** Validates. */
    public Options {
      if (folds < 2) {
        throw new IllegalArgumentException("folds must be >= 2: " + folds);
      }
      Objects.requireNonNull(combination, "combination");
    }

    /** 5 folds, seed 0, the ways stacked. */
    public static Options defaults() {
      return new Options(5, 0, Combination.STACK);
    }
  }

  /** How the scored ways make the result. */
  public enum Combination {
    /** The way with the highest held-out score, refitted on all answers. */
    BEST,
    /**
     * The ways' posteriors mixed with the weights that maximise the held-out likelihood of the
     * mixture ({@link Stacking}).
     */
    STACK
  }

  private final ClassifierProbabilities predictions;
  private final Options options;

  /** The choice among the ways of combining the answers with {@code predictions}. */
  public ClassifierConsensus(ClassifierProbabilities predictions, Options options) {
    this.predictions = Objects.requireNonNull(predictions, "predictions");
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * The way of combining called {@code way} (one of {@link #WAYS}) with {@code predictions}; {@code
   * seed} seeds {@code auto}'s folds.
   *
   * @throws IllegalArgumentException for another name
   */
  public static Aggregator create(String way, ClassifierProbabilities predictions, long seed) {
    return switch (way) {
      case "auto" -> new ClassifierConsensus(predictions, new Options(5, seed, Combination.STACK));
      case "classifier-annotator" ->
          new ClassifierEm(predictions, ClassifierEm.Options.of(ClassifierEm.Use.ANNOTATOR));
      case "classifier-prior" ->
          new ClassifierEm(predictions, ClassifierEm.Options.of(ClassifierEm.Use.PRIOR));
      case "crowdlab" -> new CrowdLab(predictions);
      default ->
          throw new IllegalArgumentException(
              "unknown way of combining predictions '" + way + "'; one of " + WAYS);
    };
  }

  @Override
  public String name() {
    return "auto";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    List<Candidate> candidates = new ArrayList<>();
    for (String way : WAYS.subList(1, WAYS.size())) {
      candidates.add(new Candidate(way, create(way, predictions, options.seed())));
    }
    HeldOutScorer scorer =
        new HeldOutScorer(Criterion.HELD_OUT_ANSWER, options.folds(), options.seed());
    HeldOutPredictions held = scorer.predict(data, candidates, context);
    List<CandidateScore> scores = new ArrayList<>(held.scores());
    int best = -1;
    for (int c = 0; c < scores.size(); c++) {
      CandidateScore s = scores.get(c);
      if (s.ok() && (best < 0 || s.score() > scores.get(best).score())) {
        best = c;
      }
    }
    List<String> notes = new ArrayList<>();
    String rule;
    double[] weights = new double[scores.size()];
    if (best < 0) {
      best = 0;
      weights[0] = 1;
      rule = "no answer could be held out: the classifier as an annotator";
    } else if (options.combination() == Combination.STACK) {
      weights = Stacking.fit(held, 10_000, 1e-9).weights();
      rule = "the ways mixed by their stacking weights on held-out answers";
    } else {
      weights[best] = 1;
      rule = "the highest held-out log-likelihood per answer";
    }
    for (int c = 0; c < scores.size(); c++) {
      scores.set(c, scores.get(c).withWeight(weights[c]));
    }
    AggregationResult result = mixture(data, context, candidates, weights, best);
    ClassifierProbabilities.Aligned aligned = predictions.alignedTo(data);
    notes.add(coverage(aligned, data));
    notes.add(agreement(aligned, result, data));
    Provenance provenance = Provenance.of(name(), options, data::digest, start);
    return result.chosenBy(
        provenance,
        new MethodSelection(
            Criterion.HELD_OUT_ANSWER,
            options.folds(),
            options.seed(),
            data.numAnswers(),
            scores,
            describe(candidates, weights),
            rule,
            notes));
  }

  /**
   * The weighted mixture of the ways' fits on all answers (the single fit where one way has all the
   * weight); the mixture's worker model is the confusion each annotator shows against it.
   */
  private static AggregationResult mixture(
      CrowdDataset data,
      FitContext<Gold> context,
      List<Candidate> candidates,
      double[] weights,
      int best) {
    if (weights[best] == 1) {
      return candidates.get(best).method().fit(data, context);
    }
    int n = data.numTasks();
    int k = data.numLabels();
    double[] post = new double[n * k];
    boolean converged = true;
    for (int c = 0; c < weights.length; c++) {
      if (weights[c] <= 0) {
        continue;
      }
      AggregationResult r = candidates.get(c).method().fit(data, context);
      converged &= r.diagnostics().converged();
      double[] q = r.posteriors();
      for (int j = 0; j < q.length; j++) {
        post[j] += weights[c] * q[j];
      }
    }
    double[] prior = new double[k];
    for (int i = 0; i < n; i++) {
      Posteriors.normalizeInPlace(post, i * k, k);
      for (int z = 0; z < k; z++) {
        prior[z] += post[i * k + z] / Math.max(1, n);
      }
    }
    return new AggregationResult(
        data,
        post,
        null,
        prior,
        ConfusionMatrices.against(data, post),
        new Diagnostics(0, converged, new double[0], "none (stacked mixture of converged fits)"),
        Provenance.of("auto", new org.crowd4j.method.NoOptions(), data::digest, System.nanoTime()));
  }

  /** The one way with all the weight, or "mixture (way weight, ...)" by falling weight. */
  private static String describe(List<Candidate> candidates, double[] weights) {
    List<Integer> used = new ArrayList<>();
    for (int c = 0; c < weights.length; c++) {
      if (weights[c] > 0) {
        used.add(c);
      }
    }
    if (used.size() == 1) {
      return candidates.get(used.get(0)).name();
    }
    used.sort((a, b) -> Double.compare(weights[b], weights[a]));
    StringBuilder sb = new StringBuilder("mixture (");
    for (int j = 0; j < used.size(); j++) {
      int c = used.get(j);
      sb.append(j == 0 ? "" : ", ")
          .append(candidates.get(c).name())
          .append(String.format(Locale.ROOT, " %.3f", weights[c]));
    }
    return sb.append(')').toString();
  }

  private static String coverage(ClassifierProbabilities.Aligned aligned, CrowdDataset data) {
    return String.format(
        Locale.ROOT, "the predictions cover %d of %d tasks", aligned.covered(), data.numTasks());
  }

  /**
   * The classifier's agreement with the consensus, Σ_i q_i(argmax p_i) over the covered tasks: a
   * gold-free estimate of its accuracy.
   */
  private static String agreement(
      ClassifierProbabilities.Aligned aligned, AggregationResult result, CrowdDataset data) {
    int k = data.numLabels();
    double sum = 0;
    for (int i = 0; i < data.numTasks(); i++) {
      if (aligned.has()[i]) {
        sum += result.posterior(i, Posteriors.argmaxRow(aligned.probabilities(), i * k, k));
      }
    }
    return String.format(
        Locale.ROOT,
        "the classifier's estimated accuracy (its agreement with the consensus): %.3f",
        aligned.covered() == 0 ? Double.NaN : sum / aligned.covered());
  }
}
