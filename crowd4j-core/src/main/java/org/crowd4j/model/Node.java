package org.crowd4j.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.ModelFileException;

/**
 * One value of a parsed model file with where it is ({@code workerModels[3].confusion}), so that
 * every refusal names the field: "no field 'X' (a classification model file has it)", "field 'X'
 * must be a number". Objects keep their members' order; JSON {@code null} is kept apart from an
 * absent member.
 */
final class Node {
  /** JSON {@code null}. */
  static final Object NULL = new Object();

  private static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  final Path file;
  final String path;
  final Object value;

  /** What the file is, for "(... has it)": e.g. "a classification model file". */
  final String owner;

  Node(Path file, String path, Object value, String owner) {
    this.file = file;
    this.path = path;
    this.value = value;
    this.owner = owner;
  }

  /** Parses {@code bytes}: the root value, or a {@link ModelFileException} with the line. */
  static Node parse(Path file, byte[] bytes) throws ModelFileException {
    try (JsonParser p = JSON.createParser(bytes)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new ModelFileException(file, 0, "the file is empty");
      }
      Object root = read(p, t);
      if (p.nextToken() != null) {
        throw new ModelFileException(
            file, p.currentLocation().getLineNr(), "content after the JSON document");
      }
      return new Node(file, "", root, "a crowd4j model file");
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
      throw new ModelFileException(file, line, "not valid JSON: " + e.getOriginalMessage(), e);
    } catch (ModelFileException e) {
      throw e;
    } catch (IOException e) {
      throw new ModelFileException(file, 0, "cannot read: " + e.getMessage(), e);
    }
  }

  private static Object read(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT -> {
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          m.put(name, read(p, p.nextToken()));
        }
        return m;
      }
      case START_ARRAY -> {
        List<Object> l = new ArrayList<>();
        JsonToken e;
        while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
          l.add(read(p, e));
        }
        return l;
      }
      case VALUE_STRING -> {
        return p.getText();
      }
      case VALUE_NUMBER_INT -> {
        return p.getNumberValue();
      }
      case VALUE_NUMBER_FLOAT -> {
        return p.getDoubleValue();
      }
      case VALUE_TRUE -> {
        return Boolean.TRUE;
      }
      case VALUE_FALSE -> {
        return Boolean.FALSE;
      }
      case VALUE_NULL -> {
        return NULL;
      }
      default -> throw new com.fasterxml.jackson.core.JsonParseException(p, "unexpected " + t);
    }
  }

  /** This node as the root of a file of the kind {@code owner} names. */
  Node as(String owner) {
    return new Node(file, path, value, owner);
  }

  ModelFileException error(String problem) {
    return new ModelFileException(file, 0, problem);
  }

  private ModelFileException mustBe(String what) {
    return error("field '" + path + "' must be " + what);
  }

  private String child(String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  boolean isObject() {
    return value instanceof Map;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> map() throws ModelFileException {
    if (!(value instanceof Map)) {
      throw path.isEmpty()
          ? error("not a crowd4j model file (not a JSON object)")
          : mustBe("an object");
    }
    return (Map<String, Object>) value;
  }

  /** Whether this object has member {@code name}, {@code null} or not. */
  boolean has(String name) throws ModelFileException {
    return map().containsKey(name);
  }

  /** Member {@code name}; absent or {@code null} is "no field". */
  Node get(String name) throws ModelFileException {
    Node n = optional(name);
    if (n == null) {
      throw error("no field '" + child(name) + "' (" + owner + " has it)");
    }
    return n;
  }

  /** Member {@code name}, or {@code null} when absent or {@code null}. */
  Node optional(String name) throws ModelFileException {
    Object v = map().get(name);
    return v == null || v == NULL ? null : new Node(file, child(name), v, owner);
  }

  /** The members, in file order. */
  Map<String, Node> members() throws ModelFileException {
    Map<String, Node> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : map().entrySet()) {
      out.put(e.getKey(), new Node(file, child(e.getKey()), e.getValue(), owner));
    }
    return out;
  }

  /** The elements of this list. */
  List<Node> elements() throws ModelFileException {
    if (!(value instanceof List<?> l)) {
      throw mustBe("a list");
    }
    List<Node> out = new ArrayList<>(l.size());
    for (int i = 0; i < l.size(); i++) {
      out.add(new Node(file, path + "[" + i + "]", l.get(i), owner));
    }
    return out;
  }

  String text() throws ModelFileException {
    if (!(value instanceof String s)) {
      throw mustBe("a string");
    }
    return s;
  }

  /** Member {@code name} as a string, or {@code null} when absent or {@code null}. */
  String optionalText(String name) throws ModelFileException {
    Node n = optional(name);
    return n == null ? null : n.text();
  }

  /** A scalar as text (options are strings; a number or boolean is taken as written). */
  String scalarText() throws ModelFileException {
    if (value instanceof String || value instanceof Number || value instanceof Boolean) {
      return value instanceof Double d ? Double.toString(d) : value.toString();
    }
    throw mustBe("a string");
  }

  long integer() throws ModelFileException {
    if (value instanceof Integer || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger b && b.bitLength() < 64) {
      return b.longValue();
    }
    throw mustBe("an integer");
  }

  int int32() throws ModelFileException {
    long v = integer();
    if (v != (int) v) {
      throw mustBe("an integer of at most 10 digits");
    }
    return (int) v;
  }

  boolean bool() throws ModelFileException {
    if (!(value instanceof Boolean b)) {
      throw mustBe("true or false");
    }
    return b;
  }

  /** A number; {@code null} (a non-finite value as written) and "NaN"/"Infinity" are read too. */
  double number() throws ModelFileException {
    return number(value);
  }

  private double number(Object v) throws ModelFileException {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v == NULL) {
      return Double.NaN;
    }
    if (v instanceof String s) {
      switch (s) {
        case "NaN" -> {
          return Double.NaN;
        }
        case "Infinity" -> {
          return Double.POSITIVE_INFINITY;
        }
        case "-Infinity" -> {
          return Double.NEGATIVE_INFINITY;
        }
        default -> {}
      }
    }
    throw mustBe("a number");
  }

  /** Member {@code name} as a number, {@code NaN} when absent or {@code null}. */
  double optionalNumber(String name) throws ModelFileException {
    Node n = optional(name);
    return n == null ? Double.NaN : n.number();
  }

  /** A list of numbers. */
  double[] numbers() throws ModelFileException {
    List<Node> l = elements();
    double[] out = new double[l.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = l.get(i).number();
    }
    return out;
  }

  /** A list of {@code n} numbers. */
  double[] numbers(int n) throws ModelFileException {
    double[] v = numbers();
    if (v.length != n) {
      throw mustBe("a list of " + n + " numbers");
    }
    return v;
  }

  /** A list of {@code rows} lists of {@code cols} numbers. */
  double[][] matrix(int rows, int cols) throws ModelFileException {
    if (!(value instanceof List<?> l) || l.size() != rows) {
      throw mustBe(rows + "×" + cols);
    }
    double[][] out = new double[rows][];
    for (int r = 0; r < rows; r++) {
      if (!(l.get(r) instanceof List<?> row) || row.size() != cols) {
        throw mustBe(rows + "×" + cols);
      }
      out[r] = new double[cols];
      for (int c = 0; c < cols; c++) {
        out[r][c] = new Node(file, path + "[" + r + "][" + c + "]", row.get(c), owner).number();
      }
    }
    return out;
  }

  /** A list of strings. */
  List<String> strings() throws ModelFileException {
    List<String> out = new ArrayList<>();
    for (Node e : elements()) {
      out.add(e.text());
    }
    return Collections.unmodifiableList(out);
  }

  /** An object of scalars, name → text, in file order. */
  Map<String, String> stringMap() throws ModelFileException {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, Node> e : members().entrySet()) {
      out.put(e.getKey(), e.getValue().value == NULL ? null : e.getValue().scalarText());
    }
    return Collections.unmodifiableMap(out);
  }

  /** An object of numbers, name → value, in file order. */
  Map<String, Double> numberMap() throws ModelFileException {
    Map<String, Double> out = new LinkedHashMap<>();
    for (Map.Entry<String, Node> e : members().entrySet()) {
      out.put(e.getKey(), e.getValue().number());
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * The value as plain Java: {@code Map<String, Object>} (in order), {@code List<Object>}, {@code
   * String}, {@code Long}, {@code Double}, {@code Boolean}, {@code null}.
   */
  Object plain() {
    return plain(value);
  }

  private static Object plain(Object v) {
    if (v == NULL) {
      return null;
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        out.put((String) e.getKey(), plain(e.getValue()));
      }
      return Collections.unmodifiableMap(out);
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object e : l) {
        out.add(plain(e));
      }
      return Collections.unmodifiableList(out);
    }
    if (v instanceof Integer i) {
      return i.longValue();
    }
    if (v instanceof BigInteger || v instanceof BigDecimal) {
      return ((Number) v).doubleValue();
    }
    return v;
  }

  /** An object as a plain map (see {@link #plain()}). */
  @SuppressWarnings("unchecked")
  Map<String, Object> plainMap() throws ModelFileException {
    map();
    return (Map<String, Object>) plain();
  }
}
