package org.crowd4j.nn;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.LambdaBlock;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.nn.norm.Dropout;
import ai.djl.nn.pooling.Pool;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.io.ModelFileException;

/**
 * The classifier ("backbone") that maps an item's flat feature vector to {@code K} class logits;
 * the ground-truth model p_θ(z | x) is its softmax. Three kinds:
 *
 * <ul>
 *   <li>{@link #mlp} — fully connected layers with ReLU, dropout and optional batch normalisation;
 *       {@link #paperMlp()} is the "FC 128 + ReLU + dropout 0.5" head of Rodrigues &amp; Pereira
 *       2018 and Chu et al. 2021 on LabelMe; {@link #musicMlp()} adds the non-affine batch
 *       normalisation of the CoNAL authors' Music classifier on the input and hidden layer.
 *   <li>{@link #smallCnn} — a LeNet-like network for {@code c × h × w} images given as flat rows
 *       (the IDX reader's layout): two 5×5 convolutions with ReLU and 2×2 max-pooling, then one
 *       hidden fully connected layer with dropout.
 *   <li>{@link #custom} — any DJL {@link Block} from a factory {@code (inputDim, K) -> block}; its
 *       input is {@code (batch, inputDim)} and its output {@code (batch, K)} logits. Saved models
 *       record only its name, so loading needs the same factory.
 * </ul>
 *
 * <p>Weights of the MLP and CNN start as in PyTorch's layers, U(−1/√fan_in, 1/√fan_in); biases
 * start at zero (PyTorch draws them from the same uniform).
 */
public final class Backbone {
  /** Kind of backbone. */
  public enum Kind {
    /** Fully connected layers. */
    MLP,
    /** Small convolutional network for images. */
    CNN,
    /** A user-supplied block. */
    CUSTOM
  }

  /** Builds a custom block from the input dimension and the number of classes. */
  @FunctionalInterface
  public interface Factory {
    /**
     * A new, uninitialised block mapping {@code (batch, inputDim)} to {@code (batch, K)}.
     *
     * @param inputDim number of input features
     * @param numClasses K
     * @return the block
     */
    Block create(int inputDim, int numClasses);
  }

  private final Kind kind;
  private final int[] hidden;
  private final double dropout;
  private final boolean batchNorm;
  private final boolean inputBatchNorm;
  private final int[] imageShape;
  private final int[] filters;
  private final String customName;
  private final Factory factory;

  private Backbone(
      Kind kind,
      int[] hidden,
      double dropout,
      boolean batchNorm,
      boolean inputBatchNorm,
      int[] imageShape,
      int[] filters,
      String customName,
      Factory factory) {
    if (!(dropout >= 0 && dropout < 1)) {
      throw new IllegalArgumentException("dropout must be in [0, 1): " + dropout);
    }
    for (int h : hidden) {
      if (h < 1) {
        throw new IllegalArgumentException("hidden sizes must be ≥ 1: " + Arrays.toString(hidden));
      }
    }
    this.kind = kind;
    this.hidden = hidden.clone();
    this.dropout = dropout;
    this.batchNorm = batchNorm;
    this.inputBatchNorm = inputBatchNorm;
    this.imageShape = imageShape.clone();
    this.filters = filters.clone();
    this.customName = customName;
    this.factory = factory;
  }

  /**
   * Fully connected layers of the given sizes, each followed by optional batch normalisation
   * (non-affine, as in the CoNAL authors' Music network), ReLU and dropout; then a linear layer to
   * {@code K} logits.
   *
   * @param hidden the hidden layers' widths (none: a linear classifier)
   * @param dropout dropout after each hidden layer (0 = none)
   * @param batchNorm non-affine batch normalisation after each hidden layer
   * @param inputBatchNorm non-affine batch normalisation of the input
   * @return the description
   */
  public static Backbone mlp(
      int[] hidden, double dropout, boolean batchNorm, boolean inputBatchNorm) {
    return new Backbone(
        Kind.MLP, hidden, dropout, batchNorm, inputBatchNorm, new int[0], new int[0], null, null);
  }

  /**
   * FC 128, ReLU, dropout 0.5, FC K (the papers' head on LabelMe features).
   *
   * @return the description
   */
  public static Backbone paperMlp() {
    return mlp(new int[] {128}, 0.5, false, false);
  }

  /**
   * {@link #paperMlp()} with non-affine batch normalisation on the input and hidden layer.
   *
   * @return the description
   */
  public static Backbone musicMlp() {
    return mlp(new int[] {128}, 0.5, true, true);
  }

  /**
   * A LeNet-like CNN for {@code channels × height × width} images: conv 5×5 ({@code filters[0]}),
   * ReLU, max-pool 2; conv 5×5 ({@code filters[1]}), ReLU, max-pool 2; FC {@code hidden}, ReLU,
   * dropout; FC K.
   *
   * @param channels image channels
   * @param height image height in pixels
   * @param width image width in pixels
   * @param filters the two convolutions' filter counts
   * @param hidden width of the fully connected layer
   * @param dropout dropout before the output layer
   * @return the description
   */
  public static Backbone smallCnn(
      int channels, int height, int width, int[] filters, int hidden, double dropout) {
    if (filters.length != 2) {
      throw new IllegalArgumentException("smallCnn needs two filter counts");
    }
    if ((height - 4) / 2 - 4 < 1 || (width - 4) / 2 - 4 < 1) {
      throw new IllegalArgumentException("image too small for two 5×5 convolutions");
    }
    return new Backbone(
        Kind.CNN,
        new int[] {hidden},
        dropout,
        false,
        false,
        new int[] {channels, height, width},
        filters,
        null,
        null);
  }

  /**
   * The default CNN for 28×28 grey images: 8 and 16 filters, FC 128, dropout 0.5.
   *
   * @return the description
   */
  public static Backbone smallCnn() {
    return smallCnn(1, 28, 28, new int[] {8, 16}, 128, 0.5);
  }

  /**
   * A user block, recorded under {@code name}.
   *
   * @param name the name saved with models (a loader needs a factory for it)
   * @param factory builds the block
   * @return the description
   */
  public static Backbone custom(String name, Factory factory) {
    return new Backbone(
        Kind.CUSTOM,
        new int[0],
        0,
        false,
        false,
        new int[0],
        new int[0],
        Objects.requireNonNull(name, "name"),
        Objects.requireNonNull(factory, "factory"));
  }

  /**
   * The kind.
   *
   * @return MLP, CNN or custom
   */
  public Kind kind() {
    return kind;
  }

  /**
   * A new, uninitialised block for {@code inputDim} features and {@code k} classes.
   *
   * @param inputDim number of input features
   * @param k number of classes
   * @return the block
   */
  public Block build(int inputDim, int k) {
    switch (kind) {
      case MLP:
        return buildMlp(k);
      case CNN:
        return buildCnn(inputDim, k);
      default:
        return factory.create(inputDim, k);
    }
  }

  private static BatchNorm plainBatchNorm() {
    return BatchNorm.builder().optCenter(false).optScale(false).optMomentum(0.9f).build();
  }

  private Block buildMlp(int k) {
    SequentialBlock b = new SequentialBlock();
    if (inputBatchNorm) {
      b.add(plainBatchNorm());
    }
    for (int h : hidden) {
      b.add(Linear.builder().setUnits(h).build());
      if (batchNorm) {
        b.add(plainBatchNorm());
      }
      b.add(Activation.reluBlock());
      if (dropout > 0) {
        b.add(Dropout.builder().optRate((float) dropout).build());
      }
    }
    b.add(Linear.builder().setUnits(k).build());
    return b;
  }

  private void checkImage(int inputDim) {
    long c = imageShape[0];
    long h = imageShape[1];
    long w = imageShape[2];
    if (inputDim != c * h * w) {
      throw new IllegalArgumentException(
          "CNN expects "
              + c
              + "×"
              + h
              + "×"
              + w
              + " = "
              + c * h * w
              + " features, got "
              + inputDim);
    }
  }

  private Block buildCnn(int inputDim, int k) {
    checkImage(inputDim);
    int c = imageShape[0];
    int h = imageShape[1];
    int w = imageShape[2];
    SequentialBlock b = new SequentialBlock();
    b.add(new LambdaBlock(x -> new NDList(x.singletonOrThrow().reshape(-1, c, h, w)), "image"));
    for (int f : filters) {
      b.add(Conv2d.builder().setKernelShape(new Shape(5, 5)).setFilters(f).build());
      b.add(Activation.reluBlock());
      b.add(Pool.maxPool2dBlock(new Shape(2, 2), new Shape(2, 2)));
    }
    b.add(Blocks.batchFlattenBlock());
    b.add(Linear.builder().setUnits(hidden[0]).build());
    b.add(Activation.reluBlock());
    if (dropout > 0) {
      b.add(Dropout.builder().optRate((float) dropout).build());
    }
    b.add(Linear.builder().setUnits(k).build());
    return b;
  }

  /**
   * A JSON-ready description (kind, sizes, dropout, normalisation; the custom block's name).
   *
   * @return name → value, in a fixed order
   */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind.name());
    switch (kind) {
      case MLP:
        m.put("hidden", hidden.clone());
        m.put("dropout", dropout);
        m.put("batchNorm", batchNorm);
        m.put("inputBatchNorm", inputBatchNorm);
        break;
      case CNN:
        m.put("imageShape", imageShape.clone());
        m.put("filters", filters.clone());
        m.put("hidden", hidden[0]);
        m.put("dropout", dropout);
        break;
      default:
        m.put("name", customName);
    }
    return m;
  }

  /**
   * Rebuilds a spec from {@link #describe()}'s map, as model.json {@code file} holds it; custom
   * blocks need {@code custom}.
   *
   * @throws ModelFileException naming the field ({@code backbone.kind}, …) that is wrong
   * @throws IllegalArgumentException when the model has a custom block and {@code custom} is null
   */
  static Backbone fromDescription(Path file, Map<String, Object> m, Factory custom)
      throws ModelFileException {
    if ("CUSTOM".equals(m.get("kind")) && m.get("name") instanceof String name) {
      if (custom == null) {
        throw new IllegalArgumentException(
            "the model uses the custom backbone '" + name + "': pass its factory");
      }
      return custom(name, custom);
    }
    try {
      return described(m);
    } catch (IllegalArgumentException e) {
      String field = e.getMessage().startsWith("field ") ? "" : "field 'backbone': ";
      throw new ModelFileException(file, 0, field + e.getMessage(), e);
    }
  }

  /** An MLP or CNN from its description. */
  private static Backbone described(Map<String, Object> m) {
    Object kind = m.get("kind");
    if ("MLP".equals(kind)) {
      return mlp(
          sizes(m, "hidden", -1), dropout(m), flag(m, "batchNorm"), flag(m, "inputBatchNorm"));
    }
    if ("CNN".equals(kind)) {
      int[] s = sizes(m, "imageShape", 3);
      if (!isSize(m.get("hidden"))) {
        throw new IllegalArgumentException("field 'backbone.hidden' must be a positive integer");
      }
      int hidden = ((Number) m.get("hidden")).intValue();
      return smallCnn(s[0], s[1], s[2], sizes(m, "filters", 2), hidden, dropout(m));
    }
    if ("CUSTOM".equals(kind)) {
      throw new IllegalArgumentException("field 'backbone.name' must be a string");
    }
    throw new IllegalArgumentException(
        "field 'backbone.kind' must be MLP, CNN or CUSTOM, not " + describeValue(kind));
  }

  /** A list of {@code length} (any when negative) positive integers, the field {@code key}. */
  private static int[] sizes(Map<String, Object> m, String key, int length) {
    Object o = m.get(key);
    String what =
        "field 'backbone."
            + key
            + "' must be a list of "
            + (length < 0 ? "" : length + " ")
            + "positive integers";
    if (!(o instanceof List<?> l) || (length >= 0 && l.size() != length)) {
      throw new IllegalArgumentException(what);
    }
    int[] out = new int[l.size()];
    for (int i = 0; i < out.length; i++) {
      if (!isSize(l.get(i))) {
        throw new IllegalArgumentException(what + ", not " + describeValue(o));
      }
      out[i] = ((Number) l.get(i)).intValue();
    }
    return out;
  }

  /** Whether {@code o} is a whole number in [1, {@link Integer#MAX_VALUE}]. */
  private static boolean isSize(Object o) {
    if (!(o instanceof Number n)) {
      return false;
    }
    double v = n.doubleValue();
    return v == Math.rint(v) && v >= 1 && v <= Integer.MAX_VALUE;
  }

  private static double dropout(Map<String, Object> m) {
    if (!(m.get("dropout") instanceof Number n) || !(n.doubleValue() >= 0 && n.doubleValue() < 1)) {
      throw new IllegalArgumentException("field 'backbone.dropout' must be a number in [0, 1)");
    }
    return n.doubleValue();
  }

  private static boolean flag(Map<String, Object> m, String key) {
    if (!(m.get(key) instanceof Boolean b)) {
      throw new IllegalArgumentException("field 'backbone." + key + "' must be true or false");
    }
    return b;
  }

  private static String describeValue(Object o) {
    return o instanceof String s ? "'" + s + "'" : String.valueOf(o);
  }

  /**
   * The weights' shapes of the linear and convolution layers of the block {@link #build} makes,
   * from input to output, computed without building it.
   *
   * @return the shapes, or {@code null} for a custom block
   * @throws IllegalArgumentException when a CNN's image does not have {@code inputDim} features
   */
  List<long[]> weightShapes(int inputDim, int k) {
    List<long[]> w = new ArrayList<>();
    if (kind == Kind.MLP) {
      long in = inputDim;
      for (int h : hidden) {
        w.add(new long[] {h, in});
        in = h;
      }
      w.add(new long[] {k, in});
      return w;
    }
    if (kind == Kind.CNN) {
      checkImage(inputDim);
      long c = imageShape[0];
      long y = imageShape[1];
      long x = imageShape[2];
      for (int f : filters) {
        w.add(new long[] {f, c, 5, 5});
        c = f;
        y = (y - 4) / 2;
        x = (x - 4) / 2;
      }
      w.add(new long[] {hidden[0], c * y * x});
      w.add(new long[] {k, hidden[0]});
      return w;
    }
    return null;
  }

  @Override
  public String toString() {
    return describe().toString();
  }
}
