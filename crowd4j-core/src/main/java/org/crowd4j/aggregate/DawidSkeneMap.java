package org.crowd4j.aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.crowd4j.aggregate.select.Candidate;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.aggregate.select.Criterion;
import org.crowd4j.aggregate.select.HeldOutScorer;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Provenance;

/**
 * Regularised Dawid–Skene: the MAP estimate of {@link DawidSkene} under a Dirichlet prior on every
 * worker's confusion rows, with the prior's strength chosen on the user's own answers.
 *
 * <p><b>Model.</b> Dawid &amp; Skene's, plus Π_w[k, ·] ~ Dirichlet(s · P̄[k, ·] + 1) for every
 * worker w: {@code s} pseudo-counts per row spread as the crowd's pooled confusion P̄ under the
 * majority-vote start ({@link DawidSkene.PriorShape#POOLED}, by default), so a worker with few
 * answers is shrunk towards the average annotator instead of being fitted to a handful of answers
 * (the usual cure when many annotators give few answers; cf. the hierarchical priors of Kim &amp;
 * Ghahramani 2012 and Venanzi et al. 2014). EM climbs the log posterior.
 *
 * <p><b>Choice of s.</b> Unless {@code confusionPrior} fixes it, every strength of {@code
 * strengths} is fitted on {@code folds} folds of the answers, each scored by the mean
 * log-likelihood of the hidden answers under the fitted model ({@link Criterion#HELD_OUT_ANSWER});
 * the best strength is refitted on all answers. The result carries every strength's score ({@link
 * AggregationResult#selection()}). Cost: {@code (folds + 1) × strengths} Dawid–Skene fits when the
 * strength is chosen.
 */
public final class DawidSkeneMap implements Aggregator {
  /**
   * Options of {@link DawidSkeneMap}.
   *
   * @param maxIterations EM iterations at most per fit
   * @param tol stop when the log posterior per answer gains less than this
   * @param floor probability floor for posteriors and confusion counts
   * @param confusionPrior the prior's pseudo-counts per row; 0 = choose from {@code strengths}
   * @param strengths the strengths tried when choosing
   * @param priorShape how a row's pseudo-counts are spread
   * @param folds folds of the held-out answers
   * @param seed seed of the folds
   */
  public record Options(
      @Describe("EM iterations at most per fit") int maxIterations,
      @Describe("stop when the log posterior per answer gains less than this") double tol,
      @Describe("probability floor for posteriors and confusion counts") double floor,
      @Describe("the prior's pseudo-counts per row; 0 = choose from strengths")
          double confusionPrior,
      @Describe("the strengths tried when choosing") double[] strengths,
      @Describe("how a row's pseudo-counts are spread") DawidSkene.PriorShape priorShape,
      @Describe("folds of the held-out answers") int folds,
      @Describe("seed of the folds") long seed) {
    /** Validates and copies. */
    public Options {
      strengths = strengths.clone();
      new DawidSkene.Options(maxIterations, tol, floor, DawidSkene.Stopping.LIKELIHOOD);
      if (!(confusionPrior >= 0) || Double.isInfinite(confusionPrior)) {
        throw new IllegalArgumentException(
            "confusionPrior must be >= 0 and finite (0 = choose): " + confusionPrior);
      }
      if (confusionPrior == 0 && strengths.length == 0) {
        throw new IllegalArgumentException("strengths must not be empty when choosing");
      }
      for (double s : strengths) {
        if (!(s > 0) || Double.isInfinite(s)) {
          throw new IllegalArgumentException("every strength must be positive: " + s);
        }
      }
      Objects.requireNonNull(priorShape, "priorShape");
      if (folds < 2) {
        throw new IllegalArgumentException("folds must be >= 2: " + folds);
      }
    }

    @Override
    public double[] strengths() {
      return strengths.clone();
    }

    /** Dawid–Skene's loop defaults; pooled prior; strength chosen from 0.5–8 on 5 folds. */
    public static Options defaults() {
      return new Options(
          100, 1e-5, 1e-10, 0, new double[] {0.5, 1, 2, 4, 8}, DawidSkene.PriorShape.POOLED, 5, 0L);
    }
  }

  private final Options options;

  /** Regularised Dawid–Skene with {@code options}. */
  public DawidSkeneMap(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Regularised Dawid–Skene with default options. */
  public DawidSkeneMap() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return "ds-map";
  }

  /** The options. */
  public Options options() {
    return options;
  }

  /** Dawid–Skene with a prior of {@code strength} pseudo-counts per row and these loop options. */
  public DawidSkene withStrength(double strength) {
    return new DawidSkene(
        new DawidSkene.Options(
            options.maxIterations(),
            options.tol(),
            options.floor(),
            DawidSkene.Stopping.LIKELIHOOD,
            strength,
            options.priorShape()));
  }

  /** The candidates a choice of strength tries, named {@code ds-map:s}. */
  public List<Candidate> candidates() {
    List<Candidate> out = new ArrayList<>();
    for (double s : options.strengths()) {
      out.add(new Candidate(candidateName(s), withStrength(s)));
    }
    return out;
  }

  /** {@code ds-map:s} with {@code s} printed without a trailing {@code .0}. */
  static String candidateName(double strength) {
    return "ds-map:"
        + (strength == Math.rint(strength)
            ? Long.toString((long) strength)
            : String.format(Locale.ROOT, "%s", strength));
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    if (options.confusionPrior() > 0) {
      return withStrength(options.confusionPrior())
          .fit(data, context)
          .chosenBy(Provenance.of(name(), options, data::digest, start), null);
    }
    List<Candidate> grid = candidates();
    HeldOutScorer scorer =
        new HeldOutScorer(Criterion.HELD_OUT_ANSWER, options.folds(), options.seed());
    List<CandidateScore> scores = scorer.score(data, grid, context);
    int best = -1;
    for (int i = 0; i < scores.size(); i++) {
      CandidateScore s = scores.get(i);
      if (s.ok() && (best < 0 || s.score() > scores.get(best).score())) {
        best = i;
      }
    }
    String rule = "highest held-out answer log-likelihood";
    if (best < 0) {
      best = grid.size() / 2;
      rule = "no answer could be held out (every task or worker has one): the middle strength";
    }
    List<CandidateScore> weighted = new ArrayList<>();
    for (int i = 0; i < scores.size(); i++) {
      weighted.add(scores.get(i).withWeight(i == best ? 1 : 0));
    }
    AggregationResult fitted = grid.get(best).method().fit(data, context);
    MethodSelection selection =
        new MethodSelection(
            Criterion.HELD_OUT_ANSWER,
            options.folds(),
            options.seed(),
            data.numAnswers(),
            weighted,
            grid.get(best).name(),
            rule,
            List.of());
    return fitted.chosenBy(Provenance.of(name(), options, data::digest, start), selection);
  }
}
