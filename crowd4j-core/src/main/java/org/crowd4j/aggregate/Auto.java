package org.crowd4j.aggregate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.crowd4j.aggregate.select.Candidate;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.aggregate.select.Criterion;
import org.crowd4j.aggregate.select.HeldOutPredictions;
import org.crowd4j.aggregate.select.HeldOutScorer;
import org.crowd4j.aggregate.select.SolutionGuards;
import org.crowd4j.aggregate.select.Stacking;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.Provenance;

/**
 * Gold-free method choice ({@code auto}): every candidate method is fitted on all answers and the
 * final posterior is a weighted mixture of theirs — half the weight spread evenly over the families
 * of annotator model, half given by how well each candidate predicts answers it did not see.
 *
 * <p><b>Criterion.</b> {@link HeldOutScorer} splits the answers into {@code folds} folds ({@link
 * org.crowd4j.aggregate.select.AnswerFolds}: never a task's, a worker's or a label's last answer),
 * fits every candidate on a fold's complement and records the probability its answer model gives
 * each hidden answer, Σ_z q_i(z) P(l | z, i, w) ({@link NoiseModel}); stacking ({@link Stacking})
 * finds the mixture weights w maximising Σ log Σ_c w_c p_c(answer).
 *
 * <p><b>Combination.</b> {@link Combination#BLEND} (default): w_c = ½ f_c + ½ s_c, where f_c = 1 /
 * (number of families × candidates in c's {@linkplain #family family}) and s_c is c's stacking
 * weight (weights below {@code minWeight} dropped, the rest renormalised). Held-out likelihood
 * rewards the models that predict the annotators best, which are not always those that recover the
 * truth best (the flexible confusion models, on the ZenCrowd crowds and fact-eval); the family half
 * keeps every kind of annotator model in the result. Measured on the 17 shared crowds against
 * stacking alone, equal weights, held-out annotators and a parametric bootstrap (RESULTS.md).
 * {@link Combination#FAMILIES}: the family weights alone (no held-out scoring). {@link
 * Combination#STACK}: the stacking weights alone. {@link Combination#BEST}: the best-scoring
 * candidate alone. An ensemble's worker model is the confusion matrix each worker shows against the
 * final posteriors (one Dawid–Skene M-step with 2 pseudo-counts per row, half on the diagonal).
 *
 * <p><b>Candidates.</b> By default every answer-only method that applies: majority votes, Wawa,
 * zero-based skill, Dawid–Skene, one-coin DS, IBCC, the crowd mixture, common-confusion EM, KOS
 * (binary data only), M-MSR, MMCE, GLAD, MACE, and regularised Dawid–Skene at five prior strengths
 * ({@code ds-map:s}, {@link DawidSkeneMap}); on anonymous answers the majority votes. Methods with
 * randomness get {@code seed}. When no answer can be held out (every task or every worker has a
 * single answer), the stacking half is left out.
 *
 * <p><b>Guards</b> ({@link SolutionGuards}; each one leaves a note in {@link
 * MethodSelection#notes()}). When most answers come from annotators with at most two answers (vote
 * counts released with one id per answer) the ids are dropped and only majority votes are tried. A
 * candidate whose labels are a renaming of majority vote's classes, or agree on at most half of the
 * tasks both with majority vote and with one-coin Dawid–Skene's skill-weighted vote, is left out;
 * when the left-out candidates held at least a fifth of the weight the result is majority vote (the
 * answers then support a solution they cannot tell from a renaming of classes). A result that
 * differs from majority vote on more than a quarter of the tasks is reported with its largest moves
 * between classes.
 *
 * <p><b>What it cannot see.</b> A crowd where most families agree on a solution that is not the
 * truth: on the three ZenCrowd crowds one-coin DS is 4–8 points ahead of every confusion model and
 * of {@code auto}.
 *
 * <p><b>Cost.</b> One fit of every candidate on the first fold's training answers, the other folds
 * only for the candidates that keep a stacking weight of at least {@code minWeight} on the first,
 * and one fit of every candidate on all answers, all in parallel. Above {@code maxScoredAnswers}
 * answers the scoring runs on a seeded sample of whole tasks holding about that many answers with
 * {@code largeFolds} of its folds held out; above {@code slowAbove} the methods that cost tens of
 * Dawid–Skene fits at that size ({@link #SLOW}) are left out (BENCHMARKS.md).
 */
public final class Auto implements Aggregator {
  /** Candidates tried by default, in this order. */
  public static final String DEFAULT_CANDIDATES =
      "mv,soft-mv,ds,wawa,zbs,one-coin-ds,ibcc,crowd-mixture,common-confusion-em,kos,mmsr,mmce,"
          + "glad,mace,ds-map:0.5,ds-map:1,ds-map:2,ds-map:4,ds-map:8";

  /**
   * Default candidates on answers without usable annotator ids. The crowd mixture also runs without
   * ids, but the held-out answers chose it on vote counts where it lost up to 8.5 points to the
   * vote (RESULTS.md), so it is tried only when listed.
   */
  private static final List<String> WITHOUT_WORKER_IDS = List.of("mv", "soft-mv");

  private static final List<String> ID_FREE = List.of("mv", "soft-mv", "crowd-mixture");

  /**
   * Default candidates that cost 20–40 Dawid–Skene fits each on a 1M-answer crowd (measured,
   * BENCHMARKS.md); left out of the default list above {@code slowAbove} answers.
   */
  static final List<String> SLOW =
      List.of("mmce", "mmsr", "crowd-mixture", "common-confusion-em", "mace");

  /** How the candidates make the final result. */
  public enum Combination {
    /**
     * Half the weight as {@link #FAMILIES}, half as {@link #STACK}: the posteriors of every
     * candidate fitted on all answers, weighted by (equal share of its family + its stacking
     * weight) / 2.
     */
    BLEND,
    /**
     * Every candidate fitted on all answers, posteriors averaged with equal weight per family of
     * annotator model ({@link #family}) and equal weight within a family; no held-out scoring.
     */
    FAMILIES,
    /** Stacked mixture of the candidates' posteriors, weights from the held-out answers. */
    STACK,
    /** The best-scoring candidate alone. */
    BEST
  }

  /**
   * The family of a candidate's annotator model: {@code votes} (no model, or one vote weight per
   * annotator), {@code skill} (a probabilistic model with one competence per annotator), {@code
   * confusion} (a confusion matrix per annotator or group), {@code item-confusion} (confusions that
   * also depend on the item); any other method is a family of its own.
   */
  public static String family(String candidate) {
    return switch (baseName(candidate)) {
      case "mv", "soft-mv", "wawa", "zbs", "mmsr", "kos", "gold-mv", "wmv" -> "votes";
      case "one-coin-ds", "glad", "mace" -> "skill";
      case "ds", "ds-map", "ibcc", "common-confusion-em", "crowd-mixture" -> "confusion";
      case "mmce" -> "item-confusion";
      default -> baseName(candidate);
    };
  }

  /** A candidate's method name without its parameter ({@code ds-map:2} → {@code ds-map}). */
  private static String baseName(String candidate) {
    int colon = candidate.indexOf(':');
    return colon < 0 ? candidate : candidate.substring(0, colon);
  }

  /**
   * Options of {@link Auto}.
   *
   * @param candidates comma-separated method names ({@code ds-map:s} = regularised DS with prior
   *     strength s); empty = {@link #DEFAULT_CANDIDATES}
   * @param criterion how candidates are scored on unseen answers
   * @param combination how the scores make the result
   * @param folds number of folds
   * @param seed seed of the folds, of the task sample and of the candidates' own randomness
   * @param minWeight stacking weights below this are dropped
   * @param maxScoredAnswers above this many answers: score on a sample of tasks with about this
   *     many; with {@link Combination#STACK}, refit at most {@code largeRefits}
   * @param largeRefits candidates refitted on all answers above {@code maxScoredAnswers} with
   *     {@link Combination#STACK} (the highest weights, renormalised)
   * @param largeFolds folds held out and scored above {@code maxScoredAnswers} with {@link
   *     Combination#BEST} (of {@code folds})
   * @param slowAbove above this many answers the slow methods ({@link #SLOW}) are left out of the
   *     default candidates
   */
  public record Options(
      @Describe(
              "comma-separated method names (ds-map:s = regularised DS with prior strength s); empty = DEFAULT_CANDIDATES")
          String candidates,
      @Describe("how candidates are scored on unseen answers") Criterion criterion,
      @Describe("how the scores make the result") Combination combination,
      @Describe("number of folds") int folds,
      @Describe("seed of the folds, of the task sample and of the candidates' own randomness")
          long seed,
      @Describe("stacking weights below this are dropped") double minWeight,
      @Describe(
              "above this many answers: score on a sample of tasks with about this many; with STACK, refit at most largeRefits")
          int maxScoredAnswers,
      @Describe(
              "candidates refitted on all answers above maxScoredAnswers with STACK (the highest weights, renormalised)")
          int largeRefits,
      @Describe("folds held out and scored above maxScoredAnswers with BEST (of folds)")
          int largeFolds,
      @Describe(
              "above this many answers the slow methods (SLOW) are left out of the default candidates")
          int slowAbove) {
    /** Validates. */
    public Options {
      candidates = candidates == null ? "" : candidates.trim();
      Objects.requireNonNull(criterion, "criterion");
      Objects.requireNonNull(combination, "combination");
      if (folds < 2) {
        throw new IllegalArgumentException("folds must be >= 2: " + folds);
      }
      if (!(minWeight >= 0 && minWeight < 0.5)) {
        throw new IllegalArgumentException("minWeight must be in [0, 0.5): " + minWeight);
      }
      if (maxScoredAnswers < 100) {
        throw new IllegalArgumentException("maxScoredAnswers must be >= 100: " + maxScoredAnswers);
      }
      if (largeRefits < 1) {
        throw new IllegalArgumentException("largeRefits must be >= 1: " + largeRefits);
      }
      if (largeFolds < 1 || largeFolds > folds) {
        throw new IllegalArgumentException(
            "largeFolds must be in [1, folds=" + folds + "]: " + largeFolds);
      }
      if (slowAbove < 100) {
        throw new IllegalArgumentException("slowAbove must be >= 100: " + slowAbove);
      }
    }

    /** Options whose slow methods are left out above {@code maxScoredAnswers} answers. */
    public Options(
        String candidates,
        Criterion criterion,
        Combination combination,
        int folds,
        long seed,
        double minWeight,
        int maxScoredAnswers,
        int largeRefits,
        int largeFolds) {
      this(
          candidates,
          criterion,
          combination,
          folds,
          seed,
          minWeight,
          maxScoredAnswers,
          largeRefits,
          largeFolds,
          maxScoredAnswers);
    }

    /**
     * Default candidates, held-out answers, {@link Combination#BLEND}, 5 folds, seed 0; above
     * 20,000 answers the held-out scoring runs on a sample of tasks with about that many; above
     * 100,000 the slow methods are left out.
     */
    public static Options defaults() {
      return new Options(
          "", Criterion.HELD_OUT_ANSWER, Combination.BLEND, 5, 0L, 0.01, 20_000, 3, 1, 100_000);
    }
  }

  private final Options options;

  /** Auto with {@code options}. */
  public Auto(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Auto with default options. */
  public Auto() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return "auto";
  }

  /** The options. */
  public Options options() {
    return options;
  }

  /**
   * The candidates for {@code data}, and for every listed one that does not apply, why (KOS needs
   * two classes; anonymous answers allow only methods without worker ids).
   */
  public List<Candidate> candidates(CrowdDataset data, Map<String, String> skipped) {
    boolean defaults = options.candidates().isEmpty();
    boolean large = data.numAnswers() > options.slowAbove();
    String list = defaults ? DEFAULT_CANDIDATES : options.candidates();
    List<Candidate> out = new ArrayList<>();
    for (String raw : list.split(",")) {
      String name = raw.trim();
      if (name.isEmpty()) {
        continue;
      }
      if (name.equals("auto")) {
        throw new IllegalArgumentException("auto cannot be its own candidate");
      }
      String base = baseName(name);
      if (data.anonymous() && !(defaults ? WITHOUT_WORKER_IDS : ID_FREE).contains(base)) {
        skipped.put(
            name,
            ID_FREE.contains(base)
                ? "not a default without annotator ids (list it in candidates to include it)"
                : "needs worker ids; the answers are anonymous");
        continue;
      }
      if (defaults && large && SLOW.contains(base)) {
        skipped.put(
            name,
            "slow on large data: left out above slowAbove="
                + options.slowAbove()
                + " answers (list it in candidates to include it)");
        continue;
      }
      if (base.equals("kos") && data.numLabels() != 2) {
        skipped.put(name, "binary labels only; the data has " + data.numLabels() + " classes");
        continue;
      }
      out.add(new Candidate(name, create(name, base)));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no candidate applies to this data: " + skipped);
    }
    return out;
  }

  private Aggregator create(String name, String base) {
    if (name.startsWith("ds-map:")) {
      double strength;
      try {
        strength = Double.parseDouble(name.substring("ds-map:".length()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("candidate '" + name + "': not a prior strength");
      }
      DawidSkeneMap.Options d = DawidSkeneMap.Options.defaults();
      return new DawidSkeneMap(d).withStrength(strength);
    }
    MethodSpec<Aggregator> spec = Methods.spec(base);
    Map<String, String> overrides = new LinkedHashMap<>();
    if (Provenance.describe(spec.defaults()).containsKey("seed")) {
      overrides.put("seed", Long.toString(options.seed()));
    }
    return spec.create(overrides);
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    List<String> notes = new ArrayList<>();
    String idNote = SolutionGuards.uninformativeIds(data);
    CrowdDataset fitData = idNote == null ? data : data.anonymized();
    if (idNote != null) {
      notes.add(idNote);
    }
    Map<String, String> skipped = new LinkedHashMap<>();
    List<Candidate> candidates = candidates(fitData, skipped);
    AggregationResult majority = new MajorityVote().fit(data);
    int[] vote = majority.labels();
    int[] weightedVote = fitData.anonymous() ? vote : new OneCoinDawidSkene().fit(fitData).labels();
    Run run =
        new Run(
            data,
            fitData,
            candidates,
            skipped,
            notes,
            majority,
            vote,
            weightedVote,
            context,
            start);
    if (options.combination() == Combination.FAMILIES) {
      return families(run, null, fitData.numAnswers());
    }
    CrowdDataset scoredData = sample(fitData);
    FitContext<Gold> scoringContext =
        scoredData == fitData ? context : new FitContext<>(null, IterationListener.NONE);
    HeldOutScorer scorer =
        new HeldOutScorer(
            options.criterion(),
            options.folds(),
            options.seed(),
            scoredData == fitData ? options.folds() : options.largeFolds());
    HeldOutPredictions predictions =
        options.combination() != Combination.BEST
            ? pruningPredict(
                scorer,
                scoredData,
                candidates,
                scoringContext,
                context.listener(),
                scoredData == fitData ? options.folds() : options.largeFolds())
            : scorer.predict(scoredData, candidates, scoringContext, context.listener());
    boolean scorable = predictions.numScored() > 0;
    if (options.combination() == Combination.BLEND) {
      return families(
          run, scorable && anyScored(predictions) ? predictions : null, scoredData.numAnswers());
    }
    FitContext<Gold> quiet = new FitContext<>(context.gold(), IterationListener.NONE);
    AggregationResult[] refits = new AggregationResult[candidates.size()];
    Stacking stack = null;
    double[] weights = new double[candidates.size()];
    List<Integer> used = new ArrayList<>();
    boolean overturned = false;
    while (anyScored(predictions)) {
      stack =
          scorable && options.combination() == Combination.STACK
              ? Stacking.fit(predictions, 10_000, 1e-9)
              : null;
      weights =
          !scorable
              ? first(predictions)
              : stack != null ? prune(stack.weights(), data) : best(predictions);
      used = new ArrayList<>();
      for (int c = 0; c < weights.length; c++) {
        if (weights[c] > 0) {
          used.add(c);
        }
      }
      used.parallelStream()
          .filter(c -> refits[c] == null)
          .forEach(c -> refits[c] = candidates.get(c).method().fit(fitData, quiet));
      double droppedWeight = 0;
      for (int c : used) {
        String renamed =
            SolutionGuards.permuted(
                candidates.get(c).name(), refits[c].labels(), vote, weightedVote, data.labels());
        if (renamed != null) {
          notes.add(renamed + ": left out");
          predictions = predictions.excluding(c, "left out: classes renamed against the vote");
          droppedWeight += weights[c];
        }
      }
      if (droppedWeight == 0) {
        break;
      }
      used = new ArrayList<>();
      weights = new double[candidates.size()];
      String overturnedNote = SolutionGuards.overturned(droppedWeight);
      if (overturnedNote != null) {
        notes.add(overturnedNote);
        overturned = true;
        break;
      }
    }
    if (used.isEmpty() && !overturned) {
      notes.add("no candidate could be used (each failed or was left out): majority vote");
    }
    List<CandidateScore> scores = new ArrayList<>();
    for (int c = 0; c < candidates.size(); c++) {
      scores.add(predictions.score(c).withWeight(weights[c]));
    }
    addSkipped(skipped, scores);
    String chosen = used.isEmpty() ? "mv" : describeChoice(candidates, weights, used);
    String rule =
        !scorable
            ? "no answer could be held out (every task or worker has one): the first candidate"
            : options.combination() == Combination.STACK
                ? "stacked mixture of the candidates' posteriors, weights maximising the held-out"
                    + " log-likelihood (weights < "
                    + options.minWeight()
                    + " dropped)"
                : "highest held-out log-likelihood";
    Provenance provenance = Provenance.of(name(), options, data::digest, start);
    AggregationResult result =
        used.isEmpty()
            ? majority
            : used.size() == 1 && fitData == data
                ? refits[used.get(0)]
                : mixture(data, used, weights, refits, stack, provenance);
    String far = SolutionGuards.disagreement(result.labels(), vote, data.labels());
    if (far != null) {
      notes.add(far);
    }
    MethodSelection selection =
        new MethodSelection(
            options.criterion(),
            options.folds(),
            options.seed(),
            scoredData.numAnswers(),
            scores,
            chosen,
            rule,
            notes);
    return result.chosenBy(provenance, selection);
  }

  /**
   * {@link Combination#FAMILIES}: every candidate fitted on all answers; those that overturn the
   * vote left out; the rest averaged with equal weight per family and within it. When the left-out
   * ones held at least {@link SolutionGuards#LEFT_OUT_WEIGHT} of the weight, majority vote.
   */
  private AggregationResult families(Run run, HeldOutPredictions predictions, long scoredAnswers) {
    CrowdDataset data = run.data();
    CrowdDataset fitData = run.fitData();
    List<Candidate> candidates = run.candidates();
    List<String> notes = run.notes();
    FitContext<Gold> context = run.context();
    int c = candidates.size();
    double[] stacked =
        predictions == null
            ? new double[c]
            : prune(Stacking.fit(predictions, 10_000, 1e-9).weights(), data);
    double blend = predictions == null ? 1 : 0.5;
    FitContext<Gold> quiet = new FitContext<>(context.gold(), IterationListener.NONE);
    AggregationResult[] fits = new AggregationResult[c];
    String[] failure = new String[c];
    IterationListener progress = context.listener();
    java.util.concurrent.atomic.AtomicInteger done =
        new java.util.concurrent.atomic.AtomicInteger();
    IntStream.range(0, c)
        .parallel()
        .forEach(
            i -> {
              try {
                fits[i] = candidates.get(i).method().fit(fitData, quiet);
              } catch (RuntimeException e) {
                failure[i] = e.getClass().getSimpleName() + ": " + e.getMessage();
              }
              synchronized (progress) {
                progress.onIteration("candidate fits", done.incrementAndGet(), c, Double.NaN);
              }
            });
    Map<String, Integer> fitted = familySizes(candidates, failure);
    for (int i = 0; i < c; i++) {
      if (failure[i] == null) {
        String renamed =
            SolutionGuards.permuted(
                candidates.get(i).name(),
                fits[i].labels(),
                run.vote(),
                run.weightedVote(),
                data.labels());
        if (renamed != null) {
          notes.add(renamed + ": left out");
          failure[i] = "left out: classes renamed against the vote";
        }
      }
    }
    Map<String, Integer> kept = familySizes(candidates, failure);
    double leftOut = 0;
    double stackKept = 0;
    for (int i = 0; i < c; i++) {
      if (fits[i] == null) {
        continue;
      }
      double share = 1.0 / (fitted.size() * fitted.get(family(candidates.get(i).name())));
      if (failure[i] != null) {
        leftOut += blend * share + (1 - blend) * stacked[i];
      } else {
        stackKept += stacked[i];
      }
    }
    double[] weights = new double[c];
    List<Integer> used = new ArrayList<>();
    String overturnedNote = SolutionGuards.overturned(leftOut);
    if (overturnedNote == null) {
      // the stack's share goes to the families' when none of its candidates is left
      double stackShare = stackKept > 0 ? 1 - blend : 0;
      for (int i = 0; i < c; i++) {
        if (failure[i] == null) {
          double share = 1.0 / (kept.size() * kept.get(family(candidates.get(i).name())));
          weights[i] =
              (1 - stackShare) * share + (stackKept > 0 ? stackShare * stacked[i] / stackKept : 0);
          if (weights[i] > 0) {
            used.add(i);
          }
        }
      }
    } else {
      notes.add(overturnedNote);
    }
    List<CandidateScore> scores = new ArrayList<>();
    for (int i = 0; i < c; i++) {
      CandidateScore held =
          predictions == null || !predictions.ok(i) || failure[i] != null
              ? CandidateScore.unscored(
                  candidates.get(i).name(),
                  0,
                  failure[i] != null
                      ? failure[i]
                      : predictions == null ? null : predictions.failure(i))
              : predictions.score(i);
      scores.add(held.withWeight(weights[i]));
    }
    addSkipped(run.skipped(), scores);
    Provenance provenance = Provenance.of(name(), options, data::digest, run.start());
    AggregationResult result =
        used.isEmpty()
            ? run.majority()
            : used.size() == 1 && fitData == data
                ? fits[used.get(0)]
                : mixture(data, used, weights, fits, null, provenance);
    String far = SolutionGuards.disagreement(result.labels(), run.vote(), data.labels());
    if (far != null) {
      notes.add(far);
    }
    StringBuilder rule =
        new StringBuilder(
            predictions == null
                ? "equal weight per family of annotator model, equal within it:"
                : "half the weight equal per family of annotator model (equal within it), half"
                    + " stacked on the held-out answers; families:");
    for (Map.Entry<String, Integer> e : kept.entrySet()) {
      rule.append(' ').append(e.getKey()).append(" (").append(e.getValue()).append(')');
    }
    MethodSelection selection =
        new MethodSelection(
            options.criterion(),
            predictions == null ? 0 : options.folds(),
            options.seed(),
            scoredAnswers,
            scores,
            used.isEmpty() ? "mv" : describeChoice(candidates, weights, used),
            used.isEmpty() ? "majority vote (guard)" : rule.toString(),
            notes);
    return result.chosenBy(provenance, selection);
  }

  /**
   * What one fit of {@code auto} works on; {@code vote} is {@code majority}'s labels, the guards'
   * reference, taken once.
   */
  private record Run(
      CrowdDataset data,
      CrowdDataset fitData,
      List<Candidate> candidates,
      Map<String, String> skipped,
      List<String> notes,
      AggregationResult majority,
      int[] vote,
      int[] weightedVote,
      FitContext<Gold> context,
      long start) {}

  /** A row per candidate that does not apply, with why. */
  private static void addSkipped(Map<String, String> skipped, List<CandidateScore> scores) {
    for (Map.Entry<String, String> e : skipped.entrySet()) {
      scores.add(CandidateScore.unscored(e.getKey(), 0, "skipped: " + e.getValue()));
    }
  }

  /** Number of candidates per family among those without a failure. */
  private static Map<String, Integer> familySizes(List<Candidate> candidates, String[] failure) {
    Map<String, Integer> sizes = new LinkedHashMap<>();
    for (int i = 0; i < failure.length; i++) {
      if (failure[i] == null) {
        sizes.merge(family(candidates.get(i).name()), 1, Integer::sum);
      }
    }
    return sizes;
  }

  /**
   * Held-out predictions in two rounds: every candidate on the first fold, then the other scored
   * folds only for the candidates that hold a stacking weight of at least {@code minWeight} on the
   * first (a candidate the mixture has no use for on a fifth of the answers is pruned).
   */
  private HeldOutPredictions pruningPredict(
      HeldOutScorer scorer,
      CrowdDataset scoredData,
      List<Candidate> candidates,
      FitContext<Gold> context,
      IterationListener listener,
      int scoredFolds) {
    HeldOutPredictions first = scorer.predict(scoredData, candidates, context, listener, 0, 1);
    if (scoredFolds == 1) {
      return first;
    }
    if (first.numScored() == 0 || !anyScored(first)) {
      return scorer.predict(scoredData, candidates, context, listener);
    }
    double[] w = Stacking.fit(first, 10_000, 1e-9).weights();
    List<Candidate> kept = new ArrayList<>();
    List<Integer> index = new ArrayList<>();
    for (int c = 0; c < candidates.size(); c++) {
      if (first.ok(c) && w[c] >= options.minWeight()) {
        kept.add(candidates.get(c));
        index.add(c);
      }
    }
    HeldOutPredictions rest = scorer.predict(scoredData, kept, context, listener, 1, scoredFolds);
    return HeldOutPredictions.merge(
        first,
        rest,
        index.stream().mapToInt(Integer::intValue).toArray(),
        "pruned: no stacking weight on the first fold");
  }

  private static boolean anyScored(HeldOutPredictions predictions) {
    for (int c = 0; c < predictions.numCandidates(); c++) {
      if (predictions.ok(c)) {
        return true;
      }
    }
    return false;
  }

  /** All the weight on the first candidate still in the running (not failed, not left out). */
  private static double[] first(HeldOutPredictions predictions) {
    double[] w = new double[predictions.numCandidates()];
    for (int c = 0; c < w.length; c++) {
      if (predictions.ok(c)) {
        w[c] = 1;
        break;
      }
    }
    return w;
  }

  /** 1 for the best-scoring candidate, 0 for the others. */
  private static double[] best(HeldOutPredictions predictions) {
    int c = predictions.numCandidates();
    int best = -1;
    for (int i = 0; i < c; i++) {
      CandidateScore s = predictions.score(i);
      if (s.ok() && (best < 0 || s.score() > predictions.score(best).score())) {
        best = i;
      }
    }
    if (best < 0) {
      throw new IllegalStateException("no candidate could be scored");
    }
    double[] w = new double[c];
    w[best] = 1;
    return w;
  }

  /**
   * Stacking weights below {@code minWeight} set to 0 (and on large data all but the {@code
   * largeRefits} highest), the rest renormalised.
   */
  private double[] prune(double[] raw, CrowdDataset data) {
    return prune(
        raw,
        options.minWeight(),
        data.numAnswers() > options.maxScoredAnswers() ? options.largeRefits() : raw.length);
  }

  /**
   * {@code raw} with the weights below {@code minWeight}, and all but the {@code keep} highest, set
   * to 0 and the rest renormalised (ties at the cut are all kept).
   */
  static double[] prune(double[] raw, double minWeight, int keep) {
    double floor = minWeight;
    if (keep < raw.length) {
      double[] sorted = raw.clone();
      Arrays.sort(sorted);
      floor = Math.max(floor, sorted[sorted.length - keep]);
    }
    double kept = 0;
    for (double v : raw) {
      if (v >= floor) {
        kept += v;
      }
    }
    double[] w = new double[raw.length];
    for (int i = 0; i < raw.length; i++) {
      w[i] = raw[i] >= floor ? raw[i] / kept : 0;
    }
    return w;
  }

  private static String describeChoice(
      List<Candidate> candidates, double[] weights, List<Integer> used) {
    if (used.size() == 1) {
      return candidates.get(used.get(0)).name();
    }
    List<Integer> order = new ArrayList<>(used);
    order.sort((a, b) -> Double.compare(weights[b], weights[a]));
    StringBuilder sb = new StringBuilder("stack(");
    int shown = Math.min(order.size(), 6);
    for (int i = 0; i < shown; i++) {
      int c = order.get(i);
      sb.append(i == 0 ? "" : ", ")
          .append(candidates.get(c).name())
          .append(' ')
          .append(String.format(Locale.ROOT, "%.3f", weights[c]));
    }
    if (shown < order.size()) {
      sb.append(", … ").append(order.size() - shown).append(" more");
    }
    return sb.append(')').toString();
  }

  private static AggregationResult mixture(
      CrowdDataset data,
      List<Integer> used,
      double[] weights,
      AggregationResult[] refits,
      Stacking stack,
      Provenance provenance) {
    int n = data.numTasks();
    int k = data.numLabels();
    double[] post = new double[n * k];
    double[] prior = new double[k];
    boolean converged = true;
    for (int c : used) {
      double w = weights[c];
      double[] q = refits[c].posteriors();
      for (int j = 0; j < q.length; j++) {
        post[j] += w * q[j];
      }
      converged &= refits[c].diagnostics().converged();
    }
    for (int i = 0; i < n; i++) {
      // the weights sum to 1 only up to rounding: each row is renormalised so that none exceeds 1
      Posteriors.normalizeInPlace(post, i * k, k);
      for (int z = 0; z < k; z++) {
        prior[z] += post[i * k + z] / Math.max(1, n);
      }
    }
    Diagnostics diagnostics =
        stack != null
            ? new Diagnostics(
                stack.iterations(),
                converged && stack.converged(),
                stack.objective(),
                "stacked held-out log-likelihood per answer")
            : new Diagnostics(
                0, converged, new double[0], "none (equal-weight ensemble of converged fits)");
    return new AggregationResult(
        data, post, null, prior, ConfusionMatrices.against(data, post), diagnostics, provenance);
  }

  /**
   * {@code data} itself, or above {@code maxScoredAnswers} answers a seeded sample of whole tasks
   * with about that many answers (same label order).
   */
  private CrowdDataset sample(CrowdDataset data) {
    if (data.numAnswers() <= options.maxScoredAnswers()) {
      return data;
    }
    int n = data.numTasks();
    int[] order = IntStream.range(0, n).toArray();
    SplittableRandom rng = new SplittableRandom(options.seed() ^ 0x5DEECE66DL);
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    CrowdDataset.Builder b = CrowdDataset.builder().labels(data.labels().names());
    int taken = 0;
    for (int i = 0; i < n && taken < options.maxScoredAnswers(); i++) {
      int t = order[i];
      String task = data.tasks().name(t);
      for (int a = data.taskStart(t); a < data.taskEnd(t); a++) {
        String worker = data.anonymous() ? null : data.workers().name(data.worker(a));
        b.add(task, worker, data.labels().name(data.label(a)));
        taken++;
      }
    }
    return b.build();
  }

  @Override
  public String toString() {
    return "Auto" + Arrays.asList(options);
  }
}
