package org.crowd4j.io.platform;

import static org.crowd4j.io.platform.PlatformExportsTest.assertSameData;
import static org.crowd4j.io.platform.PlatformExportsTest.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.PairwiseReader;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.MaskReader;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The platforms' exports of pairwise comparisons, free texts, taxonomies and masks (fixtures
 * written by hand after each platform's documentation, see {@code
 * src/test/resources/exports/README.md}) are read into exactly the data of the same answers in the
 * long format of their kind.
 */
class PlatformKindsTest {
  @TempDir Path dir;

  private static final CsvFormat RULES = CsvFormat.defaults();

  static void assertSameComparisons(Comparisons expected, Comparisons actual) {
    assertEquals(expected.items().names(), actual.items().names(), "items");
    assertEquals(expected.workers().names(), actual.workers().names(), "workers");
    assertEquals(expected.size(), actual.size(), "comparisons");
    for (int c = 0; c < expected.size(); c++) {
      assertEquals(expected.left(c), actual.left(c), "left of " + c);
      assertEquals(expected.right(c), actual.right(c), "right of " + c);
      assertEquals(expected.worker(c), actual.worker(c), "worker of " + c);
      assertEquals(expected.leftWon(c), actual.leftWon(c), "winner of " + c);
    }
    assertEquals(expected.digest(), actual.digest(), "digest");
  }

  static void assertSameTexts(TextAnswers expected, TextAnswers actual) {
    assertEquals(expected.tasks().names(), actual.tasks().names(), "tasks");
    assertEquals(expected.workers().names(), actual.workers().names(), "workers");
    assertEquals(expected.size(), actual.size(), "answers");
    for (int a = 0; a < expected.size(); a++) {
      assertEquals(expected.task(a), actual.task(a), "task of " + a);
      assertEquals(expected.worker(a), actual.worker(a), "worker of " + a);
      assertEquals(expected.text(a), actual.text(a), "text of " + a);
    }
    assertEquals(expected.digest(), actual.digest(), "digest");
  }

  static void assertSameMasks(MaskAnswers expected, MaskAnswers actual) {
    assertEquals(expected.tasks().names(), actual.tasks().names(), "tasks");
    assertEquals(expected.workers().names(), actual.workers().names(), "workers");
    assertEquals(expected.size(), actual.size(), "answers");
    for (int a = 0; a < expected.size(); a++) {
      assertEquals(expected.task(a), actual.task(a), "task of " + a);
      assertEquals(expected.worker(a), actual.worker(a), "worker of " + a);
      assertEquals(expected.mask(a), actual.mask(a), "mask of " + a);
    }
    assertEquals(expected.digest(), actual.digest(), "digest");
  }

  private static TextAnswers texts(String csv) throws Exception {
    return TextReader.read(resource(csv), TextReader.Layout.defaults(), RULES);
  }

  @Test
  void labelStudioPairwiseIsItsComparisonsCsv() throws Exception {
    // https://labelstud.io/tags/pairwise: value.selected of the items of data.text1, data.text2
    ExportData<Comparisons> x =
        ExportReader.readComparisons(
            resource("label-studio-pairwise.json"), null, RULES, ExportOptions.defaults());
    assertSameComparisons(PairwiseReader.read(resource("label-studio-pairwise.csv")), x.data());
    assertEquals(List.of("1 cancelled annotation(s) skipped"), x.notes());
  }

  @Test
  void labelStudioTextareaIsItsTextCsv() throws Exception {
    // https://labelstud.io/tags/textarea: value.text, a list of texts
    ExportData<TextAnswers> x =
        ExportReader.readTexts(
            resource("label-studio-textarea.json"),
            ExportFormat.LABEL_STUDIO,
            RULES,
            ExportOptions.defaults());
    assertSameTexts(texts("label-studio-textarea.csv"), x.data());
    assertEquals(
        List.of(
            "1 cancelled annotation(s) skipped",
            "1 annotation(s) without a text in 'transcription' skipped"),
        x.notes());
  }

  @Test
  void labelStudioTaxonomyIsItsLongCsv() throws Exception {
    // https://labelstud.io/tags/taxonomy: value.taxonomy, a list of paths
    ExportAnswers x =
        ExportReader.read(
            resource("label-studio-taxonomy.json"), null, RULES, ExportOptions.defaults());
    assertSameData(CrowdReader.readAnswers(resource("label-studio-taxonomy.csv")), x.data());
  }

  @Test
  void labelStudioBrushMasksAreTheirMaskCsv() throws Exception {
    // https://labelstud.io/tags/brushlabels: value.rle over original_width x original_height
    ExportData<MaskAnswers> x =
        ExportReader.readMasks(
            resource("label-studio-brush.json"), null, RULES, ExportOptions.defaults());
    MaskAnswers csv =
        MaskReader.read(resource("label-studio-brush.csv"), MaskReader.Layout.defaults(), RULES);
    assertSameMasks(csv, x.data());
    assertEquals(List.of("1 cancelled annotation(s) skipped"), x.notes());
  }

  static Path sageMakerSegmentation() throws Exception {
    return resource("sagemaker/segment-cats/manifests/output/output.manifest");
  }

  @Test
  void sageMakerSemanticSegmentationIsItsMaskCsv() throws Exception {
    // https://docs.aws.amazon.com/sagemaker/latest/dg/sms-ui-template-crowd-semantic-segmentation.html
    // labelMappings colours painted in labeledImage.pngImageData, a base64 PNG
    MaskAnswers csv =
        MaskReader.read(resource("sagemaker-masks.csv"), MaskReader.Layout.defaults(), RULES);
    for (ExportFormat f : new ExportFormat[] {null, ExportFormat.SAGEMAKER}) {
      ExportData<MaskAnswers> x =
          ExportReader.readMasks(sageMakerSegmentation(), f, RULES, ExportOptions.defaults());
      assertSameMasks(csv, x.data());
      assertEquals(List.of(), x.notes());
    }
    ExportData<MaskAnswers> chosen =
        ExportReader.readMasks(
            sageMakerSegmentation(),
            ExportFormat.SAGEMAKER,
            RULES,
            new ExportOptions(null, "crowd-semantic-segmentation", null));
    assertSameMasks(csv, chosen.data());
  }

  @Test
  void sageMakerClassesAndMasksAreNotReadForEachOther() throws Exception {
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.read(sageMakerSegmentation(), null, RULES, ExportOptions.defaults()));
    assertTrue(e.getMessage().contains("read by aggregate-masks"), e.getMessage());
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readMasks(
                    PlatformExportsTest.sageMakerManifest(),
                    null,
                    RULES,
                    ExportOptions.defaults()));
    assertEquals("answerContent.crowd-image-classifier.labeledImage.pngImageData", e.field());
    assertTrue(
        e.getMessage().contains("masks are read from crowd-semantic-segmentation answers"),
        e.getMessage());
  }

  /** A 6x4 label image: Cat (#2ca02c) painted on five pixels, the rest transparent. */
  private static final String PNG_6X4 =
      "iVBORw0KGgoAAAANSUhEUgAAAAYAAAAECAYAAACtBE5DAAAAGUlEQVR4XmNgwAd0Fuj8B2F0cbgEVkl0AADpjwnUJIRStQAAAABJRU5ErkJggg==";

  /** A one-object job whose one worker response holds {@code answers} (JSON objects). */
  private Path segmentationJob(String... answers) throws IOException {
    Path job = dir.resolve("job-" + Math.abs(String.join("", answers).hashCode()));
    Files.createDirectories(job.resolve("manifests/output"));
    Files.writeString(
        job.resolve("manifests/output/output.manifest"), "{\"source-ref\":\"s3://b/a.jpg\"}\n");
    Path object = job.resolve("annotations/worker-response/iteration-1/0");
    Files.createDirectories(object);
    Files.writeString(
        object.resolve("r.json"), "{\"answers\": [\n" + String.join(",\n", answers) + "\n]}\n");
    return job.resolve("manifests/output/output.manifest");
  }

  private static String segmentation(
      String worker, int width, int height, String color, String png) {
    return "{\"workerId\": \""
        + worker
        + "\", \"answerContent\": {\"crowd-semantic-segmentation\": {\n"
        + "  \"inputImageProperties\": {\"height\": "
        + height
        + ", \"width\": "
        + width
        + "},\n  \"labelMappings\": {\"Cat\": {\"color\": \""
        + color
        + "\"}},\n  \"labeledImage\": {\"pngImageData\": \""
        + png
        + "\"}}}}";
  }

  private static CrowdFormatException maskError(Path manifest) {
    return assertThrows(
        CrowdFormatException.class,
        () ->
            ExportReader.readMasks(
                manifest, ExportFormat.SAGEMAKER, RULES, ExportOptions.defaults()));
  }

  @Test
  void badSemanticSegmentationAnswersNameFileLineAndField() throws Exception {
    Mask good =
        ExportReader.readMasks(
                segmentationJob(segmentation("w1", 6, 4, "#2ca02c", PNG_6X4)),
                ExportFormat.SAGEMAKER,
                RULES,
                ExportOptions.defaults())
            .data()
            .mask(0);
    assertEquals(Mask.parseRows("000000;011000;011100;000000"), good);
    String field = "answerContent.crowd-semantic-segmentation.labeledImage.pngImageData";

    CrowdFormatException e =
        maskError(segmentationJob(segmentation("w1", 6, 4, "#2ca02c", "iVBOR*w0K")));
    assertTrue(e.file().endsWith("r.json"), e.file().toString());
    assertEquals(5, e.line());
    assertEquals(field, e.field());
    assertTrue(e.getMessage().contains("is not the label image: not base64"), e.getMessage());

    e = maskError(segmentationJob(segmentation("w1", 5, 4, "#2ca02c", PNG_6X4)));
    assertEquals(field, e.field());
    assertTrue(
        e.getMessage().contains("the image is 6x4 (width x height), inputImageProperties say 5x4"),
        e.getMessage());

    String text =
        Base64.getEncoder().encodeToString("not an image".getBytes(StandardCharsets.UTF_8));
    e = maskError(segmentationJob(segmentation("w1", 6, 4, "#2ca02c", text)));
    assertTrue(e.getMessage().contains("not a PNG image"), e.getMessage());

    byte[] cut = Arrays.copyOf(Base64.getDecoder().decode(PNG_6X4), 45);
    String truncated = Base64.getEncoder().encodeToString(cut);
    e = maskError(segmentationJob(segmentation("w1", 6, 4, "#2ca02c", truncated)));
    assertEquals(field, e.field());
    assertTrue(e.getMessage().contains("not a valid PNG image"), e.getMessage());

    e = maskError(segmentationJob(segmentation("w1", 6, 4, "green", PNG_6X4)));
    assertEquals("answerContent.crowd-semantic-segmentation.labelMappings.Cat.color", e.field());
    assertEquals(4, e.line());
    assertTrue(e.getMessage().contains("must be a colour #rrggbb, found 'green'"), e.getMessage());

    e =
        maskError(
            segmentationJob(
                "{\"workerId\": \"w1\", \"answerContent\": {\"crowd-semantic-segmentation\":"
                    + " {\"labelMappings\": {}, \"labeledImage\": {\"pngImageData\": \""
                    + PNG_6X4
                    + "\"}}}}"));
    assertEquals("answerContent.crowd-semantic-segmentation.inputImageProperties", e.field());
    assertTrue(e.getMessage().contains("has no 'inputImageProperties'"), e.getMessage());

    String png5x4 =
        Base64.getEncoder().encodeToString(png(new java.awt.image.BufferedImage(5, 4, 2)));
    e =
        maskError(
            segmentationJob(
                segmentation("w1", 6, 4, "#2ca02c", PNG_6X4),
                segmentation("w2", 5, 4, "#2ca02c", png5x4)));
    assertEquals(6, e.line());
    assertEquals("answerContent", e.field());
    assertTrue(
        e.getMessage().contains("mask of 4x5 where task 's3://b/a.jpg' has 4x6"), e.getMessage());

    e =
        maskError(
            segmentationJob(
                segmentation("w1", 6, 4, "#2ca02c", PNG_6X4),
                segmentation("w1", 6, 4, "#1f77b4", PNG_6X4)));
    assertTrue(
        e.getMessage().contains("worker 'w1' answered task 's3://b/a.jpg' again"), e.getMessage());
  }

  private static byte[] png(java.awt.image.BufferedImage img) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    javax.imageio.ImageIO.write(img, "png", out);
    return out.toByteArray();
  }

  @Test
  void tolokaTextOutputIsItsTextCsv() throws Exception {
    // https://toloka.ai/docs/guide/result-of-eval: a free-text OUTPUT column
    ExportData<TextAnswers> x =
        ExportReader.readTexts(resource("toloka-text.tsv"), null, RULES, ExportOptions.defaults());
    assertSameTexts(texts("toloka-text.csv"), x.data());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
  }

  @Test
  void mturkTextAnswerIsItsTextCsv() throws Exception {
    // MTurk batch results: Answer.transcript typed in a crowd-input, quoted as the CSV quotes it
    ExportData<TextAnswers> x =
        ExportReader.readTexts(
            resource("mturk-text-batch-results.csv"),
            ExportFormat.MTURK,
            RULES,
            ExportOptions.defaults());
    assertSameTexts(texts("mturk-text.csv"), x.data());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
  }

  @Test
  void tolokaSideBySideIsItsComparisonsCsv() throws Exception {
    // https://toloka.ai/docs/guide/result-of-eval: two INPUT: items, the OUTPUT: names the side
    ExportData<Comparisons> x =
        ExportReader.readComparisons(
            resource("toloka-pairwise.tsv"), null, RULES, ExportOptions.defaults());
    assertSameComparisons(PairwiseReader.read(resource("toloka-pairwise.csv")), x.data());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
    // the items named in the other order: the sides follow the fields named
    Comparisons x2 =
        ExportReader.readComparisons(
                resource("toloka-pairwise.tsv"),
                ExportFormat.TOLOKA,
                RULES,
                new ExportOptions(null, null, null, List.of("image_right", "INPUT:image_left")))
            .data();
    Comparisons x1 = x.data();
    for (int c = 0; c < x1.size(); c++) {
      assertEquals(x1.items().name(x1.left(c)), x2.items().name(x2.right(c)));
      assertEquals(x1.items().name(x1.right(c)), x2.items().name(x2.left(c)));
      assertEquals(x1.leftWon(c), x2.leftWon(c));
    }
  }

  @Test
  void mturkComparisonIsItsComparisonsCsv() throws Exception {
    // MTurk batch results: Input.image_left, Input.image_right, Answer.better.label Left/Right
    ExportData<Comparisons> x =
        ExportReader.readComparisons(
            resource("mturk-pairwise-batch-results.csv"), null, RULES, ExportOptions.defaults());
    assertSameComparisons(PairwiseReader.read(resource("mturk-pairwise.csv")), x.data());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
  }

  @Test
  void aTableAnswerThatNamesNeitherItemIsRefused() throws Exception {
    Path p =
        file(
            "sbs.tsv",
            "INPUT:a\tINPUT:b\tOUTPUT:r\tASSIGNMENT:worker_id\n"
                + "x\ty\tx\tw1\n"
                + "x\ty\tsame\tw2\n");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readComparisons(
                    p, ExportFormat.TOLOKA, RULES, ExportOptions.defaults()));
    assertEquals(3, e.line());
    assertEquals("OUTPUT:r", e.field());
    assertTrue(
        e.getMessage().contains("neither item ('x', 'y') nor left or right"), e.getMessage());
  }

  @Test
  void textsFollowTheRulesOfTheLongFormat() throws Exception {
    Path p =
        file(
            "texts.tsv",
            "INPUT:audio\tOUTPUT:text\tASSIGNMENT:worker_id\n"
                + "a1\t  spaced  \tw1\n"
                + "a1\tagain\tw1\n");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () -> ExportReader.readTexts(p, ExportFormat.TOLOKA, RULES, ExportOptions.defaults()));
    assertEquals(3, e.line());
    assertTrue(
        e.getMessage().contains("answered task 'a1' again (first at line 2)"), e.getMessage());
    Path q =
        file(
            "bell.json",
            "[{\"id\": 1, \"annotations\": [{\"completed_by\": 3, \"result\": [\n"
                + "  {\"from_name\": \"t\", \"type\": \"textarea\", \"value\": {\"text\":"
                + " [\"a\\u0007b\"]}}]}]}]");
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readTexts(
                    q, ExportFormat.LABEL_STUDIO, RULES, ExportOptions.defaults()));
    assertEquals(2, e.line());
    assertEquals("value.text", e.field());
    assertTrue(e.getMessage().contains("control character U+0007"), e.getMessage());
    TextAnswers kept =
        ExportReader.readTexts(
                q,
                ExportFormat.LABEL_STUDIO,
                RULES.withControlCharacters(true),
                ExportOptions.defaults())
            .data();
    assertEquals("a\u0007b", kept.text(0));
  }

  @Test
  void theNewFixturesAreToldFromTheirFiles() throws Exception {
    for (String f :
        List.of(
            "label-studio-pairwise.json",
            "label-studio-textarea.json",
            "label-studio-taxonomy.json",
            "label-studio-brush.json")) {
      assertEquals(ExportFormat.LABEL_STUDIO, ExportFormat.detect(resource(f)), f);
    }
    assertEquals(ExportFormat.TOLOKA, ExportFormat.detect(resource("toloka-text.tsv")));
    assertEquals(ExportFormat.TOLOKA, ExportFormat.detect(resource("toloka-pairwise.tsv")));
    assertEquals(
        ExportFormat.MTURK, ExportFormat.detect(resource("mturk-pairwise-batch-results.csv")));
    assertEquals(ExportFormat.MTURK, ExportFormat.detect(resource("mturk-text-batch-results.csv")));
  }

  @Test
  void anExportWithoutTheKindSaysWhatItHolds() throws Exception {
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readComparisons(
                    resource("label-studio.json"), null, RULES, ExportOptions.defaults()));
    assertTrue(
        e.getMessage()
            .contains(
                "no annotation has a result of type 'pairwise' (pairwise comparisons are read);"
                    + " the export holds results of type [choices, textarea]"),
        e.getMessage());
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readMasks(
                    resource("label-studio-textarea.json"), null, RULES, ExportOptions.defaults()));
    assertTrue(e.getMessage().contains("[textarea, choices]"), e.getMessage());
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.read(
                    resource("label-studio-pairwise.json"), null, RULES, ExportOptions.defaults()));
    assertTrue(e.getMessage().contains("holds results of type [pairwise]"), e.getMessage());
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readComparisons(
                    PlatformExportsTest.sageMakerManifest(),
                    null,
                    RULES,
                    ExportOptions.defaults()));
    assertTrue(
        e.getMessage()
            .contains("SageMaker Ground Truth output holds classes or masks (answerContent), not"),
        e.getMessage());
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readComparisons(
                    resource("toloka.tsv"), null, RULES, ExportOptions.defaults()));
    assertEquals(1, e.line());
    assertTrue(
        e.getMessage()
            .contains(
                "the items of a comparison are two INPUT:* columns, the header has [INPUT:image];"
                    + " choose them with --item-fields LEFT,RIGHT"),
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ExportReader.readTexts(
                resource("toloka-text.csv"), null, RULES, ExportOptions.defaults()));
  }

  private Path file(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  private static String pairwiseTask(String data, String to, String selected) {
    return "[{\"id\": 1, \"data\": "
        + data
        + ",\n \"annotations\": [{\"completed_by\": 3, \"result\": [\n"
        + "  {\"from_name\": \"pw\", \"to_name\": \""
        + to
        + "\", \"type\": \"pairwise\", \"value\": {\"selected\": \""
        + selected
        + "\"}}]}]}]";
  }

  @Test
  void pairwiseItemsComeFromTheNamedDataFieldsAndBadResultsAreRefused() throws Exception {
    Path p = file("pw.json", pairwiseTask("{\"a\": \"x\", \"b\": \"y\"}", "img1,img2", "right"));
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readComparisons(
                    p, ExportFormat.LABEL_STUDIO, RULES, ExportOptions.defaults()));
    assertEquals(1, e.line());
    assertEquals("data.img1", e.field());
    assertTrue(e.getMessage().contains("--item-fields LEFT,RIGHT"), e.getMessage());
    Comparisons c =
        ExportReader.readComparisons(
                p,
                ExportFormat.LABEL_STUDIO,
                RULES,
                new ExportOptions(null, null, null, List.of("a", "b")))
            .data();
    assertEquals("y", c.items().name(c.winner(0)));

    Path bad = file("sel.json", pairwiseTask("{\"t1\": \"x\", \"t2\": \"y\"}", "t1,t2", "both"));
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readComparisons(
                    bad, ExportFormat.LABEL_STUDIO, RULES, ExportOptions.defaults()));
    assertEquals(3, e.line());
    assertEquals("value.selected", e.field());

    Path same = file("same.json", pairwiseTask("{\"t1\": \"x\", \"t2\": \"x\"}", "t1,t2", "left"));
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readComparisons(
                    same, ExportFormat.LABEL_STUDIO, RULES, ExportOptions.defaults()));
    assertTrue(e.getMessage().contains("compares the item 'x' with itself"), e.getMessage());
  }

  @Test
  void badBrushResultsNameLineAndField() throws Exception {
    String head =
        "[{\"id\": 1, \"data\": {},\n \"annotations\": [{\"completed_by\": 3, \"result\": [\n"
            + "  {\"from_name\": \"tag\", \"type\": \"brushlabels\", \"original_width\": 2,"
            + " \"original_height\": 1,\n   \"value\": ";
    Path p = file("png.json", head + "{\"format\": \"png\", \"rle\": [1]}}]}]}]");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readMasks(
                    p, ExportFormat.LABEL_STUDIO, RULES, ExportOptions.defaults()));
    assertEquals(3, e.line());
    assertEquals("value.format", e.field());
    Path q = file("short.json", head + "{\"format\": \"rle\", \"rle\": [0, 0]}}]}]}]");
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readMasks(
                    q, ExportFormat.LABEL_STUDIO, RULES, ExportOptions.defaults()));
    assertEquals("value.rle", e.field());
    assertTrue(e.getMessage().contains("ends inside a field"), e.getMessage());
    Path r = file("byte.json", head + "{\"format\": \"rle\", \"rle\": [0, 256]}}]}]}]");
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.readMasks(
                    r, ExportFormat.LABEL_STUDIO, RULES, ExportOptions.defaults()));
    assertEquals(4, e.line());
    assertTrue(e.getMessage().contains("column "), e.getMessage());
    assertTrue(e.getMessage().contains("holds 256; its items are bytes"), e.getMessage());
  }
}
