package org.crowd4j.io.platform;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;
import org.crowd4j.io.platform.LabelStudioExport.Annotation;
import org.crowd4j.io.platform.LabelStudioExport.Result;
import org.crowd4j.io.platform.LabelStudioExport.Task;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.text.TextAnswers;

/**
 * Reads the answers of a Label Studio JSON export (https://labelstud.io/guide/task_format and
 * https://labelstud.io/guide/export): an array of tasks, each with its {@code id}, {@code data} and
 * {@code annotations}; an annotation's {@code completed_by} (a user id, or an object with {@code
 * id} or {@code email}) is the annotator. The task id is the task's {@code id}, or a {@code data}
 * field ({@link ExportOptions#taskField()}). Each kind of answer comes from its result type:
 *
 * <ul>
 *   <li>classes ({@link #read}): {@code choices} results, {@code value.choices}, and {@code
 *       taxonomy} results, {@code value.taxonomy}, a list of paths, each path's levels joined with
 *       {@code '/'}; several choices or paths become one label, sorted and joined with {@code '|'};
 *   <li>pairwise comparisons ({@link #readComparisons}): {@code pairwise} results, {@code
 *       value.selected} being {@code left} or {@code right}; the two items are the values of the
 *       task's {@code data} fields {@link ExportOptions#itemFields()} names, by default the two
 *       names of the result's {@code to_name} ({@code text1,text2} in the Pairwise template, whose
 *       objects show {@code $text1} and {@code $text2});
 *   <li>free texts ({@link #readTexts}): {@code textarea} results, {@code value.text} (several
 *       texts of one result joined with a space);
 *   <li>masks ({@link #readMasks}): {@code brushlabels} (or {@code brush}) results of {@code
 *       value.format} {@code rle}, decoded as {@code label-studio-converter} decodes them over
 *       {@code original_width × original_height} (see {@code BrushRle}); the regions of one control
 *       in one annotation are joined into one mask.
 * </ul>
 *
 * <p>When answers of the kind come from several controls ({@code from_name}), {@link
 * ExportOptions#answerField()} chooses one; an export with none of the kind is an error naming the
 * result types it holds. Cancelled annotations ({@code was_cancelled}) and annotations without an
 * answer of the control read are left out and counted. Predictions and drafts are not answers and
 * are ignored.
 */
public final class LabelStudioReader {
  /** One pairwise judgement: the two items and whether the left one was chosen. */
  private record Pair(String left, String right, boolean leftWon) {}

  private LabelStudioReader() {}

  /** Reads the classes of {@code file} (gzipped when its name ends with {@code .gz}). */
  public static ExportAnswers read(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(file, StrictInput.open(file), rules, options);
  }

  /**
   * Reads the classes of the export in {@code in} (closed here; decompressed already); {@code name}
   * in messages.
   */
  public static ExportAnswers read(
      Path name, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ByControl<String> labels = new ByControl<>();
    LabelStudioExport x =
        LabelStudioExport.read(
            name,
            in,
            rules,
            options,
            task -> labels.addTask(name, task, (t, r) -> label(name, r, rules)));
    String control =
        labels.choose(
            name,
            options.answerField(),
            "choices",
            "'choices' or 'taxonomy'",
            "classification answers",
            x.types());
    Answers answers = new Answers(name, rules);
    answers.skip("cancelled annotation(s)", x.cancelled());
    for (ByControl.Given<String> g : labels.all()) {
      String label = g.byControl().get(control);
      if (label == null) {
        answers.skip("annotation(s) without a choice in '" + control + "'");
      } else {
        answers.add(g.task(), g.worker(), label, g.line());
      }
    }
    return answers.build("the Label Studio export");
  }

  /** The class of a {@code choices} or {@code taxonomy} result, or {@code null} for others. */
  private static String label(Path file, Result r, CsvFormat rules) throws CrowdFormatException {
    if (r.choices() != null && (r.type() == null || r.type().equals("choices"))) {
      return LabelSets.of(file, r.line(), "value.choices", r.choices(), rules);
    }
    if (r.taxonomy() == null || !"taxonomy".equals(r.type())) {
      return null;
    }
    List<String> paths = new ArrayList<>();
    for (List<String> path : r.taxonomy()) {
      if (path.isEmpty()) {
        throw new CrowdFormatException(
            file, r.line(), "value.taxonomy", "field 'value.taxonomy' holds an empty path");
      }
      for (String level : path) {
        if (level.indexOf('/') >= 0) {
          throw new CrowdFormatException(
              file,
              r.line(),
              "value.taxonomy",
              "the taxonomy level '" + level + "' holds '/', which joins the levels of a path");
        }
      }
      paths.add(String.join("/", path));
    }
    return LabelSets.of(file, r.line(), "value.taxonomy", paths, rules);
  }

  /**
   * Reads the pairwise comparisons of {@code file}: the winner of each {@code pairwise} result is
   * the item on the selected side.
   */
  public static ExportData<Comparisons> readComparisons(
      Path file, CsvFormat rules, ExportOptions options) throws CrowdFormatException {
    return readComparisons(file, StrictInput.open(file), rules, options);
  }

  /** As {@link #readComparisons(Path, CsvFormat, ExportOptions)}, from {@code in} (closed here). */
  public static ExportData<Comparisons> readComparisons(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ByControl<Pair> pairs = new ByControl<>();
    LabelStudioExport x =
        LabelStudioExport.read(
            file,
            in,
            rules,
            options,
            task ->
                pairs.addTask(
                    file,
                    task,
                    (t, r) ->
                        "pairwise".equals(r.type()) ? pair(file, t, r, rules, options) : null));
    String control =
        pairs.choose(
            file,
            options.answerField(),
            "pairwise results",
            "'pairwise'",
            "pairwise comparisons",
            x.types());
    Notes notes = new Notes();
    notes.skip("cancelled annotation(s)", x.cancelled());
    Comparisons.Builder b = Comparisons.builder();
    for (ByControl.Given<Pair> g : pairs.all()) {
      Pair p = g.byControl().get(control);
      if (p == null) {
        notes.skip("annotation(s) without a pairwise result in '" + control + "'", 1);
      } else {
        String worker = rules.workerColumn() == null ? null : g.worker();
        b.add(worker, p.left(), p.right(), p.leftWon() ? p.left() : p.right());
      }
    }
    if (b.size() == 0) {
      throw new CrowdFormatException(
          file, 0, null, "no comparisons in the Label Studio export " + notes.lines());
    }
    return new ExportData<>(b.build(), notes.lines());
  }

  private static Pair pair(Path file, Task task, Result r, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    String selected = r.selected();
    if (selected == null || !(selected.equals("left") || selected.equals("right"))) {
      throw new CrowdFormatException(
          file,
          r.line(),
          "value.selected",
          "a pairwise result needs 'value.selected' of \"left\" or \"right\", found "
              + (selected == null ? "none" : "'" + selected + "'"));
    }
    List<String> fields = options.itemFields();
    if (fields == null) {
      fields = r.to() == null ? List.of() : List.of(r.to().split(",", -1));
      if (fields.size() != 2) {
        throw new CrowdFormatException(
            file,
            r.line(),
            "to_name",
            "the pairwise result's 'to_name' ("
                + r.to()
                + ") does not name two objects; name the data fields of the two items with"
                + " --item-fields LEFT,RIGHT");
      }
    }
    String left = item(file, task, fields.get(0).trim(), rules);
    String right = item(file, task, fields.get(1).trim(), rules);
    if (left.equals(right)) {
      throw new CrowdFormatException(
          file,
          task.line(),
          "data." + fields.get(1).trim(),
          "the task that begins here compares the item '" + left + "' with itself");
    }
    return new Pair(left, right, selected.equals("left"));
  }

  private static String item(Path file, Task task, String field, CsvFormat rules)
      throws CrowdFormatException {
    String raw = task.data().get(field);
    if (raw == null) {
      throw new CrowdFormatException(
          file,
          task.line(),
          "data." + field,
          "the task that begins here has no field '"
              + field
              + "' in its 'data' (an item of its pairwise results; name the data fields of the"
              + " two items with --item-fields LEFT,RIGHT)");
    }
    return StrictInput.id(file, task.line(), "data." + field, raw, rules);
  }

  /** Reads the free texts of {@code file}: the texts of each {@code textarea} result. */
  public static ExportData<TextAnswers> readTexts(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return readTexts(file, StrictInput.open(file), rules, options);
  }

  /** As {@link #readTexts(Path, CsvFormat, ExportOptions)}, from {@code in} (closed here). */
  public static ExportData<TextAnswers> readTexts(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ByControl<String> texts = new ByControl<>();
    LabelStudioExport x =
        LabelStudioExport.read(
            file,
            in,
            rules,
            options,
            task -> texts.addTask(file, task, (t, r) -> text(file, r, rules)));
    String control =
        texts.choose(file, options.answerField(), "texts", "'textarea'", "free texts", x.types());
    Notes notes = new Notes();
    notes.skip("cancelled annotation(s)", x.cancelled());
    TextAnswers.Builder b = TextAnswers.builder();
    Map<String, Long> seen = new HashMap<>();
    for (ByControl.Given<String> g : texts.all()) {
      String text = g.byControl().get(control);
      if (text == null) {
        notes.skip("annotation(s) without a text in '" + control + "'", 1);
        continue;
      }
      once(file, seen, g);
      b.add(g.task(), g.worker(), text);
    }
    if (b.size() == 0) {
      throw new CrowdFormatException(
          file, 0, null, "no texts in the Label Studio export " + notes.lines());
    }
    return new ExportData<>(b.build(), notes.lines());
  }

  /** The text of a {@code textarea} result (its texts joined with a space), or null for others. */
  private static String text(Path file, Result r, CsvFormat rules) throws CrowdFormatException {
    if (!"textarea".equals(r.type()) || r.text() == null) {
      return null;
    }
    if (r.text().isEmpty()) {
      throw new CrowdFormatException(
          file, r.line(), "value.text", "field 'value.text' holds no text");
    }
    String text = String.join(" ", r.text());
    StrictInput.text(file, r.line(), "value.text", text, rules);
    return text;
  }

  /** Reads the masks of {@code file}: the run-length brush regions of each annotation. */
  public static ExportData<MaskAnswers> readMasks(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return readMasks(file, StrictInput.open(file), rules, options);
  }

  /** As {@link #readMasks(Path, CsvFormat, ExportOptions)}, from {@code in} (closed here). */
  public static ExportData<MaskAnswers> readMasks(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    ByControl<Mask> masks = new ByControl<>();
    LabelStudioExport x =
        LabelStudioExport.read(
            file,
            in,
            rules,
            options,
            task -> {
              for (Annotation a : task.annotations()) {
                Map<String, Mask> m = new LinkedHashMap<>();
                for (Result r : a.results()) {
                  if ("brushlabels".equals(r.type()) || "brush".equals(r.type())) {
                    region(file, r, m);
                  }
                }
                masks.add(task.id(), a.worker(), a.line(), m);
              }
            });
    String control =
        masks.choose(
            file,
            options.answerField(),
            "brush masks",
            "'brushlabels' or 'brush'",
            "masks",
            x.types());
    Notes notes = new Notes();
    notes.skip("cancelled annotation(s)", x.cancelled());
    MaskAnswers.Builder b = MaskAnswers.builder();
    Map<String, Long> seen = new HashMap<>();
    for (ByControl.Given<Mask> g : masks.all()) {
      Mask mask = g.byControl().get(control);
      if (mask == null) {
        notes.skip("annotation(s) without a brush mask in '" + control + "'", 1);
        continue;
      }
      once(file, seen, g);
      try {
        b.add(g.task(), g.worker(), mask);
      } catch (IllegalArgumentException e) {
        throw new CrowdFormatException(file, g.line(), "original_width", e.getMessage());
      }
    }
    if (b.size() == 0) {
      throw new CrowdFormatException(
          file, 0, null, "no masks in the Label Studio export " + notes.lines());
    }
    return new ExportData<>(b.build(), notes.lines());
  }

  /** Decodes a brush region and joins it to the mask of its control in {@code into}. */
  private static void region(Path file, Result r, Map<String, Mask> into)
      throws CrowdFormatException {
    if (!"rle".equals(r.format())) {
      throw new CrowdFormatException(
          file,
          r.line(),
          "value.format",
          "a brush result of 'value.format' "
              + (r.format() == null ? "none" : "'" + r.format() + "'")
              + "; masks are read from \"rle\"");
    }
    if (r.rle() == null) {
      throw new CrowdFormatException(
          file, r.line(), "value.rle", "a brush result has no 'value.rle'");
    }
    if (r.width() == 0 || r.height() == 0) {
      throw new CrowdFormatException(
          file,
          r.line(),
          r.width() == 0 ? "original_width" : "original_height",
          "a brush result needs 'original_width' and 'original_height' (the image's size)");
    }
    Mask mask;
    try {
      mask = BrushRle.decode(r.rle(), r.width(), r.height());
    } catch (IllegalArgumentException e) {
      throw new CrowdFormatException(
          file, r.line(), "value.rle", "field 'value.rle' is not a brush mask: " + e.getMessage());
    }
    Mask before = into.get(r.from());
    if (before == null) {
      ByControl.put(file, r, into, mask);
      return;
    }
    if (!before.sameSize(mask)) {
      throw new CrowdFormatException(
          file,
          r.line(),
          "original_width",
          "a brush region of "
              + mask.width()
              + "x"
              + mask.height()
              + " where the annotation's earlier regions of '"
              + r.from()
              + "' are "
              + before.width()
              + "x"
              + before.height());
    }
    long[] bits = before.bits();
    long[] more = mask.bits();
    for (int i = 0; i < bits.length; i++) {
      bits[i] |= more[i];
    }
    into.put(r.from(), Mask.ofBits(mask.height(), mask.width(), bits));
  }

  /** A second answer of one annotator to one task is an error naming both lines. */
  private static void once(Path file, Map<String, Long> seen, ByControl.Given<?> g)
      throws CrowdFormatException {
    Long before = seen.putIfAbsent(g.task() + '\u0000' + g.worker(), g.line());
    if (before != null) {
      throw new CrowdFormatException(
          file,
          g.line(),
          "completed_by",
          "annotator '"
              + g.worker()
              + "' annotated task '"
              + g.task()
              + "' again (first at line "
              + before
              + ")");
    }
  }
}
