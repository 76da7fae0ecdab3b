package org.crowd4j.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.CrowdMixture;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.internal.kernel.CrowdMixtureKernel;
import org.crowd4j.method.Diagnostics;

/**
 * {@link CrowdMixture} (Mena &amp; Ñanculef 2019, answer-only) on Spark. Its EM needs only the
 * class prior and the pooled K × K confusion, so every broadcast and every reduction is a few dozen
 * numbers whatever the number of answers or annotators.
 *
 * <p><b>Initialisation, as the core.</b> One job collects the distinct (answer label, soft-MV row)
 * points with their answer counts ({@link CrowdMixtureKernel.StartPoints}; their number depends on
 * K and the redundancy, not on the data size); the driver runs the weighted k-means of every
 * restart on them with the core's seeds, so the groups are the core's; one job takes the first
 * M-step of every restart. <b>EM.</b> The restarts run side by side: one job per iteration computes
 * the E-step ({@link CrowdMixtureKernel#sweepTask}) of every restart still running, and each
 * restart takes its M-step and applies its stopping rule on the driver ({@link
 * CrowdMixtureKernel.Run}); the restart with the highest final objective is kept. A final job sums
 * the per-worker group memberships. A listener that stops the fit stops all restarts at once (the
 * core stops the current restart and skips the later ones).
 */
public final class SparkCrowdMixture
    extends SparkEmAggregator<SparkCrowdMixtureModel, SparkCrowdMixture> {
  private static final long serialVersionUID = 1L;
  private static final int KMEANS_ITERATIONS = 100;
  private static final CrowdMixture.Options DEFAULTS = CrowdMixture.Options.defaults();

  private final IntParam groups;
  private final IntParam restarts;
  private final BooleanParam laplace;
  private final BooleanParam randomLambda;
  private final LongParam seed;

  /** The crowd mixture with default options. */
  public SparkCrowdMixture() {
    this(newUid("crowd-mixture"));
  }

  /** The crowd mixture with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkCrowdMixture(String uid) {
    super(uid, DEFAULTS.maxIterations(), DEFAULTS.tol());
    groups = new IntParam(this, "groups", "number of annotator groups M (>= 1)");
    restarts =
        new IntParam(this, "restarts", "EM runs from different starts; the best is kept (>= 1)");
    laplace =
        new BooleanParam(this, "laplace", "Laplace priors on the group weights and confusions");
    randomLambda =
        new BooleanParam(this, "randomLambda", "random initial group weights of the start");
    seed = new LongParam(this, "seed", "seed of the k-means starts and the random weights");
    setDefault(groups, DEFAULTS.groups());
    setDefault(restarts, DEFAULTS.restarts());
    setDefault(laplace, DEFAULTS.laplace());
    setDefault(randomLambda, DEFAULTS.randomLambda());
    setDefault(seed, DEFAULTS.seed());
  }

  /** The crowd mixture with {@code options}. */
  public SparkCrowdMixture(CrowdMixture.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkCrowdMixture> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkCrowdMixture load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "crowd-mixture";
  }

  /** The number of annotator groups (the core's {@code groups}). */
  public IntParam groups() {
    return groups;
  }

  /** The value of {@link #groups()}. */
  public int getGroups() {
    return (Integer) $(groups);
  }

  /** Sets {@link #groups()}, checked by the core's options record. */
  public SparkCrowdMixture setGroups(int value) {
    return setOption(groups, "groups", value);
  }

  /** The number of EM runs from different starts (the core's {@code restarts}). */
  public IntParam restarts() {
    return restarts;
  }

  /** The value of {@link #restarts()}. */
  public int getRestarts() {
    return (Integer) $(restarts);
  }

  /** Sets {@link #restarts()}, checked by the core's options record. */
  public SparkCrowdMixture setRestarts(int value) {
    return setOption(restarts, "restarts", value);
  }

  /** Laplace priors (the core's {@code laplace}). */
  public BooleanParam laplace() {
    return laplace;
  }

  /** The value of {@link #laplace()}. */
  public boolean getLaplace() {
    return (Boolean) $(laplace);
  }

  /** Sets {@link #laplace()}. */
  public SparkCrowdMixture setLaplace(boolean value) {
    return setOption(laplace, "laplace", value);
  }

  /** Random initial group weights (the core's {@code randomLambda}). */
  public BooleanParam randomLambda() {
    return randomLambda;
  }

  /** The value of {@link #randomLambda()}. */
  public boolean getRandomLambda() {
    return (Boolean) $(randomLambda);
  }

  /** Sets {@link #randomLambda()}. */
  public SparkCrowdMixture setRandomLambda(boolean value) {
    return setOption(randomLambda, "randomLambda", value);
  }

  /** The seed of the starts (the core's {@code seed}). */
  public LongParam seed() {
    return seed;
  }

  /** The value of {@link #seed()}. */
  public long getSeed() {
    return (Long) $(seed);
  }

  /** Sets {@link #seed()}. */
  public SparkCrowdMixture setSeed(long value) {
    return setOption(seed, "seed", value);
  }

  @Override
  public CrowdMixture.Options options() {
    return new CrowdMixture.Options(
        getGroups(),
        getMaxIter(),
        getTol(),
        getRestarts(),
        getLaplace(),
        getRandomLambda(),
        getSeed());
  }

  /** Sets every option from a {@link CrowdMixture.Options}. */
  @Override
  public SparkCrowdMixture setOptions(Record options) {
    CrowdMixture.Options o = expect(options, CrowdMixture.Options.class);
    return OptionSetter.setAll(this, o);
  }

  @Override
  SparkCrowdMixtureModel newModel(String uid, ModelState state) {
    return new SparkCrowdMixtureModel(uid, state);
  }

  /** What the first M-step needs on the executors. */
  private record Start(double[] points, int[][] clusters, double[][] lambda)
      implements Serializable {}

  @Override
  ModelState fit(PreparedAnswers data) {
    CrowdMixture.Options options = options();
    int k = data.numLabels();
    int k2 = k * k;
    int groups = options.groups();
    int restarts = options.restarts();
    long m = data.numAnswers;

    List<double[]> packed =
        data.blocks
            .map(
                b -> {
                  double[] mv = Scratch.doubles(0, b.numTasks() * k);
                  Blocks.softMajority(b, mv, false);
                  CrowdMixtureKernel.StartPoints.Builder builder =
                      CrowdMixtureKernel.StartPoints.builder(k);
                  int[] off = b.off();
                  int[] label = b.label();
                  for (int i = 0; i < b.numTasks(); i++) {
                    for (int a = off[i]; a < off[i + 1]; a++) {
                      builder.add(label[a], mv, i * k, 1);
                    }
                  }
                  return builder.build().pack();
                })
            .collect();
    CrowdMixtureKernel.StartPoints.Builder all = CrowdMixtureKernel.StartPoints.builder(k);
    for (double[] p : packed) {
      CrowdMixtureKernel.StartPoints.unpack(p, all);
    }
    CrowdMixtureKernel.StartPoints points = all.build();
    double[] features = points.features();
    SplittableRandom root = new SplittableRandom(options.seed());
    int[][] clusters = new int[restarts][];
    double[][] lambda = new double[restarts][groups];
    for (int r = 0; r < restarts; r++) {
      SplittableRandom rng = root.split();
      clusters[r] = points.cluster(features, groups, KMEANS_ITERATIONS, rng);
      for (int g = 0; g < groups; g++) {
        lambda[r][g] = options.randomLambda() ? rng.nextDouble() : 1.0;
      }
    }

    Broadcast<Start> start = broadcast(data, new Start(points.pack(), clusters, lambda));
    int startStride = k + groups + groups * k2;
    List<PartialSums> startParts =
        run(
            data,
            b -> {
              Start s = start.value();
              CrowdMixtureKernel.StartPoints.Builder builder =
                  CrowdMixtureKernel.StartPoints.builder(k);
              CrowdMixtureKernel.StartPoints.unpack(s.points(), builder);
              CrowdMixtureKernel.StartPoints pts = builder.build();
              int n = b.numTasks();
              double[] mv = Scratch.doubles(0, n * k);
              Blocks.softMajority(b, mv, false);
              double[] post = Scratch.doubles(1, n * k);
              Blocks.softMajority(b, post, true);
              int runs = s.clusters().length;
              int g = s.lambda()[0].length;
              double[][] rho = new double[runs][k];
              double[][] alpha = new double[runs][g];
              double[][] beta = new double[runs][g * k2];
              int[] off = b.off();
              int[] label = b.label();
              for (int i = 0; i < n; i++) {
                int size = off[i + 1] - off[i];
                int[] point = new int[size];
                int[] group = new int[size];
                for (int a = off[i]; a < off[i + 1]; a++) {
                  point[a - off[i]] = pts.indexOf(label[a], mv, i * k);
                }
                for (int r = 0; r < runs; r++) {
                  for (int j = 0; j < size; j++) {
                    group[j] = s.clusters()[r][point[j]];
                  }
                  CrowdMixtureKernel.accumulateStart(
                      label,
                      off[i],
                      off[i + 1],
                      group,
                      off[i],
                      s.lambda()[r],
                      post,
                      i * k,
                      k,
                      rho[r],
                      alpha[r],
                      beta[r]);
                }
              }
              double[] head = new double[runs * startStride];
              for (int r = 0; r < runs; r++) {
                int base = r * startStride;
                add(head, base, rho[r]);
                add(head, base + k, alpha[r]);
                add(head, base + k + g, beta[r]);
              }
              return PartialSums.head(head);
            });
    destroy(start);
    double[] startSums = PartialSums.total(startParts, restarts * startStride, 0, 0)[0];
    CrowdMixtureKernel.Run[] runs = new CrowdMixtureKernel.Run[restarts];
    for (int r = 0; r < restarts; r++) {
      runs[r] =
          new CrowdMixtureKernel.Run(
              k, groups, options.maxIterations(), options.tol(), options.laplace());
      double prior = runs[r].prior();
      int base = r * startStride;
      double[] rho = new double[k];
      double[] alpha = new double[groups];
      double[] beta = new double[groups * k2];
      for (int c = 0; c < k; c++) {
        rho[c] = startSums[base + c];
      }
      for (int g = 0; g < groups; g++) {
        alpha[g] = prior + startSums[base + k + g];
      }
      for (int j = 0; j < beta.length; j++) {
        beta[j] = prior + startSums[base + k + groups + j];
      }
      runs[r].start(rho, alpha, beta);
    }

    double[][][] lastParams = new double[restarts][][];
    int budget = restarts * options.maxIterations();
    int[] counter = {0};
    boolean stopped = false;
    int emStride = 1 + k + k2;
    while (!stopped) {
      List<Integer> active = new ArrayList<>();
      for (int r = 0; r < restarts; r++) {
        if (runs[r].active()) {
          active.add(r);
        }
      }
      if (active.isEmpty()) {
        break;
      }
      double[][][] params = new double[active.size()][][];
      for (int j = 0; j < params.length; j++) {
        CrowdMixtureKernel.Run run = runs[active.get(j)];
        params[j] = new double[][] {run.logRho().clone(), run.logP().clone()};
        lastParams[active.get(j)] = params[j];
      }
      Broadcast<double[][][]> bc = broadcast(data, params);
      List<PartialSums> parts =
          run(
              data,
              b -> {
                double[][][] p = bc.value();
                double[] head = new double[p.length * emStride];
                double[] q = new double[k];
                int[] off = b.off();
                int[] label = b.label();
                int[] gold = b.gold();
                for (int j = 0; j < p.length; j++) {
                  int base = j * emStride;
                  double[] rhoCounts = new double[k];
                  double[] counts = new double[k2];
                  double ll = 0;
                  for (int i = 0; i < b.numTasks(); i++) {
                    ll +=
                        CrowdMixtureKernel.sweepTask(
                            label,
                            off[i],
                            off[i + 1],
                            p[j][0],
                            p[j][1],
                            k,
                            gold[i],
                            q,
                            0,
                            rhoCounts,
                            counts);
                  }
                  head[base] = ll;
                  System.arraycopy(rhoCounts, 0, head, base + 1, k);
                  System.arraycopy(counts, 0, head, base + 1 + k, k2);
                }
                return PartialSums.head(head);
              });
      destroy(bc);
      double[] sums = PartialSums.total(parts, params.length * emStride, 0, 0)[0];
      for (int j = 0; j < params.length; j++) {
        int base = j * emStride;
        double[] rhoCounts = Arrays.copyOfRange(sums, base + 1, base + 1 + k);
        double[] counts = Arrays.copyOfRange(sums, base + 1 + k, base + emStride);
        CrowdMixtureKernel.Run run = runs[active.get(j)];
        run.update(
            sums[base],
            rhoCounts,
            counts,
            m,
            objective -> listener().onIteration(name(), ++counter[0], budget, objective));
        if (run.interrupted()) {
          stopped = true;
        }
      }
    }

    int bestIndex = 0;
    for (int r = 1; r < restarts; r++) {
      if (runs[r].objective() > runs[bestIndex].objective()) {
        bestIndex = r;
      }
    }
    CrowdMixtureKernel.Run best = runs[bestIndex];
    Broadcast<double[][]> eStep =
        lastParams[bestIndex] == null ? null : broadcast(data, lastParams[bestIndex]);
    BlockScorer scorer = eStep == null ? Blocks.softMajorityScorer() : scorer(eStep);

    double[] alpha = best.alpha();
    double[] beta = best.beta();
    Broadcast<double[]> betaB = broadcast(data, beta);
    List<PartialSums> memberParts =
        run(
            data,
            b -> {
              double[] post = scorer.score(b);
              double[] out = new double[b.numLocalWorkers() * groups];
              int[] off = b.off();
              for (int i = 0; i < b.numTasks(); i++) {
                CrowdMixtureKernel.membershipTask(
                    b.worker(),
                    b.label(),
                    off[i],
                    off[i + 1],
                    post,
                    i * k,
                    betaB.value(),
                    groups,
                    k,
                    out);
              }
              return new PartialSums(new double[0], b.workerIds(), out, groups);
            });
    destroy(betaB);
    double[] membership = PartialSums.total(memberParts, 0, data.numWorkers, groups)[1];
    for (int w = 0; w < data.numWorkers; w++) {
      for (int g = 0; g < groups; g++) {
        membership[w * groups + g] = Math.log(alpha[g]) + membership[w * groups + g];
      }
      Posteriors.softmaxInPlace(membership, w * groups, groups);
    }

    return new ModelState.Builder(data, name())
        .eStep(eStep, 0, 0)
        .classPriors(best.rho())
        .diagnostics(
            new Diagnostics(
                best.iterations(),
                best.converged(),
                best.history(),
                options.laplace() ? "log-posterior per answer" : "log-likelihood per answer"))
        .array(SparkCrowdMixtureModel.GROUP_WEIGHTS, alpha)
        .array(SparkCrowdMixtureModel.GROUP_CONFUSIONS, beta)
        .column(WorkerColumn.vector("membership", groups, membership))
        .build();
  }

  private static void add(double[] into, int from, double[] values) {
    for (int j = 0; j < values.length; j++) {
      into[from + j] += values[j];
    }
  }

  /** The E-step under broadcast {@code [log ρ, log P]}. */
  static BlockScorer scorer(Broadcast<double[][]> params) {
    return b -> {
      int k = b.numLabels();
      double[][] p = params.value();
      double[] post = new double[b.numTasks() * k];
      double[] rho = new double[k];
      double[] counts = new double[k * k];
      int[] off = b.off();
      int[] gold = b.gold();
      for (int i = 0; i < b.numTasks(); i++) {
        CrowdMixtureKernel.sweepTask(
            b.label(), off[i], off[i + 1], p[0], p[1], k, gold[i], post, i * k, rho, counts);
      }
      return post;
    };
  }
}
