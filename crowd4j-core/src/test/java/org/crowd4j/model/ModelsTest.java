package org.crowd4j.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.multilabel.BinaryRelevance;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.MultiLabelSimulator;
import org.crowd4j.multilabel.TagAnswers;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.pairwise.AnnotatorReliability;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.PairwiseSimulator;
import org.crowd4j.pairwise.Ranking;
import org.crowd4j.pairwise.RankingMethods;
import org.crowd4j.segmentation.BoundaryNoiseSimulator;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.MaskMethods;
import org.crowd4j.segmentation.SegmentationResult;
import org.crowd4j.simulate.SyntheticCrowd;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextMethods;
import org.crowd4j.text.TextResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Model files: every kind written and read back with the same values; a checksum that catches a
 * changed number and ignores a change of layout; the version, checksum and field refusals; and the
 * files of the release before the schema (committed under {@code model/legacy/}) still load.
 */
class ModelsTest {
  static final Path LEGACY = Path.of("src/test/resources/model/legacy");

  @TempDir Path dir;

  static CrowdDataset crowd() {
    return SyntheticCrowd.generate(120, 3, 8, 3, new double[] {0.3, 0.4, 0.15, 0.1, 0.05}, 7)
        .data();
  }

  // ---- round trips

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mv",
        "ds",
        "glad",
        "mace",
        "crowd-mixture",
        "common-confusion-em",
        "mmsr",
        "auto"
      })
  void classificationRoundTrip(String method) throws Exception {
    CrowdDataset data = crowd();
    AggregationResult r = Methods.create(method, Map.of()).fit(data);
    Path file = dir.resolve(method + ".model.json");
    ClassificationModelWriter.write(file, r, data);
    assertArrayEquals(ClassificationModelWriter.toBytes(r, data), Files.readAllBytes(file));

    ClassificationModel m = Models.read(file, ClassificationModel.class);
    assertEquals(ModelKind.CLASSIFICATION, m.kind());
    assertEquals(ModelSchema.VERSION, m.formatVersion());
    sameClassification(r, data, m);
    assertNull(m.engine());
    String text = Files.readString(file);
    assertTrue(
        text.startsWith(
            "{\n  \"method\" : \""
                + r.provenance().method()
                + "\",\n  \"formatVersion\" : 1,\n  \"checksum\" : \"sha256:"),
        text.substring(0, 120));
  }

  static void sameClassification(AggregationResult r, CrowdDataset data, ClassificationModel m) {
    int k = data.numLabels();
    WorkerModel wm = r.workers();
    assertEquals(r.provenance().method(), m.method());
    assertEquals(wm.getClass().getSimpleName(), m.modelType());
    assertEquals(data.labels().names(), m.labels());
    assertEquals(data.numTasks(), m.tasks());
    assertEquals(data.numWorkers(), m.workers());
    assertEquals(data.numAnswers(), m.answers());
    if (r.classPriors() == null) {
      assertNull(m.classPriors());
    } else {
      assertArrayEquals(r.classPriors(), m.classPriors());
    }
    double[] answerConfusion = ClassificationModelWriter.answerConfusions(r, data);
    assertEquals(data.numWorkers(), m.workerModels().size());
    for (int w = 0; w < data.numWorkers(); w++) {
      ClassificationModel.Worker x = m.workerModels().get(w);
      assertEquals(data.workers().name(w), x.worker());
      assertEquals(data.workerSize(w), x.answers());
      assertEquals(finite(wm.skill(w)), x.skill());
      for (int z = 0; z < k; z++) {
        for (int l = 0; l < k; l++) {
          assertEquals(answerConfusion[(w * k + z) * k + l], x.answerConfusion()[z][l]);
          if (wm instanceof ConfusionMatrices cm) {
            assertEquals(cm.toArray()[(w * k + z) * k + l], x.confusion()[z][l]);
          }
        }
      }
    }
    sameDiagnostics(r.diagnostics(), m.diagnostics());
    assertEquals(r.provenance(), m.provenance());
    assertEquals(r.selection().isPresent(), m.selection() != null);
    if (m.selection() != null) {
      var s = r.selection().get();
      assertEquals(s.chosen(), m.selection().chosen());
      assertEquals(s.criterion(), m.selection().criterion());
      assertEquals(s.candidates().size(), m.selection().candidates().size());
      for (int c = 0; c < s.candidates().size(); c++) {
        assertEquals(s.candidates().get(c).name(), m.selection().candidates().get(c).name());
        assertEquals(
            finite(s.candidates().get(c).score()), m.selection().candidates().get(c).score());
        assertEquals(
            finite(s.candidates().get(c).weight()), m.selection().candidates().get(c).weight());
      }
    }
  }

  /** A value as written: non-finite numbers are written as null and read as NaN. */
  static double finite(double v) {
    return Double.isFinite(v) ? v : Double.NaN;
  }

  static void sameDiagnostics(Diagnostics want, Diagnostics got) {
    assertEquals(want.iterations(), got.iterations());
    assertEquals(want.converged(), got.converged());
    double[] o = want.objective();
    for (int i = 0; i < o.length; i++) {
      o[i] = finite(o[i]);
    }
    assertArrayEquals(o, got.objective());
    assertEquals(want.objectiveName(), got.objectiveName());
    assertEquals(want.stopReason(), got.stopReason());
  }

  @ParameterizedTest
  @ValueSource(strings = {"bt", "noisy-bt"})
  void rankingRoundTrip(String method) throws Exception {
    Comparisons data =
        PairwiseSimulator.simulate(
                new PairwiseSimulator.Spec(20, 400, 10, 0.2, 0.1, 1.0, PairwiseSimulator.Model.BT),
                5)
            .data();
    Ranking r = RankingMethods.LIST.spec(method).create(Map.of()).fit(data);
    Path file = dir.resolve("rank.model.json");
    RankingModelWriter.write(file, r, data);
    RankingModel m = Models.read(file, RankingModel.class);
    assertEquals(ModelSchema.VERSION, m.formatVersion());
    assertEquals(method, m.method());
    assertEquals(data.numItems(), m.items());
    assertEquals(data.numWorkers(), m.workers());
    assertEquals(data.size(), m.comparisons());
    assertEquals(r.components(), m.components());
    assertEquals(r.stderrMethod(), m.stderrMethod());
    assertEquals(r.notes(), m.notes());
    assertEquals(r.size(), m.itemScores().size());
    for (int rank = 1; rank <= r.size(); rank++) {
      int i = r.itemAtRank(rank);
      RankingModel.Item x = m.itemScores().get(rank - 1);
      assertEquals(r.items().name(i), x.item());
      assertEquals(finite(r.score(i)), x.score());
      assertEquals(finite(r.logScore(i)), x.logScore());
      assertEquals(finite(r.stderr(i)), x.stderr());
      assertEquals(rank, x.rank());
      assertEquals(r.component(i), x.component());
    }
    AnnotatorReliability a = r.annotators();
    assertEquals(a == null ? 0 : a.size(), m.workerModels().size());
    for (int w = 0; a != null && w < a.size(); w++) {
      RankingModel.Worker x = m.workerModels().get(w);
      assertEquals(a.workers().name(w), x.worker());
      assertEquals(a.judgements(w), x.judgements());
      assertEquals(finite(a.skill(w)), x.skill());
      assertEquals(finite(a.bias(w)), x.bias());
    }
    sameDiagnostics(r.diagnostics(), m.diagnostics());
    assertEquals(r.provenance(), m.provenance());
  }

  @ParameterizedTest
  @ValueSource(strings = {"rover", "rasa", "closest-to-average"})
  void textRoundTrip(String method) throws Exception {
    TextAnswers.Builder b = TextAnswers.builder();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(3);
    String[] words = {"the cat sat", "the cat sat down", "a cat sat", "the hat sat"};
    for (int t = 0; t < 12; t++) {
      for (int w = 0; w < 4; w++) {
        double[] e = {rng.nextDouble(), rng.nextDouble(), w == 3 ? 5 : rng.nextDouble()};
        b.add("t" + t, "w" + w, words[(t + w) % words.length], e);
      }
    }
    TextAnswers data = b.build();
    TextResult r = TextMethods.LIST.spec(method).create(Map.of()).fit(data);
    Path file = dir.resolve("text.model.json");
    TextModelWriter.write(file, r);
    TextModel m = Models.read(file, TextModel.class);
    assertEquals(ModelKind.TEXTS, m.kind());
    assertEquals(ModelSchema.VERSION, m.formatVersion());
    assertEquals(method, m.method());
    assertEquals(r.provenance(), m.provenance());
    sameDiagnostics(r.diagnostics(), m.diagnostics());
    double[] skills = r.skills();
    assertEquals(skills == null ? 0 : skills.length, m.workers().size());
    for (int w = 0; skills != null && w < skills.length; w++) {
      assertEquals(r.workers().name(w), m.workers().get(w).worker());
      assertEquals(finite(skills[w]), m.workers().get(w).reliability());
    }
    if (method.equals("rasa")) {
      assertFalse(m.workers().isEmpty(), "RASA estimates reliabilities");
    }
    assertTrue(
        Files.readString(file).startsWith("{\n  \"kind\" : \"texts\",\n  \"formatVersion\""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"mv", "rasa", "em"})
  void maskRoundTrip(String method) throws Exception {
    BoundaryNoiseSimulator.Annotator[] annotators = {
      new BoundaryNoiseSimulator.Annotator(1, 0, 0.05),
      new BoundaryNoiseSimulator.Annotator(2, 1, 0.1),
      new BoundaryNoiseSimulator.Annotator(0, 0, 0.02)
    };
    MaskAnswers data =
        BoundaryNoiseSimulator.simulate(
                BoundaryNoiseSimulator.ellipses(4, 16, 20, 2), annotators, 2)
            .answers();
    SegmentationResult r = MaskMethods.LIST.spec(method).create(Map.of()).fit(data);
    Path file = dir.resolve("masks.model.json");
    MaskModelWriter.write(file, r, data);
    assertFalse(Files.readString(file).contains("NaN"), "an option not set is null, not NaN");
    MaskModel m = Models.read(file, MaskModel.class);
    assertEquals(ModelSchema.VERSION, m.formatVersion());
    assertEquals(method, m.method());
    assertEquals(r.provenance(), m.provenance());
    assertEquals(r.tasks().size(), m.images().size());
    double[] scores = r.answerScores();
    for (int t = 0; t < r.tasks().size(); t++) {
      MaskModel.Image im = m.images().get(t);
      assertEquals(r.tasks().name(t), im.task());
      assertEquals(r.iterations()[t], im.iterations());
      assertEquals(r.converged()[t], im.converged());
      assertEquals(scores != null && r.answerScoresAreSkills(), im.scoresAreSkills());
      if (scores == null) {
        assertTrue(im.scores().isEmpty());
        continue;
      }
      for (int a : data.answersOf(t)) {
        assertEquals(finite(scores[a]), im.scores().get(data.workers().name(data.worker(a))), 0.0);
      }
    }
  }

  @Test
  void multiLabelRoundTrip() throws Exception {
    TagAnswers data =
        MultiLabelSimulator.simulate(
                new MultiLabelSimulator.Spec(60, 3, 10, 4, 0.1, 0.4, 0.8, 0.05, 0.2), 4)
            .answers();
    MultiLabelResult r = new BinaryRelevance(Methods.create("ds", Map.of())).fit(data);
    Path file = dir.resolve("tags.model.json");
    MultiLabelModelWriter.write(file, r, data);
    MultiLabelModel m = Models.read(file, MultiLabelModel.class);
    assertEquals(ModelSchema.VERSION, m.formatVersion());
    assertEquals(r.method(), m.method());
    assertEquals(r.tags().names(), m.tags());
    assertEquals(r.tags().names(), List.copyOf(m.perTag().keySet()));
    for (int t = 0; t < r.numTags(); t++) {
      ClassificationModel c = m.perTag().get(r.tags().name(t));
      assertEquals(ModelSchema.VERSION, c.formatVersion());
      sameClassification(r.tag(t), data.binary(t), c);
    }
    // one version and one checksum, at the top
    String text = Files.readString(file);
    assertEquals(1, count(text, "\"formatVersion\""));
    assertEquals(1, count(text, "\"checksum\""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"mean", "median", "catd", "pm", "raykar", "auto"})
  void numericRoundTrip(String method) throws Exception {
    NumericAnswers.Builder b = NumericAnswers.builder();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(11);
    for (int t = 0; t < 40; t++) {
      double truth = rng.nextDouble() * 100;
      for (int w = 0; w < 5; w++) {
        if ((t + w) % 5 != 4) {
          b.add("t" + t, "w" + w, truth + (w - 2) + rng.nextGaussian() * (1 + w));
        }
      }
    }
    b.add("t0", "lonely", 3.0);
    NumericAnswers data = b.build();
    NumericResult r = NumericMethods.LIST.spec(method).create(Map.of()).fit(data);
    Path file = dir.resolve("num.model.json");
    NumericModelWriter.write(file, r, data);
    NumericModel m = Models.read(file, NumericModel.class);
    assertEquals(ModelKind.NUMERIC, m.kind());
    assertEquals(ModelSchema.VERSION, m.formatVersion());
    assertEquals(r.method(), m.method());
    assertEquals(data.numTasks(), m.tasks());
    assertEquals(data.numWorkers(), m.workers());
    assertEquals(data.numAnswers(), m.answers());
    double[] bias = r.bias();
    double[] variance = r.variance();
    double[] weight = r.weights();
    for (int w = 0; w < data.numWorkers(); w++) {
      NumericModel.Worker x = m.workerModels().get(w);
      assertEquals(r.workers().name(w), x.worker());
      assertEquals(data.workerSize(w), x.answers());
      assertEquals(finite(bias[w]), x.bias());
      assertEquals(finite(variance[w]), x.variance());
      assertEquals(finite(weight[w]), x.weight());
    }
    assertEquals(r.selection().isPresent(), m.selection() != null);
    if (m.selection() != null) {
      var s = r.selection().get();
      assertEquals(s.chosen(), m.selection().chosen());
      assertEquals(s.seed(), m.selection().seed());
      assertEquals(s.heldOutAnswers(), m.selection().heldOutAnswers());
      assertEquals(s.rule(), m.selection().rule());
      assertEquals(s.candidates().size(), m.selection().candidates().size());
      for (int c = 0; c < s.candidates().size(); c++) {
        var want = s.candidates().get(c);
        var got = m.selection().candidates().get(c);
        assertEquals(want.name(), got.name());
        assertEquals(finite(want.meanLogLikelihood()), got.meanLogLikelihood());
        assertEquals(finite(want.rmse()), got.rmse());
      }
    }
    sameDiagnostics(r.diagnostics(), m.diagnostics());
    assertEquals(r.provenance(), m.provenance());
  }

  // ---- the checksum

  @Test
  void checksumCatchesAChangedNumberAndIgnoresLayout() throws Exception {
    CrowdDataset data = crowd();
    Path file = dir.resolve("ds.model.json");
    ClassificationModelWriter.write(file, Methods.create("ds", Map.of()).fit(data), data);
    String text = Files.readString(file);

    // one digit of one number
    int at = text.indexOf("\"classPriors\" : [ 0.") + "\"classPriors\" : [ 0.".length();
    char d = text.charAt(at);
    Path edited = dir.resolve("edited.model.json");
    Files.writeString(
        edited, text.substring(0, at) + (d == '9' ? '8' : (char) (d + 1)) + text.substring(at + 1));
    ModelFileException e = assertThrows(ModelFileException.class, () -> Models.read(edited));
    assertEquals(edited, e.file());
    assertTrue(
        e.getMessage().startsWith(edited + ": checksum mismatch: the file says sha256:"),
        e.getMessage());

    // the tasks count
    Path count = dir.resolve("count.model.json");
    Files.writeString(count, text.replace("\"tasks\" : 120", "\"tasks\" : 121"));
    e = assertThrows(ModelFileException.class, () -> Models.read(count));
    assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());

    // a number written differently is another number text: 0.5 vs 0.50
    Path digits = dir.resolve("digits.model.json");
    Files.writeString(digits, text.replaceFirst("(\"classPriors\" : \\[ [0-9.E-]+)", "$10"));
    assertThrows(ModelFileException.class, () -> Models.read(digits));

    // indentation and line breaks are not part of the content
    Path compact = dir.resolve("compact.model.json");
    Files.writeString(compact, text.replaceAll("\n\\s*", "").replace(" : ", ":"));
    assertEquals(
        ModelSchema.checksum(Files.readAllBytes(file)),
        ModelSchema.checksum(Files.readAllBytes(compact)));
    assertEquals(ModelSchema.VERSION, Models.read(compact).formatVersion());

    // a changed checksum is a mismatch too; a malformed one says what it must be
    Path other = dir.resolve("other.model.json");
    Files.writeString(other, text.replaceFirst("sha256:[0-9a-f]", "sha256:x"));
    e = assertThrows(ModelFileException.class, () -> Models.read(other));
    assertTrue(e.getMessage().contains("64 lowercase hexadecimal digits"), e.getMessage());
  }

  /** The canonical form, spelled out: the package documentation's definition. */
  @Test
  void checksumIsSha256OfTheCanonicalForm() throws Exception {
    String doc =
        "{\n  \"kind\" : \"x\",\n  \"formatVersion\" : 1,\n"
            + "  \"checksum\" : \"anything\",\n"
            + "  \"a\" : [ 1.50, -2E3, 7, \"q\\\"\\\\\\/\\n\\u0001\\u00e9\\t\" ],\n"
            + "  \"b\" : { },\n  \"c\" : null, \"d\" : [ true, false, [ ] ],\n"
            + "  \"nested\" : { \"checksum\" : \"kept\" }\n}";
    String canonical =
        "{\"kind\":\"x\",\"formatVersion\":1,"
            + "\"a\":[1.50,-2E3,7,\"q\\\"\\\\/\\n\\u0001é\\t\"],"
            + "\"b\":{},\"c\":null,\"d\":[true,false,[]],"
            + "\"nested\":{\"checksum\":\"kept\"}}";
    String want =
        "sha256:"
            + HexFormat.of()
                .formatHex(
                    MessageDigest.getInstance("SHA-256")
                        .digest(canonical.getBytes(StandardCharsets.UTF_8)));
    assertEquals(want, ModelSchema.checksum(doc.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void sealingFillsThePlaceholderInPlace() throws Exception {
    String doc =
        "{\"format\":\"f\",\"checksum\":\"" + ModelSchema.CHECKSUM_PLACEHOLDER + "\",\"x\":[1]}";
    byte[] sealed = ModelSchema.seal(doc.getBytes(StandardCharsets.UTF_8));
    String s = new String(sealed, StandardCharsets.UTF_8);
    assertEquals(doc.length(), s.length());
    assertEquals(doc.replace(ModelSchema.CHECKSUM_PLACEHOLDER, ModelSchema.checksum(sealed)), s);
    ModelSchema.verify(Path.of("x.json"), sealed);
    assertThrows(
        java.io.IOException.class,
        () -> ModelSchema.seal("{\"checksum\":\"sha256:1\"}".getBytes(StandardCharsets.UTF_8)));
  }

  // ---- refusals

  @Test
  void versionChecksumAndFieldRefusalsNameTheFileAndTheProblem() throws Exception {
    CrowdDataset data = crowd();
    Path file = dir.resolve("m.model.json");
    ClassificationModelWriter.write(file, Methods.create("ds", Map.of()).fit(data), data);
    String text = Files.readString(file);

    assertEquals(
        file.resolveSibling("newer.json")
            + ": written by a newer crowd4j (format version 2; this version reads 0 to 1)",
        refused(
            "newer.json",
            resealed(text.replace("\"formatVersion\" : 1", "\"formatVersion\" : 2"))));
    assertEquals(
        file.resolveSibling("zero.json") + ": unknown format version 0",
        refused(
            "zero.json", resealed(text.replace("\"formatVersion\" : 1", "\"formatVersion\" : 0"))));
    assertTrue(
        refused("text.json", text.replace("\"formatVersion\" : 1", "\"formatVersion\" : \"1\""))
            .endsWith("field 'formatVersion' must be an integer"));
    assertTrue(
        refused("nosum.json", text.replaceFirst("  \"checksum\" : \"[^\"]*\",\n", ""))
            .endsWith("no field 'checksum' (a model file of format version 1 has it)"));
    assertTrue(
        refused("noversion.json", text.replace("  \"formatVersion\" : 1,\n", ""))
            .endsWith("field 'checksum' without 'formatVersion'"));
    // a field removed, or of the wrong shape, after resealing (as a buggy writer would)
    assertTrue(
        refused("noworkers.json", resealed(text.replaceFirst("\"workerModels\"", "\"w\"")))
            .endsWith("no field 'workerModels' (a classification model file has it)"));
    assertTrue(
        refused(
                "shape.json",
                resealed(
                    text.replaceFirst(
                        "\"answerConfusion\" : \\[ \\[", "\"answerConfusion\" : [ [ 0.5, ")))
            .endsWith("field 'workerModels[0].answerConfusion' must be 3×3"));
    assertTrue(
        refused(
                "created.json",
                resealed(text.replaceFirst("\"created\" : \"[^\"]*\"", "\"created\" : \"noon\"")))
            .endsWith(
                "field 'provenance.created' must be a time in ISO-8601 (e.g. 2026-01-31T12:00:00Z)"));
    // not JSON, with the line; not an object; not a model file; another kind
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\n  \"method\" : \"ds\",\n  x\n}");
    ModelFileException e = assertThrows(ModelFileException.class, () -> Models.read(broken));
    assertEquals(3, e.line());
    assertTrue(e.getMessage().contains("not valid JSON"), e.getMessage());
    assertTrue(
        refused("array.json", "[1, 2]").endsWith("not a crowd4j model file (not a JSON object)"));
    assertTrue(refused("other.json", "{\"a\": 1}").contains("not a crowd4j model file (none of"));
    assertTrue(refused("kind.json", "{\"kind\": \"video\"}").contains("unknown kind 'video'"));
    assertTrue(
        refused("format.json", "{\"format\": \"onnx\"}")
            .endsWith("not a crowd4j model file (format 'onnx')"));
    assertTrue(
        refused("dup.json", "{\"method\": \"a\", \"method\": \"b\"}")
            .contains("Duplicate field 'method'"));
    e = assertThrows(ModelFileException.class, () -> Models.read(file, RankingModel.class));
    assertTrue(
        e.getMessage().endsWith("a classification model file, not a ranking model file"),
        e.getMessage());
    e = assertThrows(ModelFileException.class, () -> Models.read(dir.resolve("missing.json")));
    assertTrue(e.getMessage().endsWith("missing.json: no such file"), e.getMessage());
    // a numeric file always has a version
    assertTrue(
        refused("num.json", "{\"kind\": \"numeric\", \"method\": \"mean\"}")
            .endsWith("no field 'formatVersion' (a numeric model file has it)"));
  }

  private String refused(String name, String content) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, content);
    ModelFileException e = assertThrows(ModelFileException.class, () -> Models.read(f));
    assertEquals(f, e.file());
    return e.getMessage();
  }

  /** {@code text} with its checksum recomputed. */
  private static String resealed(String text) throws Exception {
    String open =
        text.replaceFirst(
            "\"sha256:[0-9a-f]{64}\"", "\"" + ModelSchema.CHECKSUM_PLACEHOLDER + "\"");
    return new String(
        ModelSchema.seal(open.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
  }

  // ---- files of the release before the schema

  @Test
  void everyLegacyFileLoads() throws Exception {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(LEGACY)) {
      s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
    }
    assertTrue(files.size() >= 15, files.toString());
    for (Path f : files) {
      ModelFile m = Models.read(f);
      assertNotNull(m.method(), f.toString());
      if (m instanceof TrainedModel) {
        assertTrue(m.formatVersion() == 2 || m.formatVersion() == 3, f.toString());
      } else {
        assertEquals(ModelSchema.LEGACY_VERSION, m.formatVersion(), f.toString());
      }
    }
  }

  @Test
  void legacyClassificationFilesLoadWithTheirValues() throws Exception {
    ClassificationModel ds =
        Models.read(LEGACY.resolve("class-ds.model.json"), ClassificationModel.class);
    assertEquals(0, ds.formatVersion());
    assertEquals("ds", ds.method());
    assertEquals("ConfusionMatrices", ds.modelType());
    assertEquals(List.of("0", "1", "2", "3", "4", "5"), ds.labels());
    assertEquals(600, ds.tasks());
    assertEquals(12, ds.workers());
    assertEquals(2400, ds.answers());
    assertEquals(0.1869595964404601, ds.classPriors()[0]);
    assertEquals(0.157720132284221, ds.classPriors()[5], 1e-15);
    ClassificationModel.Worker a2 = ds.workerModels().get(0);
    assertEquals("a2", a2.worker());
    assertEquals(203, a2.answers());
    assertEquals(0.99999996357847, a2.skill(), 1e-14);
    assertEquals(6, a2.confusion().length);
    assertEquals(6, a2.answerConfusion()[5].length);
    assertEquals(8, ds.diagnostics().iterations());
    assertTrue(ds.diagnostics().converged());
    assertEquals("log-likelihood per answer", ds.diagnostics().objectiveName());
    assertEquals("ds", ds.provenance().method());
    assertEquals("0.2.0-SNAPSHOT", ds.provenance().library());
    assertEquals("100", ds.provenance().options().get("maxIterations"));
    assertEquals(16, ds.provenance().dataDigest().length());
    assertNull(ds.selection());

    ClassificationModel glad =
        Models.read(LEGACY.resolve("class-glad.model.json"), ClassificationModel.class);
    assertEquals(600, glad.parameters().taskLogInverseDifficulty().length);
    assertNull(glad.workerModels().get(0).confusion());

    ClassificationModel mv =
        Models.read(LEGACY.resolve("class-mv.model.json"), ClassificationModel.class);
    assertNull(mv.classPriors());
    assertEquals("agreement or reliability per worker", mv.parameters().skillMeaning());

    ClassificationModel mace =
        Models.read(LEGACY.resolve("class-mace.model.json"), ClassificationModel.class);
    assertEquals(3, mace.workerModels().get(0).spamming().length);

    ClassificationModel mixture =
        Models.read(LEGACY.resolve("class-crowd-mixture.model.json"), ClassificationModel.class);
    assertEquals(
        mixture.parameters().groupWeights().length, mixture.parameters().groupConfusions().length);
    assertEquals(
        mixture.parameters().groupWeights().length,
        mixture.workerModels().get(0).membership().length);

    ClassificationModel common =
        Models.read(
            LEGACY.resolve("class-common-confusion-em.model.json"), ClassificationModel.class);
    assertEquals(3, common.parameters().commonConfusion().length);
    assertTrue(Double.isFinite(common.parameters().meanOmega()));

    ClassificationModel auto =
        Models.read(LEGACY.resolve("class-auto.model.json"), ClassificationModel.class);
    assertNotNull(auto.selection());
    assertFalse(auto.selection().candidates().isEmpty());
    assertEquals(19, auto.selection().candidates().size());
    assertEquals("mv", auto.selection().candidates().get(0).name());
    assertTrue(auto.selection().chosen().startsWith("stack(one-coin-ds 0.359"));

    ClassificationModel spark =
        Models.read(LEGACY.resolve("spark-glad.model.json"), ClassificationModel.class);
    assertEquals("GladModel", spark.modelType());
    assertTrue(spark.engine().startsWith("spark "), spark.engine());
    assertNull(spark.provenance().dataDigest());
    assertTrue(Double.isNaN(spark.workerModels().get(0).skill()), "Spark's GLAD rows give alpha");
    assertEquals(0.11151822258303398, spark.workerModels().get(0).answerConfusion()[0][0]);
    // the Spark engine writes no stop reason
    assertEquals(
        spark.diagnostics().converged() ? "converged" : "not converged",
        spark.diagnostics().stopReason());
  }

  @Test
  void legacyFilesOfTheOtherKindsLoadWithTheirValues() throws Exception {
    TextModel text = Models.read(LEGACY.resolve("text-rover.model.json"), TextModel.class);
    assertEquals("rover", text.method());
    assertEquals("rover", text.provenance().method());
    assertEquals("SPACE", text.provenance().options().get("tokenizer"));
    assertEquals("closed form", text.diagnostics().stopReason());
    assertTrue(text.workers().isEmpty());

    MaskModel em = Models.read(LEGACY.resolve("masks-em.model.json"), MaskModel.class);
    assertEquals("em", em.method());
    assertEquals(6, em.images().size());
    MaskModel.Image i0 = em.images().get(0);
    assertEquals("i0", i0.task());
    assertEquals(6, i0.iterations());
    assertTrue(i0.converged());
    assertTrue(i0.scoresAreSkills());
    assertEquals(0.4817518248175182, i0.scores().get("a0"));
    assertEquals(1.0, i0.scores().get("a1"));
    MaskModel rasa = Models.read(LEGACY.resolve("masks-rasa.model.json"), MaskModel.class);
    assertFalse(rasa.images().get(0).scoresAreSkills());
    assertEquals(4, rasa.images().get(0).scores().size());
    assertTrue(
        Models.read(LEGACY.resolve("masks-mv.model.json"), MaskModel.class)
            .images()
            .get(0)
            .scores()
            .isEmpty());

    RankingModel bt = Models.read(LEGACY.resolve("rank-bt.model.json"), RankingModel.class);
    assertEquals("bt", bt.method());
    assertEquals(40, bt.items());
    assertEquals(40, bt.itemScores().size());
    assertEquals(1, bt.itemScores().get(0).rank());
    assertTrue(bt.workerModels().isEmpty());
    RankingModel noisy =
        Models.read(LEGACY.resolve("rank-noisy-bt.model.json"), RankingModel.class);
    assertEquals(50, noisy.workerModels().size());
    assertEquals(noisy.workers(), noisy.workerModels().size());

    MultiLabelModel tags = Models.read(LEGACY.resolve("tags-ds.model.json"), MultiLabelModel.class);
    assertEquals("ds", tags.method());
    assertEquals(List.of("tag0", "tag1", "tag2"), tags.tags());
    ClassificationModel tag0 = tags.perTag().get("tag0");
    assertEquals(List.of("0", "1"), tag0.labels());
    assertEquals(0, tag0.formatVersion());
    assertEquals(60, tag0.tasks());

    TrainedModel v3 = Models.read(LEGACY.resolve("trained-v3.model.json"), TrainedModel.class);
    assertEquals(3, v3.formatVersion());
    assertEquals("conal", v3.method());
    assertEquals(List.of("0", "1", "2"), v3.labels());
    assertEquals("parameters.safetensors", v3.parameters().file());
    assertEquals(64, v3.parameters().sha256().length());
    assertEquals("MLP", v3.backbone().get("kind"));
    TrainedModel v2 = Models.read(LEGACY.resolve("trained-v2.model.json"), TrainedModel.class);
    assertEquals(2, v2.formatVersion());
    assertEquals("parameters.bin", v2.parameters().file());
  }

  /** A trained model's model.json with the schema's checksum (as crowd4j-nn now writes it). */
  @Test
  void trainedModelJsonWithAChecksumIsVerified() throws Exception {
    String v3 = Files.readString(LEGACY.resolve("trained-v3.model.json"));
    String open =
        v3.replaceFirst(
            "(\"formatVersion\"\\s*:\\s*3\\s*,)",
            "$1\"checksum\":\"" + ModelSchema.CHECKSUM_PLACEHOLDER + "\",");
    byte[] sealed = ModelSchema.seal(open.getBytes(StandardCharsets.UTF_8));
    Path folder = Files.createDirectories(dir.resolve("trained"));
    Files.write(folder.resolve("model.json"), sealed);
    TrainedModel m = Models.read(folder, TrainedModel.class);
    assertEquals(3, m.formatVersion());
    Files.writeString(
        folder.resolve("model.json"),
        new String(sealed, StandardCharsets.UTF_8).replace("\"conal\"", "\"lia\""));
    ModelFileException e = assertThrows(ModelFileException.class, () -> Models.read(folder));
    assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
    assertEquals(
        dir.resolve("trained4.json")
            + ": written by a newer crowd4j (format version 4; this version reads 1 to 3)",
        refused(
            "trained4.json",
            v3.replaceFirst("\"formatVersion\"\\s*:\\s*3", "\"formatVersion\":4")));
  }

  private static int count(String s, String part) {
    int n = 0;
    for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
