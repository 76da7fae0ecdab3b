package org.crowd4j.nn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.nn.internal.AnnotatorModelFormat;
import org.crowd4j.nn.internal.Tensors;

/**
 * Checks a model folder's description against its tensors before anything is built: the learner,
 * the ensemble's members, the backbone's layer sizes, the labels, the annotators and the input
 * statistics must agree with the tensors' shapes. A model.json that says otherwise (edited, with
 * its checksum recomputed or saved before there was one) is refused with a {@link
 * ModelFileException} that names the field, before the network it describes is allocated.
 */
final class ModelCheck {
  private static final Pattern MEMBER = Pattern.compile("member(\\d+)\\..*");
  private static final Pattern LAYER = Pattern.compile("backbone\\.(\\d+)(Linear|Conv2d)_weight");

  private final Path file;
  private final ModelDescription meta;

  private ModelCheck(Path file, ModelDescription meta) {
    this.file = file;
    this.meta = meta;
  }

  /**
   * Checks the description {@code meta} of the folder {@code dir}, its backbone {@code spec} and
   * its tensors {@code t}.
   *
   * @throws ModelFileException naming model.json and the field that does not fit
   */
  static void check(Path dir, ModelDescription meta, Backbone spec, Map<String, Tensors.Tensor> t)
      throws ModelFileException {
    ModelCheck c = new ModelCheck(dir.resolve("model.json"), meta);
    c.method();
    int members = c.members(t);
    for (int k = 0; k < members; k++) {
      Map<String, Tensors.Tensor> own = member(t, k);
      String prefix = k == 0 ? "" : memberPrefix(k);
      c.backbone(spec, own, prefix);
      c.annotators(own, prefix);
      c.inputStatistics(own, prefix);
    }
  }

  /** The tensors of ensemble member {@code k} under a single model's names (0: all of them). */
  static Map<String, Tensors.Tensor> member(Map<String, Tensors.Tensor> t, int k) {
    if (k == 0) {
      return t;
    }
    String prefix = memberPrefix(k);
    Map<String, Tensors.Tensor> own = new LinkedHashMap<>();
    for (Tensors.Tensor v : t.values()) {
      if (v.name().startsWith(prefix)) {
        String name = v.name().substring(prefix.length());
        own.put(name, new Tensors.Tensor(name, v.shape(), v.values()));
      }
    }
    return own;
  }

  static String memberPrefix(int k) {
    return "member" + k + ".";
  }

  private void method() throws ModelFileException {
    try {
      Learners.spec(meta.method());
    } catch (IllegalArgumentException e) {
      throw refuse("method", "must name a learner: " + e.getMessage());
    }
  }

  /** The declared number of members, which must be those the tensors hold: 1 to n − 1. */
  private int members(Map<String, Tensors.Tensor> t) throws ModelFileException {
    TreeSet<Integer> held = new TreeSet<>();
    for (String name : t.keySet()) {
      Matcher m = MEMBER.matcher(name);
      if (m.matches() && m.group(1).length() < 10) {
        held.add(Integer.parseInt(m.group(1)));
      }
    }
    int declared = meta.members() == null ? 1 : meta.members();
    for (int k = 1; k < declared; k++) {
      if (!held.contains(k)) {
        throw refuse(
            "members", "is " + declared + ", the parameters have no " + memberPrefix(k) + "*");
      }
    }
    Integer extra = held.ceiling(declared);
    if (extra != null) {
      throw refuse(
          "members", "is " + declared + ", the parameters hold " + memberPrefix(extra) + "* too");
    }
    return declared;
  }

  /** The weights of the linear and convolution layers against the declared backbone. */
  private void backbone(Backbone spec, Map<String, Tensors.Tensor> t, String prefix)
      throws ModelFileException {
    List<long[]> want;
    try {
      want = spec.weightShapes(meta.inputDim(), meta.labels().size());
    } catch (IllegalArgumentException e) {
      throw refuse("inputDim", e.getMessage());
    }
    if (want == null) {
      return; // a custom block: the network checks its parameters when it is built
    }
    List<Tensors.Tensor> have = layerWeights(t);
    if (have.size() != want.size()) {
      throw refuse(
          "backbone",
          "declares "
              + want.size()
              + " linear or convolution layers, the parameters hold "
              + have.size());
    }
    for (int i = 0; i < want.size(); i++) {
      long[] w = want.get(i);
      long[] h = have.get(i).shape();
      if (!Arrays.equals(w, h)) {
        String field = "backbone";
        if (i == want.size() - 1 && sameBut(w, h, 0)) {
          field = "labels";
        } else if (i == 0 && spec.kind() == Backbone.Kind.MLP && sameBut(w, h, 1)) {
          field = "inputDim";
        }
        throw mismatch(field, prefix + have.get(i).name(), h, w);
      }
    }
  }

  private static List<Tensors.Tensor> layerWeights(Map<String, Tensors.Tensor> t) {
    Map<Long, Tensors.Tensor> byIndex = new java.util.TreeMap<>();
    for (Tensors.Tensor v : t.values()) {
      Matcher m = LAYER.matcher(v.name());
      if (m.matches() && m.group(1).length() < 10) {
        byIndex.put(Long.parseLong(m.group(1)), v);
      }
    }
    return new ArrayList<>(byIndex.values());
  }

  private static boolean sameBut(long[] a, long[] b, int dim) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (i != dim && a[i] != b[i]) {
        return false;
      }
    }
    return true;
  }

  /** The tensors of the declared annotator model, their sizes against the labels and workers. */
  private void annotators(Map<String, Tensors.Tensor> t, String prefix) throws ModelFileException {
    String declared = meta.annotatorModel() == null ? "none" : meta.annotatorModel();
    AnnotatorModelFormat f = AnnotatorModelFormat.named(declared);
    if (f == null) {
      throw refuse("annotatorModel", "names no annotator model this library reads: " + declared);
    }
    Map<Character, Long> sizes = new HashMap<>();
    sizes.put('K', (long) meta.labels().size());
    sizes.put('W', (long) meta.workers().size());
    for (Map.Entry<String, String> e : f.layout().entrySet()) {
      Tensors.Tensor v = t.get(e.getKey());
      String name = prefix + e.getKey();
      if (v == null) {
        throw refuse("annotatorModel", "is '" + declared + "', the parameters have no " + name);
      }
      String[] dims = e.getValue().split(" ");
      long[] shape = v.shape();
      if (shape.length != dims.length) {
        throw refuse(
            "annotatorModel",
            "is '" + declared + "': tensor " + name + " has shape " + Arrays.toString(shape));
      }
      for (int i = 0; i < dims.length; i++) {
        if (dims[i].equals("w") && shape[i] == 1) {
          continue; // one matrix shared by all annotators
        }
        char d = symbol(dims[i]);
        Long size = sizes.putIfAbsent(d, shape[i]);
        if (size != null && size != shape[i]) {
          long[] implied = new long[dims.length];
          for (int j = 0; j < dims.length; j++) {
            implied[j] = sizes.getOrDefault(symbol(dims[j]), shape[j]);
          }
          String field = d == 'K' ? "labels" : d == 'W' ? "workers" : "annotatorModel";
          throw mismatch(field, name, shape, implied);
        }
      }
    }
  }

  /** The size a dimension of {@link AnnotatorModelFormat#layout()} stands for. */
  private static char symbol(String dim) {
    return dim.equals("w") ? 'W' : dim.charAt(0);
  }

  /** The standardisation's mean and deviation, when kept, have one value per input feature. */
  private void inputStatistics(Map<String, Tensors.Tensor> t, String prefix)
      throws ModelFileException {
    for (String name : new String[] {"input.mean", "input.std"}) {
      Tensors.Tensor v = t.get(name);
      long[] want = {meta.inputDim()};
      if (v != null && !Arrays.equals(v.shape(), want)) {
        throw mismatch("inputDim", prefix + name, v.shape(), want);
      }
    }
  }

  private ModelFileException mismatch(String field, String tensor, long[] shape, long[] implied) {
    return refuse(
        field,
        "does not match the parameters: tensor "
            + tensor
            + " has shape "
            + Arrays.toString(shape)
            + ", model.json implies "
            + Arrays.toString(implied));
  }

  private ModelFileException refuse(String field, String problem) {
    return new ModelFileException(file, 0, "field '" + field + "' " + problem);
  }
}
