package org.crowd4j.method;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Builds an options record from its defaults and {@code name=value} overrides (the {@code --param}
 * flags of the command line). Supports {@code int}, {@code long}, {@code double}, {@code boolean},
 * strings, enums and {@code double[]} (comma separated).
 */
public final class OptionsBinder {
  private OptionsBinder() {}

  /**
   * A copy of {@code defaults} with the named components replaced; validation runs in the record's
   * constructor.
   *
   * @throws IllegalArgumentException naming an unknown option (with the valid ones) or a value that
   *     does not parse
   */
  @SuppressWarnings("unchecked")
  public static <O extends Record> O bind(O defaults, Map<String, String> overrides) {
    RecordComponent[] components = defaults.getClass().getRecordComponents();
    Map<String, Integer> position = new HashMap<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      position.put(components[i].getName(), i);
      names.add(components[i].getName());
    }
    Object[] args = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    try {
      for (int i = 0; i < components.length; i++) {
        args[i] = components[i].getAccessor().invoke(defaults);
        types[i] = components[i].getType();
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      Integer i = position.get(e.getKey());
      if (i == null) {
        throw new IllegalArgumentException(
            "unknown option '" + e.getKey() + "'; valid options: " + String.join(", ", names));
      }
      args[i] = parse(e.getKey(), e.getValue(), types[i]);
    }
    try {
      Constructor<?> ctor = defaults.getClass().getDeclaredConstructor(types);
      ctor.setAccessible(true);
      return (O) ctor.newInstance(args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object parse(String name, String value, Class<?> type) {
    String v = value.trim();
    try {
      if (type == int.class || type == Integer.class) {
        return Integer.parseInt(v);
      }
      if (type == long.class || type == Long.class) {
        return Long.parseLong(v);
      }
      if (type == double.class || type == Double.class) {
        return Double.parseDouble(v);
      }
      if (type == boolean.class || type == Boolean.class) {
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
          throw new NumberFormatException("expected true or false");
        }
        return Boolean.parseBoolean(v);
      }
      if (type == String.class) {
        return v;
      }
      if (type.isEnum()) {
        return Enum.valueOf(
            (Class<? extends Enum>) type, v.toUpperCase(Locale.ROOT).replace('-', '_'));
      }
      if (type == double[].class) {
        String[] parts = v.split("[,;\\s]+");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
          out[i] = Double.parseDouble(parts[i]);
        }
        return out;
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "option '" + name + "': cannot read '" + value + "' as " + describe(type), e);
    }
    throw new IllegalArgumentException("option '" + name + "' has an unsupported type " + type);
  }

  private static String describe(Class<?> type) {
    if (type.isEnum()) {
      List<String> values = new ArrayList<>();
      for (Object c : type.getEnumConstants()) {
        values.add(((Enum<?>) c).name().toLowerCase(Locale.ROOT));
      }
      return "one of " + values;
    }
    return type.getSimpleName();
  }
}
