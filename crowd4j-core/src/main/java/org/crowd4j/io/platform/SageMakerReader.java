package org.crowd4j.io.platform;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;
import org.crowd4j.segmentation.MaskAnswers;

/**
 * Reads the answers of a SageMaker Ground Truth labeling job: classes ({@link ExportReader#read})
 * and the masks of a semantic segmentation job ({@link ExportReader#readMasks}). The output
 * manifest ({@code manifests/output/output.manifest}, JSON Lines) names the data objects: line
 * {@code i} (from 0) is data object {@code i}, and its task id is its {@code source-ref} (or {@code
 * source}, or the key {@link ExportOptions#taskField()} names). The manifest holds only the
 * consolidated label; each worker's answer is in the job's worker-response files, {@code
 * annotations/worker-response/iteration-N/<i>/<time>.json}, each {@code {"answers": [{"workerId":
 * …, "answerContent": {"<name>": {"label": …}}}]}} ({@code "labels": […]} for a multi-label task:
 * one label, sorted and joined with {@code '|'}); for semantic segmentation, {@code {"<name>":
 * {"inputImageProperties": …, "labelMappings": …, "labeledImage": {"pngImageData": …}}}}, the
 * worker's label image as a base64 PNG). The folder is found from the manifest's place in the job's
 * output, or given ({@link ExportOptions#workerResponses()}); when {@code answerContent} holds
 * several names, {@link ExportOptions#answerField()} chooses one.
 */
public final class SageMakerReader {
  private SageMakerReader() {}

  /** Reads one answer's content, the value of {@code answerContent.<name>} ({@code field}). */
  @FunctionalInterface
  private interface Content<T> {
    T read(Path name, JsonParser p, String field) throws IOException, CrowdFormatException;
  }

  /** Reads the classes of the manifest {@code file} from the worker responses of its job. */
  static ExportAnswers read(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    Answers answers = new Answers(file, rules);
    // no line: the answers span many files
    Path dir =
        each(
            file,
            rules,
            options,
            (name, p, field) -> content(name, p, field, rules),
            answers,
            false);
    return answers.build("the worker responses of " + dir);
  }

  /**
   * Reads the masks of a semantic segmentation job, the manifest {@code file}, from the worker
   * responses of its job: each answer's label image, a pixel set where it is painted with any of
   * the answer's labels (see {@code LabeledImage}). A worker answers a task once; the masks of a
   * task have one size.
   */
  static ExportData<MaskAnswers> readMasks(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    MaskRows masks = new MaskRows(file, Notes.Style.ROWS, false, "answerContent");
    Path dir = each(file, rules, options, LabeledImage::read, masks, true);
    return masks.build("the worker responses of " + dir);
  }

  /**
   * Reads every worker response of the job of the manifest {@code file} in order (iterations, data
   * objects, files), each answer's content with {@code content} into {@code out} (at its line when
   * {@code lines}, else at none); returns the worker-response folder.
   */
  private static <T> Path each(
      Path file,
      CsvFormat rules,
      ExportOptions options,
      Content<T> content,
      Assembler<T, ?> out,
      boolean lines)
      throws CrowdFormatException {
    List<String> tasks = manifest(file, StrictInput.open(file), rules, options);
    Path dir = responses(file, options);
    boolean[] answered = new boolean[tasks.size()];
    for (Path iteration : iterations(file, dir)) {
      TreeMap<Integer, Path> objects = objects(file, iteration, tasks.size());
      for (var e : objects.entrySet()) {
        for (Path response : jsonFiles(file, e.getValue())) {
          answered[e.getKey()] = true;
          response(
              response,
              StrictInput.open(response),
              tasks.get(e.getKey()),
              rules,
              options,
              content,
              out,
              lines);
        }
      }
    }
    int silent = 0;
    for (boolean a : answered) {
      silent += a ? 0 : 1;
    }
    out.skip("data object(s) of the manifest without a worker response", silent);
    return dir;
  }

  /** The task ids of the manifest in {@code in} (closed here), by data object id. */
  public static List<String> manifest(
      Path name, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    List<String> tasks = new ArrayList<>();
    JsonParser p = JsonInput.parser(name, in);
    try (p) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        JsonInput.expect(
            name, p, JsonToken.START_OBJECT, null, "a manifest line must be an object");
        long line = p.currentTokenLocation().getLineNr();
        String ref = null;
        String source = null;
        String chosen = null;
        while (p.nextToken() != JsonToken.END_OBJECT) {
          String key = p.currentName();
          p.nextToken();
          if (key.equals(options.taskField())) {
            chosen = JsonInput.id(name, p, key, rules);
          } else if (key.equals("source-ref")) {
            ref = JsonInput.id(name, p, key, rules);
          } else if (key.equals("source")) {
            source = JsonInput.id(name, p, key, rules);
          } else {
            p.skipChildren();
          }
        }
        String task = options.taskField() != null ? chosen : ref != null ? ref : source;
        if (task == null) {
          String field = options.taskField() != null ? options.taskField() : "source-ref";
          throw new CrowdFormatException(
              name,
              line,
              field,
              "the data object on this line has no '"
                  + field
                  + "'"
                  + (options.taskField() != null ? "" : " nor 'source'"));
        }
        tasks.add(task);
      }
    } catch (IOException e) {
      throw JsonInput.failure(name, p, e);
    }
    if (tasks.isEmpty()) {
      throw new CrowdFormatException(name, 0, null, "the manifest has no data objects");
    }
    return tasks;
  }

  /**
   * Reads one worker-response file in {@code in} (closed here), the answers to data object {@code
   * task}, into a data set of its own (for checks and tests).
   */
  public static ExportAnswers workerResponse(
      Path name, InputStream in, String task, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    Answers answers = new Answers(name, rules);
    response(
        name,
        in,
        task,
        rules,
        options,
        (n, p, field) -> content(n, p, field, rules),
        answers,
        false);
    return answers.build(name.toString());
  }

  private static <T> void response(
      Path name,
      InputStream in,
      String task,
      CsvFormat rules,
      ExportOptions options,
      Content<T> content,
      Assembler<T, ?> out,
      boolean lines)
      throws CrowdFormatException {
    JsonParser p = JsonInput.parser(name, in);
    try (p) {
      p.nextToken();
      JsonInput.expect(name, p, JsonToken.START_OBJECT, null, "a worker response is an object");
      boolean any = false;
      while (p.nextToken() != JsonToken.END_OBJECT) {
        String key = p.currentName();
        p.nextToken();
        if (!key.equals("answers")) {
          p.skipChildren();
          continue;
        }
        any = true;
        JsonInput.expect(name, p, JsonToken.START_ARRAY, "answers", "'answers' must be an array");
        while (p.nextToken() != JsonToken.END_ARRAY) {
          answer(name, p, task, rules, options, content, out, lines);
        }
      }
      if (p.nextToken() != null) {
        throw JsonInput.error(name, p, null, "text after the worker response");
      }
      if (!any) {
        throw new CrowdFormatException(name, 1, "answers", "the worker response has no 'answers'");
      }
    } catch (IOException e) {
      throw JsonInput.failure(name, p, e);
    }
  }

  private static <T> void answer(
      Path name,
      JsonParser p,
      String task,
      CsvFormat rules,
      ExportOptions options,
      Content<T> content,
      Assembler<T, ?> out,
      boolean lines)
      throws IOException, CrowdFormatException {
    JsonInput.expect(name, p, JsonToken.START_OBJECT, "answers", "an answer must be an object");
    long line = p.currentTokenLocation().getLineNr();
    String worker = null;
    T answer = null;
    List<String> names = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      p.nextToken();
      if (key.equals("workerId")) {
        worker = JsonInput.id(name, p, "workerId", rules);
      } else if (key.equals("answerContent")) {
        JsonInput.expect(
            name, p, JsonToken.START_OBJECT, "answerContent", "'answerContent' must be an object");
        while (p.nextToken() != JsonToken.END_OBJECT) {
          String field = p.currentName();
          p.nextToken();
          names.add(field);
          if (options.answerField() == null || field.equals(options.answerField())) {
            answer = content.read(name, p, "answerContent." + field);
          } else {
            p.skipChildren();
          }
        }
      } else {
        p.skipChildren();
      }
    }
    if (worker == null) {
      throw new CrowdFormatException(
          name, line, "workerId", "the answer that begins here has no 'workerId'");
    }
    if (options.answerField() == null && names.size() > 1) {
      throw new CrowdFormatException(
          name,
          line,
          "answerContent",
          "'answerContent' holds several answers "
              + names
              + "; choose one with --answer-field NAME");
    }
    if (answer == null) {
      throw new CrowdFormatException(
          name,
          line,
          "answerContent",
          "the answer that begins here has no "
              + (options.answerField() == null
                  ? "'answerContent'"
                  : "'answerContent." + options.answerField() + "' (it has " + names + ")"));
    }
    out.add(new ExportRecord<>(name, lines ? line : 0, task, worker, "workerId", answer));
  }

  /** The label of one answer: {@code {"label": …}}, {@code {"labels": […]}} or a string. */
  private static String content(Path name, JsonParser p, String field, CsvFormat rules)
      throws IOException, CrowdFormatException {
    if (p.currentToken() == JsonToken.VALUE_STRING) {
      return JsonInput.string(name, p, field, rules);
    }
    JsonInput.expect(
        name, p, JsonToken.START_OBJECT, field, "'" + field + "' must be an object or a string");
    String label = null;
    boolean image = false;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      p.nextToken();
      image |= key.equals("labeledImage");
      if (key.equals("label")) {
        label = JsonInput.string(name, p, field + ".label", rules);
      } else if (key.equals("labels")) {
        long line = p.currentTokenLocation().getLineNr();
        List<String> all = JsonInput.strings(name, p, field + ".labels", rules);
        label = LabelSets.of(name, line, field + ".labels", all, rules);
      } else {
        p.skipChildren();
      }
    }
    if (label == null) {
      throw JsonInput.error(
          name,
          p,
          field,
          "'"
              + field
              + "' has neither 'label' nor 'labels' (a class is read"
              + (image
                  ? "; the masks of a semantic segmentation job are read by aggregate-masks"
                  : "")
              + ")");
    }
    return label;
  }

  /** The worker-response folder: given, or {@code JOB/annotations/worker-response}. */
  private static Path responses(Path manifest, ExportOptions options) throws CrowdFormatException {
    Path dir = options.workerResponses();
    if (dir == null) {
      Path output = manifest.toAbsolutePath().getParent();
      Path manifests = output == null ? null : output.getParent();
      Path job = manifests == null ? null : manifests.getParent();
      if (job != null
          && output.getFileName().toString().equals("output")
          && manifests.getFileName().toString().equals("manifests")) {
        dir = job.resolve("annotations").resolve("worker-response");
      }
    }
    if (dir == null || !Files.isDirectory(dir)) {
      throw new CrowdFormatException(
          manifest,
          0,
          null,
          "the manifest holds consolidated labels only; each worker's answer is in the job's"
              + " annotations/worker-response folder"
              + (dir == null ? "" : " (" + dir + " is not a folder)")
              + "; give it with --worker-responses DIR");
    }
    return dir;
  }

  /** The {@code iteration-N} folders of {@code dir} in order, or {@code dir} itself. */
  private static List<Path> iterations(Path manifest, Path dir) throws CrowdFormatException {
    TreeMap<Integer, Path> found = new TreeMap<>();
    for (Path p : list(manifest, dir)) {
      String n = p.getFileName().toString();
      if (Files.isDirectory(p) && n.matches("iteration-\\d{1,9}")) {
        found.put(Integer.parseInt(n.substring("iteration-".length())), p);
      }
    }
    return found.isEmpty() ? List.of(dir) : new ArrayList<>(found.values());
  }

  /** The data object folders of an iteration, by id; an id the manifest lacks is an error. */
  private static TreeMap<Integer, Path> objects(Path manifest, Path iteration, int size)
      throws CrowdFormatException {
    TreeMap<Integer, Path> out = new TreeMap<>();
    for (Path p : list(manifest, iteration)) {
      if (!Files.isDirectory(p)) {
        continue;
      }
      String n = p.getFileName().toString();
      int id = n.matches("\\d{1,9}") ? Integer.parseInt(n) : -1;
      if (id < 0 || id >= size) {
        throw new CrowdFormatException(
            p,
            0,
            null,
            "not a data object of "
                + manifest
                + " (its "
                + size
                + " lines are data objects 0 to "
                + (size - 1)
                + ")");
      }
      out.put(id, p);
    }
    return out;
  }

  private static List<Path> jsonFiles(Path manifest, Path dir) throws CrowdFormatException {
    List<Path> out = new ArrayList<>();
    for (Path p : list(manifest, dir)) {
      if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json")) {
        out.add(p);
      }
    }
    return out;
  }

  /** The entries of {@code dir}, sorted by name. */
  private static List<Path> list(Path manifest, Path dir) throws CrowdFormatException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    } catch (IOException e) {
      throw new CrowdFormatException(dir, 0, null, "cannot list the folder: " + e.getMessage(), e);
    }
  }
}
