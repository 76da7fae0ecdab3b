package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.crowd4j.testing.JavaSources;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules of docs/architecture.md on the main sources of every module of the tree, read
 * from the project root above this module: {@code org.crowd4j.method} uses no other crowd4j
 * package; crowd4j-core uses no package of another module; a kind uses another kind only where it
 * is built on it; an {@code internal} package is used by its own module and, for core's, by
 * crowd4j-spark; no package is split across modules. "Uses" is an import or a qualified name in the
 * code (comments and literals left out).
 */
class TreePackageRulesTest {
  /** The modules with main sources; a new one is added here with the rules it follows. */
  private static final Set<String> MODULES =
      Set.of(
          "crowd4j-core",
          "crowd4j-nn",
          "crowd4j-spark",
          "crowd4j-cli",
          "crowd4j-experiments",
          "crowd4j-bench",
          "crowd4j-python");

  private static final String CORE = "crowd4j-core";
  private static final String SPARK = "crowd4j-spark";
  private static final String METHOD = "org.crowd4j.method";

  /** The packages of the other modules, none of which core may use. */
  private static final List<String> NOT_CORE =
      List.of(
          "org.crowd4j.cli",
          "org.crowd4j.spark",
          "org.crowd4j.nn",
          "org.crowd4j.experiments",
          "org.crowd4j.bench",
          "org.crowd4j.python");

  /** One package per kind of answers (and its subpackages). */
  private static final Set<String> KINDS =
      Set.of("aggregate", "multilabel", "pairwise", "text", "segmentation", "numeric");

  /** The kinds built on another kind: multi-label on classification. */
  private static final Map<String, Set<String>> BUILT_ON =
      Map.of("multilabel", Set.of("aggregate"));

  /**
   * Uses of another module's internal package that the tree still has (docs/architecture.md); the
   * test fails when one goes away too, so that the list only shrinks.
   */
  private static final Set<String> INTERNAL_EXCEPTIONS =
      Set.of(
          "crowd4j-nn org.crowd4j.nn.internal.CrowdMixtureHead uses org.crowd4j.internal.kernel",
          "crowd4j-bench org.crowd4j.bench.DawidSkeneKernelBenchmark uses org.crowd4j.internal.kernel",
          "crowd4j-bench org.crowd4j.bench.fuzz.FuzzReaders uses org.crowd4j.nn.internal",
          "crowd4j-bench org.crowd4j.bench.fuzz.ModelFuzz uses org.crowd4j.nn.internal");

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  /** One main source file: its module, package, type and the crowd4j packages it uses. */
  record Source(String module, String pkg, String type, Set<String> uses) {
    String name() {
      return module + " " + pkg + "." + type;
    }
  }

  private static List<Source> sources;

  @BeforeAll
  static void readTheTree() throws IOException {
    Path root = root();
    List<Source> out = new ArrayList<>();
    Set<String> modules = new TreeSet<>();
    Matcher m = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
    while (m.find()) {
      Path main = root.resolve(m.group(1)).resolve("src/main/java");
      if (!Files.isDirectory(main)) {
        continue;
      }
      modules.add(m.group(1));
      for (Path file : JavaSources.javaFiles(main)) {
        String code = JavaSources.code(Files.readString(file));
        String type = file.getFileName().toString().replace(".java", "");
        out.add(
            new Source(
                m.group(1), JavaSources.packageOf(code), type, JavaSources.crowd4jPackages(code)));
      }
    }
    assertEquals(new TreeSet<>(MODULES), modules, "the modules with main sources");
    sources = out;
  }

  @Test
  void theWholeTreeIsRead() {
    Set<String> packages = new TreeSet<>();
    for (Source s : sources) {
      packages.add(s.pkg());
    }
    assertTrue(sources.size() >= 400, "source files read: " + sources.size());
    assertTrue(packages.size() >= 20, "packages read: " + packages);
    for (String kind : KINDS) {
      assertTrue(packages.contains("org.crowd4j." + kind), kind);
    }
    assertTrue(
        packages.containsAll(
            List.of(METHOD, "org.crowd4j.internal.kernel", "org.crowd4j.nn.internal")),
        "" + packages);
    assertTrue(sources.stream().anyMatch(s -> !s.uses().isEmpty()), "uses found");
  }

  @Test
  void methodUsesNoOtherCrowd4jPackage() {
    assertEquals(List.of(), methodRule(sources));
  }

  @Test
  void coreAndItsKindsUseNoOtherModule() {
    assertEquals(List.of(), coreRule(sources));
  }

  @Test
  void aKindUsesAnotherKindOnlyWhereItIsBuiltOnIt() {
    assertEquals(List.of(), kindRule(sources));
  }

  @Test
  void internalPackagesAreUsedByTheirModuleAndSparkOnly() {
    assertEquals(INTERNAL_EXCEPTIONS, new TreeSet<>(internalRule(sources)));
  }

  @Test
  void noPackageIsSplitAcrossModules() {
    assertEquals(Map.of(), splitPackages(sources));
  }

  @Test
  void theRulesCatchWhatTheyForbid() {
    List<Source> bad =
        List.of(
            source(CORE, METHOD, "X", "org.crowd4j.data"),
            source(CORE, "org.crowd4j.text", "Y", "org.crowd4j.spark", "org.crowd4j.aggregate"),
            source(CORE, "org.crowd4j.multilabel", "Z", "org.crowd4j.aggregate.select"),
            source(CORE, "org.crowd4j.internal.kernel", "K"),
            source("crowd4j-nn", "org.crowd4j.nn.internal", "H"),
            source("crowd4j-nn", "org.crowd4j.nn", "L"),
            source(SPARK, "org.crowd4j.spark", "S", "org.crowd4j.internal.kernel"),
            source("crowd4j-cli", "org.crowd4j.cli", "C", "org.crowd4j.nn.internal"),
            source("crowd4j-cli", "org.crowd4j.nn", "D"));
    assertEquals(
        List.of("crowd4j-core org.crowd4j.method.X uses org.crowd4j.data"), methodRule(bad));
    assertEquals(List.of("crowd4j-core org.crowd4j.text.Y uses org.crowd4j.spark"), coreRule(bad));
    assertEquals(
        List.of("crowd4j-core org.crowd4j.text.Y uses org.crowd4j.aggregate"), kindRule(bad));
    assertEquals(
        List.of("crowd4j-cli org.crowd4j.cli.C uses org.crowd4j.nn.internal"), internalRule(bad));
    assertEquals(Map.of("org.crowd4j.nn", Set.of("crowd4j-cli", "crowd4j-nn")), splitPackages(bad));
  }

  static List<String> methodRule(List<Source> sources) {
    List<String> out = new ArrayList<>();
    for (Source s : sources) {
      if (s.pkg().equals(METHOD)) {
        s.uses().stream().filter(u -> !u.equals(METHOD)).forEach(u -> out.add(use(s, u)));
      }
    }
    return out;
  }

  static List<String> coreRule(List<Source> sources) {
    List<String> out = new ArrayList<>();
    for (Source s : sources) {
      if (s.module().equals(CORE)) {
        for (String u : s.uses()) {
          if (NOT_CORE.stream().anyMatch(p -> within(u, p))) {
            out.add(use(s, u));
          }
        }
      }
    }
    return out;
  }

  static List<String> kindRule(List<Source> sources) {
    List<String> out = new ArrayList<>();
    for (Source s : sources) {
      String kind = kind(s.pkg());
      if (kind == null) {
        continue;
      }
      for (String u : s.uses()) {
        String other = kind(u);
        if (other != null
            && !other.equals(kind)
            && !BUILT_ON.getOrDefault(kind, Set.of()).contains(other)) {
          out.add(use(s, u));
        }
      }
    }
    return out;
  }

  static List<String> internalRule(List<Source> sources) {
    Map<String, Set<String>> owners = owners(sources);
    List<String> out = new ArrayList<>();
    for (Source s : sources) {
      for (String u : s.uses()) {
        if (!List.of(u.split("\\.")).contains("internal")) {
          continue;
        }
        for (String owner : owners.getOrDefault(u, Set.of())) {
          if (!owner.equals(s.module()) && !(owner.equals(CORE) && s.module().equals(SPARK))) {
            out.add(use(s, u));
          }
        }
      }
    }
    return out;
  }

  static Map<String, Set<String>> splitPackages(List<Source> sources) {
    Map<String, Set<String>> split = new TreeMap<>(owners(sources));
    split.values().removeIf(modules -> modules.size() < 2);
    return split;
  }

  /** Each package with the modules that declare it. */
  private static Map<String, Set<String>> owners(List<Source> sources) {
    Map<String, Set<String>> owners = new TreeMap<>();
    for (Source s : sources) {
      owners.computeIfAbsent(s.pkg(), p -> new TreeSet<>()).add(s.module());
    }
    return owners;
  }

  /** The kind of a package ({@code org.crowd4j.aggregate.select} is {@code aggregate}), or null. */
  private static String kind(String pkg) {
    String[] parts = pkg.split("\\.");
    return parts.length > 2 && KINDS.contains(parts[2]) ? parts[2] : null;
  }

  private static boolean within(String pkg, String prefix) {
    return pkg.equals(prefix) || pkg.startsWith(prefix + ".");
  }

  private static String use(Source s, String pkg) {
    return s.name() + " uses " + pkg;
  }

  private static Source source(String module, String pkg, String type, String... uses) {
    return new Source(module, pkg, type, new TreeSet<>(List.of(uses)));
  }

  /** The project root: the first folder upwards with crowd4j-core's sources. */
  private static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("crowd4j-core/src/main/java"))
          && Files.isRegularFile(dir.resolve("pom.xml"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no project root above " + Path.of("").toAbsolutePath());
  }
}
