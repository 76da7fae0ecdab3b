package org.crowd4j.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.io.ModelFileException;

/**
 * What a trained network's {@code model.json} says about it (crowd4j-nn's {@code LearnedModel}
 * loads the network; core reads the description only and does not open the parameters file).
 *
 * @param formatVersion the file's format version (1 to {@link ModelSchema#TRAINED_VERSION})
 * @param method the learner's name
 * @param labels the class names, in the order of the network's outputs
 * @param workers the annotator ids the model knows
 * @param annotatorModel the kind of the stored annotator model (e.g. {@code confusions}), or {@code
 *     null}
 * @param inputDim features per item
 * @param backbone the classifier's description, as written
 * @param options the learner's options, as written (empty when absent)
 * @param train the training options, as written (empty when absent)
 * @param library the library and version that wrote the file, or {@code null} in older files
 * @param engine the deep-learning engine that trained it, or {@code null}
 * @param members classifiers the model averages (1 unless an ensemble)
 * @param parameters the parameters file the description names, or {@code null} (version 1)
 */
public record TrainedModel(
    int formatVersion,
    String method,
    List<String> labels,
    List<String> workers,
    String annotatorModel,
    int inputDim,
    Map<String, Object> backbone,
    Map<String, Object> options,
    Map<String, Object> train,
    String library,
    String engine,
    int members,
    Parameters parameters)
    implements ModelFile {

  /** Validates and copies the lists. */
  public TrainedModel {
    Objects.requireNonNull(method, "method");
    labels = List.copyOf(labels);
    workers = List.copyOf(workers);
    Objects.requireNonNull(backbone, "backbone");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(train, "train");
  }

  @Override
  public ModelKind kind() {
    return ModelKind.TRAINED;
  }

  /**
   * The parameters file of the model folder.
   *
   * @param file its name, beside {@code model.json}
   * @param bytes its size
   * @param sha256 its SHA-256, 64 lowercase hexadecimal digits
   */
  public record Parameters(String file, long bytes, String sha256) {}

  static TrainedModel read(Node o, int version) throws ModelFileException {
    Parameters parameters = null;
    Node p = o.optional("parameters");
    if (version >= 2 || p != null) {
      p = o.get("parameters");
      String sha = p.get("sha256").text();
      if (!sha.matches("[0-9a-f]{64}")) {
        throw o.error("field 'parameters.sha256' must be 64 lowercase hexadecimal digits");
      }
      String file = p.optionalText("file");
      parameters =
          new Parameters(
              file != null ? file : version >= 3 ? "parameters.safetensors" : "parameters.bin",
              p.get("bytes").integer(),
              sha);
    }
    String method = o.get("method").text();
    Map<String, Object> backbone = o.get("backbone").plainMap();
    int inputDim = o.get("inputDim").int32();
    if (inputDim < 1) {
      throw o.error("field 'inputDim' must be a positive integer");
    }
    List<String> labels = o.get("labels").strings();
    List<String> workers = o.get("workers").strings();
    Node options = o.optional("options");
    Node train = o.optional("train");
    Node members = o.optional("members");
    return new TrainedModel(
        version,
        method,
        labels,
        workers,
        o.optionalText("annotatorModel"),
        inputDim,
        backbone,
        options == null ? Map.of() : options.plainMap(),
        train == null ? Map.of() : train.plainMap(),
        o.optionalText("library"),
        o.optionalText("engine"),
        members == null ? 1 : members.int32(),
        parameters);
  }
}
