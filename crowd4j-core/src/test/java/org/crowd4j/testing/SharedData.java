package org.crowd4j.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates the shared data folder ({@code ../shared} beside the project root, or {@code
 * $CROWD4J_SHARED}). Tests that need it skip where it is absent (a user's clone) but fail when
 * {@code CI=true}.
 */
public final class SharedData {
  /**
   * How many classification crowds the shared data holds today; a test looping over {@link
   * #classificationCrowds()} asserts it, so a crowd added or lost is noticed.
   */
  public static final int CLASSIFICATION_CROWDS = 17;

  private SharedData() {}

  /** The shared folder, or {@code null} when it cannot be found. */
  public static Path find() {
    String env = System.getenv("CROWD4J_SHARED");
    if (env != null && Files.isDirectory(Paths.get(env, "datasets"))) {
      return Paths.get(env).toAbsolutePath().normalize();
    }
    Path dir = Paths.get("").toAbsolutePath();
    while (dir != null) {
      Path candidate = dir.resolve("shared");
      if (Files.isDirectory(candidate.resolve("datasets"))) {
        return candidate;
      }
      dir = dir.getParent();
    }
    return null;
  }

  /** The shared folder; skips the test (or fails under CI) when it is absent. */
  public static Path require() {
    Path p = find();
    if (p == null) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail("../shared is required under CI=true but was not found");
      }
      Assumptions.abort("../shared not found; skipping a test that needs the shared datasets");
    }
    return p;
  }

  /** {@code shared/datasets/<name>}. */
  public static Path dataset(String name) {
    return require().resolve("datasets").resolve(name);
  }

  /** {@code shared/expected/<relative>}. */
  public static Path expected(String relative) {
    return require().resolve("expected").resolve(relative);
  }

  /** {@code shared/expected/crowdkit-suite/<relative>}. */
  public static Path suite(String relative) {
    return expected("crowdkit-suite").resolve(relative);
  }

  /**
   * The names (sorted) of the shared classification crowds: folders with {@code answers.csv} and
   * {@code gold.csv} whose gold labels are not numeric. Numeric means more than 20 distinct gold
   * labels, all numbers ({@code emotion}); {@code mnist-10k} has no answers.
   */
  public static List<String> classificationCrowds() {
    Path root = require().resolve("datasets");
    try (Stream<Path> s = Files.list(root)) {
      return s.filter(p -> Files.exists(p.resolve("answers.csv")))
          .filter(p -> Files.exists(p.resolve("gold.csv")))
          .filter(p -> !numericGold(p.resolve("gold.csv")))
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean numericGold(Path gold) {
    Set<String> labels = new HashSet<>(PeerTables.series(gold).values());
    return labels.size() > 20 && labels.stream().allMatch(SharedData::isNumber);
  }

  private static boolean isNumber(String s) {
    try {
      Double.parseDouble(s.strip());
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
