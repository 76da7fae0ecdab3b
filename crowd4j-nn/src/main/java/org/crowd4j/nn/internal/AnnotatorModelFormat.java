package org.crowd4j.nn.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;

/**
 * How each kind of learnt annotator model is stored in a model folder: as float tensors named
 * {@code annotators.*}, under a format name that {@code model.json} records ({@code
 * annotatorModel}).
 */
public enum AnnotatorModelFormat {
  /** No annotator model. */
  NONE("none") {
    @Override
    boolean holds(WorkerModel m) {
      return m == null;
    }

    @Override
    void write(WorkerModel m, int k, Map<String, Tensors.Tensor> t) {}

    @Override
    WorkerModel read(Map<String, Tensors.Tensor> t, int k) {
      return null;
    }
  },

  /** One row-stochastic K × K matrix per annotator. */
  CONFUSIONS("confusions", "annotators.confusions", "w K K") {
    @Override
    boolean holds(WorkerModel m) {
      return m instanceof ConfusionMatrices;
    }

    @Override
    void write(WorkerModel m, int k, Map<String, Tensors.Tensor> t) {
      ConfusionMatrices cm = (ConfusionMatrices) m;
      put(t, "annotators.confusions", new long[] {cm.numWorkers(), k, k}, cm.toArray());
    }

    @Override
    WorkerModel read(Map<String, Tensors.Tensor> t, int k) {
      Tensors.Tensor c = t.get("annotators.confusions");
      return new ConfusionMatrices((int) c.shape()[0], k, doubles(c.values()));
    }
  },

  /** CoNAL's common matrix, the individual matrices and ω per training answer. */
  COMMON_CONFUSION(
      "common-confusion",
      "annotators.common",
      "K K",
      "annotators.confusions",
      "W K K",
      "annotators.omega",
      "N") {
    @Override
    boolean holds(WorkerModel m) {
      return m instanceof CommonConfusionModel;
    }

    @Override
    void write(WorkerModel m, int k, Map<String, Tensors.Tensor> t) {
      CommonConfusionModel cc = (CommonConfusionModel) m;
      put(t, "annotators.common", new long[] {k, k}, cc.common());
      ConfusionMatrices ind = cc.individual();
      put(t, "annotators.confusions", new long[] {ind.numWorkers(), k, k}, ind.toArray());
      put(t, "annotators.omega", new long[] {cc.omega().length}, cc.omega());
    }

    @Override
    WorkerModel read(Map<String, Tensors.Tensor> t, int k) {
      Tensors.Tensor c = t.get("annotators.confusions");
      return new CommonConfusionModel(
          doubles(t.get("annotators.common").values()),
          new ConfusionMatrices((int) c.shape()[0], k, doubles(c.values())),
          doubles(t.get("annotators.omega").values()));
    }
  },

  /** Group weights, the groups' confusions and each annotator's membership. */
  GROUP_MIXTURE(
      "group-mixture",
      "annotators.groupWeights",
      "G",
      "annotators.groupConfusions",
      "G K K",
      "annotators.membership",
      "W G") {
    @Override
    boolean holds(WorkerModel m) {
      return m instanceof GroupMixtureModel;
    }

    @Override
    void write(WorkerModel m, int k, Map<String, Tensors.Tensor> t) {
      GroupMixtureModel gm = (GroupMixtureModel) m;
      int groups = gm.numGroups();
      put(t, "annotators.groupWeights", new long[] {groups}, gm.groupWeights());
      put(t, "annotators.groupConfusions", new long[] {groups, k, k}, gm.groupConfusions());
      put(t, "annotators.membership", new long[] {gm.numWorkers(), groups}, gm.membership());
    }

    @Override
    WorkerModel read(Map<String, Tensors.Tensor> t, int k) {
      return new GroupMixtureModel(
          doubles(t.get("annotators.groupWeights").values()),
          doubles(t.get("annotators.groupConfusions").values()),
          doubles(t.get("annotators.membership").values()),
          k);
    }
  },

  /** One value per annotator (averaging or voting weights). */
  SKILLS("skills", "annotators.skills", "W") {
    @Override
    boolean holds(WorkerModel m) {
      return m instanceof WorkerSkills;
    }

    @Override
    void write(WorkerModel m, int k, Map<String, Tensors.Tensor> t) {
      WorkerSkills ws = (WorkerSkills) m;
      put(t, "annotators.skills", new long[] {ws.numWorkers()}, ws.values());
    }

    @Override
    WorkerModel read(Map<String, Tensors.Tensor> t, int k) {
      return new WorkerSkills(doubles(t.get("annotators.skills").values()));
    }
  };

  private final String fileName;
  private final Map<String, String> layout;

  AnnotatorModelFormat(String fileName, String... layout) {
    this.fileName = fileName;
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < layout.length; i += 2) {
      m.put(layout[i], layout[i + 1]);
    }
    this.layout = Collections.unmodifiableMap(m);
  }

  /**
   * The tensors this format stores, each with its dimensions: {@code K} the classes, {@code W} the
   * annotators, {@code w} the annotators or 1 (one matrix shared by all), any other letter a size
   * that the tensors sharing it must agree on.
   *
   * @return tensor name → dimensions separated by spaces (a scalar has none)
   */
  public Map<String, String> layout() {
    return layout;
  }

  /**
   * The format a {@code model.json} names.
   *
   * @param fileName the declared format ({@code annotatorModel})
   * @return the format, or {@code null} when no format has that name
   */
  public static AnnotatorModelFormat named(String fileName) {
    for (AnnotatorModelFormat f : values()) {
      if (f.fileName.equals(fileName)) {
        return f;
      }
    }
    return null;
  }

  /**
   * The format's name in {@code model.json}.
   *
   * @return e.g. {@code confusions}
   */
  public String fileName() {
    return fileName;
  }

  /** Whether this format stores {@code m}. */
  abstract boolean holds(WorkerModel m);

  /** Adds {@code m}'s tensors ({@code K} classes). */
  abstract void write(WorkerModel m, int k, Map<String, Tensors.Tensor> t);

  /** Reads the annotator model from a folder's tensors ({@code K} classes). */
  abstract WorkerModel read(Map<String, Tensors.Tensor> t, int k);

  /**
   * The format that stores {@code m}; {@link #NONE} for {@code null} and for a kind of annotator
   * model that the folder does not keep.
   *
   * @param m an annotator model, or {@code null}
   * @return its format
   */
  public static AnnotatorModelFormat of(WorkerModel m) {
    for (AnnotatorModelFormat f : values()) {
      if (f.holds(m)) {
        return f;
      }
    }
    return NONE;
  }

  /**
   * Reads the annotator model that a folder's {@code model.json} declares.
   *
   * @param fileName the declared format ({@code annotatorModel}); an unknown one reads as none
   *     (loading refuses it first)
   * @param tensors the folder's tensors
   * @param k number of classes
   * @return the annotator model, or {@code null}
   */
  public static WorkerModel read(String fileName, Map<String, Tensors.Tensor> tensors, int k) {
    AnnotatorModelFormat f = named(fileName);
    return f == null ? null : f.read(tensors, k);
  }

  private static void put(Map<String, Tensors.Tensor> t, String name, long[] shape, double[] v) {
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = (float) v[i];
    }
    t.put(name, new Tensors.Tensor(name, shape, f));
  }

  private static double[] doubles(float[] f) {
    double[] d = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      d[i] = f[i];
    }
    return d;
  }
}
