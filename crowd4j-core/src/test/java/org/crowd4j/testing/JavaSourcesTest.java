package org.crowd4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the package-rules tests count as a use of a crowd4j package. */
class JavaSourcesTest {
  @Test
  void importsAndQualifiedNamesAreUsesCommentsAndLiteralsAreNot() {
    String source =
        "package org.crowd4j.text;\n"
            + "import org.crowd4j.method.Method;\n"
            + "import static org.crowd4j.io.CsvFields.quote;\n"
            + "import org.crowd4j.aggregate.select.*;\n"
            + "// import org.crowd4j.cli.Main;\n"
            + "/** {@link org.crowd4j.spark.SparkDawidSkene} */\n"
            + "class X {\n"
            + "  String s = \"org.crowd4j.nn.Conal\";\n"
            + "  String t = \"\"\"\n    org.crowd4j.experiments.Reproduce\n    \"\"\";\n"
            + "  Object k = org.crowd4j.internal\n      .kernel.Digamma.class;\n"
            + "}\n";
    String code = JavaSources.code(source);
    assertEquals("org.crowd4j.text", JavaSources.packageOf(code));
    assertEquals(
        Set.of(
            "org.crowd4j.method",
            "org.crowd4j.io",
            "org.crowd4j.aggregate.select",
            "org.crowd4j.internal.kernel"),
        JavaSources.crowd4jPackages(code));
  }
}
