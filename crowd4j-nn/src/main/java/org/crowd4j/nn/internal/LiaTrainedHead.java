package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.Lia;

/**
 * The head of a trained LIA model: posteriors of items from their answers, the likelihood of
 * held-out answers, P(correct) per item and annotator (training annotators by id, new ones by
 * features) and the annotator embeddings r_j.
 */
public final class LiaTrainedHead extends TrainedHead {
  /**
   * The head of a trained LIA model.
   *
   * @param method the learner's name
   * @param options the LIA options as saved (read again, with the defaults, at every use)
   * @param network the trained network
   * @param annotators the learnt annotator model (mean confusions)
   */
  public LiaTrainedHead(
      String method, Map<String, Object> options, Network network, WorkerModel annotators) {
    super(method, options, network, annotators);
  }

  @Override
  public double[] probabilityCorrect(TaskFeatures items, List<String> annotators) {
    return probabilityCorrect(items, annotators, null);
  }

  /** LIA's r_j: the learnt embedding, or the annotator's features through c_ψ's input map. */
  @Override
  public float[][] annotatorEmbeddings() {
    return network.headArrays().containsKey("competence.embedding")
        ? linearRows("competence.embedding", null, false)
        : linearRows("competence.input.weight", "competence.input.bias", false);
  }

  /**
   * The last E-step's posteriors of the training items, or {@code null} when the model kept none.
   *
   * @return {@code n × K} posteriors, row-major, or {@code null}
   */
  public double[] emPosteriors() {
    NDArray a = network.headArrays().get(LiaHead.EM_POSTERIORS);
    if (a == null) {
      return null;
    }
    float[] f = a.toFloatArray();
    double[] out = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      out[i] = f[i];
    }
    return out;
  }

  /**
   * Posteriors of the items of {@code data} given their answers, under the model.
   *
   * @param data the answers (labels as the model's, annotators among the model's)
   * @param features the items' features
   * @return {@code n × K} posteriors, row-major
   */
  public double[] posteriors(CrowdDataset data, TaskFeatures features) {
    Network model = network;
    if (!data.labels().names().equals(model.labels().names())) {
      throw new IllegalArgumentException(
          "labels " + data.labels().names() + " differ from the model's " + model.labels().names());
    }
    Lia.Options o = Lia.Options.fromMap(options);
    int n = data.numTasks();
    int k = model.labels().size();
    TaskFeatures aligned = features.alignedTo(data.tasks());
    float[] prior = null;
    if (o.eStepPrior()) {
      double[] h = predict(aligned);
      prior = new float[h.length];
      for (int i = 0; i < h.length; i++) {
        prior[i] = (float) h[i];
      }
    }
    int[] worker = data.workerColumn();
    for (int a = 0; a < worker.length; a++) {
      String name = data.workers().name(worker[a]);
      if (!model.workers().contains(name)) {
        throw new IllegalArgumentException("annotator '" + name + "' is not one of the model's");
      }
      worker[a] = model.workers().id(name);
    }
    float[] x = model.standardized(aligned.toArray());
    try (NDManager s = model.scope()) {
      return LiaHead.posteriors(
          model.headArrays(),
          o,
          k,
          x,
          n,
          model.inputDim(),
          data.taskOffsets(),
          worker,
          data.labelColumn(),
          s,
          prior);
    }
  }

  /**
   * Mean log-likelihood of {@code heldOut}'s answers, each predicted from its item's posterior
   * given the item's answers in {@code train}: log Σ_k ȳ_ik Q_ij[k, ŷ_ij]. Items are matched by
   * name to {@code train}'s tasks, annotators to the model's.
   */
  public double heldOutLogLikelihood(
      CrowdDataset train, TaskFeatures features, CrowdDataset heldOut) {
    Network model = network;
    double[] post = posteriors(train, features);
    Lia.Options o = Lia.Options.fromMap(options);
    int k = model.labels().size();
    int m = heldOut.numAnswers();
    if (m == 0) {
      return Double.NaN;
    }
    TaskFeatures aligned = features.alignedTo(train.tasks());
    long[] item = new long[m];
    long[] who = new long[m];
    for (int a = 0; a < m; a++) {
      String task = heldOut.tasks().name(heldOut.task(a));
      String w = heldOut.workers().name(heldOut.worker(a));
      if (!train.tasks().contains(task) || !model.workers().contains(w)) {
        throw new IllegalArgumentException("held-out answer of an unknown item or annotator");
      }
      item[a] = train.tasks().id(task);
      who[a] = model.workers().id(w);
    }
    float[] x = model.standardized(aligned.toArray());
    try (NDManager s = model.scope()) {
      Map<String, NDArray> p = model.headArrays();
      NDArray rows = LiaHead.annotatorRows(p, s.create(who));
      float[] lq =
          LiaHead.logQ(
                  p,
                  o,
                  k,
                  s.create(x, new Shape(aligned.numRows(), model.inputDim())),
                  s.create(item),
                  rows)
              .toFloatArray();
      double sum = 0;
      for (int a = 0; a < m; a++) {
        int l = model.labels().id(heldOut.labels().name(heldOut.label(a)));
        double pr = 0;
        for (int z = 0; z < k; z++) {
          pr += post[(int) item[a] * k + z] * Math.exp(lq[(a * k + z) * k + l]);
        }
        sum += Math.log(Math.max(pr, 1e-300));
      }
      return sum / m;
    }
  }

  /**
   * Σ_k h_k(x_i) Q_ij[k, k] for every item row and annotator (named training annotators, or feature
   * rows), items × annotators row-major.
   */
  @Override
  public double[] probabilityCorrect(
      TaskFeatures items, List<String> names, TaskFeatures annotatorFeatures) {
    Network model = network;
    Lia.Options o = Lia.Options.fromMap(options);
    Map<String, NDArray> p = model.headArrays();
    int k = model.labels().size();
    int n = items.numRows();
    if (items.dim() != model.inputDim()) {
      throw new IllegalArgumentException(
          "items have " + items.dim() + " features, the model expects " + model.inputDim());
    }
    int count;
    long[] ids = null;
    if (names != null) {
      count = names.size();
      ids = new long[count];
      for (int j = 0; j < count; j++) {
        String name = names.get(j);
        if (!model.workers().contains(name)) {
          throw new IllegalArgumentException(
              "annotator '"
                  + name
                  + "' was not seen in training; give her features to"
                  + " Lia.probabilityCorrect(model, items, annotatorFeatures)");
        }
        ids[j] = model.workers().id(name);
      }
    } else {
      if (!p.containsKey("annotator.features")) {
        throw new UnsupportedOperationException("the model was trained without annotator features");
      }
      int dim = (int) p.get("annotator.features").getShape().get(1);
      if (annotatorFeatures.dim() != dim) {
        throw new IllegalArgumentException(
            "annotator features need " + dim + " columns, got " + annotatorFeatures.dim());
      }
      count = annotatorFeatures.numRows();
    }
    double[] h = predict(items);
    float[] x = model.standardized(items.toArray());
    double[] out = new double[n * count];
    if (n == 0 || count == 0) {
      return out;
    }
    try (NDManager s = model.scope()) {
      NDArray rows;
      if (ids != null) {
        rows = LiaHead.annotatorRows(p, s.create(ids));
      } else {
        rows =
            LiaHead.annotatorRowsFromFeatures(
                p,
                s.create(
                    annotatorFeatures.toArray(),
                    new Shape(annotatorFeatures.numRows(), annotatorFeatures.dim())));
      }
      long[] pairItem = new long[n * count];
      long[] pairAnnotator = new long[n * count];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < count; j++) {
          pairItem[i * count + j] = i;
          pairAnnotator[i * count + j] = j;
        }
      }
      NDArray pairRows = rows.get(new ai.djl.ndarray.index.NDIndex("{}", s.create(pairAnnotator)));
      float[] q =
          LiaHead.logQ(
                  p,
                  o,
                  k,
                  s.create(x, new Shape(n, model.inputDim())),
                  s.create(pairItem),
                  pairRows)
              .exp()
              .toFloatArray();
      for (int pr = 0; pr < n * count; pr++) {
        int i = pr / count;
        double c = 0;
        for (int z = 0; z < k; z++) {
          c += h[i * k + z] * q[(pr * k + z) * k + z];
        }
        out[pr] = Math.min(1, Math.max(0, c));
      }
    }
    return out;
  }
}
