package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainPredictCommandTest {
  @TempDir Path dir;

  @Test
  void trainsOnLabelMeThenPredicts() throws Exception {
    Path d = SharedData.dataset("labelme");
    Path model = dir.resolve("model");
    Path labels = dir.resolve("labels.csv");
    Run t =
        run(
            "train",
            "--method",
            "conal",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--features",
            d.resolve("features.csv").toString(),
            "--valid-features",
            d.resolve("valid_features.csv").toString(),
            "--valid-gold",
            d.resolve("valid_gold.csv").toString(),
            "--test-features",
            d.resolve("test_features.csv").toString(),
            "--test-gold",
            d.resolve("test_gold.csv").toString(),
            "--gold",
            d.resolve("gold.csv").toString(),
            "--epochs",
            "4",
            "--param",
            "learningRate=0.001",
            "--param",
            "lambda=1e-5",
            "--seed",
            "1",
            "--out",
            model.toString(),
            "--labels-out",
            labels.toString());
    assertEquals(0, t.code(), t.err());
    // progress on standard error: plain lines when not on a terminal, one per epoch
    assertTrue(t.err().contains("conal: epoch 1/4, loss "), t.err());
    assertTrue(t.err().contains("conal: epoch 4/4, loss "), t.err());
    // the grid without the fixed options: 3 candidates, each announced and scored; the choice;
    // then 4 more networks of the chosen setting (1,000 items: an ensemble of 5)
    assertTrue(t.err().contains("conal: candidate 3/7: "), t.err());
    assertTrue(t.err().contains("conal: candidate 7/7: "), t.err());
    assertTrue(
        t.out().contains("chosen by valid-acc (highest of 3 candidates): standardize="), t.out());
    assertTrue(t.out().contains("an ensemble of 5 classifiers with the chosen setting"), t.out());
    JsonNode saved = new ObjectMapper().readTree(model.resolve("model.json").toFile());
    assertEquals(3, saved.get("tuning").get("candidates").size());
    assertEquals(5, saved.get("tuning").get("members").size());
    assertEquals(5, saved.get("members").asInt());
    assertEquals("valid-acc", saved.get("tuning").get("metric").asText());
    assertEquals(
        saved.get("tuning").get("chosen").get("standardize").asBoolean(),
        saved.get("standardized").asBoolean());
    assertTrue(t.out().contains("test accuracy on 1188 items"), t.out());
    assertTrue(t.out().contains("accuracy of the inferred labels on 1000 gold items"), t.out());
    List<String> rows = Files.readAllLines(labels);
    assertEquals(1001, rows.size());
    assertEquals("task,label,p_0,p_1,p_2,p_3,p_4,p_5,p_6,p_7", rows.get(0));
    assertTrue(Files.exists(model.resolve("model.json")));

    Path pred = dir.resolve("pred.csv");
    Run p =
        run(
            "predict",
            "--model",
            model.toString(),
            "--features",
            d.resolve("test_features.csv").toString(),
            "--gold",
            d.resolve("test_gold.csv").toString(),
            "--out",
            pred.toString());
    assertEquals(0, p.code(), p.err());
    assertEquals(1189, Files.readAllLines(pred).size());
    // the same test accuracy as printed by train
    String trainAcc = t.out().replaceAll("(?s).*test accuracy on 1188 items: ([0-9.]+).*", "$1");
    assertTrue(p.out().contains("accuracy on 1188 gold items: " + trainAcc), p.out());
    Run json =
        run(
            "predict",
            "--model",
            model.toString(),
            "--features",
            d.resolve("test_features.csv").toString(),
            "--gold",
            d.resolve("test_gold.csv").toString(),
            "--json");
    assertEquals(0, json.code(), json.err());
    JsonNode j = new ObjectMapper().readTree(json.out());
    assertTrue(j.get("out").isNull(), "no predictions file asked for");
    assertEquals("predict", j.get("command").asText());
    assertEquals("conal", j.get("method").asText());
    assertEquals(1188, j.get("items").asInt());
    assertEquals(8, j.get("classes").asInt());
    assertEquals(Double.parseDouble(trainAcc), j.get("gold").get("accuracy").asDouble(), 5e-5);
  }

  @Test
  void earlyStoppingAndFixedParametersWithoutValidation() throws Exception {
    Path d = SharedData.dataset("labelme");
    Path model = dir.resolve("model-heldout");
    Run t =
        run(
            "train",
            "--method",
            "trace-reg",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--features",
            d.resolve("features.csv").toString(),
            "--patience",
            "2",
            "--param",
            "standardize=false",
            "--param",
            "lambda=0.01",
            "--param",
            "learningRate=0.003",
            "--seed",
            "2",
            "--out",
            model.toString(),
            "--json");
    assertEquals(0, t.code(), t.err());
    JsonNode j = new ObjectMapper().readTree(t.out());
    assertEquals("held-out-nll", j.get("selectionMetric").asText());
    // early stopping: two epochs after the best one, far below the cap of 500
    assertEquals(j.get("bestEpoch").asInt() + 2, j.get("epochsRun").asInt());
    // the fixed options are not searched: only the confusion step is
    JsonNode tuning = j.get("tuning");
    assertEquals(2, tuning.get("candidates").size());
    assertEquals("confusionLearningRate", tuning.get("stages").get(0).fieldNames().next());
    assertEquals("false", tuning.get("fixed").get("standardize").asText());
    assertTrue(!j.get("standardized").asBoolean());
    assertTrue(j.get("annotatorEpochs").asInt() >= 0);
  }

  @Test
  void usageErrors() {
    assertEquals(2, run("train", "--method", "conal").code());
    Path d = SharedData.dataset("labelme");
    Run r =
        run(
            "train",
            "--method",
            "no-such-learner",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--features",
            d.resolve("features.csv").toString(),
            "--out",
            dir.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown learner 'no-such-learner'. Available:"), r.err());
    assertEquals(0, run("train", "--help").code());
    assertEquals(0, run("predict", "--help").code());
    Run nothing = run("predict", "--model", dir.toString(), "--features", dir.toString());
    assertEquals(2, nothing.code(), nothing.err());
    assertTrue(nothing.err().contains("nothing to do: give --out FILE"), nothing.err());
  }

  @Test
  void liaWithItemEmbeddingsNeedsNoFeatureFile() throws Exception {
    Path d = SharedData.dataset("bluebirds");
    Path labels = dir.resolve("lia-labels.csv");
    Run t =
        run(
            "train",
            "--method",
            "lia",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--item-embeddings",
            "--gold",
            d.resolve("gold.csv").toString(),
            "--epochs",
            "200",
            "--param",
            "batchSize=1024",
            "--param",
            "learningRate=0.01",
            "--param",
            "amsgrad=true",
            "--param",
            "selection=LAST_EPOCH",
            "--seed",
            "1",
            "--out",
            dir.resolve("lia-model").toString(),
            "--labels-out",
            labels.toString());
    assertEquals(0, t.code(), t.err());
    assertEquals(109, Files.readAllLines(labels).size()); // 108 birds and the header
    String acc =
        t.out().replaceAll("(?s).*accuracy of the inferred labels on 108 gold items: ", "");
    assertTrue(Double.parseDouble(acc.substring(0, 6)) > 0.75, t.out());

    Run both =
        run(
            "train",
            "--method",
            "lia",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--item-embeddings",
            "--features",
            d.resolve("answers.csv").toString(),
            "--out",
            dir.resolve("x").toString());
    assertEquals(2, both.code());
    assertTrue(both.err().contains("exclude each other"), both.err());
    Run neither =
        run(
            "train",
            "--method",
            "lia",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--out",
            dir.resolve("x").toString());
    assertEquals(2, neither.code());
    assertTrue(neither.err().contains("--item-embeddings"), neither.err());
  }
}
