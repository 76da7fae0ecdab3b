package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.XavierInitializer;
import ai.djl.util.Pair;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.NnRuntime;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TrainingSummary;
import org.crowd4j.nn.Validation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The training loop shared by all learners: seeded initialisation, seeded shuffling into
 * minibatches of items (each batch carries the items' observed answers), Adam on the mean data term
 * plus the head's regulariser, model selection after every epoch, early stopping after {@link
 * TrainOptions#patience()} epochs without a better selection score, and native memory scoped to one
 * step or one evaluation (a sub-manager that the long-lived arrays are temporarily attached to), so
 * memory does not grow with the number of epochs.
 *
 * <p><b>Annotator model.</b> The epoch that is best for the classifier is often early (on LabelMe
 * the classifier memorises the noisy answers within ten epochs), when the annotator layers have
 * barely left their start. With early stopping on and a head whose parameters are only the
 * annotator model ({@link Head#refitsAnnotatorModel()}), the trainer then fits the annotator model
 * again with the classifier frozen at the returned epoch: its class probabilities (evaluation mode)
 * are fixed inputs, only the head's parameters move (Adam, step {@link #ANNOTATOR_STEP} or the
 * head's own if larger), and the fit stops by the same patience on the mean negative log-likelihood
 * of held-out answers — the held-out items when the epoch was chosen on them, otherwise a seeded
 * {@link TrainOptions#holdOut()} share of the training items. The classifier, and so every
 * prediction, is unchanged. {@link TrainOptions#fitAnnotators()} switches it off.
 */
public final class TrainingLoop {
  private static final Logger LOG = LoggerFactory.getLogger(TrainingLoop.class);
  private static final int EVAL_BATCH = 1024;

  /** Least Adam step of the annotator model's fit with the classifier frozen. */
  static final double ANNOTATOR_STEP = 0.01;

  private final String method;
  private final Head head;
  private final Backbone spec;
  private final TrainOptions o;
  private final TrainingSet set;
  private final Validation valid;
  private final EpochListener listener;
  private final Checkpointer checkpointer;

  private NDManager root;
  private Block block;
  private ParameterStore store;
  private final Map<String, NDArray> all = new LinkedHashMap<>();
  private final List<NDArray> longLived = new ArrayList<>();
  private float headRate;
  private double[] reference;

  /**
   * A training run of {@code head} on {@code set}.
   *
   * @param method the learner's name (for logs and epoch reports)
   * @param head the learner's head
   * @param spec the classifier
   * @param o the training options
   * @param set the training data
   * @param valid gold validation items for model selection, or {@code null}
   * @param listener called after every epoch, or {@code null}
   * @param checkpointer writes the checkpoints when {@link TrainOptions#checkpointDir()} is set, or
   *     {@code null} when none are written
   */
  public TrainingLoop(
      String method,
      Head head,
      Backbone spec,
      TrainOptions o,
      TrainingSet set,
      Validation valid,
      EpochListener listener,
      Checkpointer checkpointer) {
    this.method = method;
    this.head = head;
    this.spec = spec;
    this.o = o;
    this.set = set;
    this.valid = valid;
    this.listener = listener == null ? EpochListener.NONE : listener;
    this.checkpointer = checkpointer;
  }

  /**
   * Trains.
   *
   * @return the network of the selected epoch (it owns its memory), its annotator model and the
   *     training summary
   */
  public TrainingResult run() {
    NnRuntime.seed(o.seed());
    root = NDManager.newBaseManager(NnRuntime.device());
    try {
      return train();
    } catch (RuntimeException | Error e) {
      root.close();
      throw e;
    }
  }

  private TrainingResult train() {
    block = spec.build(set.d, set.k);
    if (spec.kind() != Backbone.Kind.CUSTOM) {
      block.setInitializer(
          new XavierInitializer(
              XavierInitializer.RandomType.UNIFORM, XavierInitializer.FactorType.IN, 1f),
          Parameter.Type.WEIGHT);
    }
    block.initialize(root, DataType.FLOAT32, new Shape(1, set.d));
    store = new ParameterStore(root, false);
    head.initialize(root, set);
    List<NDArray> trainable = new ArrayList<>();
    List<Boolean> decay = new ArrayList<>();
    List<Float> rates = new ArrayList<>();
    double preferred = head.preferredLearningRate();
    headRate =
        (float)
            (o.headLearningRate() > 0
                ? o.headLearningRate()
                : preferred > 0 ? preferred : o.learningRate());
    for (Pair<String, Parameter> p : block.getParameters()) {
      NDArray a = p.getValue().getArray();
      all.put("backbone." + p.getKey(), a);
      if (p.getValue().requiresGradient()) {
        trainable.add(a);
        decay.add(p.getValue().getType() == Parameter.Type.WEIGHT);
        rates.add((float) o.learningRate());
      }
    }
    for (Map.Entry<String, NDArray> e : head.params.entrySet()) {
      all.put("head." + e.getKey(), e.getValue());
      trainable.add(e.getValue());
      decay.add(false);
      rates.add(headRate);
    }
    boolean[] decayFlags = new boolean[decay.size()];
    float[] lr = new float[decay.size()];
    for (int j = 0; j < decayFlags.length; j++) {
      decayFlags[j] = decay.get(j);
      lr[j] = rates.get(j);
    }
    AdamOptimizer adam = new AdamOptimizer(root, trainable, decayFlags, lr, o);
    longLived.addAll(all.values());
    longLived.addAll(head.constants.values());

    TrainOptions.Selection selection = o.resolvedSelection(valid != null && valid.count() > 0);
    int[] usable = set.usableItems();
    if (usable.length == 0) {
      throw new IllegalArgumentException("no training item has answers");
    }
    int[] heldOut = new int[0];
    int[] train = usable;
    boolean heldOutSplit =
        selection == TrainOptions.Selection.HELD_OUT_ANSWERS
            || selection == TrainOptions.Selection.HELD_OUT_REFERENCE;
    if (heldOutSplit) {
      int[][] split = EpochLoop.holdOutSplit(usable, o.holdOut(), o.seed() ^ 0x5DEECE66DL);
      if (split[1].length < 1) {
        throw new IllegalArgumentException(
            "held-out selection needs holdOut > 0 and at least two items");
      }
      train = split[0];
      heldOut = split[1];
    }
    String metric =
        switch (selection) {
          case VALIDATION_GOLD -> "valid-acc";
          case HELD_OUT_ANSWERS -> "held-out-nll";
          case HELD_OUT_REFERENCE -> "held-out-ref-nll";
          default -> "last-epoch";
        };
    Epochs epochs = new Epochs(adam, selection, heldOut);
    EpochLoop.Outcome run =
        new EpochLoop(method, o, selection, metric, o.patience(), listener).run(train, epochs);
    adam.close();
    restore(epochs.best);
    int annotatorEpochs = 0;
    double annotatorScore = Double.NaN;
    boolean fitAnnotators =
        head.refitsAnnotatorModel()
            && o.patience() > 0
            && selection != TrainOptions.Selection.LAST_EPOCH;
    if (fitAnnotators && o.fitAnnotators()) {
      int[][] split =
          heldOutSplit
              ? new int[][] {train, heldOut}
              : EpochLoop.holdOutSplit(
                  usable, o.holdOut() > 0 ? o.holdOut() : 0.1, o.seed() ^ 0x2545F4914F6CDD1DL);
      if (split[1].length > 0 && split[0].length > 0) {
        double[] fit = refitAnnotators(split[0], split[1]);
        annotatorEpochs = (int) fit[0];
        annotatorScore = fit[1];
      }
    }
    if (head.wantsFinalLogits()) {
      head.afterTraining(root, set, logits(set.x));
    }
    TrainingSummary summary =
        new TrainingSummary(
            run.epochsRun(),
            run.bestEpoch(),
            metric,
            run.bestScore(),
            run.losses(),
            run.scores(),
            run.seconds(),
            train.length,
            heldOut.length,
            annotatorEpochs,
            annotatorScore,
            fitAnnotators && !o.fitAnnotators());
    return build(summary, true);
  }

  /**
   * The classifier's epochs: autograd steps of the head's data term plus its regulariser, the
   * selection score of {@code selection}, snapshots of the kept epoch and checkpoints.
   */
  private final class Epochs implements EpochLoop.Steps {
    private final AdamOptimizer adam;
    private final TrainOptions.Selection selection;
    private final int[] heldOut;
    private Map<String, float[]> best;

    Epochs(AdamOptimizer adam, TrainOptions.Selection selection, int[] heldOut) {
      this.adam = adam;
      this.selection = selection;
      this.heldOut = heldOut;
    }

    @Override
    public void resetOptimizers() {
      adam.reset();
    }

    @Override
    public void beforeEpoch(int epoch) {
      head.beforeEpoch(epoch, set, head.wantsEpochProbabilities() ? trainingProbabilities() : null);
    }

    @Override
    public double trainBatch(int[] order, int from, int to, int epoch) {
      try (NDManager step = root.newSubManager()) {
        attach(step, adam.state());
        MiniBatch b = set.batch(step, order, from, to);
        float lossValue;
        try (GradientCollector gc = NnRuntime.engine().newGradientCollector()) {
          NDArray logits = block.forward(store, new NDList(b.x()), true).singletonOrThrow();
          NDArray loss = head.dataLoss(b, logits);
          NDArray reg = head.regularizer(step);
          if (reg != null) {
            loss = loss.add(reg);
          }
          gc.backward(loss);
          lossValue = loss.getFloat();
        }
        adam.step();
        return lossValue;
      }
    }

    @Override
    public double score() {
      if (selection == TrainOptions.Selection.VALIDATION_GOLD) {
        return valid.accuracy(argmax(head.predictionScores(logits(validX()), set.k), set.k));
      } else if (selection == TrainOptions.Selection.HELD_OUT_ANSWERS) {
        return heldOutNll(heldOut);
      } else if (selection == TrainOptions.Selection.HELD_OUT_REFERENCE) {
        if (reference == null) {
          reference = referenceLogConfusions();
        }
        return referenceNll(heldOut, reference);
      }
      return Double.NaN;
    }

    @Override
    public void keep() {
      best = snapshot();
    }

    @Override
    public void selected(int epoch) {
      if (!o.checkpointDir().isEmpty() && checkpointer != null) {
        checkpoint(epoch);
      }
    }
  }

  private TrainingResult build(TrainingSummary summary, boolean owner) {
    WorkerModel annotators;
    if (head.wantsEpochProbabilities()) {
      head.beforeAnnotatorModel(set, trainingProbabilities(), owner);
    }
    try (NDManager scope = root.newSubManager()) {
      attach(scope, List.of());
      annotators = head.annotatorModel(set, scope);
    }
    Network network =
        new Network(
            owner,
            block,
            root,
            set.d,
            set.data.labels(),
            set.data.workers(),
            set.mean,
            set.std,
            head.all());
    return new TrainingResult(network, annotators, summary, o, head.trainedHead());
  }

  /**
   * Fits the head's parameters with the classifier frozen (see the class comment); returns {epochs
   * run, held-out mean NLL of the kept parameters}. The parameters with the lowest held-out NLL,
   * the starting ones included, are kept.
   */
  private double[] refitAnnotators(int[] fitItems, int[] checkItems) {
    float[] z = logits(set.x);
    List<NDArray> params = new ArrayList<>(head.params.values());
    float[] lr = new float[params.size()];
    Arrays.fill(lr, (float) Math.max(headRate, ANNOTATOR_STEP));
    AdamOptimizer adam = new AdamOptimizer(root, params, new boolean[params.size()], lr, o);
    SplittableRandom rng = new SplittableRandom(o.seed() ^ 0x3C6EF372FE94F82BL);
    double bestScore = frozenNll(checkItems, z);
    Map<String, float[]> bestHead = snapshot(head.params);
    int bestEpoch = 0;
    int epoch = 0;
    while (epoch < o.epochs() && epoch - bestEpoch < o.patience()) {
      epoch++;
      int[] order = fitItems.clone();
      EpochLoop.shuffle(order, rng);
      for (int from = 0; from < order.length; from += o.batchSize()) {
        int to = Math.min(order.length, from + o.batchSize());
        try (NDManager step = root.newSubManager()) {
          attach(step, adam.state());
          MiniBatch b = set.batch(step, order, from, to);
          try (GradientCollector gc = NnRuntime.engine().newGradientCollector()) {
            NDArray loss = head.dataLoss(b, frozenLogits(step, b, z));
            NDArray reg = head.regularizer(step);
            if (reg != null) {
              loss = loss.add(reg);
            }
            gc.backward(loss);
          }
          adam.step();
        }
      }
      double score = frozenNll(checkItems, z);
      if (score < bestScore) {
        bestScore = score;
        bestEpoch = epoch;
        bestHead = snapshot(head.params);
      }
    }
    adam.close();
    for (Map.Entry<String, NDArray> e : head.params.entrySet()) {
      Ops.overwrite(e.getValue(), bestHead.get(e.getKey()));
    }
    LOG.debug(
        "{}: annotator model refitted for {} epochs, held-out NLL {}", method, epoch, bestScore);
    return new double[] {epoch, bestScore};
  }

  /** log π_r(z, l) of Dawid–Skene fitted on all answers, {@code R × K × K}, floored at 1e-6. */
  private double[] referenceLogConfusions() {
    org.crowd4j.aggregate.AggregationResult ds =
        CoreAggregators.fit(set.data, "ds", false, o.seed());
    if (!(ds.workers() instanceof org.crowd4j.aggregate.ConfusionMatrices cm)) {
      throw new IllegalStateException("Dawid–Skene gave no confusion matrices");
    }
    double[] v = cm.toArray();
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = Math.log(Math.max(v[i], 1e-6));
    }
    return out;
  }

  /** Mean −log Σ_z p_θ(z | x_i) π_r(z, l) over the answers of {@code items}. */
  private double referenceNll(int[] items, double[] logPi) {
    int k = set.k;
    float[] x = new float[items.length * set.d];
    for (int j = 0; j < items.length; j++) {
      System.arraycopy(set.x, items[j] * set.d, x, j * set.d, set.d);
    }
    float[] z = head.predictionScores(logits(x), k);
    double sum = 0;
    int count = 0;
    double[] lp = new double[k];
    double[] t = new double[k];
    for (int j = 0; j < items.length; j++) {
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < k; c++) {
        max = Math.max(max, z[j * k + c]);
      }
      double s = 0;
      for (int c = 0; c < k; c++) {
        s += Math.exp(z[j * k + c] - max);
      }
      double lse = max + Math.log(s);
      for (int c = 0; c < k; c++) {
        lp[c] = z[j * k + c] - lse;
      }
      int i = items[j];
      for (int a = set.taskStart[i]; a < set.taskStart[i + 1]; a++) {
        int r = set.worker[a];
        int l = set.label[a];
        double m = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
          t[c] = lp[c] + logPi[(r * k + c) * k + l];
          m = Math.max(m, t[c]);
        }
        double e = 0;
        for (int c = 0; c < k; c++) {
          e += Math.exp(t[c] - m);
        }
        sum -= m + Math.log(e);
        count++;
      }
    }
    return count == 0 ? Double.NaN : sum / count;
  }

  /** The frozen classifier's logits of a batch's items. */
  private NDArray frozenLogits(NDManager m, MiniBatch b, float[] z) {
    int k = set.k;
    float[] zb = new float[b.size() * k];
    for (int j = 0; j < b.size(); j++) {
      System.arraycopy(z, b.items()[j] * k, zb, j * k, k);
    }
    return m.create(zb, new Shape(b.size(), k));
  }

  /** Mean data term of {@code items} with the classifier's logits fixed to {@code z}. */
  private double frozenNll(int[] items, float[] z) {
    return meanDataLoss(items, (scope, b) -> frozenLogits(scope, b, z));
  }

  private void checkpoint(int epoch) {
    try {
      checkpointer.save(build(null, false), Path.of(o.checkpointDir()));
      LOG.debug("{}: checkpoint of epoch {} saved", method, epoch);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write checkpoint to " + o.checkpointDir(), e);
    }
  }

  private float[] validX() {
    float[] x = valid.features().toArray();
    if (valid.features().dim() != set.d) {
      throw new IllegalArgumentException(
          "validation features have " + valid.features().dim() + " columns, training " + set.d);
    }
    TrainingSet.applyStandardization(x, set.d, set.mean, set.std);
    return x;
  }

  /** Classifier logits of rows of {@code x} (already standardised), evaluation mode. */
  private float[] logits(float[] x) {
    return Network.logits(root, block, store, x, set.d, set.k, longLived);
  }

  /** Softmax of the classifier on every training item, {@code n × K} row-major. */
  private float[] trainingProbabilities() {
    float[] p = logits(set.x);
    for (int i = 0; i < set.n; i++) {
      float max = Float.NEGATIVE_INFINITY;
      for (int c = 0; c < set.k; c++) {
        max = Math.max(max, p[i * set.k + c]);
      }
      float s = 0;
      for (int c = 0; c < set.k; c++) {
        p[i * set.k + c] = (float) Math.exp(p[i * set.k + c] - max);
        s += p[i * set.k + c];
      }
      for (int c = 0; c < set.k; c++) {
        p[i * set.k + c] /= s;
      }
    }
    return p;
  }

  /** Mean data term of {@code items} under the classifier as it is now (evaluation mode). */
  private double heldOutNll(int[] items) {
    return meanDataLoss(
        items, (scope, b) -> block.forward(store, new NDList(b.x()), false).singletonOrThrow());
  }

  /**
   * The head's data term averaged over the answers (or items, for heads on targets) of {@code
   * items}, in evaluation batches, with the classifier's logits of each batch from {@code logits}.
   */
  private double meanDataLoss(
      int[] items, java.util.function.BiFunction<NDManager, MiniBatch, NDArray> logits) {
    double sum = 0;
    double w = 0;
    for (int from = 0; from < items.length; from += EVAL_BATCH) {
      int to = Math.min(items.length, from + EVAL_BATCH);
      try (NDManager scope = root.newSubManager()) {
        attach(scope, List.of());
        MiniBatch b = set.batch(scope, items, from, to);
        double bw = head.usesTargets() ? b.size() : b.pairs();
        if (bw > 0) {
          sum += head.dataLoss(b, logits.apply(scope, b)).getFloat() * bw;
          w += bw;
        }
      }
    }
    return w == 0 ? Double.NaN : sum / w;
  }

  private void attach(NDManager scope, List<NDArray> extra) {
    for (NDArray a : longLived) {
      a.tempAttach(scope);
    }
    for (NDArray a : extra) {
      a.tempAttach(scope);
    }
  }

  private Map<String, float[]> snapshot() {
    return snapshot(all);
  }

  private static Map<String, float[]> snapshot(Map<String, NDArray> arrays) {
    Map<String, float[]> s = new LinkedHashMap<>();
    for (Map.Entry<String, NDArray> e : arrays.entrySet()) {
      s.put(e.getKey(), e.getValue().toFloatArray());
    }
    return s;
  }

  private void restore(Map<String, float[]> s) {
    if (s == null) {
      return;
    }
    for (Map.Entry<String, NDArray> e : all.entrySet()) {
      Ops.overwrite(e.getValue(), s.get(e.getKey()));
    }
  }

  /**
   * The highest-scoring column of every row (ties to the lowest).
   *
   * @param scores {@code n × k} row-major
   * @param k columns
   * @return the argmax of each row
   */
  public static int[] argmax(float[] scores, int k) {
    int n = scores.length / k;
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      int b = 0;
      for (int c = 1; c < k; c++) {
        if (scores[i * k + c] > scores[i * k + b]) {
          b = c;
        }
      }
      out[i] = b;
    }
    return out;
  }
}
