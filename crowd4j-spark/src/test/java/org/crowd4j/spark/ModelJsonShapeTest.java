package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.model.ClassificationModelWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spark's model.json has the single-machine document's fields, in the same order. */
class ModelJsonShapeTest extends SparkTestBase {
  @TempDir Path dir;

  @Test
  void sameFieldsAsTheLocalModelJson() throws Exception {
    Parity.Data d = Parity.load(spark(), "dog");
    CrowdModel<?> model = new SparkDawidSkene().fit(d.frame());
    Path sparkJson = dir.resolve("spark-model.json");
    try {
      SparkAggregation.writeModel(model, sparkJson.toString(), Map.of("maxIterations", "50"));
    } finally {
      model.unpersist();
    }
    AggregationResult local = new DawidSkene().fit(d.core());
    Path localJson = dir.resolve("local-model.json");
    ClassificationModelWriter.write(localJson, local, d.core());
    ObjectMapper json = new ObjectMapper();
    JsonNode s = json.readTree(sparkJson.toFile());
    JsonNode l = json.readTree(localJson.toFile());
    assertEquals(fields(l), fields(s));
    assertEquals(fields(l.get("provenance")), without(fields(s.get("provenance")), "engine"));
    assertEquals(fields(l.get("workerModels").get(0)), fields(s.get("workerModels").get(0)));
    assertEquals(l.get("workers").asInt(), s.get("workers").asInt());
    assertEquals(l.get("workerModels").size(), s.get("workerModels").size());
    assertEquals("50", s.get("provenance").get("options").get("maxIterations").asText());
    assertTrue(s.get("provenance").get("engine").asText().startsWith("spark "));
    try (var files = Files.list(dir)) {
      assertEquals(2, files.count(), "no temporary file left");
    }
  }

  private static List<String> fields(JsonNode o) {
    List<String> names = new ArrayList<>();
    o.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<String> without(List<String> names, String name) {
    List<String> out = new ArrayList<>(names);
    out.remove(name);
    return out;
  }
}
