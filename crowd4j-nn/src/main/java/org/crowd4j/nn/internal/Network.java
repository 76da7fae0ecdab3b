package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.util.Pair;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.NnRuntime;

/**
 * A trained network and its native memory: the classifier's block, the head's arrays (parameters
 * and constants), the input standardisation and the vocabularies of the training data. It either
 * owns its memory manager (a model built at the end of training or loaded from a folder) or shares
 * the training loop's (a checkpoint), in which case {@link #close()} leaves it alone.
 */
public final class Network implements AutoCloseable {
  private static final int EVAL_BATCH = 1024;

  private final boolean owner;
  private final Block block;
  private final NDManager root;
  private final ParameterStore store;
  private final int inputDim;
  private final Vocabulary labels;
  private final Vocabulary workers;
  private final float[] mean;
  private final float[] std;
  private final Map<String, NDArray> headArrays;
  private final List<NDArray> longLived = new ArrayList<>();

  public Network(
      boolean owner,
      Block block,
      NDManager root,
      int inputDim,
      Vocabulary labels,
      Vocabulary workers,
      float[] mean,
      float[] std,
      Map<String, NDArray> headArrays) {
    this.owner = owner;
    this.block = block;
    this.root = root;
    this.store = new ParameterStore(root, false);
    this.inputDim = inputDim;
    this.labels = labels;
    this.workers = workers;
    this.mean = mean;
    this.std = std;
    this.headArrays = new LinkedHashMap<>(headArrays);
    for (Pair<String, Parameter> p : block.getParameters()) {
      longLived.add(p.getValue().getArray());
    }
    longLived.addAll(this.headArrays.values());
  }

  /**
   * Rebuilds the network of a model folder's tensors: the classifier of {@code spec} for {@code
   * inputDim} features and the classes of {@code labels}, its parameters from the tensors named
   * {@code backbone.*} (each must exist with the block's shape), the head's arrays from {@code
   * head.*} and the standardisation from {@code input.mean} and {@code input.std}. {@code dir}
   * names the folder in messages.
   *
   * @param spec the classifier
   * @param inputDim number of input features
   * @param labels the classes
   * @param workers the training annotators
   * @param tensors the folder's tensors by name
   * @param dir the folder
   * @return a network that owns its memory
   * @throws IOException ({@link ModelFileException}) when a parameter is missing or has another
   *     shape
   */
  public static Network read(
      Backbone spec,
      int inputDim,
      Vocabulary labels,
      Vocabulary workers,
      Map<String, Tensors.Tensor> tensors,
      Path dir)
      throws IOException {
    NDManager root = NDManager.newBaseManager(NnRuntime.device());
    try {
      Block block = spec.build(inputDim, labels.size());
      block.initialize(root, DataType.FLOAT32, new Shape(1, inputDim));
      for (Pair<String, Parameter> p : block.getParameters()) {
        Tensors.Tensor v = tensors.get("backbone." + p.getKey());
        if (v == null) {
          throw new ModelFileException(dir, 0, "parameter " + p.getKey() + " missing");
        }
        NDArray a = p.getValue().getArray();
        if (!Arrays.equals(a.getShape().getShape(), v.shape())) {
          throw new ModelFileException(
              dir,
              0,
              "parameter "
                  + p.getKey()
                  + " has shape "
                  + Arrays.toString(v.shape())
                  + ", the network expects "
                  + a.getShape());
        }
        Ops.overwrite(a, v.values());
      }
      Map<String, NDArray> head = new LinkedHashMap<>();
      for (Tensors.Tensor v : tensors.values()) {
        if (v.name().startsWith("head.")) {
          head.put(v.name().substring(5), root.create(v.values(), new Shape(v.shape())));
        }
      }
      float[] mean = tensors.containsKey("input.mean") ? tensors.get("input.mean").values() : null;
      float[] std = tensors.containsKey("input.std") ? tensors.get("input.std").values() : null;
      return new Network(true, block, root, inputDim, labels, workers, mean, std, head);
    } catch (IOException | RuntimeException e) {
      root.close();
      throw e;
    }
  }

  /**
   * Number of input features.
   *
   * @return the classifier's input width
   */
  public int inputDim() {
    return inputDim;
  }

  /**
   * The classes, in the order of the classifier's outputs.
   *
   * @return the label vocabulary
   */
  public Vocabulary labels() {
    return labels;
  }

  /**
   * The annotators of the training data, in the order of the head's annotator arrays.
   *
   * @return the worker vocabulary
   */
  public Vocabulary workers() {
    return workers;
  }

  /**
   * Whether the features are standardised before the classifier.
   *
   * @return {@code true} when the training mean and standard deviation are kept
   */
  public boolean standardizes() {
    return mean != null;
  }

  /**
   * A standardised copy of raw feature rows, as the classifier saw them in training.
   *
   * @param rows raw features, {@code n × inputDim} row-major
   * @return the standardised copy (an unchanged copy without standardisation)
   */
  public float[] standardized(float[] rows) {
    float[] x = rows.clone();
    TrainingSet.applyStandardization(x, inputDim, mean, std);
    return x;
  }

  /**
   * The classifier's logits (evaluation mode) of standardised rows.
   *
   * @param x standardised features, {@code n × inputDim} row-major
   * @return {@code n × K} logits, row-major
   */
  public float[] logits(float[] x) {
    return logits(root, block, store, x, inputDim, labels.size(), longLived);
  }

  /**
   * A head array's values.
   *
   * @param name the array's name (without the {@code head.} prefix of the model file)
   * @return its values, or {@code null} when the head has no array of that name
   */
  public float[] headArray(String name) {
    NDArray a = headArrays.get(name);
    return a == null ? null : a.toFloatArray();
  }

  /**
   * The head's arrays by name (native, owned by this network).
   *
   * @return an unmodifiable view
   */
  public Map<String, NDArray> headArrays() {
    return Collections.unmodifiableMap(headArrays);
  }

  /**
   * A memory scope of this network's manager with every long-lived array attached until the scope
   * closes: temporary arrays created in it are freed with it.
   *
   * @return the scope (close it)
   */
  public NDManager scope() {
    NDManager s = root.newSubManager();
    for (NDArray a : longLived) {
      a.tempAttach(s);
    }
    return s;
  }

  /**
   * Adds the classifier's parameters ({@code backbone.*}), the head's arrays ({@code head.*}) and
   * the standardisation ({@code input.mean}, {@code input.std}) to {@code tensors}, in that order.
   *
   * @param tensors the model file's tensors by name
   */
  public void writeTo(Map<String, Tensors.Tensor> tensors) {
    for (Pair<String, Parameter> p : block.getParameters()) {
      put(tensors, "backbone." + p.getKey(), p.getValue().getArray());
    }
    for (Map.Entry<String, NDArray> e : headArrays.entrySet()) {
      put(tensors, "head." + e.getKey(), e.getValue());
    }
    if (mean != null) {
      tensors.put("input.mean", new Tensors.Tensor("input.mean", new long[] {mean.length}, mean));
      tensors.put("input.std", new Tensors.Tensor("input.std", new long[] {std.length}, std));
    }
  }

  private static void put(Map<String, Tensors.Tensor> t, String name, NDArray a) {
    t.put(name, new Tensors.Tensor(name, a.getShape().getShape(), a.toFloatArray()));
  }

  /**
   * Classifier logits of rows of {@code x} in evaluation batches, each in a scope of {@code root}
   * that {@code attach} is attached to.
   */
  static float[] logits(
      NDManager root,
      Block block,
      ParameterStore store,
      float[] x,
      int d,
      int k,
      List<NDArray> attach) {
    int n = x.length / d;
    float[] out = new float[n * k];
    for (int from = 0; from < n; from += EVAL_BATCH) {
      int to = Math.min(n, from + EVAL_BATCH);
      try (NDManager scope = root.newSubManager()) {
        for (NDArray a : attach) {
          a.tempAttach(scope);
        }
        NDArray xb = scope.create(Arrays.copyOfRange(x, from * d, to * d), new Shape(to - from, d));
        float[] z = block.forward(store, new NDList(xb), false).singletonOrThrow().toFloatArray();
        System.arraycopy(z, 0, out, from * k, z.length);
      }
    }
    return out;
  }

  /** Frees the native memory (nothing for a network that shares the training loop's). */
  @Override
  public void close() {
    if (owner) {
      root.close();
    }
  }
}
