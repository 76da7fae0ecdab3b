package org.crowd4j.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.aggregate.Diagnostics;
import org.crowd4j.aggregate.Glad;
import org.crowd4j.aggregate.GladModel;
import org.crowd4j.aggregate.kernel.GladKernel;

/**
 * {@link Glad} (Whitehill et al. 2009) on Spark: worker abilities α on the driver, task log inverse
 * difficulties β with their tasks, EM with the core's L-BFGS M-step carried out on the distributed
 * parameter vector {@code [α, β]}.
 *
 * <p><b>Layout.</b> Besides the cached answer blocks, each partition has a state object with the β
 * of its tasks and their share of every L-BFGS vector (point, gradient, preconditioner, direction,
 * trial point and gradient, the five curvature pairs), its tasks' posteriors and the sums the next
 * E-step reuses ({@link GladKernel#evaluate}). The driver holds the α parts of the same vectors.
 * Each job maps the blocks zipped with the state to a new state, checkpointed locally (so the
 * lineage stays one step long) and returns the partition's sums; the old state is dropped.
 *
 * <p><b>Same algorithm as the core.</b> Per-task maths are {@link GladKernel#evaluate} and {@link
 * GladKernel#eStep}; the line search, the stopping rules and the curvature memory follow {@code
 * Lbfgs} step for step. The two-loop recursion is run on the driver from the inner products of the
 * stored pairs, the gradient and the preconditioner (a 60-number Gram table that every job updates
 * for the vectors it changes), which gives the core's direction coefficients up to rounding; the
 * direction itself is then formed coordinate by coordinate with the core's operations. Jobs per EM
 * iteration: one E-step, and per L-BFGS step one job that forms the direction and evaluates the
 * full step (plus one per shortened or backtracked step). Posteriors agree with the single-machine
 * method to rounding, not bit for bit: inner products are summed in another order.
 */
public final class SparkGlad extends SparkAggregator {
  private static final int MEMORY = 5;
  private static final double MAX_STEP = 5.0;
  private static final double ARMIJO = 1e-4;
  private static final int MAX_BACKTRACKS = 30;
  private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
  private static final int GRAM = 2 * MEMORY + 2 * MEMORY * MEMORY;

  private final Glad.Options options;

  /** GLAD with {@code options}. */
  public SparkGlad(Glad.Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** GLAD with default options. */
  public SparkGlad() {
    this(Glad.Options.defaults());
  }

  @Override
  public String name() {
    return "glad";
  }

  /** One partition's β-side vectors and posteriors; never modified once built. */
  static final class State implements Serializable {
    private static final long serialVersionUID = 1L;
    double[] x;
    double[] g;
    double[] diag;
    double[] d;
    double[][] s = new double[MEMORY][];
    double[][] y = new double[MEMORY][];
    double[] trialX;
    double[] trialG;
    double[] post;
    double[] logits;
    double[] softplus;
    double[] sigmaX;
    double[] betaFisher;
    PartialSums sums;

    State copy() {
      State c = new State();
      c.x = x;
      c.g = g;
      c.diag = diag;
      c.d = d;
      c.s = s.clone();
      c.y = y.clone();
      c.trialX = trialX;
      c.trialG = trialG;
      c.post = post;
      c.logits = logits;
      c.softplus = softplus;
      c.sigmaX = sigmaX;
      c.betaFisher = betaFisher;
      return c;
    }
  }

  /** What one job does to every partition. */
  static final class Op implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Take the pending trial as the new point, its step and gradient change into {@code slot}. */
    int acceptSlot = -1;

    /** E-step (else: evaluate a trial). */
    boolean eStep;

    /** E-step: evaluate at the point first (the sums the E-step reuses are elsewhere). */
    boolean evaluateFirst;

    /** Trial: form the direction from these two-loop coefficients first. */
    boolean direction;

    int pairs;
    int[] slots;
    double[] a;
    double[] b;
    double gamma;

    /** Trial: step length along the direction. */
    double t;

    /** Trial: slot the step and gradient change go to if the trial is accepted. */
    int newSlot;

    /** α at the evaluated point, per global worker. */
    double[] alpha;

    double alphaMean;
    double betaMean;
    double logKm1;
  }

  /** The driver's α-side vectors and the L-BFGS memory. */
  private static final class Driver {
    final int numWorkers;
    double[] x;
    double[] g;
    double[] diag;
    double[] d;
    final double[][] s = new double[MEMORY][];
    final double[][] y = new double[MEMORY][];
    final double[] rho = new double[MEMORY];
    int stored;
    int head;
    double[] trialX;
    double[] trialG;
    double[] sigmaE;
    double[] alphaFisher;
    double[] trialSigmaE;
    double[] trialAlphaFisher;
    double[] gram = new double[GRAM];
    boolean cachesAtX;
    int pendingSlot = -1;
    double lastNegativeQ;

    Driver(int numWorkers) {
      this.numWorkers = numWorkers;
      this.x = new double[numWorkers];
      Arrays.fill(x, 1.0);
    }
  }

  /** What the driver reads from a trial job. */
  private record Trial(double value, double gd, double largest, double sy, double[] gram) {}

  @Override
  CrowdModel fit(PreparedAnswers data) {
    int k = Math.max(1, data.numLabels());
    int numWorkers = data.numWorkers;
    long m = data.numAnswers;
    double scale = 1.0 / Math.max(1, m);
    double logKm1 = k > 1 ? Math.log(k - 1) : 0.0;
    Driver dr = new Driver(numWorkers);

    JavaRDD<State> state =
        data.blocks
            .map(
                b -> {
                  State st = new State();
                  st.x = new double[b.numTasks()];
                  Arrays.fill(st.x, 1.0);
                  st.post = new double[b.numTasks() * b.numLabels()];
                  return st;
                })
            .setName("crowd4j GLAD state");
    Job job = new Job(data, state);

    double objective = eStep(job, dr, logKm1) * scale;
    double[] history = new double[options.maxIterations()];
    int iterations = 0;
    boolean converged = options.maxIterations() == 0;
    double minDecrease = options.mStepTol() * m;
    for (int it = 1; it <= options.maxIterations(); it++) {
      boolean mConverged = minimize(job, dr, logKm1, minDecrease, it > 1);
      double next = eStep(job, dr, logKm1) * scale;
      history[it - 1] = next;
      iterations = it;
      boolean keepGoing = listener().onIteration(name(), it, options.maxIterations(), next);
      double gain = next - objective;
      objective = next;
      if (gain < options.tol() && mConverged) {
        converged = true;
        break;
      }
      if (!keepGoing) {
        break;
      }
    }
    if (dr.pendingSlot >= 0) {
      throw new IllegalStateException("a trial is pending after the E-step");
    }

    JavaRDD<State> last = job.state;
    String[] labels = data.labels.toArray(new String[0]);
    JavaRDD<Row> fitted =
        data.blocks.zipPartitions(last, (bs, ss) -> Blocks.rows(bs.next(), ss.next().post, labels));
    JavaRDD<Row> betaRows =
        data.blocks.zipPartitions(
            last,
            (bs, ss) -> {
              AnswerBlock b = bs.next();
              double[] beta = ss.next().x;
              List<Row> out = new java.util.ArrayList<>(b.numTasks());
              for (int i = 0; i < b.numTasks(); i++) {
                out.add(RowFactory.create(b.tasks()[i], beta[i]));
              }
              return out.iterator();
            });
    Dataset<Row> betaTable =
        data.spark.createDataFrame(
            betaRows,
            new StructType()
                .add("task", DataTypes.StringType, false)
                .add("beta", DataTypes.DoubleType, false));
    Dataset<Row> betaValues = betaTable.toDF("tname", "tvalue");

    double[] alpha = dr.x.clone();
    double[] prior = new double[k];
    Arrays.fill(prior, 1.0 / k);
    Broadcast<double[]> alphaB = broadcast(data, alpha);
    BlockScorer scorer = scorer(alphaB, options.betaPriorMean(), logKm1);
    StructType schema =
        new StructType()
            .add("answers", DataTypes.IntegerType, false)
            .add("alpha", DataTypes.DoubleType, false);
    double[][] table = {sizes(data), alpha};
    return new CrowdModel(
            name(),
            data,
            columns(),
            settings(),
            scorer,
            true,
            prior,
            new Diagnostics(
                iterations,
                converged,
                Arrays.copyOf(history, iterations),
                "log posterior of (alpha, beta) per answer"),
            new GladModel(alpha, new double[0]),
            () -> workerTable(data, schema, table, (w, p) -> new Object[] {(int) p[0][w], p[1][w]}),
            fitted)
        .withTaskTable(betaTable, betaValues)
        .onUnpersist(
            () -> {
              drop(data, last);
              destroy(alphaB);
            });
  }

  /** Runs jobs over the blocks zipped with the current state, replacing it. */
  private static final class Job {
    final PreparedAnswers data;
    JavaRDD<State> state;

    Job(PreparedAnswers data, JavaRDD<State> state) {
      this.data = data;
      this.state = state;
    }

    List<PartialSums> run(Op op) {
      Broadcast<Op> b = data.jsc.broadcast(op);
      JavaRDD<State> next =
          data.blocks
              .zipPartitions(state, (bs, ss) -> apply(bs, ss, b.value()))
              .setName("crowd4j GLAD state");
      next.persist(StorageLevel.MEMORY_AND_DISK());
      next.rdd().localCheckpoint();
      List<PartialSums> out = collect(data, next.map(st -> st.sums));
      drop(data, state);
      state = next;
      b.destroy();
      return out;
    }
  }

  /**
   * Removes the cached blocks of a state the next state no longer needs (its lineage was cut by the
   * local checkpoint). Goes through the call Spark's own context cleaner makes, which does not log
   * {@code unpersist}'s warning that a locally checkpointed RDD cannot be recomputed (expected
   * here: the state is dropped because it is not needed); falls back to {@code unpersist}.
   */
  static void drop(PreparedAnswers data, JavaRDD<?> rdd) {
    if (rdd.getStorageLevel().equals(StorageLevel.NONE())) {
      return;
    }
    try {
      data.spark.sparkContext().unpersistRDD(rdd.id(), false);
    } catch (LinkageError e) {
      rdd.unpersist(false);
    }
  }

  private static Iterator<State> apply(Iterator<AnswerBlock> bs, Iterator<State> ss, Op op) {
    AnswerBlock b = bs.next();
    State st = ss.next().copy();
    if (op.acceptSlot >= 0) {
      int n = st.x.length;
      double[] s = new double[n];
      double[] y = new double[n];
      for (int i = 0; i < n; i++) {
        s[i] = st.trialX[i] - st.x[i];
        y[i] = st.trialG[i] - st.g[i];
      }
      st.s[op.acceptSlot] = s;
      st.y[op.acceptSlot] = y;
      st.x = st.trialX;
      st.g = st.trialG;
    }
    st.sums = op.eStep ? eStepBlock(b, st, op) : trialBlock(b, st, op);
    return Collections.singletonList(st).iterator();
  }

  /** Local θ = [α of the block's workers, β of its tasks]. */
  private static double[] theta(AnswerBlock b, double[] alpha, double[] beta) {
    int lw = b.numLocalWorkers();
    double[] theta = new double[lw + beta.length];
    int[] ids = b.workerIds();
    for (int j = 0; j < lw; j++) {
      theta[j] = alpha[ids[j]];
    }
    System.arraycopy(beta, 0, theta, lw, beta.length);
    return theta;
  }

  /**
   * {@link GladKernel#evaluate} at θ for the block; the caches go to {@code st}; returns [f] and
   * fills {@code acc} (3 per local worker) and {@code raw} (∂f/∂β at {@code lw + i}).
   */
  private static double evaluate(
      AnswerBlock b, State st, double[] theta, double logKm1, double[] acc, double[] raw) {
    int n = b.numTasks();
    int k = Math.max(1, b.numLabels());
    st.logits = new double[n * k];
    st.softplus = new double[n];
    st.sigmaX = new double[n];
    st.betaFisher = new double[n];
    return GladKernel.evaluate(
        b.off(),
        b.worker(),
        b.label(),
        0,
        n,
        theta,
        b.numLocalWorkers(),
        k,
        logKm1,
        st.post,
        acc,
        raw,
        st.logits,
        st.softplus,
        st.sigmaX,
        st.betaFisher);
  }

  /**
   * Head of an E-step job: [f, logLik, β prior sum, gram (60)], per worker [wp, σE, Fisher] (the
   * last two 0 unless the point was evaluated first).
   */
  private static PartialSums eStepBlock(AnswerBlock b, State st, Op op) {
    int n = b.numTasks();
    int k = Math.max(1, b.numLabels());
    int lw = b.numLocalWorkers();
    double[] theta = theta(b, op.alpha, st.x);
    double[] acc = new double[lw * GladKernel.WORKER_STRIDE];
    double[] raw = new double[lw + n];
    if (op.evaluateFirst) {
      evaluate(b, st, theta, op.logKm1, acc, raw);
    }
    double[] logPrior = new double[k];
    Arrays.fill(logPrior, -Math.log(k));
    double[] post = new double[n * k];
    double[] wp = new double[lw];
    double[] sums = new double[2];
    GladKernel.eStep(
        b.off(),
        b.worker(),
        b.label(),
        0,
        n,
        theta,
        lw,
        k,
        logPrior,
        op.logKm1,
        b.gold(),
        st.logits,
        st.softplus,
        st.sigmaX,
        post,
        wp,
        raw,
        sums);
    st.post = post;
    double[] g = new double[n];
    double[] diag = new double[n];
    double prior = 0;
    for (int i = 0; i < n; i++) {
      double dv = st.x[i] - op.betaMean;
      g[i] = -(raw[lw + i] - dv);
      prior -= 0.5 * dv * dv;
      diag[i] = 1.0 / (st.betaFisher[i] + 1.0);
    }
    st.g = g;
    st.diag = diag;
    double[] head = new double[3 + GRAM];
    head[0] = sums[0];
    head[1] = sums[1];
    head[2] = prior;
    gram(st.g, st.diag, st.s, st.y, 0, n, head, 3);
    double[] per = new double[lw * 3];
    for (int j = 0; j < lw; j++) {
      per[j * 3] = wp[j];
      per[j * 3 + 1] = acc[j * GladKernel.WORKER_STRIDE + 1];
      per[j * 3 + 2] = acc[j * GladKernel.WORKER_STRIDE + 2];
    }
    return new PartialSums(head, b.workerIds(), per, 3);
  }

  /**
   * Head of a trial job: [f, β prior sum, s·y, g·d, speculative gram (60)], maximum: [max |d|], per
   * worker the {@link GladKernel#evaluate} sums (3).
   */
  private static PartialSums trialBlock(AnswerBlock b, State st, Op op) {
    int n = b.numTasks();
    int lw = b.numLocalWorkers();
    double gd = 0;
    double largest = 0;
    if (op.direction) {
      double[] d = new double[n];
      for (int i = 0; i < n; i++) {
        d[i] = direction(st.g[i], st.diag[i], st.s, st.y, i, op);
        gd += st.g[i] * d[i];
        largest = Math.max(largest, Math.abs(d[i]));
      }
      st.d = d;
    }
    double[] trial = new double[n];
    for (int i = 0; i < n; i++) {
      trial[i] = st.x[i] + op.t * st.d[i];
    }
    double[] theta = theta(b, op.alpha, trial);
    double[] acc = new double[lw * GladKernel.WORKER_STRIDE];
    double[] raw = new double[lw + n];
    double f = evaluate(b, st, theta, op.logKm1, acc, raw);
    double[] tg = new double[n];
    double prior = 0;
    double sy = 0;
    double[] sNew = new double[n];
    double[] yNew = new double[n];
    for (int i = 0; i < n; i++) {
      double dv = trial[i] - op.betaMean;
      tg[i] = -(raw[lw + i] - dv);
      prior -= 0.5 * dv * dv;
      sNew[i] = trial[i] - st.x[i];
      yNew[i] = tg[i] - st.g[i];
      sy += sNew[i] * yNew[i];
    }
    st.trialX = trial;
    st.trialG = tg;
    double[][] s = st.s.clone();
    double[][] y = st.y.clone();
    s[op.newSlot] = sNew;
    y[op.newSlot] = yNew;
    double[] head = new double[4 + GRAM];
    head[0] = f;
    head[1] = prior;
    head[2] = sy;
    head[3] = gd;
    gram(tg, st.diag, s, y, 0, n, head, 4);
    return new PartialSums(head, b.workerIds(), acc, GladKernel.WORKER_STRIDE).withMaxima(largest);
  }

  /** Coordinate {@code j} of the L-BFGS direction, with the core's operations in its order. */
  private static double direction(double g, double diag, double[][] s, double[][] y, int j, Op op) {
    double q = g;
    for (int c = 0; c < op.pairs; c++) {
      q += -op.a[c] * y[op.slots[c]][j];
    }
    if (op.pairs > 0) {
      q *= op.gamma * diag;
    } else {
      q *= diag;
    }
    for (int c = op.pairs - 1; c >= 0; c--) {
      q += (op.a[c] - op.b[c]) * s[op.slots[c]][j];
    }
    return -q;
  }

  /**
   * Adds the inner products of coordinates {@code [from, to)} into {@code out[at ..]}: s_p·g
   * (MEMORY), y_p·D·g (MEMORY), s_p·y_q (MEMORY²), y_p·D·y_q (MEMORY²); missing pairs count zero.
   */
  private static void gram(
      double[] g,
      double[] diag,
      double[][] s,
      double[][] y,
      int from,
      int to,
      double[] out,
      int at) {
    for (int p = 0; p < MEMORY; p++) {
      if (s[p] == null) {
        continue;
      }
      double sg = 0;
      double ydg = 0;
      for (int j = from; j < to; j++) {
        sg += s[p][j] * g[j];
        ydg += y[p][j] * diag[j] * g[j];
      }
      out[at + p] += sg;
      out[at + MEMORY + p] += ydg;
      for (int q = 0; q < MEMORY; q++) {
        if (s[q] == null) {
          continue;
        }
        double sy = 0;
        double ydy = 0;
        for (int j = from; j < to; j++) {
          sy += s[p][j] * y[q][j];
          ydy += y[p][j] * diag[j] * y[q][j];
        }
        out[at + 2 * MEMORY + p * MEMORY + q] += sy;
        out[at + 2 * MEMORY + MEMORY * MEMORY + p * MEMORY + q] += ydy;
      }
    }
  }

  private Op op(Driver dr, double logKm1) {
    Op op = new Op();
    op.acceptSlot = dr.pendingSlot;
    dr.pendingSlot = -1;
    op.alphaMean = options.alphaPriorMean();
    op.betaMean = options.betaPriorMean();
    op.logKm1 = logKm1;
    return op;
  }

  /**
   * The core's {@code Problem.eStep} at the current point: posteriors, gradient, preconditioner and
   * Gram table, the M-step objective ({@code dr.lastNegativeQ}); returns the log posterior.
   */
  private double eStep(Job job, Driver dr, double logKm1) {
    int w = dr.numWorkers;
    Op op = op(dr, logKm1);
    op.eStep = true;
    op.evaluateFirst = !dr.cachesAtX;
    op.alpha = dr.x;
    List<PartialSums> parts = job.run(op);
    double[][] sums = PartialSums.total(parts, 3 + GRAM, w, 3);
    double q = sums[0][0];
    double logLik = sums[0][1];
    if (op.evaluateFirst) {
      dr.sigmaE = new double[w];
      dr.alphaFisher = new double[w];
      for (int j = 0; j < w; j++) {
        dr.sigmaE[j] = sums[1][j * 3 + 1];
        dr.alphaFisher[j] = sums[1][j * 3 + 2];
      }
      dr.cachesAtX = true;
    }
    double[] g = new double[w];
    double[] diag = new double[w];
    double prior = 0;
    for (int j = 0; j < w; j++) {
      g[j] = -dr.sigmaE[j] + sums[1][j * 3];
    }
    for (int j = 0; j < w; j++) {
      double dv = dr.x[j] - options.alphaPriorMean();
      g[j] -= dv;
      prior -= 0.5 * dv * dv;
    }
    prior += sums[0][2];
    double logPriorDensity = prior - (w + job.data.numTasks) * HALF_LOG_2PI;
    for (int j = 0; j < w; j++) {
      g[j] = -g[j];
      diag[j] = 1.0 / (dr.alphaFisher[j] + 1.0);
    }
    dr.g = g;
    dr.diag = diag;
    double[] gram = Arrays.copyOfRange(sums[0], 3, 3 + GRAM);
    gram(dr.g, dr.diag, dr.s, dr.y, 0, w, gram, 0);
    dr.gram = gram;
    dr.lastNegativeQ = -(q + logPriorDensity);
    return logLik + logPriorDensity;
  }

  /** {@code Lbfgs.minimize} on the distributed vector; returns whether it converged. */
  private boolean minimize(
      Job job, Driver dr, double logKm1, double minDecrease, boolean keepMemory) {
    if (!keepMemory) {
      dr.stored = 0;
      dr.head = 0;
    }
    int steps = 0;
    double value = dr.lastNegativeQ;
    boolean converged = false;
    while (steps < options.mStepMaxIterations()) {
      Trial tr = trial(job, dr, logKm1, dr.stored, 1.0);
      double gd = tr.gd();
      if (!(gd < 0)) {
        dr.stored = 0;
        tr = trial(job, dr, logKm1, 0, 1.0);
        gd = tr.gd();
        if (!(gd < 0)) {
          converged = true;
          dr.cachesAtX = false;
          break;
        }
      }
      double largest = tr.largest();
      double t = largest > MAX_STEP ? MAX_STEP / largest : 1.0;
      double next = Double.NaN;
      boolean accepted = false;
      for (int bt = 0; bt <= MAX_BACKTRACKS; bt++) {
        if (bt > 0 || t != 1.0) {
          tr = trial(job, dr, logKm1, -1, t);
        }
        next = tr.value();
        if (next <= value + ARMIJO * t * gd) {
          accepted = true;
          break;
        }
        double shrink = 0.1;
        if (Double.isFinite(next)) {
          double curvature = next - value - gd * t;
          if (curvature > 0) {
            shrink = Math.min(0.5, Math.max(0.1, -gd * t / (2 * curvature)));
          }
        }
        t *= shrink;
      }
      dr.cachesAtX = false;
      if (!accepted) {
        converged = true;
        break;
      }
      int w = dr.numWorkers;
      double[] sNew = new double[w];
      double[] yNew = new double[w];
      for (int j = 0; j < w; j++) {
        sNew[j] = dr.trialX[j] - dr.x[j];
        yNew[j] = dr.trialG[j] - dr.g[j];
      }
      dr.s[dr.head] = sNew;
      dr.y[dr.head] = yNew;
      dr.pendingSlot = dr.head;
      dr.x = dr.trialX;
      dr.g = dr.trialG;
      dr.sigmaE = dr.trialSigmaE;
      dr.alphaFisher = dr.trialAlphaFisher;
      dr.gram = tr.gram();
      dr.cachesAtX = true;
      double sy = tr.sy();
      if (sy > 1e-12) {
        dr.rho[dr.head] = 1.0 / sy;
        dr.head = (dr.head + 1) % MEMORY;
        dr.stored = Math.min(dr.stored + 1, MEMORY);
      }
      double decrease = value - next;
      value = next;
      steps++;
      if (decrease <= minDecrease) {
        converged = true;
        break;
      }
    }
    return converged;
  }

  /**
   * One trial job. With {@code pairs >= 0} it first forms the direction from the two-loop over the
   * {@code pairs} newest stored pairs; then it evaluates the point {@code x + t d}.
   */
  private Trial trial(Job job, Driver dr, double logKm1, int pairs, double t) {
    int w = dr.numWorkers;
    Op op = op(dr, logKm1);
    op.eStep = false;
    op.t = t;
    op.newSlot = dr.head;
    double gdAlpha = 0;
    double largestAlpha = 0;
    if (pairs >= 0) {
      twoLoop(dr, pairs, op);
      op.direction = true;
      dr.d = new double[w];
      for (int j = 0; j < w; j++) {
        dr.d[j] = direction(dr.g[j], dr.diag[j], dr.s, dr.y, j, op);
        gdAlpha += dr.g[j] * dr.d[j];
        largestAlpha = Math.max(largestAlpha, Math.abs(dr.d[j]));
      }
    }
    double[] trialX = new double[w];
    for (int j = 0; j < w; j++) {
      trialX[j] = dr.x[j] + t * dr.d[j];
    }
    op.alpha = trialX;
    List<PartialSums> parts = job.run(op);
    double[][] sums = PartialSums.total(parts, 4 + GRAM, w, GladKernel.WORKER_STRIDE);
    double q = sums[0][0];
    double[] tg = new double[w];
    double[] sigmaE = new double[w];
    double[] fisher = new double[w];
    for (int j = 0; j < w; j++) {
      tg[j] = sums[1][j * 3];
      sigmaE[j] = sums[1][j * 3 + 1];
      fisher[j] = sums[1][j * 3 + 2];
    }
    double prior = 0;
    for (int j = 0; j < w; j++) {
      double dv = trialX[j] - options.alphaPriorMean();
      tg[j] -= dv;
      prior -= 0.5 * dv * dv;
    }
    prior += sums[0][1];
    prior -= (w + job.data.numTasks) * HALF_LOG_2PI;
    double value = -(q + prior);
    for (int j = 0; j < w; j++) {
      tg[j] = -tg[j];
    }
    double sy = sums[0][2];
    double[] sNew = new double[w];
    double[] yNew = new double[w];
    for (int j = 0; j < w; j++) {
      sNew[j] = trialX[j] - dr.x[j];
      yNew[j] = tg[j] - dr.g[j];
      sy += sNew[j] * yNew[j];
    }
    double[][] s = dr.s.clone();
    double[][] y = dr.y.clone();
    s[dr.head] = sNew;
    y[dr.head] = yNew;
    double[] gram = Arrays.copyOfRange(sums[0], 4, 4 + GRAM);
    gram(tg, dr.diag, s, y, 0, w, gram, 0);
    dr.trialX = trialX;
    dr.trialG = tg;
    dr.trialSigmaE = sigmaE;
    dr.trialAlphaFisher = fisher;
    double gd = gdAlpha + sums[0][3];
    double largest = Math.max(largestAlpha, PartialSums.maxima(parts, 1)[0]);
    return new Trial(Double.isNaN(value) ? Double.POSITIVE_INFINITY : value, gd, largest, sy, gram);
  }

  /**
   * The two-loop recursion of {@code Lbfgs} in coefficient form over the Gram table: fills {@code
   * op}'s pairs, slots (newest first), a, b and γ.
   */
  private static void twoLoop(Driver dr, int pairs, Op op) {
    double[] gr = dr.gram;
    int[] slots = new int[pairs];
    double[] a = new double[pairs];
    double[] b = new double[pairs];
    for (int c = 0; c < pairs; c++) {
      slots[c] = Math.floorMod(dr.head - 1 - c, MEMORY);
    }
    for (int c = 0; c < pairs; c++) {
      int p = slots[c];
      double sq = gr[p];
      for (int c2 = 0; c2 < c; c2++) {
        sq -= a[c2] * gr[2 * MEMORY + p * MEMORY + slots[c2]];
      }
      a[c] = dr.rho[p] * sq;
    }
    double gamma = 1.0;
    if (pairs > 0) {
      int p = slots[0];
      double yDy = gr[2 * MEMORY + MEMORY * MEMORY + p * MEMORY + p];
      gamma = yDy > 0 ? 1.0 / (dr.rho[p] * yDy) : 1.0;
    }
    for (int c = pairs - 1; c >= 0; c--) {
      int p = slots[c];
      double ydq = gr[MEMORY + p];
      for (int c2 = 0; c2 < pairs; c2++) {
        ydq -= a[c2] * gr[2 * MEMORY + MEMORY * MEMORY + p * MEMORY + slots[c2]];
      }
      double yr = gamma * ydq;
      for (int c2 = pairs - 1; c2 > c; c2--) {
        yr += (a[c2] - b[c2]) * gr[2 * MEMORY + slots[c2] * MEMORY + p];
      }
      b[c] = dr.rho[p] * yr;
    }
    op.pairs = pairs;
    op.slots = slots;
    op.a = a;
    op.b = b;
    op.gamma = gamma;
  }

  /**
   * The E-step for new answers: α broadcast, β from the block's joined task values (the prior mean
   * for tasks the model has not seen), as {@link GladKernel#evaluate} then {@link
   * GladKernel#eStep}.
   */
  static BlockScorer scorer(Broadcast<double[]> alpha, double betaMean, double logKm1) {
    return b -> {
      int n = b.numTasks();
      int k = Math.max(1, b.numLabels());
      double[] beta = new double[n];
      double[] values = b.taskValue();
      for (int i = 0; i < n; i++) {
        beta[i] = values == null || Double.isNaN(values[i]) ? betaMean : values[i];
      }
      State st = new State();
      st.post = new double[n * k];
      double[] theta = theta(b, alpha.value(), beta);
      int lw = b.numLocalWorkers();
      evaluate(b, st, theta, logKm1, new double[lw * GladKernel.WORKER_STRIDE], new double[lw + n]);
      double[] logPrior = new double[k];
      Arrays.fill(logPrior, -Math.log(k));
      double[] post = new double[n * k];
      GladKernel.eStep(
          b.off(),
          b.worker(),
          b.label(),
          0,
          n,
          theta,
          lw,
          k,
          logPrior,
          logKm1,
          b.gold(),
          st.logits,
          st.softplus,
          st.sigmaX,
          post,
          new double[lw],
          new double[lw + n],
          new double[2]);
      return post;
    };
  }
}
