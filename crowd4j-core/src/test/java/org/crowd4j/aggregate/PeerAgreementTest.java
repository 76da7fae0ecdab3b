package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

  /** How a documented difference is still checked. */
  enum Check {
    /**
     * With {@code stopping=CROWDKIT_ELBO} our labels agree with the peer's on ≥ 99.9 % of tasks,
     * and our converged log-likelihood per answer is above that of the peer's stopping point.
     */
    CROWDKIT_STOPPING,
    /**
     * {@link CrowdKitMace} (crowd-kit's MACE, misalignment included) agrees with the peer on ≥ 99.9
     * % of tasks, and our evidence lower bound per answer is above that of its solution.
     */
    CROWDKIT_MACE
  }

  /** A documented difference: why, with the evidence, and what is checked instead. */
  record Difference(String reason, Check check) {}

  private static final String MACE_MISALIGNED =
      "crowd-kit's MACE misaligns strategy counts (see crowdtruth-mre-cause/mace): CrowdKitMace"
          + " reproduces the peer's labels on 100 % of tasks, and the aligned model from crowd-kit's"
          + " own start converges to our solution; ";

  /** Documented exceptions, (dataset, method) → difference; each is crowd-kit's. */
  static final Map<String, Difference> EXCEPTIONS =
      Map.ofEntries(
          Map.entry(
              "adult/ds",
              new Difference(
                  "crowd-kit's ELBO adds the log prior once per answer and falls after iteration 2,"
                      + " so the peer stops at log-likelihood -0.3967 per answer where converged DS"
                      + " (20 iterations) reaches -0.3930 with other labels; with"
                      + " stopping=crowdkit_elbo we agree on 99.98 % of tasks (the rest: crowd-kit"
                      + " normalises confusion columns over the labels a worker gave).",
                  Check.CROWDKIT_STOPPING)),
          Map.entry(
              "fact-eval/ds",
              new Difference(
                  "crowd-kit's ELBO falls at iteration 2 (-0.9140 to -0.9205), so the peer stops at"
                      + " log-likelihood -0.3712 per answer where converged DS (31 iterations)"
                      + " reaches -0.3594; with stopping=crowdkit_elbo we agree on 100 % of tasks.",
                  Check.CROWDKIT_STOPPING)),
          Map.entry(
              "zencrowd-in/ds",
              new Difference(
                  "crowd-kit's ELBO falls at iteration 4, so the peer stops at log-likelihood"
                      + " -0.5777 per answer where converged DS (14 iterations) reaches -0.5769;"
                      + " with stopping=crowdkit_elbo we agree on 100 % of tasks.",
                  Check.CROWDKIT_STOPPING)),
          Map.entry(
              "zencrowd-us/ds",
              new Difference(
                  "crowd-kit's ELBO falls at iteration 3, so the peer stops at log-likelihood"
                      + " -0.4525 per answer where converged DS (9 iterations) reaches -0.4521;"
                      + " with stopping=crowdkit_elbo we agree on 100 % of tasks.",
                  Check.CROWDKIT_STOPPING)),
          Map.entry(
              "zencrowd-all/one-coin-ds",
              new Difference(
                  "crowd-kit's ELBO falls at iteration 2, so the peer stops at log-likelihood"
                      + " -0.5580 per answer where converged one-coin DS (11 iterations) reaches"
                      + " -0.5571; with stopping=crowdkit_elbo we agree on 100 % of tasks.",
                  Check.CROWDKIT_STOPPING)),
          Map.entry(
              "crowdtruth-mre-cause/mace",
              new Difference(
                  "crowd-kit's MACE sums spamming-strategy counts grouped by sorted worker and label"
                      + " names but reads them back in first-appearance order, so workers get each"
                      + " other's strategies; re-introducing that misalignment reproduces the peer's"
                      + " 0.7639 here, the aligned model gives MV's 0.7574 (and gains 5.6 points on"
                      + " bluebirds); ELBO per answer -0.3477 (peer's) vs ours -0.3339.",
                  Check.CROWDKIT_MACE)),
          Map.entry(
              "fact-eval/mace",
              new Difference(
                  MACE_MISALIGNED + "ELBO per answer -0.5150 (peer's) vs ours -0.4637.",
                  Check.CROWDKIT_MACE)),
          Map.entry(
              "zencrowd-all/mace",
              new Difference(
                  MACE_MISALIGNED + "ELBO per answer -0.5987 (peer's) vs ours -0.5061.",
                  Check.CROWDKIT_MACE)),
          Map.entry(
              "zencrowd-in/mace",
              new Difference(
                  MACE_MISALIGNED + "ELBO per answer -0.6560 (peer's) vs ours -0.5943.",
                  Check.CROWDKIT_MACE)),
          Map.entry(
              "zencrowd-us/mace",
              new Difference(
                  MACE_MISALIGNED + "ELBO per answer -0.5669 (peer's) vs ours -0.4863.",
                  Check.CROWDKIT_MACE)));

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
    assertEquals(17, names.size(), "the 17 classification crowds with crowd-kit outputs: " + names);
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
        double agreement = agreement(ours.labels(), peer);
        rows.add(new Row(name, m.getValue(), gold.count(), oursAcc, peerAcc, agreement));
        String key = name + "/" + m.getValue();
        Difference difference = EXCEPTIONS.get(key);
        if (difference != null) {
          checkDifference(key, m.getValue(), difference.check(), dir, data, ours, peer, failures);
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

  /**
   * The check standing in for accuracy and agreement where the difference is crowd-kit's; adds to
   * {@code failures} what does not hold.
   */
  private static void checkDifference(
      String key,
      String method,
      Check check,
      Path dir,
      CrowdDataset data,
      AggregationResult ours,
      int[] peer,
      List<String> failures) {
    double oursObjective = last(ours);
    double agreement;
    double peerObjective;
    if (check == Check.CROWDKIT_STOPPING) {
      AggregationResult emulated =
          Methods.create(method, Map.of("stopping", "CROWDKIT_ELBO")).fit(data);
      agreement = agreement(emulated.labels(), peer);
      String stop = String.valueOf(emulated.diagnostics().iterations() + 1);
      peerObjective =
          last(Methods.create(method, Map.of("maxIterations", stop, "tol", "0")).fit(data));
    } else {
      CrowdKitMace emulated = CrowdKitMace.fit(dir.resolve("answers.csv"));
      agreement = agreement(emulated.labels(data), peer);
      peerObjective = emulated.elbo();
    }
    if (agreement < 0.999) {
      failures.add(
          String.format(
              Locale.ROOT, "%s: crowd-kit emulated agrees on %.4f < 0.999", key, agreement));
    }
    if (!(oursObjective > peerObjective)) {
      failures.add(
          String.format(
              Locale.ROOT,
              "%s: our objective %.6f is not above the peer solution's %.6f",
              key,
              oursObjective,
              peerObjective));
    }
  }

  private static double last(AggregationResult r) {
    double[] objective = r.diagnostics().objective();
    return objective[objective.length - 1];
  }

  private static double agreement(int[] labels, int[] peer) {
    int same = 0;
    for (int i = 0; i < peer.length; i++) {
      if (peer[i] == labels[i]) {
        same++;
      }
    }
    return (double) same / peer.length;
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
