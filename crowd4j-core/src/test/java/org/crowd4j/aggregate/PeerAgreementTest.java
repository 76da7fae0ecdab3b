package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.testing.PeerTables;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/**
 * Side by side with crowd-kit 1.4.1 on every real dataset: accuracy against gold for every method
 * both libraries have, and agreement of hard labels. Writes the full table to {@code
 * target/peer-agreement.md} (copied into the README).
 */
class PeerAgreementTest {
  /** Peer method name → ours. */
  static final Map<String, String> PEER_TO_OURS = new LinkedHashMap<>();

  static {
    PEER_TO_OURS.put("MV", "mv");
    PEER_TO_OURS.put("WAWA", "wawa");
    PEER_TO_OURS.put("ZBS", "zbs");
    PEER_TO_OURS.put("DS", "ds");
    PEER_TO_OURS.put("ODS", "one-coin-ds");
    PEER_TO_OURS.put("GLAD", "glad");
    PEER_TO_OURS.put("MACE", "mace");
    PEER_TO_OURS.put("MMSR", "mmsr");
    PEER_TO_OURS.put("KOS", "kos");
  }

  /** Methods whose hard labels must agree with the peer's on ≥ 99 % of tasks. */
  static final Set<String> MUST_AGREE = Set.of("mv", "wawa", "ds");

  /**
   * Documented exceptions, (dataset, method) → reason. Each is caused by a crowd-kit bug that makes
   * the peer stop before convergence.
   */
  static final Map<String, String> EXCEPTIONS =
      Map.of(
          "adult/ds",
          "crowd-kit's ELBO adds the log prior once per answer and falls after iteration 2, so the"
              + " peer stops after 2 EM iterations; converged DS gives other labels. With"
              + " stopping=crowdkit_elbo we reproduce the peer exactly.",
          "crowdtruth-mre-cause/mace",
          "crowd-kit's MACE sums spamming-strategy counts grouped by sorted worker and label names"
              + " but reads them back in first-appearance order, so workers get each other's"
              + " strategies; re-introducing that misalignment reproduces the peer's 0.7639 here,"
              + " the aligned model gives MV's 0.7574 (and gains 5.6 points on bluebirds).");

  record Row(
      String dataset, String method, int evaluated, double ours, double peer, double agreement) {}

  @Test
  void accuracyAndAgreementWithCrowdKit() throws Exception {
    Path datasets = SharedData.require().resolve("datasets");
    List<Row> rows = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    List<String> names;
    try (Stream<Path> s = Files.list(datasets)) {
      names =
          s.filter(p -> Files.exists(p.resolve("answers.csv")))
              .filter(p -> Files.isDirectory(SharedData.expected("crowdkit/" + p.getFileName())))
              .map(p -> p.getFileName().toString())
              .sorted()
              .toList();
    }
    assertTrue(names.size() >= 10, "expected the 10 shared datasets, found " + names);
    for (String name : names) {
      Path dir = datasets.resolve(name);
      CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
      for (Map.Entry<String, String> m : PEER_TO_OURS.entrySet()) {
        Path peerFile = SharedData.expected("crowdkit/" + name + "/" + m.getKey() + ".csv");
        if (!Files.exists(peerFile) || !registered(m.getValue())) {
          continue;
        }
        AggregationResult ours = Methods.create(m.getValue(), Map.of()).fit(data);
        int[] peer = peerLabels(peerFile, data);
        double oursAcc = gold.accuracy(ours.labels());
        double peerAcc = gold.accuracy(peer);
        int same = 0;
        for (int i = 0; i < data.numTasks(); i++) {
          if (peer[i] == ours.label(i)) {
            same++;
          }
        }
        double agreement = (double) same / data.numTasks();
        rows.add(new Row(name, m.getValue(), gold.count(), oursAcc, peerAcc, agreement));
        String key = name + "/" + m.getValue();
        if (EXCEPTIONS.containsKey(key)) {
          continue;
        }
        if (oursAcc < peerAcc - 0.005) {
          failures.add(
              String.format(Locale.ROOT, "%s: accuracy %.4f < peer %.4f", key, oursAcc, peerAcc));
        }
        if (MUST_AGREE.contains(m.getValue()) && agreement < 0.99) {
          failures.add(String.format(Locale.ROOT, "%s: agreement %.4f < 0.99", key, agreement));
        }
      }
    }
    writeTable(rows);
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  private static boolean registered(String method) {
    return Methods.all().stream().anyMatch(s -> s.name().equals(method));
  }

  /** The peer's label per task id, -1 where the peer gave none or used an unknown label. */
  private static int[] peerLabels(Path file, CrowdDataset data) {
    int[] out = new int[data.numTasks()];
    java.util.Arrays.fill(out, -1);
    for (Map.Entry<String, String> e : PeerTables.series(file).entrySet()) {
      int t = data.tasks().id(e.getKey());
      if (t >= 0) {
        out[t] = data.labels().id(e.getValue());
      }
    }
    return out;
  }

  private static void writeTable(List<Row> rows) throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "| dataset | method | gold tasks | crowd4j | crowd-kit 1.4.1 | Δ | label agreement |\n");
    sb.append("|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %.4f | %.4f | %+.4f | %.2f %% |%n",
              r.dataset(),
              r.method(),
              r.evaluated(),
              r.ours(),
              r.peer(),
              r.ours() - r.peer(),
              100 * r.agreement()));
    }
    Path out = Paths.get("target", "peer-agreement.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, sb.toString());
  }
}
