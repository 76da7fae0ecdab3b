package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.metrics.RocAuc;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.EpochStats;
import org.crowd4j.nn.LearningToVote;
import org.crowd4j.nn.NnRuntime;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TrainingSummary;
import org.crowd4j.nn.Validation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One training run of learning to vote (the method, its steps and its choices are described on
 * {@link LearningToVote}): the classifier as explicit arrays, the attention layer, the meta step
 * per label set, the vote, the binarisation, and their updates, epoch by epoch with the same model
 * selection as the other learners; at the end the classifier's weights are copied into the
 * backbone's DJL block.
 */
public final class VoteTraining {
  private static final Logger LOG = LoggerFactory.getLogger(VoteTraining.class);
  private static final String NAME = "learning-to-vote";
  private static final int EVAL_BATCH = 1024;
  private static final float MASKED = -1e4f;

  /** Adam (or plain steps) on explicit arrays with given gradients, PyTorch's arithmetic. */
  static final class Stepper {
    private final NDArray[] params;
    private final NDArray[] first;
    private final NDArray[] second;
    private final NDArray[] maxSecond;
    private final boolean[] decay;
    private final boolean adam;
    private final float lr;
    private final float b1;
    private final float b2;
    private final float eps;
    private final float wd;
    private int t;

    Stepper(
        NDManager home,
        NDArray[] params,
        boolean[] decay,
        boolean adam,
        double lr,
        TrainOptions o) {
      this.params = params;
      this.decay = decay;
      this.adam = adam;
      this.lr = (float) lr;
      this.b1 = (float) o.beta1();
      this.b2 = (float) o.beta2();
      this.eps = (float) o.epsilon();
      this.wd = (float) o.weightDecay();
      first = new NDArray[params.length];
      second = new NDArray[params.length];
      maxSecond = new NDArray[o.amsgrad() ? params.length : 0];
      for (int j = 0; j < params.length; j++) {
        first[j] = home.zeros(params[j].getShape());
        second[j] = home.zeros(params[j].getShape());
        if (o.amsgrad()) {
          maxSecond[j] = home.zeros(params[j].getShape());
        }
      }
    }

    List<NDArray> state() {
      List<NDArray> s = new ArrayList<>(Arrays.asList(first));
      s.addAll(Arrays.asList(second));
      s.addAll(Arrays.asList(maxSecond));
      return s;
    }

    void reset() {
      for (NDArray a : state()) {
        a.muli(0f);
      }
      t = 0;
    }

    void step(NDArray[] grads) {
      t++;
      float bc1 = 1 - (float) Math.pow(b1, t);
      float sqrtBc2 = (float) Math.sqrt(1 - Math.pow(b2, t));
      for (int j = 0; j < params.length; j++) {
        NDArray g = grads[j];
        if (decay[j] && wd > 0) {
          g = g.add(params[j].mul(wd));
        }
        if (!adam) {
          params[j].subi(g.mul(lr));
          continue;
        }
        first[j].muli(b1).addi(g.mul(1 - b1));
        second[j].muli(b2).addi(g.square().muli(1 - b2));
        NDArray v = second[j];
        if (maxSecond.length > 0) {
          maxSecond[j].addi(v.sub(maxSecond[j]).maximum(0f));
          v = maxSecond[j];
        }
        NDArray denom = v.sqrt().divi(sqrtBc2).addi(eps);
        params[j].subi(first[j].div(denom).muli(lr / bc1));
      }
    }
  }

  /** What one vote gives on a minibatch. */
  record Vote(NDArray labels, NDArray concat, NDArray weights, NDArray voted, NDArray refined) {}

  private final LearningToVote.Options options;
  private final TrainOptions train;
  private final Backbone backbone;
  private final VoteProblem p;
  private final boolean multiLabel;
  private final boolean plain;
  private final boolean softmax;
  private final Validation valid;
  private final LearningToVote.MultiLabelValidation multiValid;
  private final EpochListener listener;
  private final ExplicitMlp mlp;
  private final int[] hidden;
  private final double dropout;
  private final List<NDArray> longLived = new ArrayList<>();
  private NDManager work;
  private NDArray[] theta;
  private NDArray[] attention;

  /**
   * A training run of learning to vote.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier (an MLP without batch normalisation, at least one hidden layer)
   * @param p the training data
   * @param multiLabel whether the outputs are independent findings (else classes)
   * @param valid gold validation items of a multi-class fit, or {@code null}
   * @param multiValid gold validation items of a multi-label fit, or {@code null}
   * @param listener called after every epoch, or {@code null}
   */
  public VoteTraining(
      LearningToVote.Options options,
      TrainOptions train,
      Backbone backbone,
      VoteProblem p,
      boolean multiLabel,
      Validation valid,
      LearningToVote.MultiLabelValidation multiValid,
      EpochListener listener) {
    this.options = options;
    this.train = train;
    this.backbone = backbone;
    this.p = p;
    this.multiLabel = multiLabel;
    this.plain = p.targets() != null;
    this.softmax = !multiLabel && options.multiClassLoss() == LearningToVote.MultiClassLoss.SOFTMAX;
    this.valid = valid;
    this.multiValid = multiValid;
    this.listener = listener == null ? EpochListener.NONE : listener;
    Map<String, Object> b = backbone.describe();
    if (backbone.kind() != Backbone.Kind.MLP
        || Boolean.TRUE.equals(b.get("batchNorm"))
        || Boolean.TRUE.equals(b.get("inputBatchNorm"))) {
      throw new IllegalArgumentException(
          NAME + " needs an MLP backbone without batch normalisation, got " + b);
    }
    hidden = (int[]) b.get("hidden");
    if (hidden.length == 0) {
      throw new IllegalArgumentException(
          NAME + " needs at least one hidden layer (the meta step changes its features)");
    }
    dropout = ((Number) b.get("dropout")).doubleValue();
    int[] sizes = new int[hidden.length + 2];
    sizes[0] = p.d();
    System.arraycopy(hidden, 0, sizes, 1, hidden.length);
    sizes[sizes.length - 1] = p.k();
    mlp = new ExplicitMlp(sizes);
  }

  /**
   * Trains.
   *
   * @return the model of the kept epoch with the vote on the training items
   */
  public VoteResult train() {
    work = NDManager.newBaseManager(NnRuntime.device());
    try {
      return trainIn();
    } finally {
      work.close();
    }
  }

  private VoteResult trainIn() {
    TrainOptions o = train;
    int m = p.m();
    int featureDim = mlp.featureDim();
    theta = mlp.initialize(work, new SplittableRandom(o.seed()));
    attention =
        plain
            ? new NDArray[0]
            : new NDArray[] {
              work.zeros(new Shape((long) m * featureDim, m)), work.zeros(new Shape(m))
            };
    boolean[] decay = new boolean[theta.length];
    for (int j = 0; j < decay.length; j += 2) {
      decay[j] = true;
    }
    Stepper thetaStep = new Stepper(work, theta, decay, true, o.learningRate(), o);
    double attRate =
        options.attentionLearningRate() > 0 ? options.attentionLearningRate() : o.learningRate();
    Stepper attStep =
        new Stepper(
            work,
            attention,
            new boolean[attention.length],
            options.attentionOptimizer() == LearningToVote.AttentionOptimizer.ADAM,
            attRate,
            o);
    longLived.addAll(Arrays.asList(theta));
    longLived.addAll(Arrays.asList(attention));
    longLived.addAll(thetaStep.state());
    longLived.addAll(attStep.state());

    int[] usable = usableItems();
    if (usable.length == 0) {
      throw new IllegalArgumentException("no training item has a label");
    }
    TrainOptions.Selection selection =
        o.resolvedSelection((valid != null && valid.count() > 0) || multiValid != null);
    int[] heldOut = new int[0];
    int[] trainItems = usable;
    if (selection == TrainOptions.Selection.HELD_OUT_ANSWERS) {
      int[] shuffled = usable.clone();
      TrainingLoop.shuffle(shuffled, new SplittableRandom(o.seed() ^ 0x5DEECE66DL));
      int h = Math.min((int) Math.ceil(o.holdOut() * usable.length), usable.length - 1);
      if (h < 1) {
        throw new IllegalArgumentException(
            "held-out selection needs holdOut > 0 and at least two items");
      }
      heldOut = Arrays.copyOf(shuffled, h);
      Arrays.sort(heldOut);
      trainItems = Arrays.copyOfRange(shuffled, h, shuffled.length);
      Arrays.sort(trainItems);
    }
    String metric =
        switch (selection) {
          case VALIDATION_GOLD -> multiValid != null ? "valid-auc" : "valid-acc";
          case HELD_OUT_ANSWERS -> "held-out-bce";
          default -> "last-epoch";
        };
    float[] validX = null;
    if (selection == TrainOptions.Selection.VALIDATION_GOLD) {
      TaskFeatures vf = multiValid != null ? multiValid.features() : valid.features();
      if (vf.dim() != p.d()) {
        throw new IllegalArgumentException(
            "validation features have " + vf.dim() + " columns, training " + p.d());
      }
      if (multiValid != null && multiValid.truth().length != vf.numRows() * p.k()) {
        throw new IllegalArgumentException("validation truth must have rows × findings entries");
      }
      validX = vf.toArray();
      TrainingSet.applyStandardization(validX, p.d(), p.mean(), p.std());
    }
    SplittableRandom shuffleRng = new SplittableRandom(o.seed());
    SplittableRandom dropRng = new SplittableRandom(o.seed() ^ 0xD1B54A32D192ED03L);
    double[] losses = new double[o.epochs()];
    double[] scores = new double[o.epochs()];
    double[] seconds = new double[o.epochs()];
    float[][] best = null;
    EpochSelector selector = new EpochSelector(selection);
    int epochsRun = 0;
    for (int epoch = 1; epoch <= o.epochs(); epoch++) {
      if (o.resetOptimizerEachEpoch() && epoch > 1) {
        thetaStep.reset();
        attStep.reset();
      }
      long t0 = System.nanoTime();
      int[] order = trainItems.clone();
      TrainingLoop.shuffle(order, shuffleRng);
      double lossSum = 0;
      for (int from = 0; from < order.length; from += o.batchSize()) {
        int to = Math.min(order.length, from + o.batchSize());
        try (NDManager step = work.newSubManager()) {
          attach(step);
          lossSum +=
              trainStep(
                      step,
                      order,
                      from,
                      to,
                      thetaStep,
                      epoch > options.warmupEpochs() ? attStep : null,
                      dropRng)
                  * (to - from);
        }
      }
      seconds[epoch - 1] = (System.nanoTime() - t0) / 1e9;
      losses[epoch - 1] = lossSum / order.length;
      if (!Double.isFinite(losses[epoch - 1])) {
        LOG.warn("{}: non-finite training loss at epoch {}", NAME, epoch);
      }
      double score = Double.NaN;
      if (selection == TrainOptions.Selection.VALIDATION_GOLD) {
        float[] z = logits(validX);
        if (multiValid != null) {
          double[] scoresD = new double[z.length];
          for (int j = 0; j < z.length; j++) {
            scoresD[j] = z[j];
          }
          score = RocAuc.mean(RocAuc.perLabel(scoresD, multiValid.truth(), p.k()));
        } else {
          score = valid.accuracy(TrainingLoop.argmax(z, p.k()));
        }
      } else if (selection == TrainOptions.Selection.HELD_OUT_ANSWERS) {
        score = heldOutBce(heldOut);
      }
      scores[epoch - 1] = score;
      epochsRun = epoch;
      boolean improved = selector.offer(epoch, score);
      if (improved) {
        if (selection != TrainOptions.Selection.LAST_EPOCH) {
          best = snapshot();
        }
      }
      boolean go =
          listener.onEpoch(
              new EpochStats(
                  NAME,
                  epoch,
                  o.epochs(),
                  losses[epoch - 1],
                  score,
                  metric,
                  improved,
                  seconds[epoch - 1]));
      if (!go) {
        break;
      }
    }
    restore(best);
    TrainingSummary summary =
        new TrainingSummary(
            epochsRun,
            selector.bestEpoch(),
            metric,
            selector.bestScore(),
            Arrays.copyOf(losses, epochsRun),
            Arrays.copyOf(scores, epochsRun),
            Arrays.copyOf(seconds, epochsRun),
            trainItems.length,
            heldOut.length,
            0,
            Double.NaN,
            false);
    double[][] votes = votesOnAllItems(usable);
    return new VoteResult(build(summary, votes[0]), votes[0], votes[1], votes[2], m, p.k());
  }

  private int[] usableItems() {
    int[] out = new int[p.n()];
    int c = 0;
    for (int i = 0; i < p.n(); i++) {
      if (p.usable(i)) {
        out[c++] = i;
      }
    }
    return Arrays.copyOf(out, c);
  }

  private void attach(NDManager scope) {
    for (NDArray a : longLived) {
      a.tempAttach(scope);
    }
  }

  /** Rows {@code items[from..to)} of {@code src} ({@code width} floats per row). */
  private float[] rows(float[] src, int width, int[] items, int from, int to) {
    float[] out = new float[(to - from) * width];
    for (int j = from; j < to; j++) {
      System.arraycopy(src, items[j] * width, out, (j - from) * width, width);
    }
    return out;
  }

  /**
   * The vote on a minibatch (evaluation mode): meta step per set, features, attention weights, ȳ
   * and ỹ.
   */
  private Vote vote(NDManager s, NDArray x, int[] items, int from, int to) {
    int b = to - from;
    int m = p.m();
    int k = p.k();
    float[] ys = new float[b * m * k];
    float[] hasB = new float[b * m];
    int[] count = new int[m];
    for (int j = 0; j < b; j++) {
      int i = items[from + j];
      for (int t = 0; t < m; t++) {
        if (p.has()[i * m + t]) {
          hasB[j * m + t] = 1;
          count[t]++;
          System.arraycopy(p.y()[t], i * k, ys, (j * m + t) * k, k);
        }
      }
    }
    NDArray yStack = s.create(ys, new Shape(b, m, k));
    NDArray hasArr = s.create(hasB, new Shape(b, m));
    ExplicitMlp.Pass base = mlp.forward(theta, x, null, true);
    NDArray prob = softmax ? base.logits().softmax(1) : Activation.sigmoid(base.logits());
    // per-item gradient of L_C with respect to the logits: (q − y_m) / N for BCE, q − y_m for CE
    float perItem = softmax ? 1f : k;
    NDList feats = new NDList(m);
    for (int t = 0; t < m; t++) {
      if (count[t] == 0 || options.metaStep() == 0) {
        feats.add(base.inputs()[mlp.layers() - 1]);
        continue;
      }
      NDArray yt = yStack.get(":, " + t + ", :");
      NDArray ht = hasArr.get(":, " + t).expandDims(1);
      if (options.metaPerItem()) {
        // rows without set t get a zero gradient, hence the features of θ
        NDArray dz = prob.sub(yt).mul(ht).div(perItem);
        feats.add(mlp.perItemMetaFeatures(theta, base, dz, (float) options.metaStep()));
      } else {
        NDArray dz = prob.sub(yt).mul(ht).div(count[t] * perItem);
        NDArray[] g = mlp.backward(theta, base, dz, false);
        NDArray[] meta = ExplicitMlp.shifted(theta, g, (float) options.metaStep());
        feats.add(mlp.forward(meta, x, null, false).top());
      }
    }
    NDArray concat = NDArrays.concat(feats, 1);
    NDArray logits = concat.matMul(attention[0]).add(attention[1]).add(hasArr.sub(1f).mul(-MASKED));
    NDArray w = logits.softmax(1).mul(hasArr);
    NDArray voted = w.expandDims(2).mul(yStack).sum(new int[] {1});
    NDArray refined =
        options.binarize() && !softmax
            ? Activation.sigmoid(
                voted.sub((float) options.threshold()).mul((float) options.sharpness()))
            : voted;
    return new Vote(yStack, concat, w, voted, refined);
  }

  private double trainStep(
      NDManager s,
      int[] items,
      int from,
      int to,
      Stepper thetaStep,
      Stepper attStep,
      SplittableRandom dropRng) {
    int b = to - from;
    int k = p.k();
    NDArray x = s.create(rows(p.x(), p.d(), items, from, to), new Shape(b, p.d()));
    Vote v = null;
    NDArray target;
    if (plain) {
      target = s.create(rows(p.targets(), k, items, from, to), new Shape(b, k));
    } else {
      v = vote(s, x, items, from, to);
      target = v.refined();
    }
    NDArray[] masks = null;
    if (dropout > 0) {
      masks = new NDArray[hidden.length];
      float keep = (float) (1 - dropout);
      for (int l = 0; l < hidden.length; l++) {
        float[] mk = new float[b * hidden[l]];
        for (int j = 0; j < mk.length; j++) {
          mk[j] = dropRng.nextDouble() < keep ? 1 / keep : 0;
        }
        masks[l] = s.create(mk, new Shape(b, hidden[l]));
      }
    }
    ExplicitMlp.Pass pass = mlp.forward(theta, x, masks, true);
    NDArray z = pass.logits();
    float loss;
    NDArray dz;
    NDArray gy;
    if (softmax) {
      // L = −(1/B) Σ_i Σ_c ỹ_ic log q_ic; ∂L/∂z = (q Σ_c ỹ − ỹ)/B; ∂L/∂ỹ = −log q / B
      NDArray logq = z.logSoftmax(1);
      loss = target.mul(logq).sum(new int[] {1}).mean().neg().getFloat();
      dz = logq.exp().mul(target.sum(new int[] {1}, true)).sub(target).div((float) b);
      gy = logq.neg().div((float) b);
    } else {
      // L = mean over the B·N outputs of softplus(z) − ỹ z; ∂L/∂z = (σ(z) − ỹ)/(B·N); ∂L/∂ỹ =
      // −z/(B·N)
      float scale = 1f / ((float) b * k);
      loss = Activation.softPlus(z).sub(z.mul(target)).mean().getFloat();
      dz = Activation.sigmoid(z).sub(target).mul(scale);
      gy = z.neg().mul(scale);
    }
    NDArray[] g = mlp.backward(theta, pass, dz, true);
    NDArray[] ga = null;
    if (!plain) {
      // through the binarisation, the weighted sum and the softmax of the attention
      if (options.binarize() && !softmax) {
        NDArray r = v.refined();
        gy = gy.mul(r.mul(r.neg().add(1f)).mul((float) options.sharpness()));
      }
      NDArray gw = v.labels().mul(gy.expandDims(1)).sum(new int[] {2});
      NDArray w = v.weights();
      NDArray gs = w.mul(gw.sub(w.mul(gw).sum(new int[] {1}, true)));
      ga = new NDArray[] {v.concat().transpose().matMul(gs), gs.sum(new int[] {0})};
    }
    thetaStep.step(g);
    if (ga != null && attStep != null) {
      attStep.step(ga);
    }
    return loss;
  }

  /** Classifier logits of standardised rows (evaluation mode). */
  private float[] logits(float[] x) {
    int n = x.length / p.d();
    float[] out = new float[n * p.k()];
    for (int from = 0; from < n; from += EVAL_BATCH) {
      int to = Math.min(n, from + EVAL_BATCH);
      try (NDManager s = work.newSubManager()) {
        attach(s);
        NDArray xb =
            s.create(Arrays.copyOfRange(x, from * p.d(), to * p.d()), new Shape(to - from, p.d()));
        float[] z = mlp.forward(theta, xb, null, true).logits().toFloatArray();
        System.arraycopy(z, 0, out, from * p.k(), z.length);
      }
    }
    return out;
  }

  /**
   * Mean BCE of the held-out items' logits against the vote of their label sets with equal weights,
   * binarised as in training (against the targets for plain training): a fixed target, unlike the
   * learnt vote, which moves toward the model's own predictions.
   */
  private double heldOutBce(int[] items) {
    float[] z = logits(rows(p.x(), p.d(), items, 0, items.length));
    int k = p.k();
    int m = p.m();
    double sum = 0;
    double[] target = new double[k];
    for (int j = 0; j < items.length; j++) {
      int i = items[j];
      if (plain) {
        for (int c = 0; c < k; c++) {
          target[c] = p.targets()[i * k + c];
        }
      } else {
        Arrays.fill(target, 0);
        int sets = 0;
        for (int t = 0; t < m; t++) {
          if (p.has()[i * m + t]) {
            sets++;
            for (int c = 0; c < k; c++) {
              target[c] += p.y()[t][i * k + c];
            }
          }
        }
        for (int c = 0; c < k; c++) {
          target[c] /= sets;
          if (options.binarize() && !softmax) {
            target[c] = binarize(target[c], options.sharpness(), options.threshold());
          }
        }
      }
      double l = 0;
      if (softmax) {
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
          max = Math.max(max, z[j * k + c]);
        }
        double lse = 0;
        for (int c = 0; c < k; c++) {
          lse += Math.exp(z[j * k + c] - max);
        }
        lse = max + Math.log(lse);
        for (int c = 0; c < k; c++) {
          l -= target[c] * (z[j * k + c] - lse);
        }
      } else {
        for (int c = 0; c < k; c++) {
          double zz = z[j * k + c];
          l += Math.max(zz, 0) + Math.log1p(Math.exp(-Math.abs(zz))) - zz * target[c];
        }
        l /= k;
      }
      sum += l;
    }
    return items.length == 0 ? Double.NaN : sum / items.length;
  }

  /** Weights, ȳ and ỹ of every item from the current parameters (batches in item order). */
  private double[][] votesOnAllItems(int[] usable) {
    int n = p.n();
    int m = p.m();
    int k = p.k();
    double[] w = new double[n * m];
    double[] voted = new double[n * k];
    double[] refined = new double[n * k];
    int bs = train.batchSize();
    for (int from = 0; from < usable.length; from += bs) {
      int to = Math.min(usable.length, from + bs);
      try (NDManager s = work.newSubManager()) {
        attach(s);
        float[] wb;
        float[] vb;
        float[] rb;
        if (plain) {
          wb = new float[(to - from) * m];
          Arrays.fill(wb, 1f);
          vb = rows(p.targets(), k, usable, from, to);
          rb = vb;
        } else {
          NDArray x = s.create(rows(p.x(), p.d(), usable, from, to), new Shape(to - from, p.d()));
          Vote v = vote(s, x, usable, from, to);
          wb = v.weights().toFloatArray();
          vb = v.voted().toFloatArray();
          rb = v.refined().toFloatArray();
        }
        for (int j = from; j < to; j++) {
          int i = usable[j];
          for (int t = 0; t < m; t++) {
            w[i * m + t] = wb[(j - from) * m + t];
          }
          for (int c = 0; c < k; c++) {
            voted[i * k + c] = vb[(j - from) * k + c];
            refined[i * k + c] = rb[(j - from) * k + c];
          }
        }
      }
    }
    return new double[][] {w, voted, refined};
  }

  private float[][] snapshot() {
    float[][] s = new float[theta.length + attention.length][];
    for (int j = 0; j < theta.length; j++) {
      s[j] = theta[j].toFloatArray();
    }
    for (int j = 0; j < attention.length; j++) {
      s[theta.length + j] = attention[j].toFloatArray();
    }
    return s;
  }

  private void restore(float[][] s) {
    if (s == null) {
      return;
    }
    for (int j = 0; j < theta.length; j++) {
      theta[j].set(s[j]);
    }
    for (int j = 0; j < attention.length; j++) {
      attention[j].set(s[theta.length + j]);
    }
  }

  /** Copies θ into the backbone's DJL block and wraps it with the attention as a network. */
  private TrainingResult build(TrainingSummary summary, double[] weights) {
    NDManager root = NDManager.newBaseManager(NnRuntime.device());
    try {
      Block block = backbone.build(p.d(), p.k());
      block.initialize(root, DataType.FLOAT32, new Shape(1, p.d()));
      int j = 0;
      for (Pair<String, Parameter> e : block.getParameters()) {
        NDArray target = e.getValue().getArray();
        NDArray source = theta[j];
        float[] v = source.toFloatArray();
        if (source.getShape().dimension() == 2) {
          // explicit weights are (in × out), DJL's linear layers hold (out × in)
          int in = (int) source.getShape().get(0);
          int out = (int) source.getShape().get(1);
          float[] tr = new float[v.length];
          for (int a = 0; a < in; a++) {
            for (int c = 0; c < out; c++) {
              tr[c * in + a] = v[a * out + c];
            }
          }
          v = tr;
        }
        if (target.size() != v.length) {
          throw new IllegalStateException("parameter " + e.getKey() + " does not match");
        }
        target.set(v);
        j++;
      }
      Map<String, NDArray> head = new LinkedHashMap<>();
      if (!plain) {
        head.put(
            "attention.weight", root.create(attention[0].toFloatArray(), attention[0].getShape()));
        head.put(
            "attention.bias", root.create(attention[1].toFloatArray(), attention[1].getShape()));
      }
      Network network =
          new Network(true, block, root, p.d(), p.labels(), p.sets(), p.mean(), p.std(), head);
      return new TrainingResult(
          network,
          plain ? null : new WorkerSkills(meanWeights(weights)),
          summary,
          train,
          TrainedHead::new);
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  /** Mean voting weight of each set over the items it labelled. */
  private double[] meanWeights(double[] weights) {
    int m = p.m();
    double[] sum = new double[m];
    int[] count = new int[m];
    for (int i = 0; i < p.n(); i++) {
      for (int t = 0; t < m; t++) {
        if (p.has()[i * m + t]) {
          sum[t] += weights[i * m + t];
          count[t]++;
        }
      }
    }
    for (int t = 0; t < m; t++) {
      sum[t] = count[t] == 0 ? 0 : sum[t] / count[t];
    }
    return sum;
  }

  /**
   * The differentiable binarisation σ(k(ȳ − T)).
   *
   * @param voted ȳ
   * @param sharpness k
   * @param threshold T
   * @return σ(k(ȳ − T))
   */
  public static double binarize(double voted, double sharpness, double threshold) {
    double z = sharpness * (voted - threshold);
    return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
  }
}
