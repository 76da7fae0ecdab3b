package org.crowd4j.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The project's Java sources as the package-rules tests read them: the code without comments and
 * literals, the package a file declares and the crowd4j packages it names.
 */
public final class JavaSources {
  private static final Pattern PACKAGE =
      Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  /** {@code org.crowd4j} and the lower-case names after it: a package, up to its first class. */
  private static final Pattern CROWD4J =
      Pattern.compile("(?<![\\w.])org\\s*\\.\\s*crowd4j((?:\\s*\\.\\s*[a-z_][a-z0-9_]*)+)");

  private JavaSources() {}

  /** The {@code .java} files under {@code root}, sorted. */
  public static List<Path> javaFiles(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }

  /** The package {@code code} declares, or the empty string for the unnamed package. */
  public static String packageOf(String code) {
    Matcher m = PACKAGE.matcher(code);
    return m.find() ? m.group(1) : "";
  }

  /**
   * The crowd4j packages that {@code code} names in imports, static imports and qualified names
   * (its own package declaration left out), such as {@code org.crowd4j.aggregate}.
   */
  public static Set<String> crowd4jPackages(String code) {
    Set<String> out = new TreeSet<>();
    Matcher m = CROWD4J.matcher(PACKAGE.matcher(code).replaceFirst(""));
    while (m.find()) {
      out.add("org.crowd4j" + m.group(1).replaceAll("\\s", ""));
    }
    return out;
  }

  /** The source without comments, string and character literals (text blocks included). */
  public static String code(String source) {
    StringBuilder out = new StringBuilder(source.length());
    int i = 0;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      if (source.startsWith("//", i)) {
        while (i < n && source.charAt(i) != '\n') {
          i++;
        }
      } else if (source.startsWith("/*", i)) {
        int end = source.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        out.append(' ');
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        i = end < 0 ? n : end + 3;
        out.append("\"\"");
      } else if (c == '"' || c == '\'') {
        i++;
        while (i < n && source.charAt(i) != c) {
          i += source.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
        out.append(c).append(c);
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
