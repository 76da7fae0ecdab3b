package org.crowd4j.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.ml.param.Param;

/**
 * The param instances of one Spark ML stage, as its mixins ({@link AnswerParams}, {@link
 * HasMaxIter}, {@link HasFloor}, ...) declared them. Spark's shared params are Scala traits that
 * hold their param; a Java interface holds no field, so a mixin declares its param once (its static
 * {@code declare}: name, documentation, validator, default) into this store of the stage, and its
 * default accessor reads it back by name. Spark ML params belong to one parent, so every stage has
 * a store of its own, which also holds the stage's uid; it has no public methods.
 */
public final class DeclaredParams implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String uid;
  private final Map<String, Param<?>> byName = new HashMap<>();

  DeclaredParams(String uid) {
    this.uid = Objects.requireNonNull(uid, "uid");
  }

  /** The uid of the stage. */
  String uid() {
    return uid;
  }

  /** Adds {@code param} to the store of {@code stage} with the default {@code value}. */
  static <T> void declare(MixinParams stage, Param<T> param, T value) {
    stage.declaredParams().byName.put(param.name(), param);
    stage.setDefault(param, value);
  }

  /**
   * The param {@code name} that a mixin declared.
   *
   * @throws IllegalStateException when the stage did not declare it
   */
  @SuppressWarnings("unchecked")
  <P extends Param<?>> P get(String name) {
    Param<?> p = byName.get(name);
    if (p == null) {
      throw new IllegalStateException("param '" + name + "' was not declared");
    }
    return (P) p;
  }
}
