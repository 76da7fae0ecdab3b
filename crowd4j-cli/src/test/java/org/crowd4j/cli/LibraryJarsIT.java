package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The packaged jar of each library module, as the build hands it to this module in {@code verify}:
 * its manifest names the module ({@code Automatic-Module-Name}), and on a module path it is the
 * automatic module of that name; the experiments' jar provides the service {@code reproduce} loads.
 */
class LibraryJarsIT {
  @Test
  void everyLibraryJarNamesItsModule() throws Exception {
    check("org/crowd4j/method/Method.class", "org.crowd4j.core");
    check("org/crowd4j/nn/Learner.class", "org.crowd4j.nn");
    check("org/crowd4j/spark/SparkAggregator.class", "org.crowd4j.spark");
    ModuleDescriptor experiments =
        check("org/crowd4j/experiments/Reproduce.class", "org.crowd4j.experiments");
    Set<String> provided =
        experiments.provides().stream()
            .map(p -> p.service() + " " + p.providers())
            .collect(Collectors.toSet());
    assertEquals(
        Set.of(
            "org.crowd4j.nn.ReferenceExperiments [org.crowd4j.experiments.ReproduceExperiments]"),
        provided);
  }

  /** The module of the jar that holds {@code resource}: named {@code name} by its manifest. */
  private static ModuleDescriptor check(String resource, String name)
      throws IOException, URISyntaxException {
    URL url = LibraryJarsIT.class.getClassLoader().getResource(resource);
    assertNotNull(url, resource);
    assertEquals("jar", url.getProtocol(), resource + " comes from a packaged jar: " + url);
    Path jar = Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
    try (JarFile file = new JarFile(jar.toFile())) {
      assertEquals(
          name,
          file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"),
          jar.toString());
    }
    List<ModuleReference> modules = List.copyOf(ModuleFinder.of(jar).findAll());
    assertEquals(1, modules.size(), jar.toString());
    ModuleDescriptor module = modules.get(0).descriptor();
    assertEquals(name, module.name(), jar.toString());
    assertTrue(module.isAutomatic(), jar.toString());
    return module;
  }
}
