package org.crowd4j.nn;

import static org.crowd4j.testing.JavaSources.code;
import static org.crowd4j.testing.JavaSources.javaFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What may use what, checked on the sources: {@code org.crowd4j.nn.internal} uses of the API
 * package only its value types (records and enums, nested ones included) and the documented
 * exceptions {@link Backbone}, {@link EpochListener} and {@link NnRuntime}; the API's public
 * signatures expose no internal type; the experiments live in {@code crowd4j-experiments} only, and
 * the command line and the experiments use the API, not the internal package.
 */
class PackageRulesTest {
  private static final Path MAIN = Path.of("src/main/java/org/crowd4j/nn");
  private static final String API = "org.crowd4j.nn.";
  private static final String INTERNAL = "org.crowd4j.nn.internal.";

  /** API classes, not records or enums, that the machinery may use (internal's package-info). */
  private static final Set<String> DOCUMENTED = Set.of("Backbone", "EpochListener", "NnRuntime");

  private static final Pattern IMPORT =
      Pattern.compile("\\bimport\\s+(static\\s+)?([\\w.]+(?:\\.\\*)?)\\s*;");
  private static final Pattern QUALIFIED =
      Pattern.compile("(?<![\\w.])org\\.crowd4j\\.nn\\.([A-Z]\\w*(?:\\.[A-Z]\\w*)*)");

  @Test
  void internalUsesOnlyTheApisValueTypesAndTheDocumentedClasses() throws Exception {
    List<Path> files = javaFiles(MAIN.resolve("internal"));
    assertTrue(files.size() > 20, "the internal sources are where this test expects them");
    List<String> violations = new ArrayList<>();
    for (Path file : files) {
      String code = code(Files.readString(file));
      List<String> restricted = new ArrayList<>();
      Matcher m = IMPORT.matcher(code);
      while (m.find()) {
        String name = m.group(2);
        if (!name.startsWith(API) || name.startsWith(INTERNAL)) {
          continue;
        }
        String rest = name.substring(API.length());
        if (m.group(1) != null || rest.endsWith("*")) {
          violations.add(file.getFileName() + ": import " + name + " (static or wildcard)");
        } else if (!allowed(rest)) {
          if (rest.contains(".")) {
            violations.add(file.getFileName() + ": import " + name);
          } else {
            restricted.add(rest);
          }
        }
      }
      String body = IMPORT.matcher(code).replaceAll("");
      for (String top : restricted) {
        Matcher use = Pattern.compile("(?<![\\w.])" + top + "\\b(\\.(\\w+))?").matcher(body);
        while (use.find()) {
          if (use.group(2) == null || !allowed(top + "." + use.group(2))) {
            violations.add(file.getFileName() + ": uses " + use.group());
          }
        }
      }
      Matcher q = QUALIFIED.matcher(body);
      while (q.find()) {
        if (!q.group(1).startsWith("internal") && !allowed(q.group(1))) {
          violations.add(file.getFileName() + ": uses org.crowd4j.nn." + q.group(1));
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void theRuleCatchesTheUsesItForbids() throws Exception {
    assertTrue(allowed("Conal.Options"), "a nested record");
    assertTrue(allowed("Conal.Mixing"), "a nested enum");
    assertTrue(allowed("TrainOptions"), "a record");
    assertTrue(allowed("Backbone"), "documented");
    assertFalse(allowed("Conal"), "a learner");
    assertFalse(allowed("LearnedModel"), "the model");
    assertFalse(allowed("Conal.NAME"), "a learner's constant");
    assertTrue(allowed("TrainOptions.Selection.LAST_EPOCH"), "an enum's constant");
    assertTrue(allowed("Conal.Options.defaults"), "a record's factory");
    String source =
        "package org.crowd4j.nn.internal;\n"
            + "import org.crowd4j.nn.Conal;\n"
            + "// Conal.NAME in a comment is fine\n"
            + "class X { String s = \"new Conal(\"; Conal.Options o; Object n = Conal.NAME; }\n";
    String body = IMPORT.matcher(code(source)).replaceAll("");
    Matcher use = Pattern.compile("(?<![\\w.])Conal\\b(\\.(\\w+))?").matcher(body);
    List<String> bad = new ArrayList<>();
    while (use.find()) {
      if (use.group(2) == null || !allowed("Conal." + use.group(2))) {
        bad.add(use.group());
      }
    }
    assertEquals(List.of("Conal.NAME"), bad);
  }

  @Test
  void publicSignaturesOfTheApiExposeNoInternalType() throws Exception {
    List<String> violations = new ArrayList<>();
    for (Path file : javaFiles(MAIN)) {
      if (file.getParent().endsWith("internal") || file.endsWith("package-info.java")) {
        continue;
      }
      String name = file.getFileName().toString().replace(".java", "");
      check(Class.forName(API + name), violations);
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void experimentsLiveInTheirOwnModuleAndUseTheApiOnly() throws IOException {
    for (Path file : javaFiles(MAIN)) {
      String code = code(Files.readString(file));
      assertFalse(code.contains("org.crowd4j.experiments"), file + " uses the experiments");
      assertFalse(file.toString().contains("experiments"), file + " is an experiment");
    }
    Path experiments = Path.of("../crowd4j-experiments/src/main/java");
    Path cli = Path.of("../crowd4j-cli/src/main/java");
    if (!Files.isDirectory(experiments) || !Files.isDirectory(cli)) {
      return; // the module alone, outside its reactor
    }
    List<String> violations = new ArrayList<>();
    for (Path root : List.of(experiments, cli)) {
      for (Path file : javaFiles(root)) {
        if (code(Files.readString(file)).contains(INTERNAL)) {
          violations.add(file.toString());
        }
      }
    }
    assertEquals(List.of(), violations, "users of org.crowd4j.nn.internal");
    assertTrue(
        javaFiles(experiments).stream()
            .allMatch(f -> f.toString().contains("org/crowd4j/experiments")),
        "experiments in package org.crowd4j.experiments");
  }

  /**
   * Whether a name of the API package ({@code Type}, {@code Type.Nested}, or either followed by a
   * member) may be used by the machinery: the longest prefix that names a class must be a record,
   * an enum or a documented class.
   */
  private static boolean allowed(String name) {
    String[] parts = name.split("\\.");
    for (int len = parts.length; len > 0; len--) {
      String[] prefix = java.util.Arrays.copyOf(parts, len);
      try {
        Class<?> c = Class.forName(API + String.join("$", prefix));
        return c.isRecord() || c.isEnum() || (len == 1 && DOCUMENTED.contains(parts[0]));
      } catch (ClassNotFoundException e) {
        // a member, or a shorter class name
      }
    }
    return false;
  }

  /** Adds every public or protected member of {@code c} whose signature names an internal type. */
  private static void check(Class<?> c, List<String> violations) {
    if (!Modifier.isPublic(c.getModifiers())) {
      return;
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (exposed(k.getModifiers())) {
        for (Type t : k.getGenericParameterTypes()) {
          internal(c + " constructor", t, violations);
        }
      }
    }
    for (Method m : c.getDeclaredMethods()) {
      if (exposed(m.getModifiers()) && !m.isSynthetic()) {
        internal(c.getSimpleName() + "." + m.getName(), m.getGenericReturnType(), violations);
        for (Type t : m.getGenericParameterTypes()) {
          internal(c.getSimpleName() + "." + m.getName(), t, violations);
        }
      }
    }
    for (Field f : c.getDeclaredFields()) {
      if (exposed(f.getModifiers())) {
        internal(c.getSimpleName() + "." + f.getName(), f.getGenericType(), violations);
      }
    }
    internal(c.getSimpleName() + " extends", c.getGenericSuperclass(), violations);
    for (Type t : c.getGenericInterfaces()) {
      internal(c.getSimpleName() + " implements", t, violations);
    }
    for (Class<?> nested : c.getDeclaredClasses()) {
      check(nested, violations);
    }
  }

  private static boolean exposed(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static void internal(String where, Type t, List<String> violations) {
    if (t != null && t.getTypeName().contains(INTERNAL)) {
      violations.add(where + ": " + t.getTypeName());
    }
  }
}
