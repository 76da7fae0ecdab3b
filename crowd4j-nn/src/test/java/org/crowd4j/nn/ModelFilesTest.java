package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.model.ModelSchema;
import org.crowd4j.model.Models;
import org.crowd4j.model.TrainedModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saved models: written through a temporary folder, with a format version and a checksum that
 * loading checks; models saved by format versions 2 (crowd4j's tensor file) and 3 (safetensors) are
 * kept as fixtures and must keep loading; the parameters open with an independent reader (DJL's).
 */
class ModelFilesTest {
  /** A small CoNAL model saved by format version 2, with its expected predictions. */
  static final Path FIXTURE = Path.of("src/test/resources/models/conal-v2");

  /** The same model saved by format version 3 (safetensors), with its expected predictions. */
  static final Path FIXTURE_V3 = Path.of("src/test/resources/models/conal-v3");

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void savedModelOfFormatVersion2KeepsLoading() throws Exception {
    predictsAsRecorded(FIXTURE, 2);
  }

  @Test
  void savedModelOfFormatVersion3KeepsLoading() throws Exception {
    predictsAsRecorded(FIXTURE_V3, 3);
  }

  private static void predictsAsRecorded(Path fixture, int version) throws Exception {
    JsonNode expected = JSON.readTree(fixture.resolve("expected.json").toFile());
    int d = expected.get("dim").asInt();
    List<String> names = new ArrayList<>();
    float[] x = new float[expected.get("features").size() * d];
    int i = 0;
    for (JsonNode row : expected.get("features")) {
      names.add("item" + names.size());
      for (JsonNode v : row) {
        x[i++] = (float) v.asDouble();
      }
    }
    try (LearnedModel m = LearnedModel.load(fixture)) {
      assertEquals("conal", m.method());
      assertEquals(List.of("0", "1", "2"), m.labels().names());
      double[] p = m.predict(new TaskFeatures(Vocabulary.of(names), d, x));
      double[] want = new double[p.length];
      int j = 0;
      for (JsonNode row : expected.get("probabilities")) {
        for (JsonNode v : row) {
          want[j++] = v.asDouble();
        }
      }
      assertArrayEquals(want, p, 1e-6);
    }
    JsonNode meta = JSON.readTree(fixture.resolve("model.json").toFile());
    assertEquals(version, meta.get("formatVersion").asInt());
  }

  @Test
  void damagedParametersNewerVersionsAndMissingFieldsSayWhatIsWrong() throws Exception {
    Path m = copyFixture("m");
    byte[] params = Files.readAllBytes(m.resolve("parameters.bin"));
    params[params.length - 1] ^= 1;
    Files.write(m.resolve("parameters.bin"), params);
    ModelFileException e = assertThrows(ModelFileException.class, () -> LearnedModel.load(m));
    assertTrue(
        e.getMessage().contains("parameters.bin: does not match model.json"), e.getMessage());

    Path cut = copyFixture("cut");
    byte[] full = Files.readAllBytes(cut.resolve("parameters.bin"));
    Files.write(cut.resolve("parameters.bin"), java.util.Arrays.copyOf(full, full.length / 2));
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(cut));
    assertTrue(e.getMessage().contains("does not match model.json"), e.getMessage());

    Path newer = copyFixture("newer");
    edit(newer, o -> o.put("formatVersion", 4));
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(newer));
    assertTrue(
        e.getMessage().contains("written by a newer crowd4j (format version 4"), e.getMessage());

    Path v3 = Files.createDirectories(dir.resolve("v3"));
    for (String f : new String[] {"model.json", "parameters.safetensors"}) {
      Files.copy(FIXTURE_V3.resolve(f), v3.resolve(f));
    }
    byte[] st = Files.readAllBytes(v3.resolve("parameters.safetensors"));
    st[st.length - 1] ^= 1;
    Files.write(v3.resolve("parameters.safetensors"), st);
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(v3));
    assertTrue(
        e.getMessage().contains("parameters.safetensors: does not match model.json"),
        e.getMessage());

    Path noLabels = copyFixture("nolabels");
    edit(noLabels, o -> o.remove("labels"));
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(noLabels));
    assertTrue(e.getMessage().endsWith("field 'labels' is missing"), e.getMessage());

    Path broken = copyFixture("broken");
    Files.writeString(
        broken.resolve("model.json"), "{\n  \"format\": \"crowd4j-nn-model\",\n  x\n}");
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(broken));
    assertEquals(3, e.line(), e.getMessage());
    assertTrue(e.getMessage().contains("not valid JSON"), e.getMessage());

    Path none = dir.resolve("none");
    Files.createDirectories(none);
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(none));
    assertTrue(e.getMessage().contains("not a saved crowd4j model"), e.getMessage());
  }

  @Test
  void savingReplacesAnEarlierModelWholeAndKeepsForeignFiles() throws Exception {
    GaussianCrowd crowd = GaussianCrowd.flippers(120, 3, 5, 3, 0.8, true, 3);
    Path target = dir.resolve("model");
    double[] first;
    double[] second;
    try (LearnedModel m = fit(crowd, 1)) {
      m.save(target);
      first = m.predict(crowd.test().features());
    }
    try (LearnedModel m = fit(crowd, 2)) {
      m.save(target); // replaces the earlier model
      second = m.predict(crowd.test().features());
    }
    assertFalse(java.util.Arrays.equals(first, second));
    try (LearnedModel back = LearnedModel.load(target)) {
      assertArrayEquals(second, back.predict(crowd.test().features()), 1e-6);
    }
    // no temporary folders are left beside it
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of("model"), s.map(p -> p.getFileName().toString()).toList());
    }
    // an empty folder is replaced; a folder with other files keeps them
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path shared = Files.createDirectories(dir.resolve("shared"));
    Files.writeString(shared.resolve("notes.txt"), "mine");
    try (LearnedModel m = fit(crowd, 1)) {
      m.save(empty);
      m.save(shared);
    }
    assertTrue(Files.exists(empty.resolve("model.json")));
    assertEquals("mine", Files.readString(shared.resolve("notes.txt")));
    try (LearnedModel back = LearnedModel.load(shared)) {
      assertArrayEquals(first, back.predict(crowd.test().features()), 1e-6);
    }
  }

  /**
   * model.json carries the model-file schema's checksum over itself; core reads the description.
   */
  @Test
  void modelJsonCarriesTheSchemasChecksum() throws Exception {
    GaussianCrowd crowd = GaussianCrowd.flippers(120, 3, 5, 3, 0.8, true, 3);
    Path target = dir.resolve("model");
    try (LearnedModel m = fit(crowd, 1)) {
      m.save(target);
    }
    byte[] json = Files.readAllBytes(target.resolve("model.json"));
    JsonNode meta = JSON.readTree(json);
    List<String> names = new ArrayList<>();
    meta.fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("format", "formatVersion", "checksum", "parameters"), names.subList(0, 4));
    assertEquals(ModelSchema.checksum(json), meta.get("checksum").asText());
    TrainedModel description = Models.read(target, TrainedModel.class);
    assertEquals(3, description.formatVersion());
    assertEquals("conal", description.method());
    assertEquals(List.of("0", "1", "2"), description.labels());
    assertEquals(meta.get("parameters").get("sha256").asText(), description.parameters().sha256());
    // changed after saving: the loader says so
    Files.writeString(
        target.resolve("model.json"),
        new String(json, java.nio.charset.StandardCharsets.UTF_8)
            .replace("\"inputDim\" : 5", "\"inputDim\" : 6"));
    ModelFileException e = assertThrows(ModelFileException.class, () -> LearnedModel.load(target));
    assertTrue(e.getMessage().contains("model.json: checksum mismatch"), e.getMessage());
  }

  /** A learner or annotator model this library does not have is refused, sealed or not. */
  @Test
  void unknownMethodAndAnnotatorModelAreRefused() throws Exception {
    Path method = copyFixtureV3("method");
    editSealed(method, o -> o.put("method", "nope"));
    assertTrue(refused(method, "method").getMessage().contains("unknown learner 'nope'"));
    Path legacy = copyFixture("legacy-method");
    edit(legacy, o -> o.put("method", "nope"));
    refused(legacy, "method");
    Path annotators = copyFixtureV3("annotators");
    editSealed(annotators, o -> o.put("annotatorModel", "zzz"));
    refused(annotators, "annotatorModel");
  }

  /** The workers listed must be the annotators of the annotator model's tensors. */
  @Test
  void shortenedWorkersListIsRefused() throws Exception {
    Path m = copyFixtureV3("workers");
    editSealed(
        m, o -> ((com.fasterxml.jackson.databind.node.ArrayNode) o.get("workers")).remove(0));
    String message = refused(m, "workers").getMessage();
    assertTrue(message.contains("annotators.confusions has shape [3, 3, 3]"), message);
  }

  /** The members declared must be the classifiers whose tensors the parameters hold. */
  @Test
  void membersMustBeTheMembersThatTheParametersHold() throws Exception {
    Path exponent = copyFixtureV3("exponent");
    editSealed(exponent, o -> o.put("members", 1e6));
    refused(exponent, "members");
    Path many = copyFixtureV3("many");
    editSealed(many, o -> o.put("members", 1_000_000));
    refused(many, "members");
    Path two = copyFixtureV3("two");
    editSealed(two, o -> o.put("members", 2));
    refused(two, "members");
    Path negative = copyFixture("negative");
    edit(negative, o -> o.put("members", -1));
    refused(negative, "members");
  }

  /** Layer sizes that the tensors do not have are refused before the network is allocated. */
  @Test
  void backboneLayerSizesAreCheckedBeforeTheNetworkIsBuilt() throws Exception {
    Path deeper = copyFixtureV3("deeper");
    editSealed(
        deeper, o -> ((ObjectNode) o.get("backbone")).putArray("hidden").add(30000).add(30000));
    refused(deeper, "backbone");
    Path wider = copyFixtureV3("wider");
    editSealed(wider, o -> ((ObjectNode) o.get("backbone")).putArray("hidden").add(30000));
    String message = refused(wider, "backbone").getMessage();
    assertTrue(message.contains("has shape [8, 5], model.json implies [30000, 5]"), message);
    Path input = copyFixture("input");
    edit(input, o -> o.put("inputDim", 6));
    refused(input, "inputDim");
  }

  /** A backbone kind this library does not build, or one without its fields, is refused. */
  @Test
  void unknownBackboneKindIsRefused() throws Exception {
    for (String kind : new String[] {"cnn", "RNN"}) {
      Path m = copyFixtureV3("kind-" + kind);
      editSealed(m, o -> ((ObjectNode) o.get("backbone")).put("kind", kind));
      refused(m, "backbone.kind");
    }
    Path cnn = copyFixtureV3("cnn");
    editSealed(cnn, o -> ((ObjectNode) o.get("backbone")).put("kind", "CNN"));
    refused(cnn, "backbone.imageShape");
  }

  /** The labels must be the classes of the classifier's output and the annotator tensors. */
  @Test
  void labelsMustMatchTheOutputTensors() throws Exception {
    Path fewer = copyFixtureV3("fewer");
    editSealed(fewer, o -> o.putArray("labels").add("0").add("1"));
    String message = refused(fewer, "labels").getMessage();
    assertTrue(message.contains("backbone.03Linear_weight has shape [3, 8]"), message);
    Path more = copyFixture("more");
    edit(more, o -> o.putArray("labels").add("0").add("1").add("2").add("3"));
    refused(more, "labels");
  }

  /**
   * Special files (a link to a device, a pipe) are refused without being read, and so are
   * parameters larger than model.json declares.
   */
  @Test
  void specialOrOversizedFilesAreRefusedBeforeReading() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")));
    Path zeros = copyFixtureV3("zeros");
    Files.delete(zeros.resolve("parameters.safetensors"));
    Files.createSymbolicLink(zeros.resolve("parameters.safetensors"), Path.of("/dev/zero"));
    ModelFileException e = assertThrows(ModelFileException.class, () -> LearnedModel.load(zeros));
    assertTrue(
        e.getMessage().contains("parameters.safetensors: not a regular file"), e.getMessage());
    Path meta = copyFixtureV3("meta");
    Files.delete(meta.resolve("model.json"));
    Files.createSymbolicLink(meta.resolve("model.json"), Path.of("/dev/zero"));
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(meta));
    assertTrue(e.getMessage().contains("model.json: not a regular file"), e.getMessage());
    Path fifo = copyFixtureV3("fifo");
    Files.delete(fifo.resolve("parameters.safetensors"));
    Process mkfifo =
        new ProcessBuilder("mkfifo", fifo.resolve("parameters.safetensors").toString()).start();
    if (mkfifo.waitFor() == 0) {
      e = assertThrows(ModelFileException.class, () -> LearnedModel.load(fifo));
      assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    }
    Path longer = copyFixtureV3("longer");
    Files.write(
        longer.resolve("parameters.safetensors"),
        new byte[1024],
        java.nio.file.StandardOpenOption.APPEND);
    e = assertThrows(ModelFileException.class, () -> LearnedModel.load(longer));
    assertTrue(e.getMessage().contains("field 'parameters.bytes'"), e.getMessage());
  }

  /** Loading {@code model} fails with a message naming {@code field}. */
  private static ModelFileException refused(Path model, String field) {
    ModelFileException e = assertThrows(ModelFileException.class, () -> LearnedModel.load(model));
    assertTrue(e.getMessage().contains("field '" + field + "'"), e.getMessage());
    return e;
  }

  private static LearnedModel fit(GaussianCrowd crowd, long seed) {
    return new Conal(
            Conal.Options.defaults(),
            GaussianCrowd.quick(2, seed),
            Backbone.mlp(new int[] {8}, 0.0, false, false))
        .fit(crowd.data(), crowd.features(), null, EpochListener.NONE);
  }

  /**
   * Writes the fixture of the current format version (run once when the version changes, with
   * {@code -Dcrowd4j.writeModelFixture=true}, after pointing it at a new folder); older fixtures
   * stay committed and must keep loading.
   */
  @Test
  @EnabledIfSystemProperty(named = "crowd4j.writeModelFixture", matches = "true")
  void writeFixture() throws Exception {
    GaussianCrowd crowd = GaussianCrowd.flippers(120, 3, 5, 3, 0.8, true, 3);
    try (LearnedModel m = fit(crowd, 1)) {
      m.save(FIXTURE_V3);
      TaskFeatures x = GaussianCrowd.rows(crowd.test().features().toArray(), 5, 0, 4);
      double[] p = m.predict(x);
      ObjectNode o = JSON.createObjectNode();
      o.put("dim", 5);
      var features = o.putArray("features");
      var probs = o.putArray("probabilities");
      for (int i = 0; i < 4; i++) {
        var f = features.addArray();
        for (float v : x.row(i)) {
          f.add(v);
        }
        var q = probs.addArray();
        for (int c = 0; c < 3; c++) {
          q.add(p[i * 3 + c]);
        }
      }
      JSON.writerWithDefaultPrettyPrinter()
          .writeValue(FIXTURE_V3.resolve("expected.json").toFile(), o);
    }
  }

  private Path copyFixture(String name) throws IOException {
    Path to = Files.createDirectories(dir.resolve(name));
    for (String f : new String[] {"model.json", "parameters.bin"}) {
      Files.copy(FIXTURE.resolve(f), to.resolve(f));
    }
    return to;
  }

  private Path copyFixtureV3(String name) throws IOException {
    Path to = Files.createDirectories(dir.resolve(name));
    for (String f : new String[] {"model.json", "parameters.safetensors"}) {
      Files.copy(FIXTURE_V3.resolve(f), to.resolve(f));
    }
    return to;
  }

  /** Edits model.json and recomputes its checksum, as someone covering the edit would. */
  private static void editSealed(Path model, java.util.function.Consumer<ObjectNode> change)
      throws IOException {
    edit(
        model,
        o -> {
          change.accept(o);
          o.put(ModelSchema.CHECKSUM, ModelSchema.CHECKSUM_PLACEHOLDER);
        });
    Path file = model.resolve("model.json");
    Files.write(file, ModelSchema.seal(Files.readAllBytes(file)));
  }

  private static void edit(Path model, java.util.function.Consumer<ObjectNode> change)
      throws IOException {
    ObjectNode o = (ObjectNode) JSON.readTree(model.resolve("model.json").toFile());
    change.accept(o);
    JSON.writeValue(model.resolve("model.json").toFile(), o);
  }
}
