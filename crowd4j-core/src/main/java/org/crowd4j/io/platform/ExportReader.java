package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.text.TextAnswers;

/**
 * Reads answers in any {@link ExportFormat}: the long format through {@link CrowdReader}, each
 * platform's export through its reader, under the same text rules and duplicate policy ({@code
 * rules}; the column names of {@code rules} apply to the long format only, and anonymous rules drop
 * the exports' worker ids too). Pairwise comparisons, free texts and masks are read from the
 * exports that carry them ({@link #readComparisons}, {@link #readTexts}, {@link #readMasks}); their
 * long formats have readers of their own ({@code PairwiseReader}, {@code TextReader}, {@code
 * MaskReader}).
 */
public final class ExportReader {
  private ExportReader() {}

  /**
   * Reads {@code file} laid out as {@code format} says ({@code null}: {@link ExportFormat#detect}).
   */
  public static ExportAnswers read(
      Path file, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ExportFormat f = format == null ? ExportFormat.detect(file) : format;
    return switch (f) {
      case LONG -> new ExportAnswers(CrowdReader.readAnswers(file, rules), Map.of(), List.of());
      case LABEL_STUDIO -> LabelStudioReader.read(file, rules, options);
      case TOLOKA -> TolokaReader.read(file, rules, options);
      case MTURK -> MturkReader.read(file, rules, options);
      case SAGEMAKER -> SageMakerReader.read(file, rules, options);
    };
  }

  /**
   * Reads the pairwise comparisons of a platform's export: Label Studio's {@code pairwise} results;
   * other formats carry none (an error saying what they carry).
   *
   * @throws IllegalArgumentException for {@link ExportFormat#LONG}, which {@code PairwiseReader}
   *     reads
   */
  public static ExportData<Comparisons> readComparisons(
      Path file, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ExportFormat f = platform(file, format);
    return switch (f) {
      case LABEL_STUDIO -> LabelStudioReader.readComparisons(file, rules, options);
      case TOLOKA -> TolokaReader.readComparisons(file, rules, options);
      case MTURK -> MturkReader.readComparisons(file, rules, options);
      default ->
          throw none(file, f, "pairwise comparisons", "Label Studio's, Toloka's and MTurk's");
    };
  }

  /**
   * Reads the free texts of a platform's export: Label Studio's {@code textarea} results, a Toloka
   * {@code OUTPUT:} column or an MTurk {@code Answer.} column.
   *
   * @throws IllegalArgumentException for {@link ExportFormat#LONG}, which {@code TextReader} reads
   */
  public static ExportData<TextAnswers> readTexts(
      Path file, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ExportFormat f = platform(file, format);
    return switch (f) {
      case LABEL_STUDIO -> LabelStudioReader.readTexts(file, rules, options);
      case TOLOKA -> TolokaReader.readTexts(file, rules, options);
      case MTURK -> MturkReader.readTexts(file, rules, options);
      default -> throw none(file, f, "free texts", "Label Studio's, Toloka's and MTurk's");
    };
  }

  /**
   * Reads the masks of a platform's export: Label Studio's brush results in run-length form,
   * SageMaker Ground Truth's semantic segmentation label images.
   *
   * @throws IllegalArgumentException for {@link ExportFormat#LONG}, which {@code MaskReader} reads
   */
  public static ExportData<MaskAnswers> readMasks(
      Path file, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ExportFormat f = platform(file, format);
    return switch (f) {
      case LABEL_STUDIO -> LabelStudioReader.readMasks(file, rules, options);
      case SAGEMAKER -> SageMakerReader.readMasks(file, rules, options);
      default -> throw none(file, f, "masks", "Label Studio's and SageMaker Ground Truth's");
    };
  }

  private static ExportFormat platform(Path file, ExportFormat format) throws CrowdFormatException {
    ExportFormat f = format == null ? ExportFormat.detect(file) : format;
    if (f == ExportFormat.LONG) {
      throw new IllegalArgumentException(
          file + " is in long format, which the reader of its kind of answers reads");
    }
    return f;
  }

  private static CrowdFormatException none(
      Path file, ExportFormat format, String kind, String carriers) {
    String holds =
        switch (format) {
          case SAGEMAKER ->
              "the SageMaker Ground Truth output holds classes or masks (answerContent)";
          default -> "the file holds other answers";
        };
    return new CrowdFormatException(
        file,
        0,
        null,
        holds + ", not " + kind + "; " + kind + " are read from " + carriers + " exports");
  }
}
