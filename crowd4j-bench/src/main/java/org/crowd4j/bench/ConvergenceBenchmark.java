package org.crowd4j.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.Provenance;

/**
 * The convergence table: every registered method at its defaults on every shared dataset —
 * iterations, whether its stopping rule fired, and why it stopped.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.ConvergenceBenchmark \
 *   --shared ../shared --markdown results/convergence.md
 * </pre>
 */
public final class ConvergenceBenchmark {
  private ConvergenceBenchmark() {}

  /** Runs it; flags {@code --shared DIR --markdown FILE --methods a,b}. */
  public static void main(String[] args) throws Exception {
    Path shared = Path.of("../shared");
    Path markdown = null;
    List<String> methods = new ArrayList<>();
    for (MethodSpec<Aggregator> s : Methods.all()) {
      if (!s.name().equals("wmv")) {
        methods.add(s.name());
      }
    }
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--shared" -> shared = Path.of(args[i + 1]);
        case "--markdown" -> markdown = Path.of(args[i + 1]);
        case "--methods" -> methods = List.of(args[i + 1].split(","));
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    Map<String, Map<String, String>> cells = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    for (String name : SelectionBenchmark.DATASETS) {
      Path dir = shared.resolve("datasets").resolve(name);
      CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
      Map<String, String> row = new LinkedHashMap<>();
      for (String m : methods) {
        MethodSpec<Aggregator> spec = Methods.spec(m);
        if (m.equals("kos") && data.numLabels() != 2) {
          row.put(m, "–");
          continue;
        }
        Map<String, String> o = m.equals("gold-mv") ? Map.of("missingSkill", "ignore") : Map.of();
        FitContext<Gold> ctx = m.equals("gold-mv") ? FitContext.withGold(gold) : FitContext.none();
        long t0 = System.nanoTime();
        AggregationResult r = spec.create(o).fit(data, ctx);
        double s = (System.nanoTime() - t0) / 1e9;
        Diagnostics d = r.diagnostics();
        row.put(m, d.iterations() + (d.converged() ? " ✓" : " ✗"));
        if (!d.converged()) {
          notes.add(name + " / " + m + ": " + d.stopReason());
        }
        System.out.printf(
            Locale.ROOT,
            "%-22s %-20s it %5d converged %-5s %6.2fs %s%n",
            name,
            m,
            d.iterations(),
            d.converged(),
            s,
            d.stopReason());
      }
      cells.put(name, row);
    }
    StringBuilder sb = new StringBuilder("| dataset |");
    for (String m : methods) {
      sb.append(' ').append(m).append(" |");
    }
    sb.append("\n|---|").append("---:|".repeat(methods.size())).append('\n');
    for (Map.Entry<String, Map<String, String>> e : cells.entrySet()) {
      sb.append("| ").append(e.getKey()).append(" |");
      for (String m : methods) {
        sb.append(' ').append(e.getValue().getOrDefault(m, "")).append(" |");
      }
      sb.append('\n');
    }
    sb.append("\nIterations and whether the stopping rule fired (✓) at default options (")
        .append(Provenance.LIBRARY_VERSION)
        .append(").");
    if (notes.isEmpty()) {
      sb.append(" Every method converged on every dataset.\n");
    } else {
      sb.append(" Not converged:\n\n");
      for (String n : notes) {
        sb.append("- ").append(n).append('\n');
      }
    }
    System.out.println(sb);
    if (markdown != null) {
      String md = sb.toString();
      AtomicFiles.write(markdown, out -> out.write(md.getBytes(StandardCharsets.UTF_8)));
    }
  }
}
