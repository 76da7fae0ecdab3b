package org.crowd4j.method;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * One method of the catalogue: its name (the one {@link Method#name()} returns), one line for help
 * texts, its default options record, the factory that builds it from an options record of that
 * type, what it requires, and whether crowd4j-spark runs it on Apache Spark.
 *
 * @param name catalogue and command-line name
 * @param description one line for help texts
 * @param defaults default options record
 * @param factory builds the method from an options record of the defaults' type
 * @param requirements what the method needs beyond the answers
 * @param onSpark whether crowd4j-spark has an estimator of it (the kind's command runs it with
 *     {@code --engine spark})
 * @param <M> the kind's method type
 */
public record MethodSpec<M>(
    String name,
    String description,
    Record defaults,
    Function<Record, ? extends M> factory,
    Set<Requirement> requirements,
    boolean onSpark) {
  /** Checks and copies. */
  public MethodSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(defaults, "defaults");
    Objects.requireNonNull(factory, "factory");
    requirements =
        requirements.isEmpty()
            ? Collections.emptySet()
            : Collections.unmodifiableSet(EnumSet.copyOf(requirements));
  }

  /** A method that runs on one machine only. */
  public MethodSpec(
      String name,
      String description,
      Record defaults,
      Function<Record, ? extends M> factory,
      Set<Requirement> requirements) {
    this(name, description, defaults, factory, requirements, false);
  }

  /** This entry marked as one that runs on Spark too. */
  public MethodSpec<M> withSpark() {
    return new MethodSpec<>(name, description, defaults, factory, requirements, true);
  }

  /** Builds the method with {@code name=value} overrides bound onto the defaults. */
  public M create(Map<String, String> overrides) {
    return factory.apply(OptionsBinder.bind(defaults, overrides));
  }

  /** Whether the method needs {@code r}. */
  public boolean requires(Requirement r) {
    return requirements.contains(r);
  }

  /**
   * The options: name, type, default value and the {@link Describe} line of every component of the
   * defaults record (empty where a component has none).
   */
  public List<OptionInfo> options() {
    Map<String, String> values = Provenance.describe(defaults);
    List<OptionInfo> out = new ArrayList<>();
    for (RecordComponent c : defaults.getClass().getRecordComponents()) {
      Describe d = c.getAnnotation(Describe.class);
      out.add(
          new OptionInfo(
              c.getName(), c.getType(), values.get(c.getName()), d == null ? "" : d.value()));
    }
    return out;
  }

  /**
   * One option of a method.
   *
   * @param name the option's name ({@code --param name=value})
   * @param type the option's type
   * @param defaultValue its default, as text
   * @param description what it does
   */
  public record OptionInfo(String name, Class<?> type, String defaultValue, String description) {}
}
