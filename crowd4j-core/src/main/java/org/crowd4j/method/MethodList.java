package org.crowd4j.method;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The methods of one kind, by name, in the order they were added: the kind's part of the catalogue.
 * Built once in the kind's package and read everywhere else (command line, help, report, docs,
 * {@code auto}'s candidates).
 *
 * @param <M> the kind's method type
 */
public final class MethodList<M> {
  private final Map<String, MethodSpec<M>> specs;

  private MethodList(Map<String, MethodSpec<M>> specs) {
    this.specs = Collections.unmodifiableMap(new LinkedHashMap<>(specs));
  }

  /** A builder of a kind's list. */
  public static <M> Builder<M> builder() {
    return new Builder<>();
  }

  /** Every method, in order. */
  public Collection<MethodSpec<M>> all() {
    return specs.values();
  }

  /** The names, in order. */
  public List<String> names() {
    return List.copyOf(specs.keySet());
  }

  /** Whether a method is called {@code name}. */
  public boolean contains(String name) {
    return specs.containsKey(name);
  }

  /**
   * The method called {@code name}.
   *
   * @throws IllegalArgumentException naming the unknown method and the available ones
   */
  public MethodSpec<M> spec(String name) {
    MethodSpec<M> s = specs.get(name);
    if (s == null) {
      throw new IllegalArgumentException(
          "unknown method '" + name + "'; available: " + String.join(", ", specs.keySet()));
    }
    return s;
  }

  /** A new method called {@code name} with option overrides. */
  public M create(String name, Map<String, String> overrides) {
    return spec(name).create(overrides);
  }

  /** Collects a kind's methods. */
  public static final class Builder<M> {
    private final Map<String, MethodSpec<M>> specs = new LinkedHashMap<>();

    private Builder() {}

    /** Adds a method without requirements. */
    public <O extends Record> Builder<M> add(
        String name, String description, O defaults, Function<O, ? extends M> factory) {
      return add(name, description, defaults, factory, EnumSet.noneOf(Requirement.class));
    }

    /** Adds a method that needs {@code requirements}. */
    @SuppressWarnings("unchecked")
    public <O extends Record> Builder<M> add(
        String name,
        String description,
        O defaults,
        Function<O, ? extends M> factory,
        Set<Requirement> requirements) {
      if (specs.containsKey(name)) {
        throw new IllegalArgumentException("method '" + name + "' is listed twice");
      }
      specs.put(
          name,
          new MethodSpec<>(name, description, defaults, o -> factory.apply((O) o), requirements));
      return this;
    }

    /**
     * Marks the methods {@code names}, already added, as run on Spark too.
     *
     * @throws IllegalArgumentException for a name not in the list
     */
    public Builder<M> onSpark(String... names) {
      for (String name : names) {
        MethodSpec<M> s = specs.get(name);
        if (s == null) {
          throw new IllegalArgumentException("no method '" + name + "' to mark as on Spark");
        }
        specs.put(name, s.withSpark());
      }
      return this;
    }

    /** Adds {@code spec} as it is. */
    public Builder<M> add(MethodSpec<M> spec) {
      if (specs.containsKey(spec.name())) {
        throw new IllegalArgumentException("method '" + spec.name() + "' is listed twice");
      }
      specs.put(spec.name(), spec);
      return this;
    }

    /** The list. */
    public MethodList<M> build() {
      return new MethodList<>(specs);
    }
  }
}
