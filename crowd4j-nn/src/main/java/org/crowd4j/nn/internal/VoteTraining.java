package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
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
import org.crowd4j.nn.LearningToVote;
import org.crowd4j.nn.NnRuntime;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TrainingSummary;
import org.crowd4j.nn.Validation;

/**
 * One training run of learning to vote (the method, its steps and its choices are described on
 * {@link LearningToVote}): the classifier as explicit arrays, the attention layer, the meta step
 * per label set, the vote, the binarisation, and their updates, epoch by epoch with the same model
 * selection as the other learners; at the end the classifier's weights are copied into the
 * backbone's DJL block.
 */
public final class VoteTraining {
  private static final int EVAL_BATCH = 1024;

  private final String method;
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
  private final AttentionVote voter;
  private final int[] hidden;
  private final double dropout;
  private final List<NDArray> longLived = new ArrayList<>();
  private NDManager work;
  private NDArray[] theta;
  private NDArray[] attention;

  /**
   * A training run of learning to vote.
   *
   * @param method the learner's name (for messages and epoch reports)
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
      String method,
      LearningToVote.Options options,
      TrainOptions train,
      Backbone backbone,
      VoteProblem p,
      boolean multiLabel,
      Validation valid,
      LearningToVote.MultiLabelValidation multiValid,
      EpochListener listener) {
    this.method = method;
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
          method + " needs an MLP backbone without batch normalisation, got " + b);
    }
    hidden = (int[]) b.get("hidden");
    if (hidden.length == 0) {
      throw new IllegalArgumentException(
          method + " needs at least one hidden layer (the meta step changes its features)");
    }
    dropout = ((Number) b.get("dropout")).doubleValue();
    int[] sizes = new int[hidden.length + 2];
    sizes[0] = p.d();
    System.arraycopy(hidden, 0, sizes, 1, hidden.length);
    sizes[sizes.length - 1] = p.k();
    mlp = new ExplicitMlp(sizes);
    voter = new AttentionVote(options, p, mlp, softmax);
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
    GradientStepper thetaStep = new GradientStepper(work, theta, decay, true, o.learningRate(), o);
    double attRate =
        options.attentionLearningRate() > 0 ? options.attentionLearningRate() : o.learningRate();
    GradientStepper attStep =
        new GradientStepper(
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

    int[] usable = p.usableItems();
    if (usable.length == 0) {
      throw new IllegalArgumentException("no training item has a label");
    }
    TrainOptions.Selection selection =
        o.resolvedSelection((valid != null && valid.count() > 0) || multiValid != null);
    int[] heldOut = new int[0];
    int[] trainItems = usable;
    if (selection == TrainOptions.Selection.HELD_OUT_ANSWERS) {
      int[][] split = EpochLoop.holdOutSplit(usable, o.holdOut(), o.seed() ^ 0x5DEECE66DL);
      if (split[1].length < 1) {
        throw new IllegalArgumentException(
            "held-out selection needs holdOut > 0 and at least two items");
      }
      trainItems = split[0];
      heldOut = split[1];
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
    // no early stopping: learning to vote trains every epoch (its warm-up counts epochs)
    VoteEpochs epochs = new VoteEpochs(selection, validX, heldOut, thetaStep, attStep);
    EpochLoop.Outcome run =
        new EpochLoop(method, o, selection, metric, 0, listener).run(trainItems, epochs);
    restore(epochs.best);
    TrainingSummary summary =
        new TrainingSummary(
            run.epochsRun(),
            run.bestEpoch(),
            metric,
            run.bestScore(),
            run.losses(),
            run.scores(),
            run.seconds(),
            trainItems.length,
            heldOut.length,
            0,
            Double.NaN,
            false);
    double[][] votes = votesOnAllItems(usable);
    return new VoteResult(build(summary, votes[0]), votes[0], votes[1], votes[2], m, p.k());
  }

  /**
   * Learning to vote's epochs: a vote and a step of the classifier and (after the warm-up) of the
   * attention per minibatch, the selection score of {@code selection}, snapshots of the kept epoch.
   */
  private final class VoteEpochs implements EpochLoop.Steps {
    private final TrainOptions.Selection selection;
    private final float[] validX;
    private final int[] heldOut;
    private final GradientStepper thetaStep;
    private final GradientStepper attStep;
    private final SplittableRandom dropRng =
        new SplittableRandom(train.seed() ^ 0xD1B54A32D192ED03L);
    private float[][] best;

    VoteEpochs(
        TrainOptions.Selection selection,
        float[] validX,
        int[] heldOut,
        GradientStepper thetaStep,
        GradientStepper attStep) {
      this.selection = selection;
      this.validX = validX;
      this.heldOut = heldOut;
      this.thetaStep = thetaStep;
      this.attStep = attStep;
    }

    @Override
    public void resetOptimizers() {
      thetaStep.reset();
      attStep.reset();
    }

    @Override
    public double trainBatch(int[] order, int from, int to, int epoch) {
      try (NDManager step = work.newSubManager()) {
        attach(step);
        return trainStep(
            step,
            order,
            from,
            to,
            thetaStep,
            epoch > options.warmupEpochs() ? attStep : null,
            dropRng);
      }
    }

    @Override
    public double score() {
      if (selection == TrainOptions.Selection.VALIDATION_GOLD) {
        float[] z = logits(validX);
        if (multiValid != null) {
          double[] scoresD = new double[z.length];
          for (int j = 0; j < z.length; j++) {
            scoresD[j] = z[j];
          }
          return RocAuc.mean(RocAuc.perLabel(scoresD, multiValid.truth(), p.k()));
        }
        return valid.accuracy(TrainingLoop.argmax(z, p.k()));
      } else if (selection == TrainOptions.Selection.HELD_OUT_ANSWERS) {
        return heldOutBce(heldOut);
      }
      return Double.NaN;
    }

    @Override
    public void keep() {
      best = snapshot();
    }
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

  private double trainStep(
      NDManager s,
      int[] items,
      int from,
      int to,
      GradientStepper thetaStep,
      GradientStepper attStep,
      SplittableRandom dropRng) {
    int b = to - from;
    int k = p.k();
    NDArray x = s.create(rows(p.x(), p.d(), items, from, to), new Shape(b, p.d()));
    AttentionVote.Vote v = null;
    NDArray target;
    if (plain) {
      target = s.create(rows(p.targets(), k, items, from, to), new Shape(b, k));
    } else {
      v = voter.vote(s, theta, attention, x, items, from, to);
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
    NDArray[] ga = plain ? null : voter.attentionGradient(v, gy);
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
        voter.equalWeightTarget(i, target);
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
          AttentionVote.Vote v = voter.vote(s, theta, attention, x, usable, from, to);
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
      Ops.overwrite(theta[j], s[j]);
    }
    for (int j = 0; j < attention.length; j++) {
      Ops.overwrite(attention[j], s[theta.length + j]);
    }
  }

  /** Copies θ into the backbone's DJL block and wraps it with the attention as a network. */
  private TrainingResult build(TrainingSummary summary, double[] weights) {
    NDManager root = NDManager.newBaseManager(NnRuntime.device());
    try {
      Block block = backbone.build(p.d(), p.k());
      block.initialize(root, DataType.FLOAT32, new Shape(1, p.d()));
      ExplicitMlp.copyInto(theta, block);
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
          plain ? null : new WorkerSkills(p.meanWeights(weights)),
          summary,
          train,
          TrainedHead::new);
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }
}
