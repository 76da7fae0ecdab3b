package org.crowd4j.cli;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.WeightedMajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks of the command line that end in a usage error (exit code 2) with a suggestion, or in bad
 * input (exit code 3) naming the file.
 */
final class Checks {
  private Checks() {}

  /**
   * Fails unless every given input exists: pairs of option name and path ({@code null} paths are
   * skipped). The message suggests files of similar names in the same folder.
   */
  static void inputsExist(CommandSpec spec, Object... optionAndPath) {
    for (int i = 0; i + 1 < optionAndPath.length; i += 2) {
      Path p = (Path) optionAndPath[i + 1];
      if (p != null && !Files.exists(p)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), optionAndPath[i] + ": no such file: " + p + "." + similarFiles(p));
      }
    }
  }

  /** {@code " Did you mean 'x'?"} with files beside {@code missing}, or the empty string. */
  static String similarFiles(Path missing) {
    Path name = missing.getFileName();
    Path dir = missing.toAbsolutePath().getParent();
    if (name == null || dir == null) {
      return "";
    }
    if (!Files.isDirectory(dir)) {
      return " The folder " + dir + " does not exist.";
    }
    List<String> names = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      s.limit(10_000).forEach(f -> names.add(f.getFileName().toString()));
    } catch (IOException e) {
      return "";
    }
    List<String> close = Suggestions.closest(name.toString(), names);
    if (close.isEmpty()) {
      return "";
    }
    Path parent = missing.getParent();
    List<String> shown = new ArrayList<>();
    for (String c : close) {
      shown.add(parent == null ? c : parent.resolve(c).toString());
    }
    return " Did you mean " + quoteList(shown) + "?";
  }

  /**
   * Fails on a {@code --param} name that none of {@code options} has, suggesting the closest names;
   * {@code what} names the method ("method 'ds'").
   */
  static void paramsKnown(
      CommandSpec spec, String what, Collection<String> names, Record... options) {
    List<String> valid = new ArrayList<>();
    for (Record r : options) {
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        valid.add(c.getName());
      }
    }
    for (String n : names) {
      if (!valid.contains(n)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "unknown option '"
                + n
                + "' for "
                + what
                + "."
                + Suggestions.didYouMean(n, valid)
                + " Valid options: "
                + String.join(", ", valid));
      }
    }
  }

  /** Fails on an unknown name ("method", "learner") with a suggestion and the list. */
  static CommandLine.ParameterException unknown(
      CommandSpec spec, String kind, String name, Collection<String> available) {
    return new CommandLine.ParameterException(
        spec.commandLine(),
        "unknown "
            + kind
            + " '"
            + name
            + "'."
            + Suggestions.didYouMean(name, available)
            + " Available: "
            + String.join(", ", available));
  }

  private static String quoteList(List<String> items) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) {
        sb.append(i == items.size() - 1 ? " or " : ", ");
      }
      sb.append('\'').append(items.get(i)).append('\'');
    }
    return sb.toString();
  }

  /**
   * {@code aggregator} fitted to {@code data}. Skills read from a file (wmv's {@code skillsFile})
   * that do not fit the answers (workers without a skill, a task left without a skilled answer) are
   * bad input naming that file, not a failed run.
   */
  static AggregationResult fit(Aggregator aggregator, CrowdDataset data, FitContext<Gold> context)
      throws BadInputException {
    try {
      return aggregator.fit(data, context);
    } catch (IllegalArgumentException e) {
      if (aggregator instanceof WeightedMajorityVote w && !w.options().skillsFile().isBlank()) {
        throw new BadInputException(w.options().skillsFile() + ": " + e.getMessage(), e);
      }
      throw e;
    }
  }
}
