package org.crowd4j.nn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.method.OptionsBinder;

/**
 * Chooses a learner's feature scaling, step sizes and regulariser without test data. Each candidate
 * setting is trained with the same seed (so the same initialisation and the same held-out items)
 * under the training options' early stopping and scored by the selection score of its returned
 * epoch: the accuracy on gold validation labels when given (highest wins), otherwise the mean
 * negative log-likelihood of the answers of the held-out training items (lowest wins; the
 * likelihood of unseen noisy answers under classifier and annotator model together, the same score
 * that picks the epoch). Ties go to the earlier candidate. An option the caller fixes is not
 * searched. With {@link TrainOptions.Selection#LAST_EPOCH} there is no score, and one training with
 * the defaults is run.
 *
 * <p>The search is by stages ({@link #defaultStages}), each a small grid whose winner is kept for
 * the later stages (coordinate search; a later stage's options sit at their first value until
 * then): (1) feature standardisation on or off — z-scoring is what badly scaled features need, but
 * on features already on a common scale (CNN activations) it can cost accuracy, so the run's own
 * criterion decides; (2) the classifier's learning rate {1e-3, 3e-3} times the annotator model's
 * step (the classifier's or 0.01 for the crowd layer and CoNAL; 0.01 or 0.05 for the confusion
 * logits of trace regularisation and the single noise matrix) — a faster annotator model lets the
 * held-out likelihood peak before the classifier memorises the noisy answers; (3) the learner's
 * regulariser: the trace weight {0.01 (Tanno et al.), 0.1}, CoNAL's λ {1e-5 (Chu et al.), 1e-4},
 * soft bootstrapping's β {0.95 (Reed et al.), 0.8}. A setting met again is not retrained. The
 * candidates are trained without the annotator model's final fit ({@link
 * TrainOptions#fitAnnotators()}, which does not change their scores); the chosen one is trained
 * once more with it (the same seed gives the same classifier). Cost: 2 + 3 + 1 = 6 early-stopped
 * trainings for CoNAL, trace regularisation and the single noise matrix, 5 for the crowd layer,
 * plus that last one; 3 for the two-stage learner. Learners whose epochs are an EM schedule (LIA,
 * the EM baselines, learning to vote) are not tuned.
 *
 * <p>The result is an ensemble ({@link LearnedModel#members()}) of {@link TrainOptions#members()}
 * classifiers: the chosen one and others trained with the chosen setting and their own seeds (other
 * initialisation, dropout, minibatches and, under held-out selection, other held-out items), each
 * early-stopped by its own score; their class probabilities are averaged. Averaging independently
 * trained networks (a deep ensemble, Lakshminarayanan et al. 2017) lowers the variance of the
 * prediction, which is large for small training sets with noisy labels, and gives back the items
 * that one member holds out. With {@code members = 0} the count is the rule {@link #members(String,
 * TrainOptions, int)}: {@value #ENSEMBLE_SIZE} for a tuned learner on at most {@value
 * #ENSEMBLE_MAX_ITEMS} training items, otherwise 1 (cost: each member is one more early-stopped
 * training).
 */
public final class Tuning {
  /** Members of the automatic ensemble. */
  public static final int ENSEMBLE_SIZE = 5;

  /** Most training items for which the automatic ensemble has more than one member. */
  public static final int ENSEMBLE_MAX_ITEMS = 5_000;

  /** Seed step between ensemble members (the 64-bit golden ratio; members never share a seed). */
  private static final long MEMBER_SEED_STEP = 0x9E3779B97F4A7C15L;

  /** Learning rates tried for every tuned learner. */
  public static final List<String> LEARNING_RATES = List.of("0.001", "0.003");

  private static final List<String> SCALING = List.of("true", "false");
  private static final Map<String, List<Axis>> STEP = new LinkedHashMap<>();
  private static final Map<String, List<Axis>> REGULARIZER = new LinkedHashMap<>();

  static {
    Axis headStep = new Axis("headLearningRate", List.of("0", "0.01"));
    Axis confusionStep = new Axis("confusionLearningRate", List.of("0.01", "0.05"));
    Axis trace = new Axis("lambda", List.of("0.01", "0.1"));
    STEP.put(TwoStage.NAME, List.of());
    STEP.put(CrowdLayer.NAME, List.of(headStep));
    STEP.put(TraceRegularized.NAME, List.of(confusionStep));
    STEP.put(SingleConfusion.NAME, List.of(confusionStep));
    STEP.put(Conal.NAME, List.of(headStep));
    STEP.put(SoftBootstrap.NAME, List.of());
    STEP.put(MaxMig.NAME, List.of());
    STEP.put(WeightedDoctorNet.NAME, List.of());
    STEP.put(Mbem.NAME, List.of());
    REGULARIZER.put(TraceRegularized.NAME, List.of(trace));
    REGULARIZER.put(SingleConfusion.NAME, List.of(trace));
    REGULARIZER.put(Conal.NAME, List.of(new Axis("lambda", List.of("1.0E-5", "1.0E-4"))));
    REGULARIZER.put(SoftBootstrap.NAME, List.of(new Axis("beta", List.of("0.95", "0.8"))));
  }

  private Tuning() {}

  /**
   * One option and the values tried.
   *
   * @param option a learner or training option name
   * @param values its values as {@code --param} text
   */
  public record Axis(String option, List<String> values) {
    /**
     * Copies.
     *
     * @param option a learner or training option name
     * @param values its values as {@code --param} text
     */
    public Axis {
      Objects.requireNonNull(option, "option");
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("axis " + option + " has no values");
      }
    }
  }

  /**
   * One trained grid point.
   *
   * @param setting the grid's options and their values
   * @param score selection score of its returned epoch
   * @param bestEpoch that epoch
   * @param epochsRun epochs run before early stopping
   * @param seconds wall time of its training
   */
  public record Candidate(
      Map<String, String> setting, double score, int bestEpoch, int epochsRun, double seconds) {
    /**
     * Copies.
     *
     * @param setting the grid's options and their values
     * @param score selection score of its returned epoch
     * @param bestEpoch that epoch
     * @param epochsRun epochs run before early stopping
     * @param seconds wall time of its training
     */
    public Candidate {
      setting = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(setting));
    }
  }

  /** Told when a grid point starts and when it is done. */
  public interface Listener {
    /**
     * Grid point {@code index} (0-based) of {@code total} starts.
     *
     * @param index the grid point (from 0)
     * @param total grid points in all
     * @param setting its settings
     */
    default void onStart(int index, int total, Map<String, String> setting) {}

    /**
     * Grid point {@code index} is trained.
     *
     * @param index the grid point (from 0)
     * @param total grid points in all
     * @param c its result
     */
    default void onDone(int index, int total, Candidate c) {}
  }

  /**
   * Whether {@code learner} is tuned: a learner trained by epochs with early stopping (not an EM
   * schedule).
   *
   * @param learner the command-line name
   * @return whether it is tuned
   */
  public static boolean tunes(String learner) {
    return STEP.containsKey(learner);
  }

  /**
   * The size of the ensemble {@link #fit} returns: {@code train.members()} when set, otherwise
   * {@value #ENSEMBLE_SIZE} for a tuned learner ({@link #tunes}) on at most {@value
   * #ENSEMBLE_MAX_ITEMS} training items and 1 otherwise.
   *
   * @param learner the command-line name
   * @param train the training options
   * @param items training items
   * @return the number of members
   */
  public static int members(String learner, TrainOptions train, int items) {
    if (train.members() > 0) {
      return train.members();
    }
    return tunes(learner) && items <= ENSEMBLE_MAX_ITEMS ? ENSEMBLE_SIZE : 1;
  }

  /**
   * The seed of ensemble member {@code member} of a training with seed {@code seed} (member 0: the
   * seed itself).
   *
   * @param seed the training's seed
   * @param member the member
   * @return its seed
   */
  public static long memberSeed(long seed, int member) {
    return seed + member * MEMBER_SEED_STEP;
  }

  /**
   * The default stages of {@code learner}: standardisation, then learning rate × annotator step,
   * then the regulariser (stages without axes left out); empty for untuned learners.
   *
   * @param learner the command-line name
   * @return the stages
   */
  public static List<List<Axis>> defaultStages(String learner) {
    List<List<Axis>> stages = new ArrayList<>();
    if (!tunes(learner)) {
      return stages;
    }
    stages.add(List.of(new Axis("standardize", SCALING)));
    List<Axis> step = new ArrayList<>();
    step.add(new Axis("learningRate", LEARNING_RATES));
    step.addAll(STEP.get(learner));
    stages.add(step);
    List<Axis> reg = REGULARIZER.getOrDefault(learner, List.of());
    if (!reg.isEmpty()) {
      stages.add(reg);
    }
    return stages;
  }

  /**
   * The default stages of {@code learner} without the options in {@code fixed} (a fixed {@code
   * headLearningRate} also fixes {@code confusionLearningRate}, which it overrides); empty stages
   * are dropped.
   *
   * @param learner the command-line name
   * @param fixed option names the user fixed
   * @return the stages
   */
  public static List<List<Axis>> stages(String learner, Set<String> fixed) {
    List<List<Axis>> out = new ArrayList<>();
    for (List<Axis> stage : defaultStages(learner)) {
      List<Axis> kept = new ArrayList<>();
      for (Axis a : stage) {
        boolean overridden =
            a.option().equals("confusionLearningRate") && fixed.contains("headLearningRate");
        if (!fixed.contains(a.option()) && !overridden) {
          kept.add(a);
        }
      }
      if (!kept.isEmpty()) {
        out.add(kept);
      }
    }
    return out;
  }

  /**
   * Number of trainings the stages take (a stage's point equal to the incumbent is not rerun).
   *
   * @param stages the stages
   * @return the number of trainings
   */
  public static int trainings(List<List<Axis>> stages) {
    int n = 1;
    for (List<Axis> stage : stages) {
      n += points(stage).size() - 1;
    }
    return n;
  }

  /**
   * Every combination of the axes' values, the first axis varying slowest.
   *
   * @param grid the axes
   * @return one setting per combination
   */
  public static List<Map<String, String>> points(List<Axis> grid) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (Axis a : grid) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> p : out) {
        for (String v : a.values()) {
          Map<String, String> q = new LinkedHashMap<>(p);
          q.put(a.option(), v);
          next.add(q);
        }
      }
      out = next;
    }
    return out;
  }

  /**
   * Trains {@code learner} at the candidates of {@code stages} (with {@code overrides} on top of
   * the learner's and the training defaults, see the class comment) and returns the best model; the
   * others are closed. The model's {@link LearnedModel#tuning()} records the stages, every
   * candidate's score and the choice. No stages: one training.
   *
   * @param learner learner name
   * @param overrides the caller's fixed options ({@code name=value}); they win over the grid
   * @param train training options (seed, early stopping, selection)
   * @param backbone the classifier
   * @param stages the grids to search, in order
   * @param data the answers
   * @param features the items' features
   * @param validation gold validation labels, or {@code null}
   * @param epochs told every epoch of every candidate (returning {@code false} stops that one)
   * @param listener told when each candidate starts and ends, or {@code null}
   * @return the chosen model, trained once more with the chosen setting (close it)
   */
  public static LearnedModel fit(
      String learner,
      Map<String, String> overrides,
      TrainOptions train,
      Backbone backbone,
      List<List<Axis>> stages,
      CrowdDataset data,
      TaskFeatures features,
      Validation validation,
      EpochListener epochs,
      Listener listener) {
    Listener l = listener == null ? new Listener() {} : listener;
    TrainOptions own = bound(train, overrides);
    if (scoreless(own, validation)) {
      // the last epoch has no selection score to compare candidates by
      stages = List.of();
    }
    int members = members(learner, own, data.numTasks());
    int grid = trainings(stages);
    int total = grid + members - 1;
    Map<String, String> incumbent = new LinkedHashMap<>();
    for (List<Axis> stage : stages) {
      for (Axis a : stage) {
        incumbent.put(a.option(), a.values().get(0));
      }
    }
    Map<Map<String, String>, Candidate> seen = new LinkedHashMap<>();
    LearnedModel best = null;
    Candidate bestCandidate = null;
    List<Candidate> ensemble = new ArrayList<>();
    String metric = null;
    try {
      List<List<Axis>> run = stages.isEmpty() ? List.of(List.of()) : stages;
      for (List<Axis> stage : run) {
        for (Map<String, String> point : points(stage)) {
          Map<String, String> setting = new LinkedHashMap<>(incumbent);
          setting.putAll(point);
          if (seen.containsKey(setting)) {
            continue;
          }
          Map<String, String> all = new LinkedHashMap<>(setting);
          all.putAll(overrides);
          l.onStart(seen.size(), total, setting);
          long t0 = System.nanoTime();
          LearnedModel m =
              Learners.create(
                      learner, all, grid > 1 ? train.withFitAnnotators(false) : train, backbone)
                  .fit(data, features, validation, epochs);
          Candidate c = candidate(setting, m, t0);
          metric = m.summary().selectionMetric();
          l.onDone(seen.size(), total, c);
          seen.put(setting, c);
          if (best == null || better(metric, c.score(), bestCandidate.score())) {
            if (best != null) {
              best.close();
            }
            best = m;
            bestCandidate = c;
          } else {
            m.close();
          }
        }
        incumbent = new LinkedHashMap<>(bestCandidate.setting());
      }
      if (best.summary().annotatorFitSkipped() && train.fitAnnotators()) {
        // the winner again, now with its annotator model fitted: the same seed gives the same
        // classifier, so only the annotator model changes
        Map<String, String> all = new LinkedHashMap<>(bestCandidate.setting());
        all.putAll(overrides);
        LearnedModel fitted =
            Learners.create(learner, all, train, backbone).fit(data, features, validation, epochs);
        best.close();
        best = fitted;
      }
      ensemble.add(bestCandidate);
      for (int k = 1; k < members; k++) {
        // the chosen setting again with the member's own seed; only the first member's annotator
        // model is used, so the others skip its final fit
        Map<String, String> setting = new LinkedHashMap<>(bestCandidate.setting());
        setting.put("member", Integer.toString(k));
        Map<String, String> all = new LinkedHashMap<>(bestCandidate.setting());
        all.putAll(overrides);
        all.put("seed", Long.toString(memberSeed(own.seed(), k)));
        l.onStart(seen.size() + k - 1, total, setting);
        long t0 = System.nanoTime();
        LearnedModel m =
            Learners.create(learner, all, train.withFitAnnotators(false), backbone)
                .fit(data, features, validation, epochs);
        best.addMembers(List.of(m));
        Candidate c = candidate(setting, m, t0);
        l.onDone(seen.size() + k - 1, total, c);
        ensemble.add(c);
      }
    } catch (RuntimeException | Error e) {
      if (best != null) {
        best.close();
      }
      throw e;
    }
    Map<String, Object> rec =
        record(stages, overrides, metric, List.copyOf(seen.values()), bestCandidate);
    rec.put("members", memberRecords(ensemble, own.seed()));
    best.setTuning(rec);
    return best;
  }

  /** The record of a training of {@code setting} that began at {@code startNanos}. */
  private static Candidate candidate(Map<String, String> setting, LearnedModel m, long startNanos) {
    TrainingSummary s = m.summary();
    return new Candidate(
        setting,
        s.bestScore(),
        s.bestEpoch(),
        s.epochsRun(),
        (System.nanoTime() - startNanos) / 1e9);
  }

  /** {@code train} with the training options among {@code overrides} bound onto it. */
  private static TrainOptions bound(TrainOptions train, Map<String, String> overrides) {
    Map<String, String> own = new LinkedHashMap<>();
    for (var c : TrainOptions.class.getRecordComponents()) {
      if (overrides.containsKey(c.getName())) {
        own.put(c.getName(), overrides.get(c.getName()));
      }
    }
    return own.isEmpty() ? train : OptionsBinder.bind(train, own);
  }

  /** The tuning record's list of ensemble members: seed, score, epochs and time of each. */
  private static List<Map<String, Object>> memberRecords(List<Candidate> members, long seed) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (int k = 0; k < members.size(); k++) {
      Candidate c = members.get(k);
      Map<String, Object> m = new LinkedHashMap<>();
      // as text: a 64-bit seed does not survive JSON readers that parse numbers as doubles
      m.put("seed", Long.toString(memberSeed(seed, k)));
      putOutcome(m, c);
      out.add(m);
    }
    return out;
  }

  /** Adds a training's score (null when not finite), epochs and seconds to its record. */
  private static void putOutcome(Map<String, Object> m, Candidate c) {
    m.put("score", Double.isFinite(c.score()) ? c.score() : null);
    m.put("bestEpoch", c.bestEpoch());
    m.put("epochsRun", c.epochsRun());
    m.put("seconds", Math.round(c.seconds() * 1000) / 1000.0);
  }

  /** Whether the training's selection is the last epoch, which gives no score. */
  private static boolean scoreless(TrainOptions train, Validation validation) {
    boolean hasValidation = validation != null && validation.count() > 0;
    return train.resolvedSelection(hasValidation) == TrainOptions.Selection.LAST_EPOCH;
  }

  /** Whether {@code score} beats {@code incumbent} under {@code metric} (strictly). */
  static boolean better(String metric, double score, double incumbent) {
    if (Double.isNaN(score)) {
      return false;
    }
    if (Double.isNaN(incumbent)) {
      return true;
    }
    return "valid-acc".equals(metric) ? score > incumbent : score < incumbent;
  }

  private static Map<String, Object> record(
      List<List<Axis>> stages,
      Map<String, String> fixed,
      String metric,
      List<Candidate> done,
      Candidate chosen) {
    Map<String, Object> t = new LinkedHashMap<>();
    List<Map<String, Object>> st = new ArrayList<>();
    for (List<Axis> stage : stages) {
      Map<String, Object> axes = new LinkedHashMap<>();
      for (Axis a : stage) {
        axes.put(a.option(), a.values());
      }
      st.add(axes);
    }
    t.put("stages", st);
    t.put("fixed", new LinkedHashMap<>(fixed));
    t.put("metric", metric);
    t.put("rule", "valid-acc".equals(metric) ? "highest" : "lowest");
    List<Map<String, Object>> cs = new ArrayList<>();
    for (Candidate c : done) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("setting", c.setting());
      putOutcome(m, c);
      cs.add(m);
    }
    t.put("candidates", cs);
    t.put("chosen", chosen.setting());
    return t;
  }

  /**
   * One line per candidate for progress output: setting, score, epochs.
   *
   * @param c the candidate
   * @param metric the selection score's name
   * @return the line
   */
  public static String describe(Candidate c, String metric) {
    StringBuilder sb = new StringBuilder();
    c.setting().forEach((k, v) -> sb.append(k).append('=').append(v).append(' '));
    return String.format(
        Locale.ROOT,
        "%s%s %.4f (epoch %d of %d, %.1f s)",
        sb,
        metric,
        c.score(),
        c.bestEpoch(),
        c.epochsRun(),
        c.seconds());
  }
}
