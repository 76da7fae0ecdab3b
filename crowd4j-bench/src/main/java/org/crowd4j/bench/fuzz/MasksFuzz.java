package org.crowd4j.bench.fuzz;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportOptions;
import org.crowd4j.io.platform.ExportReader;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.MaskReader;

/**
 * Fuzz target of the mask readers: the variant byte chooses (bits 0–2) the answers file of {@link
 * MaskReader#read}, the true masks of {@link MaskReader#readTruth}, a PNG mask named by a CSV
 * beside it (read as answers or, with 6, as true masks; with bit 3 in a subfolder), {@link
 * Mask#parseRle}, {@link Mask#parseRows}, a Label Studio brush export ({@link
 * ExportReader#readMasks}; with bit 3 the control named) or worker skills; for the CSV files the
 * container (bits 3–4: CSV, TSV, gzip, raw bytes claiming gzip) and the text rules (bits 5–6).
 * Reading a file and parsing a mask may only fail with the project's bad-input error naming the
 * file; the parsers called directly, with their documented {@code IllegalArgumentException}. A mask
 * read must also survive its own text form.
 */
public final class MasksFuzz {
  private static final Path DIR = Inputs.scratch("masks");
  private static final Path EXPORT = Path.of("export.json");

  private MasksFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    byte[] body = Inputs.body(data);
    CsvFormat rules = Inputs.rules(v >> 3);
    switch (v & 7) {
      case 2, 6 -> png(v, body, rules);
      case 3 -> parse(body, true);
      case 4 -> parse(body, false);
      case 5 -> brush(v, body, rules);
      default -> csv(v, body, rules);
    }
  }

  /** The answers, true masks or skills in {@code body}, a CSV that names no PNG on disk. */
  private static void csv(int v, byte[] body, CsvFormat rules) {
    deletePngs();
    Path file = Inputs.container(DIR, "masks", v >> 3, body);
    try {
      switch (v & 7) {
        case 0 -> check(MaskReader.read(file, MaskReader.Layout.defaults(), rules));
        case 1 -> check(MaskReader.readTruth(file, MaskReader.Layout.defaults(), rules));
        default -> MaskReader.readSkills(file, rules);
      }
    } catch (CrowdFormatException e) {
      Inputs.expected(e, file);
    }
  }

  /** {@code body} as {@code mask.png} beside (or, with bit 3, under) the CSV that names it. */
  private static void png(int v, byte[] body, CsvFormat rules) {
    String png = (v & 8) != 0 ? "img/mask.png" : "mask.png";
    boolean truth = (v & 7) == 6;
    deletePngs();
    Inputs.write(DIR, png, body);
    String csv =
        truth
            ? "task,segmentation\nt1," + png + "\n"
            : "task,worker,segmentation\nt1,w1," + png + "\n";
    Path file = Inputs.write(DIR, "png-masks.csv", csv.getBytes(StandardCharsets.UTF_8));
    try {
      if (truth) {
        check(MaskReader.readTruth(file, MaskReader.Layout.defaults(), rules));
      } else {
        check(MaskReader.read(file, MaskReader.Layout.defaults(), rules));
      }
    } catch (CrowdFormatException e) {
      Inputs.expected(e, file);
    }
  }

  private static void parse(byte[] body, boolean rle) {
    String s = new String(body, StandardCharsets.UTF_8);
    Mask m;
    try {
      m = rle ? Mask.parseRle(s) : Mask.parseRows(s);
    } catch (IllegalArgumentException e) {
      return; // the parsers' documented error
    }
    check(m);
  }

  private static void brush(int v, byte[] body, CsvFormat rules) {
    ExportOptions o =
        (v & 8) != 0 ? new ExportOptions(null, "tag", null) : ExportOptions.defaults();
    try {
      MaskAnswers a =
          ExportReader.readMasks(
                  EXPORT, new ByteArrayInputStream(body), ExportFormat.LABEL_STUDIO, rules, o)
              .data();
      check(a);
    } catch (CrowdFormatException e) {
      Inputs.expected(e, EXPORT);
    }
  }

  private static void check(MaskAnswers a) {
    for (int i = 0; i < a.size(); i++) {
      check(a.mask(i));
    }
  }

  private static void check(Map<String, Mask> truth) {
    truth.values().forEach(MasksFuzz::check);
  }

  /** A mask must read back from both its text forms. */
  private static void check(Mask m) {
    if (m.pixels() <= 4096
        && (!Mask.parseRle(m.toRle()).equals(m) || !Mask.parseRows(m.toRows()).equals(m))) {
      throw new IllegalStateException("a mask that does not read back from its text: " + m);
    }
  }

  private static void deletePngs() {
    try {
      Files.deleteIfExists(DIR.resolve("mask.png"));
      Files.deleteIfExists(DIR.resolve("img/mask.png"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
