package org.crowd4j.aggregate.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;

/**
 * Scores methods by how well their fits predict answers they did not see ({@link Criterion}), with
 * {@code K} seeded folds. Every (candidate, fold) fit runs in parallel; the sums are combined in a
 * fixed order, so the scores depend only on the data, the candidates and the seed.
 */
public final class HeldOutScorer {
  /** Pseudo-counts per row of the held-out worker's confusion (half on the diagonal). */
  static final double CHANNEL_PRIOR = 2.0;

  private final Criterion criterion;
  private final int folds;
  private final int scoredFolds;
  private final long seed;

  /** A scorer with {@code folds} folds drawn with {@code seed}, every fold scored. */
  public HeldOutScorer(Criterion criterion, int folds, long seed) {
    this(criterion, folds, seed, folds);
  }

  /**
   * A scorer with {@code folds} folds drawn with {@code seed} of which only the first {@code
   * scoredFolds} are held out and scored (one each candidate fit): fewer fits when the data are
   * large enough that one fold's answers already rank the candidates.
   */
  public HeldOutScorer(Criterion criterion, int folds, long seed, int scoredFolds) {
    this.criterion = Objects.requireNonNull(criterion, "criterion");
    if (folds < 2) {
      throw new IllegalArgumentException("folds must be >= 2: " + folds);
    }
    if (scoredFolds < 1 || scoredFolds > folds) {
      throw new IllegalArgumentException(
          "scoredFolds must be in [1, " + folds + "]: " + scoredFolds);
    }
    this.folds = folds;
    this.scoredFolds = scoredFolds;
    this.seed = seed;
  }

  /** The criterion. */
  public Criterion criterion() {
    return criterion;
  }

  /**
   * Scores every candidate on {@code data}; {@code context}'s gold is passed to every fit (its
   * listener is not). A candidate that throws on some fold is reported with its failure.
   */
  public List<CandidateScore> score(
      CrowdDataset data, List<Candidate> candidates, FitContext<Gold> context) {
    return predict(data, candidates, context).scores();
  }

  /**
   * Fits every candidate on every fold's training answers (all in parallel) and records the
   * probability each gave to each hidden answer. Anonymous answers are always scored as held-out
   * answers (there are no annotators to hold out).
   */
  public HeldOutPredictions predict(
      CrowdDataset data, List<Candidate> candidates, FitContext<Gold> context) {
    return predict(data, candidates, context, IterationListener.NONE);
  }

  /**
   * As {@link #predict(CrowdDataset, List, FitContext)}, reporting each finished (candidate, fold)
   * fit to {@code progress} as iteration {@code done} of {@code candidates × scored folds} (its
   * return value is ignored: the fits run to the end).
   */
  public HeldOutPredictions predict(
      CrowdDataset data,
      List<Candidate> candidates,
      FitContext<Gold> context,
      IterationListener progress) {
    return predict(data, candidates, context, progress, 0, scoredFolds);
  }

  /**
   * As {@link #predict(CrowdDataset, List, FitContext, IterationListener)} for the folds {@code
   * from} (inclusive) to {@code to} (exclusive) only: the folds are the same whatever range is
   * scored, so predictions of disjoint ranges can be {@linkplain HeldOutPredictions#merge merged}.
   */
  public HeldOutPredictions predict(
      CrowdDataset data,
      List<Candidate> candidates,
      FitContext<Gold> context,
      IterationListener progress,
      int from,
      int to) {
    if (from < 0 || to > folds || from >= to) {
      throw new IllegalArgumentException("fold range [" + from + ", " + to + ") of " + folds);
    }
    int nf = to - from;
    FitContext<Gold> quiet = new FitContext<>(context.gold(), IterationListener.NONE);
    CrowdDataset[] train = new CrowdDataset[nf];
    int m = data.numAnswers();
    int[] foldOf = new int[m];
    boolean byAnnotator = criterion == Criterion.HELD_OUT_ANNOTATOR && !data.anonymous();
    WorkerFolds workerFolds = null;
    if (byAnnotator) {
      workerFolds = WorkerFolds.of(data, folds, seed);
      for (int f = 0; f < nf; f++) {
        train[f] = data.restrictedTo(workerFolds.trainMask(data, from + f));
      }
      for (int a = 0; a < m; a++) {
        foldOf[a] = inRange(workerFolds.fold(data.worker(a)), from, to);
      }
    } else {
      AnswerFolds af = AnswerFolds.of(data, folds, seed);
      for (int f = 0; f < nf; f++) {
        train[f] = data.restrictedTo(af.trainMask(from + f));
      }
      for (int a = 0; a < m; a++) {
        foldOf[a] = inRange(af.fold(a), from, to);
      }
    }
    int scored = 0;
    int[] position = new int[m];
    for (int a = 0; a < m; a++) {
      position[a] = foldOf[a] >= 0 ? scored++ : -1;
    }
    int[] answers = new int[scored];
    int[] scoredFold = new int[scored];
    for (int a = 0; a < m; a++) {
      if (position[a] >= 0) {
        answers[position[a]] = a;
        scoredFold[position[a]] = foldOf[a];
      }
    }
    int c = candidates.size();
    double[][] probability = new double[c][scored];
    String[] jobFailures = new String[c * nf];
    WorkerFolds wf = workerFolds;
    java.util.concurrent.atomic.AtomicInteger done =
        new java.util.concurrent.atomic.AtomicInteger();
    IntStream.range(0, c * nf)
        .parallel()
        .forEach(
            job -> {
              int ci = job / nf;
              int f = job % nf;
              try {
                AggregationResult r = candidates.get(ci).method().fit(train[f], quiet);
                if (wf != null) {
                  predictAnnotators(data, wf, from + f, r, position, probability[ci]);
                } else {
                  predictAnswers(data, foldOf, from + f, r, position, probability[ci]);
                }
              } catch (RuntimeException e) {
                jobFailures[job] = e.getClass().getSimpleName() + ": " + e.getMessage();
              }
              synchronized (progress) {
                progress.onIteration("held-out fits", done.incrementAndGet(), c * nf, Double.NaN);
              }
            });
    String[] failures = new String[c];
    List<String> names = new ArrayList<>(c);
    for (int ci = 0; ci < c; ci++) {
      names.add(candidates.get(ci).name());
      for (int f = 0; f < nf && failures[ci] == null; f++) {
        failures[ci] = jobFailures[ci * nf + f];
      }
    }
    return new HeldOutPredictions(names, answers, scoredFold, to, probability, failures);
  }

  /** {@code fold}, or −1 (not scored) when it is outside [from, to). */
  private static int inRange(int fold, int from, int to) {
    return fold >= from && fold < to ? fold : -1;
  }

  private static void predictAnswers(
      CrowdDataset data, int[] foldOf, int f, AggregationResult r, int[] position, double[] out) {
    for (int a = 0; a < foldOf.length; a++) {
      if (foldOf[a] == f) {
        out[position[a]] = r.answerProbability(data.task(a), data.worker(a), data.label(a));
      }
    }
  }

  /**
   * Leave-one-out predictions for the hidden workers of fold {@code f}: worker w's confusion counts
   * are C[z, l] = Σ_{her answers a} q_{i(a)}(z) [l_a = l]; answer a is predicted by Σ_z q_i(z)
   * (C[z, l_a] − q_i(z) + π0[z, l_a]) / (Σ_l C[z, l] − q_i(z) + Σ_l π0[z, l]).
   */
  private static void predictAnnotators(
      CrowdDataset data, WorkerFolds wf, int f, AggregationResult r, int[] position, double[] out) {
    int k = data.numLabels();
    double[] prior = channelPrior(k);
    double[] cnt = new double[k * k];
    double[] row = new double[k];
    double[] q = new double[k];
    for (int w = 0; w < data.numWorkers(); w++) {
      if (wf.fold(w) != f) {
        continue;
      }
      java.util.Arrays.fill(cnt, 0.0);
      for (int j = data.workerStart(w); j < data.workerEnd(w); j++) {
        int a = data.workerAnswer(j);
        int i = data.task(a);
        int l = data.label(a);
        for (int z = 0; z < k; z++) {
          cnt[z * k + l] += r.posterior(i, z);
        }
      }
      for (int z = 0; z < k; z++) {
        double t = 0;
        for (int l = 0; l < k; l++) {
          t += cnt[z * k + l] + prior[z * k + l];
        }
        row[z] = t;
      }
      for (int j = data.workerStart(w); j < data.workerEnd(w); j++) {
        int a = data.workerAnswer(j);
        int i = data.task(a);
        int l = data.label(a);
        double p = 0;
        for (int z = 0; z < k; z++) {
          q[z] = r.posterior(i, z);
          p += q[z] * (cnt[z * k + l] - q[z] + prior[z * k + l]) / (row[z] - q[z]);
        }
        out[position[a]] = p;
      }
    }
  }

  /** π0: {@link #CHANNEL_PRIOR} pseudo-counts per row, half on the diagonal, half spread evenly. */
  static double[] channelPrior(int k) {
    double[] p = new double[k * k];
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        p[z * k + l] = CHANNEL_PRIOR * (0.5 / k + (z == l ? 0.5 : 0));
      }
    }
    return p;
  }
}
