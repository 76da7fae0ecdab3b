package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crowd4j.io.CrowdFormatException;

/**
 * The answers of one kind that a Label Studio export holds, per annotation and control ({@code
 * from_name}), grouped by task, until the control to read is chosen: the one {@link
 * ExportOptions#answerField()} names, or the only one.
 *
 * @param <T> one answer
 */
final class ByControl<T> {
  /** One annotation's answers of the kind, by control. */
  record Given<T>(String task, String worker, long line, Map<String, T> byControl) {}

  private final Map<String, List<Given<T>>> byTask = new LinkedHashMap<>();
  private final Set<String> controls = new LinkedHashSet<>();

  /** Adds one annotation's answers (empty when it holds none of the kind). */
  void add(String task, String worker, long line, Map<String, T> byControl) {
    byTask
        .computeIfAbsent(task, k -> new ArrayList<>())
        .add(new Given<>(task, worker, line, byControl));
    controls.addAll(byControl.keySet());
  }

  /** The answer a result gives, or {@code null} for a result of another kind. */
  @FunctionalInterface
  interface ResultAnswer<T> {
    T of(LabelStudioExport.Task task, LabelStudioExport.Result r) throws CrowdFormatException;
  }

  /**
   * Adds every annotation of {@code task}: the answers {@code answer} gives its results, one per
   * control ({@link #put}).
   */
  void addTask(Path file, LabelStudioExport.Task task, ResultAnswer<T> answer)
      throws CrowdFormatException {
    for (LabelStudioExport.Annotation a : task.annotations()) {
      Map<String, T> m = new LinkedHashMap<>();
      for (LabelStudioExport.Result r : a.results()) {
        T value = answer.of(task, r);
        if (value != null) {
          put(file, r, m, value);
        }
      }
      add(task.id(), a.worker(), a.line(), m);
    }
  }

  /** Every annotation, grouped by task in order of the tasks' first appearance. */
  List<Given<T>> all() {
    List<Given<T>> out = new ArrayList<>();
    for (List<Given<T>> g : byTask.values()) {
      out.addAll(g);
    }
    return out;
  }

  /**
   * The control to read: {@code chosen}, or the only one.
   *
   * @param noun the answers in words, e.g. {@code choices}
   * @param types the result types read, e.g. {@code 'choices'}
   * @param what what is read, e.g. {@code classification answers}
   * @param held the result types the export holds, named when it has none of the kind
   */
  String choose(
      Path file, String chosen, String noun, String types, String what, Collection<String> held)
      throws CrowdFormatException {
    if (chosen != null) {
      if (!controls.contains(chosen)) {
        throw new CrowdFormatException(
            file,
            0,
            "from_name",
            "no "
                + noun
                + " from the control '"
                + chosen
                + "'; the export has "
                + (controls.isEmpty()
                    ? "none (its results are of type " + held + ")"
                    : noun + " from " + controls));
      }
      return chosen;
    }
    if (controls.isEmpty()) {
      throw new CrowdFormatException(
          file,
          0,
          "type",
          "no annotation has a result of type "
              + types
              + " ("
              + what
              + " are read); the export holds results of type "
              + held);
    }
    if (controls.size() > 1) {
      throw new CrowdFormatException(
          file,
          0,
          "from_name",
          noun
              + " come from several controls "
              + controls
              + "; choose one with --answer-field NAME");
    }
    return controls.iterator().next();
  }

  /** Puts {@code value} of the result's control in {@code into}; a second one is an error. */
  static <T> void put(Path file, LabelStudioExport.Result r, Map<String, T> into, T value)
      throws CrowdFormatException {
    if (r.from() == null) {
      throw new CrowdFormatException(
          file, r.line(), "from_name", "a result of type '" + r.type() + "' has no 'from_name'");
    }
    if (into.put(r.from(), value) != null) {
      throw new CrowdFormatException(
          file,
          r.line(),
          "from_name",
          "the control '"
              + r.from()
              + "' has two results in one annotation (results per region are not read)");
    }
  }
}
