package org.crowd4j.io.platform;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.StrictInput;

/** The layouts of answer files crowd4j reads: its own long format and the platforms' exports. */
public enum ExportFormat {
  /** One answer per row: {@code task,worker,label} (see {@code CrowdReader}). */
  LONG("long"),
  /** Label Studio's JSON export. */
  LABEL_STUDIO("label-studio"),
  /** Toloka's results TSV. */
  TOLOKA("toloka"),
  /** Amazon Mechanical Turk's batch results CSV. */
  MTURK("mturk"),
  /** SageMaker Ground Truth's output manifest and worker responses. */
  SAGEMAKER("sagemaker");

  /** Bytes read to recognise a file. */
  private static final int SNIFF = 1 << 16;

  private final String id;

  ExportFormat(String id) {
    this.id = id;
  }

  /** The name on the command line ({@code label-studio}). */
  public String id() {
    return id;
  }

  /** The format called {@code id} (as {@link #id()} spells it, any case). */
  public static ExportFormat of(String id) {
    for (ExportFormat f : values()) {
      if (f.id.equalsIgnoreCase(id.trim())) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown answers format '"
            + id
            + "'; one of "
            + Arrays.stream(values()).map(ExportFormat::id).toList());
  }

  /**
   * The format of {@code file}, by its extension and first bytes: {@code .json} starting with
   * {@code [} is Label Studio's export, {@code .manifest}/{@code .jsonl} (or {@code .json} starting
   * with <code>{</code>) a SageMaker manifest; a table whose header has {@code
   * ASSIGNMENT:worker_id} and an {@code OUTPUT:} column is Toloka's, one with {@code HITId}, {@code
   * WorkerId} and an {@code Answer.} column MTurk's; any other table is the long format. A file
   * that cannot be opened is taken as long (its reader then reports the problem).
   */
  public static ExportFormat detect(Path file) throws CrowdFormatException {
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    name = name.toLowerCase(Locale.ROOT);
    if (name.endsWith(".gz")) {
      name = name.substring(0, name.length() - 3);
    }
    if (name.endsWith(".manifest") || name.endsWith(".jsonl")) {
      return SAGEMAKER;
    }
    String head;
    try (InputStream in = StrictInput.open(file)) {
      head = new String(in.readNBytes(SNIFF), StandardCharsets.UTF_8);
    } catch (CrowdFormatException | IOException e) {
      return LONG;
    }
    if (name.endsWith(".json")) {
      String s = head.strip();
      if (s.startsWith("\uFEFF")) {
        s = s.substring(1).strip();
      }
      if (s.startsWith("[")) {
        return LABEL_STUDIO;
      }
      if (s.startsWith("{")) {
        return SAGEMAKER;
      }
      throw new CrowdFormatException(
          file,
          0,
          null,
          "cannot tell the format of this JSON file (an array of tasks is Label Studio's export,"
              + " one object per line a SageMaker manifest); give --format");
    }
    int end = head.indexOf('\n');
    String header = end < 0 ? head : head.substring(0, end);
    if (header.contains("ASSIGNMENT:worker_id") && header.contains("OUTPUT:")) {
      return TOLOKA;
    }
    if (header.contains("HITId") && header.contains("WorkerId") && header.contains("Answer.")) {
      return MTURK;
    }
    return LONG;
  }
}
