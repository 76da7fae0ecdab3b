package org.crowd4j.io.platform;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;

/**
 * Streaming JSON for the exports' readers: UTF-8 only (a byte order mark is dropped), and every
 * problem a {@link CrowdFormatException} at the parser's line, with the column in the message.
 */
final class JsonInput {
  private static final JsonFactory FACTORY =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private JsonInput() {}

  /** A parser over the UTF-8 text of {@code in} (already decompressed; closed with the parser). */
  static JsonParser parser(Path name, InputStream in) throws CrowdFormatException {
    try {
      BufferedReader r =
          new BufferedReader(
              new InputStreamReader(
                  in,
                  StandardCharsets.UTF_8
                      .newDecoder()
                      .onMalformedInput(CodingErrorAction.REPORT)
                      .onUnmappableCharacter(CodingErrorAction.REPORT)),
              1 << 16);
      r.mark(1);
      if (r.read() != '\uFEFF') {
        r.reset();
      }
      return FACTORY.createParser(r);
    } catch (IOException e) {
      throw failure(name, null, e);
    }
  }

  /** A problem with the current token of {@code p}. */
  static CrowdFormatException error(Path file, JsonParser p, String field, String problem) {
    JsonLocation at = p.currentTokenLocation();
    return new CrowdFormatException(file, Math.max(0, at.getLineNr()), field, where(at) + problem);
  }

  /** The error for an exception thrown while reading with {@code p} (may be {@code null}). */
  static CrowdFormatException failure(Path file, JsonParser p, IOException e) {
    JsonLocation at =
        e instanceof JsonProcessingException j && j.getLocation() != null
            ? j.getLocation()
            : p == null ? null : p.currentLocation();
    long line = at == null ? 0 : Math.max(0, at.getLineNr());
    String prefix = at == null ? "" : where(at);
    if (e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException) {
      return new CrowdFormatException(
          file, 0, null, "not a complete gzip file: " + e.getMessage(), e);
    }
    if (e instanceof CharacterCodingException) {
      return new CrowdFormatException(
          file, line, null, prefix + "the bytes are not UTF-8 text (save the file as UTF-8)", e);
    }
    if (e instanceof JsonProcessingException j) {
      return new CrowdFormatException(
          file, line, null, prefix + "not valid JSON: " + j.getOriginalMessage(), e);
    }
    if (e instanceof java.nio.file.NoSuchFileException) {
      return new CrowdFormatException(file, 0, null, "no such file", e);
    }
    return new CrowdFormatException(file, line, null, prefix + "cannot read: " + e.getMessage(), e);
  }

  private static String where(JsonLocation at) {
    return at.getColumnNr() > 0 ? "column " + at.getColumnNr() + ": " : "";
  }

  /** The next token, which must start an object; {@code what} names it in the error. */
  static void expect(Path file, JsonParser p, JsonToken token, String field, String what)
      throws IOException, CrowdFormatException {
    JsonToken t = p.currentToken();
    if (t != token) {
      throw error(file, p, field, what + ", found " + describe(t));
    }
  }

  /** An id: a string or an integer, checked as {@link StrictInput#id} checks ids. */
  static String id(Path file, JsonParser p, String field, CsvFormat rules)
      throws IOException, CrowdFormatException {
    JsonToken t = p.currentToken();
    if (t != JsonToken.VALUE_STRING && t != JsonToken.VALUE_NUMBER_INT) {
      throw error(
          file,
          p,
          field,
          "field '" + field + "' must be a string or an integer, found " + describe(t));
    }
    return checked(file, p, field, p.getText(), rules);
  }

  /** A string value. */
  static String string(Path file, JsonParser p, String field, CsvFormat rules)
      throws IOException, CrowdFormatException {
    if (p.currentToken() != JsonToken.VALUE_STRING) {
      throw error(
          file,
          p,
          field,
          "field '" + field + "' must be a string, found " + describe(p.currentToken()));
    }
    return checked(file, p, field, p.getText(), rules);
  }

  /** An array of strings (the current token opens it), each checked; read up to its end. */
  static List<String> strings(Path file, JsonParser p, String field, CsvFormat rules)
      throws IOException, CrowdFormatException {
    expect(file, p, JsonToken.START_ARRAY, field, "field '" + field + "' must be an array");
    List<String> out = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(string(file, p, field + "[]", rules));
    }
    return out;
  }

  /** An array of strings kept as typed (free texts), read up to its end. */
  static List<String> texts(Path file, JsonParser p, String field)
      throws IOException, CrowdFormatException {
    expect(file, p, JsonToken.START_ARRAY, field, "field '" + field + "' must be an array");
    List<String> out = new ArrayList<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t != JsonToken.VALUE_STRING) {
        throw error(file, p, field, "field '" + field + "' holds " + describe(t) + ", not text");
      }
      out.add(p.getText());
    }
    return out;
  }

  /** A whole number from 1 to 2^31 - 1 (an image's width or height). */
  static int size(Path file, JsonParser p, String field) throws IOException, CrowdFormatException {
    JsonToken t = p.currentToken();
    if (t != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
        || p.getLongValue() < 1
        || p.getLongValue() > Integer.MAX_VALUE) {
      throw error(
          file,
          p,
          field,
          "field '"
              + field
              + "' must be a positive whole number, found "
              + (t == JsonToken.VALUE_NUMBER_INT ? p.getText() : describe(t)));
    }
    return p.getIntValue();
  }

  /** An array of whole numbers from 0 to 255, read up to its end. */
  static byte[] bytes(Path file, JsonParser p, String field)
      throws IOException, CrowdFormatException {
    expect(file, p, JsonToken.START_ARRAY, field, "field '" + field + "' must be an array");
    byte[] out = new byte[64];
    int n = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t != JsonToken.VALUE_NUMBER_INT
          || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
          || p.getLongValue() < 0
          || p.getLongValue() > 255) {
        throw error(
            file,
            p,
            field,
            "field '"
                + field
                + "' holds "
                + (t == JsonToken.VALUE_NUMBER_INT ? p.getText() : describe(t))
                + "; its items are bytes, 0 to 255");
      }
      if (n == out.length) {
        out = java.util.Arrays.copyOf(out, 2 * n);
      }
      out[n++] = (byte) p.getIntValue();
    }
    return java.util.Arrays.copyOf(out, n);
  }

  private static String checked(Path file, JsonParser p, String field, String raw, CsvFormat rules)
      throws CrowdFormatException {
    try {
      return StrictInput.id(null, 0, field, raw, rules);
    } catch (CrowdFormatException e) {
      // the same problem, at the value's line and column in this file
      throw error(file, p, field, e.getMessage().substring("<input>: ".length()));
    }
  }

  /** A token in words, for messages. */
  static String describe(JsonToken t) {
    if (t == null) {
      return "the end of the file";
    }
    return switch (t) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> t.toString();
    };
  }

  /**
   * The strings of {@code text}, a JSON array of strings typed in one field of a table; {@code
   * line} and {@code field} place it in messages.
   */
  static List<String> stringArray(Path file, long line, String field, String text)
      throws CrowdFormatException {
    return parseField(
        file,
        line,
        field,
        text,
        JsonToken.START_ARRAY,
        (p, t, out) -> {
          if (t != JsonToken.VALUE_STRING) {
            throw new CrowdFormatException(
                file,
                line,
                field,
                "field '"
                    + field
                    + "' holds a JSON array with "
                    + describe(t)
                    + "; choices are strings");
          }
          out.add(p.getText());
        });
  }

  /**
   * The keys set to {@code true} of a JSON object of booleans ({@code {"cat": true, "dog": false}},
   * the output of a checkbox group), in the object's order.
   */
  static List<String> checkedKeys(Path file, long line, String field, String text)
      throws CrowdFormatException {
    return parseField(
        file,
        line,
        field,
        text,
        JsonToken.START_OBJECT,
        (p, t, out) -> {
          String key = p.currentName();
          JsonToken v = p.nextToken();
          if (v != JsonToken.VALUE_TRUE && v != JsonToken.VALUE_FALSE) {
            throw new CrowdFormatException(
                file,
                line,
                field,
                "field '"
                    + field
                    + "' holds a JSON object whose '"
                    + key
                    + "' is "
                    + describe(v)
                    + "; a checkbox group's values are true or false");
          }
          if (v == JsonToken.VALUE_TRUE) {
            out.add(key);
          }
        });
  }

  /**
   * Reads the JSON array or object ({@code start} says which) that is a whole field, each entry
   * through {@code entry}; nothing may follow it.
   */
  private static List<String> parseField(
      Path file, long line, String field, String text, JsonToken start, Entry entry)
      throws CrowdFormatException {
    boolean array = start == JsonToken.START_ARRAY;
    String what = array ? "array" : "object";
    JsonToken end = array ? JsonToken.END_ARRAY : JsonToken.END_OBJECT;
    try (JsonParser p = FACTORY.createParser(text)) {
      List<String> out = new ArrayList<>();
      if (p.nextToken() != start) {
        throw new CrowdFormatException(
            file, line, field, "field '" + field + "' is not a JSON " + what);
      }
      for (JsonToken t = p.nextToken(); t != end; t = p.nextToken()) {
        entry.read(p, t, out);
      }
      if (p.nextToken() != null) {
        throw new CrowdFormatException(
            file, line, field, "field '" + field + "' has text after its JSON " + what);
      }
      return out;
    } catch (IOException e) {
      throw new CrowdFormatException(
          file,
          line,
          field,
          "field '"
              + field
              + "' looks like a JSON "
              + what
              + " but is not valid JSON: "
              + message(e),
          e);
    }
  }

  /** The reading of one entry of a field's JSON array or object, at its first token {@code t}. */
  @FunctionalInterface
  private interface Entry {
    void read(JsonParser p, JsonToken t, List<String> out) throws IOException, CrowdFormatException;
  }

  private static String message(IOException e) {
    return e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
  }
}
