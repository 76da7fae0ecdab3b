package org.crowd4j.io.platform;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.text.TextAnswers;

/**
 * Reads answers in any {@link ExportFormat}: the long format through {@link CrowdReader}, each
 * platform's export through its reader, under the same text rules and duplicate policy ({@code
 * rules}; the column names of {@code rules} apply to the long format only, and anonymous rules drop
 * the exports' worker ids too). Each platform's reader parses its export into records of the kind
 * read, and one assembler per kind builds the answers from them, whatever the platform. Pairwise
 * comparisons, free texts and masks are read from the exports that carry them ({@link
 * #readComparisons}, {@link #readTexts}, {@link #readMasks}); their long formats have readers of
 * their own ({@code PairwiseReader}, {@code TextReader}, {@code MaskReader}).
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
    if (f == ExportFormat.LONG) {
      return new ExportAnswers(CrowdReader.readAnswers(file, rules), Map.of(), List.of());
    }
    return read(file, f, rules, options, CLASSES);
  }

  /**
   * Reads the answers in {@code in} (closed here; decompressed already, but for the long format,
   * which {@link CrowdReader#readAnswers(Path, InputStream, CsvFormat)} reads) laid out as {@code
   * format} says; {@code name} in messages.
   *
   * @throws IllegalArgumentException for {@link ExportFormat#SAGEMAKER}, whose answers are read
   *     from the job's folders ({@link #read(Path, ExportFormat, CsvFormat, ExportOptions)})
   */
  public static ExportAnswers read(
      Path name, InputStream in, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    if (format == ExportFormat.LONG) {
      return new ExportAnswers(CrowdReader.readAnswers(name, in, rules), Map.of(), List.of());
    }
    return read(name, in, format, rules, options, CLASSES);
  }

  /**
   * Reads the pairwise comparisons of a platform's export: Label Studio's {@code pairwise} results,
   * a Toloka or MTurk row's two item columns and answer; other formats carry none (an error saying
   * what they carry).
   *
   * @throws IllegalArgumentException for {@link ExportFormat#LONG}, which {@code PairwiseReader}
   *     reads
   */
  public static ExportData<Comparisons> readComparisons(
      Path file, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(file, format, rules, options, COMPARISONS);
  }

  /**
   * As {@link #readComparisons(Path, ExportFormat, CsvFormat, ExportOptions)}, from {@code in}
   * (closed here; decompressed already) laid out as {@code format} says.
   */
  public static ExportData<Comparisons> readComparisons(
      Path name, InputStream in, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(name, in, format, rules, options, COMPARISONS);
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
    return read(file, format, rules, options, TEXTS);
  }

  /**
   * As {@link #readTexts(Path, ExportFormat, CsvFormat, ExportOptions)}, from {@code in} (closed
   * here; decompressed already) laid out as {@code format} says.
   */
  public static ExportData<TextAnswers> readTexts(
      Path name, InputStream in, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(name, in, format, rules, options, TEXTS);
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
    return read(file, format, rules, options, MASKS);
  }

  /**
   * As {@link #readMasks(Path, ExportFormat, CsvFormat, ExportOptions)}, from {@code in} (closed
   * here; decompressed already) laid out as {@code format} says.
   *
   * @throws IllegalArgumentException also for {@link ExportFormat#SAGEMAKER}, whose masks are read
   *     from the job's folders
   */
  public static ExportData<MaskAnswers> readMasks(
      Path name, InputStream in, ExportFormat format, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(name, in, format, rules, options, MASKS);
  }

  /** Reads a Label Studio export in {@code in} (closed here); {@code name} in messages. */
  @FunctionalInterface
  private interface FromExport<R> {
    R read(Path name, InputStream in, CsvFormat rules, ExportOptions options)
        throws CrowdFormatException;
  }

  /** Reads the results table of {@code platform} in {@code in} (closed here). */
  @FunctionalInterface
  private interface FromTable<R> {
    R read(
        ResultsTable.Platform platform,
        Path name,
        InputStream in,
        CsvFormat rules,
        ExportOptions options)
        throws CrowdFormatException;
  }

  /** Reads a SageMaker Ground Truth manifest and its job's worker responses. */
  @FunctionalInterface
  private interface FromManifest<R> {
    R read(Path manifest, CsvFormat rules, ExportOptions options) throws CrowdFormatException;
  }

  /**
   * One kind of answers: its name and its carriers in messages, and the platforms' readers of it
   * ({@code null}: the platform's exports carry none).
   */
  private record Kind<R>(
      String noun,
      String carriers,
      FromExport<R> labelStudio,
      FromTable<R> table,
      FromManifest<R> sageMaker) {
    boolean carriedBy(ExportFormat f) {
      return switch (f) {
        case LABEL_STUDIO -> labelStudio != null;
        case TOLOKA, MTURK -> table != null;
        case SAGEMAKER -> sageMaker != null;
        case LONG -> false;
      };
    }
  }

  private static final Kind<ExportAnswers> CLASSES =
      new Kind<>(
          "classes",
          "every format's",
          LabelStudioReader::read,
          ResultsTable::readAnswers,
          SageMakerReader::read);

  private static final Kind<ExportData<Comparisons>> COMPARISONS =
      new Kind<>(
          "pairwise comparisons",
          "Label Studio's, Toloka's and MTurk's",
          LabelStudioReader::readComparisons,
          ResultsTable::readComparisons,
          null);

  private static final Kind<ExportData<TextAnswers>> TEXTS =
      new Kind<>(
          "free texts",
          "Label Studio's, Toloka's and MTurk's",
          LabelStudioReader::readTexts,
          ResultsTable::readTexts,
          null);

  private static final Kind<ExportData<MaskAnswers>> MASKS =
      new Kind<>(
          "masks",
          "Label Studio's and SageMaker Ground Truth's",
          LabelStudioReader::readMasks,
          null,
          SageMakerReader::readMasks);

  /** Reads {@code file} of a platform's format (detected when {@code null}) for {@code kind}. */
  private static <R> R read(
      Path file, ExportFormat format, CsvFormat rules, ExportOptions options, Kind<R> kind)
      throws CrowdFormatException {
    ExportFormat f = platform(file, format);
    if (!kind.carriedBy(f)) {
      throw none(file, f, kind.noun(), kind.carriers());
    }
    if (f == ExportFormat.SAGEMAKER) {
      return kind.sageMaker().read(file, rules, options);
    }
    return read(file, StrictInput.open(file), f, rules, options, kind);
  }

  /** Reads {@code in} (closed here) of the platform's format {@code format} for {@code kind}. */
  private static <R> R read(
      Path name,
      InputStream in,
      ExportFormat format,
      CsvFormat rules,
      ExportOptions options,
      Kind<R> kind)
      throws CrowdFormatException {
    ExportFormat f = platform(name, Objects.requireNonNull(format, "format"));
    if (!kind.carriedBy(f)) {
      throw none(name, f, kind.noun(), kind.carriers());
    }
    return switch (f) {
      case LABEL_STUDIO -> kind.labelStudio().read(name, in, rules, options);
      case TOLOKA -> kind.table().read(TolokaReader.TOLOKA, name, in, rules, options);
      case MTURK -> kind.table().read(MturkReader.MTURK, name, in, rules, options);
      default -> throw folders(name);
    };
  }

  private static IllegalArgumentException folders(Path name) {
    return new IllegalArgumentException(
        name
            + ": SageMaker Ground Truth's answers are in the job's worker-response files; read them"
            + " from the manifest's path");
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
