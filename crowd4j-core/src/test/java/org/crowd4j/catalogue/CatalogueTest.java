package org.crowd4j.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.crowd4j.method.Method;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.Requirement;
import org.junit.jupiter.api.Test;

/**
 * The catalogue lists every method of every kind once, under the name its {@code name()} returns,
 * and docs/methods/catalogue.md is the catalogue's own table.
 */
class CatalogueTest {
  @Test
  void everyMethodIsNamedByItsEntryAndTheNamingRule() {
    int methods = 0;
    for (Catalogue.Entry e : Catalogue.entries()) {
      MethodSpec<?> s = e.spec();
      assertTrue(s.name().matches("[a-z][a-z0-9]*(-[a-z0-9]+)*"), s.name());
      if (s.requires(Requirement.SKILLS)) {
        continue; // built from a skills file named in its options
      }
      Object m = s.create(Map.of());
      assertTrue(m instanceof Method<?, ?, ?>, s.name() + " follows the method contract");
      assertEquals(s.name(), ((Method<?, ?, ?>) m).name(), e.kind() + " " + s.name());
      methods++;
    }
    assertTrue(methods >= 30, "methods built: " + methods);
  }

  @Test
  void namesAreUniqueWithinAKind() {
    for (Kind k : Kind.values()) {
      Set<String> seen = new HashSet<>();
      for (MethodSpec<?> s : k.methods().all()) {
        assertTrue(seen.add(s.name()), k + " lists " + s.name() + " twice");
      }
      assertTrue(!seen.isEmpty(), k + " has methods");
    }
  }

  @Test
  void theDocsTableIsTheCatalogues() throws Exception {
    Path page = Path.of("..", "docs", "methods", "catalogue.md");
    String text = Files.readString(page);
    assertTrue(
        text.contains(Catalogue.markdown()),
        "docs/methods/catalogue.md must hold Catalogue.markdown() verbatim; it is:\n"
            + Catalogue.markdown());
  }
}
