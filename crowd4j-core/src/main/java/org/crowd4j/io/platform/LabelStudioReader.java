package org.crowd4j.io.platform;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;
import org.crowd4j.io.platform.ExportRecord.Pair;
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
 *   <li>classes ({@link ExportReader#read}): {@code choices} results, {@code value.choices}, and
 *       {@code taxonomy} results, {@code value.taxonomy}, a list of paths, each path's levels
 *       joined with {@code '/'}; several choices or paths become one label, sorted and joined with
 *       {@code '|'};
 *   <li>pairwise comparisons ({@link ExportReader#readComparisons}): {@code pairwise} results,
 *       {@code value.selected} being {@code left} or {@code right}; the two items are the values of
 *       the task's {@code data} fields {@link ExportOptions#itemFields()} names, by default the two
 *       names of the result's {@code to_name} ({@code text1,text2} in the Pairwise template, whose
 *       objects show {@code $text1} and {@code $text2});
 *   <li>free texts ({@link ExportReader#readTexts}): {@code textarea} results, {@code value.text}
 *       (several texts of one result joined with a space);
 *   <li>masks ({@link ExportReader#readMasks}): {@code brushlabels} (or {@code brush}) results of
 *       {@code value.format} {@code rle}, decoded as {@code label-studio-converter} decodes them
 *       over {@code original_width × original_height} (see {@code BrushRle}); the regions of one
 *       control in one annotation are joined into one mask.
 * </ul>
 *
 * <p>When answers of the kind come from several controls ({@code from_name}), {@link
 * ExportOptions#answerField()} chooses one; an export with none of the kind is an error naming the
 * result types it holds. Cancelled annotations ({@code was_cancelled}) and annotations without an
 * answer of the control read are left out and counted. Predictions and drafts are not answers and
 * are ignored, unless {@link ExportOptions#predictions()} asks for the predictions (then read
 * instead of the annotations, each by the model its {@code model_version} names). The export is
 * read into records of the kind, which the kind's {@link Assembler} builds.
 */
final class LabelStudioReader {
  private LabelStudioReader() {}

  /** Reads the classes of the export in {@code in} (closed here); {@code name} in messages. */
  static ExportAnswers read(Path name, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(
        name,
        in,
        rules,
        options,
        results(name, (t, r) -> label(name, r, rules)),
        new Words("choices", "'choices' or 'taxonomy'", "classification answers", "a choice"),
        new Answers(name, rules));
  }

  /** How the answers of a kind are named in messages (see {@link ByControl#choose}). */
  private record Words(String noun, String types, String what, String one) {}

  /** Reads each task's annotations, one answer of the kind per result, into {@code given}. */
  private static <T> Function<ByControl<T>, LabelStudioExport.Tasks> results(
      Path file, ByControl.ResultAnswer<T> answer) {
    return given -> task -> given.addTask(file, task, answer);
  }

  /**
   * Reads the export in {@code in} (closed here) with {@code tasks} and hands the records of the
   * control read to {@code out}, with the cancelled annotations and those without an answer of the
   * control counted.
   */
  private static <T, R> R read(
      Path file,
      InputStream in,
      CsvFormat rules,
      ExportOptions options,
      Function<ByControl<T>, LabelStudioExport.Tasks> tasks,
      Words words,
      Assembler<T, R> out)
      throws CrowdFormatException {
    ByControl<T> given = new ByControl<>();
    LabelStudioExport x = LabelStudioExport.read(file, in, rules, options, tasks.apply(given));
    String control =
        given.choose(
            file, options.answerField(), words.noun(), words.types(), words.what(), x.types());
    out.skip("cancelled annotation(s)", x.cancelled());
    for (ByControl.Given<T> g : given.all()) {
      T answer = g.byControl().get(control);
      if (answer == null) {
        out.skip("annotation(s) without " + words.one() + " in '" + control + "'", 1);
      } else {
        out.add(new ExportRecord<>(file, g.line(), g.task(), g.worker(), "completed_by", answer));
      }
    }
    return out.build("the Label Studio export");
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
   * Reads the pairwise comparisons of the export in {@code in} (closed here): the winner of each
   * {@code pairwise} result is the item on the selected side.
   */
  static ExportData<Comparisons> readComparisons(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(
        file,
        in,
        rules,
        options,
        results(
            file, (t, r) -> "pairwise".equals(r.type()) ? pair(file, t, r, rules, options) : null),
        new Words("pairwise results", "'pairwise'", "pairwise comparisons", "a pairwise result"),
        new PairRows(file, rules, Notes.Style.ANNOTATIONS));
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

  /**
   * Reads the free texts of the export in {@code in} (closed here): each {@code textarea} result.
   */
  static ExportData<TextAnswers> readTexts(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(
        file,
        in,
        rules,
        options,
        results(file, (t, r) -> text(file, r, rules)),
        new Words("texts", "'textarea'", "free texts", "a text"),
        new TextRows(file, Notes.Style.ANNOTATIONS));
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

  /** Reads the masks of the export in {@code in} (closed here): each annotation's brush regions. */
  static ExportData<MaskAnswers> readMasks(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    Function<ByControl<Mask>, LabelStudioExport.Tasks> regions =
        masks ->
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
            };
    return read(
        file,
        in,
        rules,
        options,
        regions,
        new Words("brush masks", "'brushlabels' or 'brush'", "masks", "a brush mask"),
        new MaskRows(file, Notes.Style.ANNOTATIONS, true, "original_width"));
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
}
