package org.crowd4j.spark;

import java.lang.reflect.RecordComponent;
import java.util.Map;
import org.apache.spark.ml.param.Param;
import org.crowd4j.method.Describe;
import org.crowd4j.method.OptionsBinder;

/**
 * Ties option params to the core's options records: a setter that checks its value with the record,
 * setting every param from a record, reading one option as {@code --param} would, and an option's
 * documentation line.
 */
final class OptionSetter {
  private OptionSetter() {}

  /**
   * Sets {@code param} of {@code stage} to {@code value} after checking it: the option {@code
   * option} of {@link HasOptions#options()} replaced by it (the record's message on a bad value).
   */
  @SuppressWarnings("unchecked")
  static <T, V> T set(HasOptions<T> stage, Param<V> param, String option, V value) {
    OptionsBinder.bind(stage.options(), Map.of(option, String.valueOf(value)));
    stage.set(param, value);
    return (T) stage;
  }

  /**
   * Sets every param of {@code stage} that holds an option of {@code options} (the param of the
   * option's name; {@code maxIter} for {@code maxIterations}; an enum by its constant's name) to
   * the record's value; options without a param (the estimator refuses their other values itself)
   * are left alone. The record checked its values when it was built.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static <T> T setAll(HasOptions<T> stage, Record options) {
    try {
      for (RecordComponent c : options.getClass().getRecordComponents()) {
        String name = c.getName().equals("maxIterations") ? "maxIter" : c.getName();
        if (stage.hasParam(name)) {
          Object value = c.getAccessor().invoke(options);
          stage.set((Param) stage.getParam(name), value instanceof Enum<?> e ? e.name() : value);
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
    return (T) stage;
  }

  /**
   * The value of the option {@code option} after binding {@code text} onto {@code options} as
   * {@code --param} does (an enum by its name in any case, {@code -} for {@code _}).
   *
   * @throws IllegalArgumentException with the core's message for a value it cannot read
   */
  static Object bound(Record options, String option, String text) {
    Record o = OptionsBinder.bind(options, Map.of(option, text));
    try {
      return component(o.getClass(), option).getAccessor().invoke(o);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The {@code @Describe} line of the option {@code option} of the record class {@code type}. */
  static String describe(Class<? extends Record> type, String option) {
    return component(type, option).getAnnotation(Describe.class).value();
  }

  private static RecordComponent component(Class<?> type, String option) {
    for (RecordComponent c : type.getRecordComponents()) {
      if (c.getName().equals(option)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no option '" + option + "' in " + type.getName());
  }
}
