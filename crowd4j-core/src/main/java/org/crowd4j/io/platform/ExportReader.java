package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;

/**
 * Reads answers in any {@link ExportFormat}: the long format through {@link CrowdReader}, each
 * platform's export through its reader, under the same text rules and duplicate policy ({@code
 * rules}; the column names of {@code rules} apply to the long format only, and anonymous rules drop
 * the exports' worker ids too).
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
}
