package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.multilabel.BinaryRelevance;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.MultiLabelSimulator;
import org.crowd4j.multilabel.MultiLabelWriter;
import org.crowd4j.multilabel.TagAnswers;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.numeric.NumericWriter;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.ComparisonsWriter;
import org.crowd4j.pairwise.PairwiseFormat;
import org.crowd4j.pairwise.PairwiseReader;
import org.crowd4j.pairwise.PairwiseSimulator;
import org.crowd4j.pairwise.Ranking;
import org.crowd4j.pairwise.RankingWriter;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.MaskMethods;
import org.crowd4j.segmentation.MaskWriter;
import org.crowd4j.segmentation.SegmentationResult;
import org.crowd4j.testing.CsvRoundTrip;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextMethods;
import org.crowd4j.text.TextResult;
import org.crowd4j.text.TextWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every CSV writer of the library, given seeded random names and texts that need quoting (quotes,
 * commas, tabs, CR, LF, CRLF, leading and trailing spaces, astral text), writes files that read
 * back through the record source field for field as they were written ({@code
 * SimulationWriterRoundTripTest} does the same for the simulated crowds).
 */
class CsvWritersRoundTripTest {
  private static final int SEEDS = 15;

  @TempDir Path dir;

  /** Writes the files of one seed into a folder; returns, by file name, the records expected. */
  @FunctionalInterface
  private interface Trip {
    Map<String, List<List<String>>> write(SplittableRandom rng, Path dir) throws Exception;
  }

  private void roundTrips(String name, Trip trip) throws Exception {
    for (long seed = 0; seed < SEEDS; seed++) {
      Path out = dir.resolve(name + seed);
      Map<String, List<List<String>>> expected = trip.write(new SplittableRandom(seed), out);
      for (Map.Entry<String, List<List<String>>> e : expected.entrySet()) {
        assertEquals(
            e.getValue(),
            CsvRoundTrip.records(out.resolve(e.getKey())),
            name + " " + e.getKey() + ", seed " + seed);
      }
    }
  }

  private static List<String> names(SplittableRandom rng, int n) {
    return CsvRoundTrip.fields(rng, n, "");
  }

  /** A table holding {@code header} as its first row. */
  private static List<List<String>> table(String... header) {
    return new ArrayList<>(List.of(List.of(header)));
  }

  /** One answer of a random crowd. */
  @FunctionalInterface
  private interface Answer {
    void add(String task, String worker);
  }

  /** Every worker answers every task, with random names for both. */
  private static void everyAnswer(SplittableRandom rng, int tasks, int workers, Answer answer) {
    List<String> w = names(rng, workers);
    for (String t : names(rng, tasks)) {
      for (String x : w) {
        answer.add(t, x);
      }
    }
  }

  /**
   * A table of {@code rows} rows, each {@code start.apply(i)} and then one probability per name of
   * {@code names}, under the header {@code first} and {@code p_<name>} per name.
   */
  private static List<List<String>> probabilities(
      List<String> first,
      List<String> names,
      int rows,
      IntFunction<List<String>> start,
      IntBinaryOperatorToDouble p) {
    List<String> head = new ArrayList<>(first);
    names.forEach(n -> head.add("p_" + n));
    List<List<String>> out = new ArrayList<>(List.of(head));
    for (int i = 0; i < rows; i++) {
      List<String> row = new ArrayList<>(start.apply(i));
      for (int c = 0; c < names.size(); c++) {
        row.add(Double.toString(p.apply(i, c)));
      }
      out.add(row);
    }
    return out;
  }

  /** A probability by row and column. */
  @FunctionalInterface
  private interface IntBinaryOperatorToDouble {
    double apply(int row, int column);
  }

  @Test
  void csvWriter() throws Exception {
    roundTrips(
        "rows",
        (rng, out) -> {
          List<String> header = names(rng, 3);
          List<String[]> rows = new ArrayList<>();
          List<List<String>> expected = new ArrayList<>(List.of(header));
          for (int r = 0; r < 30; r++) {
            String[] row = names(rng, 3).toArray(String[]::new);
            rows.add(row);
            expected.add(List.of(row));
          }
          CsvWriter.write(out.resolve("rows.csv"), header, rows);
          return Map.of("rows.csv", expected);
        });
  }

  @Test
  void resultWriter() throws Exception {
    roundTrips(
        "labels",
        (rng, out) -> {
          List<String> labels = names(rng, 3);
          CrowdDataset.Builder b = CrowdDataset.builder();
          everyAnswer(rng, 15, 4, (t, w) -> b.add(t, w, labels.get(rng.nextInt(labels.size()))));
          AggregationResult r = Methods.create("mv", Map.of()).fit(b.build());
          ResultWriter.writeLabels(out.resolve("labels.csv"), r);
          List<List<String>> expected =
              probabilities(
                  List.of("task", "label"),
                  r.labelNames().names(),
                  r.numTasks(),
                  i -> List.of(r.tasks().name(i), r.labelNames().name(r.label(i))),
                  r::posterior);
          return Map.of("labels.csv", expected);
        });
  }

  private static Comparisons comparisons(SplittableRandom rng) {
    List<String> items = names(rng, 8);
    List<String> workers = names(rng, 4);
    Comparisons.Builder b = Comparisons.builder();
    for (int c = 0; c < 60; c++) {
      int l = rng.nextInt(items.size());
      int r = (l + 1 + rng.nextInt(items.size() - 1)) % items.size();
      String winner = items.get(rng.nextBoolean() ? l : r);
      b.add(workers.get(rng.nextInt(workers.size())), items.get(l), items.get(r), winner);
    }
    return b.build();
  }

  @Test
  void rankingWriter() throws Exception {
    roundTrips(
        "ranking",
        (rng, out) -> {
          Ranking r = new BradleyTerry(BradleyTerry.Options.defaults()).fit(comparisons(rng));
          RankingWriter.writeCsv(out.resolve("ranking.csv"), r);
          List<List<String>> expected = table("item", "score", "stderr", "rank", "component");
          for (int k = 1; k <= r.size(); k++) {
            int i = r.itemAtRank(k);
            expected.add(
                List.of(
                    r.items().name(i),
                    number(r.score(i)),
                    number(r.stderr(i)),
                    Integer.toString(k),
                    Integer.toString(r.component(i))));
          }
          return Map.of("ranking.csv", expected);
        });
  }

  private static String number(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }

  @Test
  void comparisonsWriter() throws Exception {
    roundTrips(
        "comparisons",
        (rng, out) -> {
          Comparisons data = comparisons(rng);
          double[] scores = rng.doubles(data.numItems(), -2, 2).toArray();
          PairwiseSimulator.Kind[] all = PairwiseSimulator.Kind.values();
          PairwiseSimulator.Kind[] kinds = new PairwiseSimulator.Kind[data.numWorkers()];
          for (int w = 0; w < kinds.length; w++) {
            kinds[w] = all[rng.nextInt(all.length)];
          }
          ComparisonsWriter.write(out, new PairwiseSimulator.Simulated(data, scores, kinds));
          List<List<String>> rows = table("worker", "left", "right", "label");
          for (int c = 0; c < data.size(); c++) {
            rows.add(
                List.of(
                    data.workers().name(data.worker(c)),
                    data.items().name(data.left(c)),
                    data.items().name(data.right(c)),
                    data.items().name(data.winner(c))));
          }
          List<List<String>> truth = table("item", "score");
          for (int i = 0; i < scores.length; i++) {
            truth.add(List.of(data.items().name(i), Double.toString(scores[i])));
          }
          List<List<String>> workers = table("worker", "kind");
          for (int w = 0; w < kinds.length; w++) {
            workers.add(List.of(data.workers().name(w), kinds[w].name().toLowerCase(Locale.ROOT)));
          }
          // the kind's own reader takes them back too (ids trimmed, as it reads every id)
          Comparisons read =
              PairwiseReader.read(
                  out.resolve("comparisons.csv"),
                  new PairwiseFormat(
                      "worker",
                      "left",
                      "right",
                      "label",
                      CsvFormat.defaults().withControlCharacters(true)),
                  null);
          for (int c = 0; c < data.size(); c++) {
            assertEquals(
                data.items().name(data.winner(c)).trim(), read.items().name(read.winner(c)));
          }
          return Map.of("comparisons.csv", rows, "truth.csv", truth, "workers.csv", workers);
        });
  }

  private static TagAnswers tagAnswers(SplittableRandom rng) {
    List<String> tags = CsvRoundTrip.fields(rng, 4, "|");
    TagAnswers.Builder b = TagAnswers.builder();
    tags.forEach(b::declareTag);
    everyAnswer(
        rng, 10, 3, (t, w) -> b.add(t, w, tags.stream().filter(tag -> rng.nextBoolean()).toList()));
    return b.build();
  }

  @Test
  void multiLabelResult() throws Exception {
    roundTrips(
        "tags",
        (rng, out) -> {
          MultiLabelResult r =
              new BinaryRelevance(Methods.create("mv", Map.of())).fit(tagAnswers(rng));
          MultiLabelWriter.writeCsv(out.resolve("tags.csv"), r, '|');
          List<List<String>> expected =
              probabilities(
                  List.of("task", "tags"),
                  r.tags().names(),
                  r.numTasks(),
                  i -> List.of(r.tasks().name(i), r.joinedTags(i, '|')),
                  r::presence);
          return Map.of("tags.csv", expected);
        });
  }

  @Test
  void multiLabelSimulation() throws Exception {
    roundTrips(
        "tagsim",
        (rng, out) -> {
          TagAnswers d = tagAnswers(rng);
          Map<String, Set<String>> truth = new LinkedHashMap<>();
          Map<String, Boolean> spammer = new LinkedHashMap<>();
          List<List<String>> answers = table("task", "worker", "label");
          for (int a = 0; a < d.numAnswers(); a++) {
            List<String> set = new ArrayList<>();
            for (int t : d.tagsOf(a)) {
              set.add(d.tags().name(t));
            }
            String task = d.tasks().name(d.answers().task(a));
            String worker = d.workers().name(d.answers().worker(a));
            answers.add(List.of(task, worker, String.join("|", set)));
            truth.computeIfAbsent(task, k -> new TreeSet<>()).addAll(set);
            spammer.put(worker, rng.nextBoolean());
          }
          MultiLabelWriter.writeSimulation(
              out, new MultiLabelSimulator.Simulated(d, truth, spammer));
          List<List<String>> gold = table("task", "label");
          truth.forEach((t, s) -> gold.add(List.of(t, String.join("|", s))));
          List<List<String>> workers = table("worker", "spammer");
          spammer.forEach((w, s) -> workers.add(List.of(w, s.toString())));
          return Map.of("answers.csv", answers, "gold.csv", gold, "workers.csv", workers);
        });
  }

  @Test
  void numericWriter() throws Exception {
    roundTrips(
        "numeric",
        (rng, out) -> {
          NumericAnswers.Builder b = NumericAnswers.builder();
          everyAnswer(rng, 10, 4, (t, w) -> b.add(t, w, rng.nextDouble(-5, 5)));
          NumericResult r = NumericMethods.LIST.create("pm", Map.of()).fit(b.build());
          NumericWriter.writeEstimates(out.resolve("estimates.csv"), r);
          NumericWriter.writeWorkers(out.resolve("workers.csv"), r);
          List<List<String>> estimates = table("task", "estimate");
          for (int i = 0; i < r.tasks().size(); i++) {
            estimates.add(List.of(r.tasks().name(i), Double.toString(r.estimate(i))));
          }
          List<List<String>> perWorker = table("worker", "bias", "variance", "weight");
          for (int j = 0; j < r.workers().size(); j++) {
            perWorker.add(
                List.of(
                    r.workers().name(j),
                    Double.toString(r.bias()[j]),
                    Double.toString(r.variance()[j]),
                    Double.toString(r.weights()[j])));
          }
          return Map.of("estimates.csv", estimates, "workers.csv", perWorker);
        });
  }

  @Test
  void maskWriter() throws Exception {
    roundTrips(
        "masks",
        (rng, out) -> {
          MaskAnswers.Builder b = MaskAnswers.builder();
          everyAnswer(
              rng,
              8,
              3,
              (t, w) -> {
                int h = 1 + t.length() % 4;
                int width = 1 + t.length() % 3;
                boolean[] pixels = new boolean[h * width];
                for (int p = 0; p < pixels.length; p++) {
                  pixels[p] = rng.nextBoolean();
                }
                b.add(t, w, Mask.of(h, width, pixels));
              });
          SegmentationResult r = MaskMethods.LIST.create("mv", Map.of()).fit(b.build());
          Map<String, List<List<String>>> expected = new LinkedHashMap<>();
          for (MaskWriter.Encoding e : MaskWriter.Encoding.values()) {
            String file = e + ".csv";
            MaskWriter.writeCsv(out.resolve(file), r, e);
            List<List<String>> rows = table("task", "segmentation");
            for (int t = 0; t < r.tasks().size(); t++) {
              Mask m = r.mask(t);
              rows.add(
                  List.of(
                      r.tasks().name(t), e == MaskWriter.Encoding.RLE ? m.toRle() : m.toRows()));
            }
            expected.put(file, rows);
          }
          return expected;
        });
  }

  @Test
  void textWriter() throws Exception {
    roundTrips(
        "texts",
        (rng, out) -> {
          TextAnswers.Builder b = TextAnswers.builder();
          everyAnswer(
              rng, 8, 3, (t, w) -> b.add(t, w, names(rng, 1).get(0), rng.doubles(3).toArray()));
          TextAnswers data = b.build();
          Map<String, List<List<String>>> expected = new LinkedHashMap<>();
          for (String method : List.of("rover", "closest-to-average")) {
            TextResult r = TextMethods.LIST.create(method, Map.of()).fit(data);
            TextWriter.writeCsv(out.resolve(method + ".csv"), r, data);
            int[] chosen = r.chosen();
            List<List<String>> rows =
                chosen == null ? table("task", "text") : table("task", "text", "worker");
            for (int t = 0; t < r.tasks().size(); t++) {
              rows.add(
                  chosen == null
                      ? List.of(r.tasks().name(t), r.text(t))
                      : List.of(
                          r.tasks().name(t),
                          r.text(t),
                          data.workers().name(data.worker(chosen[t]))));
            }
            expected.put(method + ".csv", rows);
          }
          assertNotNull(
              TextMethods.LIST.create("closest-to-average", Map.of()).fit(data).chosen(),
              "a method that writes the chosen worker");
          return expected;
        });
  }
}
