package org.crowd4j.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.crowd4j.method.MethodSpec;

/**
 * Every method of every kind, read from the kinds' lists ({@link Kind#methods()}): the one place
 * the command line's method lists and the docs' method tables come from.
 */
public final class Catalogue {
  private Catalogue() {}

  /** One method of one kind. */
  public record Entry(Kind kind, MethodSpec<?> spec) {}

  /**
   * Every method of every kind, kind by kind (multi-label not repeated: it reuses
   * classification's).
   */
  public static List<Entry> entries() {
    List<Entry> out = new ArrayList<>();
    for (Kind k : Kind.values()) {
      if (k == Kind.MULTILABEL) {
        continue;
      }
      for (MethodSpec<?> s : k.methods().all()) {
        out.add(new Entry(k, s));
      }
    }
    return out;
  }

  /**
   * The catalogue as a Markdown table: kind, command, method, description, requirements, whether it
   * runs on Spark, and options with their defaults.
   */
  public static String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("| kind | command | method | what it does | needs | Spark | options (default) |\n");
    b.append("|---|---|---|---|---|---|---|\n");
    for (Entry e : entries()) {
      MethodSpec<?> s = e.spec();
      String needs =
          s.requirements().stream().map(r -> r.description()).collect(Collectors.joining(", "));
      String options =
          s.options().stream()
              .map(o -> "`" + o.name() + "` (" + o.defaultValue() + ")")
              .collect(Collectors.joining(", "));
      b.append(
          String.format(
              Locale.ROOT,
              "| %s | `%s` | `%s` | %s | %s | %s | %s |%n",
              e.kind().title(),
              e.kind().command(),
              s.name(),
              s.description(),
              needs,
              s.onSpark() ? "yes" : "",
              options));
    }
    return b.toString();
  }
}
