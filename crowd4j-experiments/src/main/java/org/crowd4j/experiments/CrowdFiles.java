package org.crowd4j.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.nn.Validation;

/**
 * A dataset folder in the shared layout: {@code answers.csv}, {@code features.csv}, optionally
 * {@code gold.csv} (training gold, for evaluation only), {@code valid_features.csv} + {@code
 * valid_gold.csv} and {@code test_features.csv} + {@code test_gold.csv}.
 *
 * @param data the answers
 * @param features training item features
 * @param trainGold gold of the training items, or {@code null}
 * @param valid validation split, or {@code null}
 * @param test test split, or {@code null}
 */
public record CrowdFiles(
    CrowdDataset data, TaskFeatures features, Gold trainGold, Validation valid, Validation test) {

  /** Reads the folder. */
  public static CrowdFiles read(Path dir) throws IOException, CrowdFormatException {
    CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
    TaskFeatures features = CrowdReader.readFeatures(dir.resolve("features.csv"));
    Gold gold =
        Files.exists(dir.resolve("gold.csv"))
            ? CrowdReader.readGold(dir.resolve("gold.csv"), data)
            : null;
    return new CrowdFiles(
        data, features, gold, split(dir, "valid", data), split(dir, "test", data));
  }

  private static Validation split(Path dir, String name, CrowdDataset data)
      throws IOException, CrowdFormatException {
    Path f = dir.resolve(name + "_features.csv");
    Path g = dir.resolve(name + "_gold.csv");
    if (!Files.exists(f) || !Files.exists(g)) {
      return null;
    }
    Map<String, String> gold = CrowdReader.readGoldMap(g, "task", "label");
    return Validation.of(CrowdReader.readFeatures(f), gold, data.labels());
  }
}
