package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.CsvWriter;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Recommender;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j recommend}: who should label which item next, under a budget. */
@Command(
    name = "recommend",
    mixinStandardHelpOptions = true,
    description = {
      "Propose which annotator should label which item next, with the expected accuracy gain.",
      "The model must predict per-item annotator correctness (conal or lia; an annotator file with"
          + " feature columns scores new annotators of a conal model trained with annotator"
          + " features).",
      "Gain: the rise of the item's expected accuracy (the chance that its most probable label"
          + " is right) in expectation over the answer, with the answer correct with P(correct"
          + " | item, annotator) and otherwise uniform over the other classes. Greedy under the"
          + " budget: the largest gain first, at most one answer per (item, annotator), gains"
          + " recomputed after each pick on an item."
    },
    footerHeading = "%nOutput:%n",
    footer = {
      "  CSV rank,task,worker,p_correct,accuracy_before,accuracy_after,gain (to --out, or to"
          + " standard output without --out and --json).",
      "Example: crowd4j recommend --model model/ --items unlabelled.csv --annotators"
          + " annotators.csv --budget 500 --out plan.csv"
    })
final class RecommendCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--model",
      required = true,
      paramLabel = "DIR",
      description = "Model folder written by train (conal or lia).")
  Path model;

  @Option(
      names = "--items",
      required = true,
      paramLabel = "FILE",
      description = "Features of the items to label: task,f0,f1,... (as for predict).")
  Path items;

  @Option(
      names = "--annotators",
      paramLabel = "FILE",
      description =
          "Available annotators: a header with a 'worker' column, an optional 'capacity' column"
              + " (answers she can give at most) and optional feature columns (for annotators"
              + " the model has not seen; conal trained with annotator features). Default: every"
              + " annotator of the model's training data.")
  Path annotators;

  @Option(
      names = "--budget",
      required = true,
      paramLabel = "N",
      description = "Answers to plan in all.")
  int budget;

  @Option(
      names = "--max-per-item",
      defaultValue = "3",
      paramLabel = "N",
      description = "New answers per item at most (default: ${DEFAULT-VALUE}).")
  int maxPerItem;

  @Option(
      names = "--capacity",
      defaultValue = "0",
      paramLabel = "N",
      description =
          "Answers per annotator at most, where the annotator file has no capacity (0: no"
              + " limit; default ${DEFAULT-VALUE}).")
  int capacity;

  @Option(
      names = "--answers",
      paramLabel = "FILE",
      description =
          "Answers the items already have (task,worker,label): those pairs are not proposed"
              + " again and the items' class distributions are updated with them.")
  Path answers;

  @Option(
      names = "--annotator-column",
      defaultValue = "worker",
      paramLabel = "NAME",
      description = "Header of the annotator id column (default: ${DEFAULT-VALUE}).")
  String annotatorColumn;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the plan as CSV.")
  Path out;

  @Mixin Output output;

  /** The annotator file: ids, capacities (0: none given) and features of any extra columns. */
  record Annotators(List<String> ids, int[] capacities, TaskFeatures features) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (budget < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--budget must be >= 0: " + budget);
    }
    if (maxPerItem < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--max-per-item must be >= 1: " + maxPerItem);
    }
    if (capacity < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--capacity must be >= 0: " + capacity);
    }
    Checks.inputsExist(
        spec, "--model", model, "--items", items, "--annotators", annotators, "--answers", answers);
    Path modelJson = PredictCommand.modelJson(spec, model);
    TaskFeatures x = output.readFeatures(items, err);
    Annotators given = annotators == null ? null : readAnnotators(annotators, annotatorColumn);
    try (LearnedModel m = LearnedModel.load(modelJson.getParent())) {
      Annotators a =
          given != null
              ? given
              : new Annotators(m.workers().names(), new int[m.workers().size()], null);
      if (x.dim() != m.inputDim()) {
        throw new BadInputException(
            items + " has " + x.dim() + " features, the model expects " + m.inputDim());
      }
      double[] correct;
      try {
        correct = m.probabilityCorrect(x, a.ids(), a.features());
      } catch (UnsupportedOperationException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--model: " + e.getMessage());
      } catch (IllegalArgumentException e) {
        throw new BadInputException((annotators == null ? "" : annotators + ": ") + e.getMessage());
      }
      int n = x.numRows();
      int r = a.ids().size();
      int k = m.labels().size();
      double[] q = m.predict(x);
      boolean[] answered = new boolean[n * r];
      int used = answers == null ? 0 : applyAnswers(m.labels(), x, a, correct, q, answered, err);
      List<Recommender.Assignment> plan =
          Recommender.plan(
              q,
              k,
              correct,
              r,
              answered,
              a.capacities(),
              new Recommender.Options(budget, maxPerItem, capacity));
      double before = 0;
      for (int i = 0; i < n; i++) {
        double max = 0;
        for (int c = 0; c < k; c++) {
          max = Math.max(max, q[i * k + c]);
        }
        before += max / n;
      }
      double gain = 0;
      for (Recommender.Assignment s : plan) {
        gain += s.gain();
      }
      if (out != null) {
        CsvWriter.write(out, csv -> writeCsv(csv, plan, x.tasks(), a.ids()));
      }
      if (output.json) {
        ObjectNode j = Output.object("recommend");
        j.put("method", m.method());
        j.put("items", n);
        j.put("annotators", r);
        j.put("budget", budget);
        j.put("planned", plan.size());
        j.put("existingAnswers", used);
        Output.put(j, "expectedGain", gain);
        Output.put(j, "meanAccuracyBefore", before);
        Output.put(j, "meanAccuracyAfter", before + gain / Math.max(1, n));
        ObjectNode per = j.putObject("perAnnotator");
        for (Map.Entry<String, Integer> e : perAnnotator(plan, a.ids()).entrySet()) {
          per.put(e.getKey(), e.getValue());
        }
        Output.put(j, "out", out);
        ArrayNode list = j.putArray("assignments");
        for (Recommender.Assignment s : plan) {
          ObjectNode o = list.addObject();
          o.put("task", x.tasks().name(s.item()));
          o.put("worker", a.ids().get(s.annotator()));
          Output.put(o, "pCorrect", s.probabilityCorrect());
          Output.put(o, "accuracyBefore", s.accuracyBefore());
          Output.put(o, "accuracyAfter", s.accuracyAfter());
          Output.put(o, "gain", s.gain());
        }
        Output.print(outw, j);
      } else if (out == null) {
        StringWriter sw = new StringWriter();
        writeCsv(new CsvWriter(sw), plan, x.tasks(), a.ids());
        outw.print(sw);
        outw.flush();
      } else if (output.human()) {
        outw.printf(
            Locale.ROOT,
            "%s model: %d items, %d annotators; %d answers planned of a budget of %d%n",
            m.method(),
            n,
            r,
            plan.size(),
            budget);
        outw.printf(
            Locale.ROOT,
            "expected gain: %.3f correct labels; mean expected accuracy %.4f -> %.4f%n",
            gain,
            before,
            before + gain / Math.max(1, n));
        outw.println("plan written to " + out);
        outw.flush();
      }
    }
    return ExitCodes.OK;
  }

  private static Map<String, Integer> perAnnotator(
      List<Recommender.Assignment> plan, List<String> ids) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (String id : ids) {
      m.put(id, 0);
    }
    for (Recommender.Assignment s : plan) {
      m.merge(ids.get(s.annotator()), 1, Integer::sum);
    }
    return m;
  }

  private static void writeCsv(
      CsvWriter csv, List<Recommender.Assignment> plan, Vocabulary tasks, List<String> ids)
      throws IOException {
    csv.row("rank", "task", "worker", "p_correct", "accuracy_before", "accuracy_after", "gain");
    int rank = 1;
    for (Recommender.Assignment s : plan) {
      csv.number(rank++).field(tasks.name(s.item())).field(ids.get(s.annotator()));
      csv.field(six(s.probabilityCorrect())).field(six(s.accuracyBefore()));
      csv.field(six(s.accuracyAfter())).field(six(s.gain())).end();
    }
  }

  private static String six(double v) {
    return String.format(Locale.ROOT, "%.6f", v);
  }

  /**
   * Folds the existing answers into the items' class distributions (the same one-coin model as the
   * plan) and marks their pairs; returns how many answers were used.
   */
  private int applyAnswers(
      Vocabulary labels,
      TaskFeatures x,
      Annotators a,
      double[] correct,
      double[] q,
      boolean[] answered,
      PrintWriter err)
      throws CrowdFormatException, BadInputException {
    CrowdDataset d = CrowdReader.readAnswers(answers);
    int k = labels.size();
    int r = a.ids().size();
    Map<String, Integer> column = new HashMap<>();
    for (int j = 0; j < r; j++) {
      column.put(a.ids().get(j), j);
    }
    int used = 0;
    int skipped = 0;
    for (int t = 0; t < d.numAnswers(); t++) {
      int i = x.tasks().id(d.tasks().name(d.task(t)));
      Integer j = d.anonymous() ? null : column.get(d.workers().name(d.worker(t)));
      if (i < 0 || j == null) {
        skipped++;
        continue;
      }
      String labelName = d.labels().name(d.label(t));
      int l = labels.id(labelName);
      if (l < 0) {
        throw new BadInputException(
            answers + ": label '" + labelName + "' is not one of the model's " + labels.names());
      }
      answered[i * r + j] = true;
      double c = correct[i * r + j];
      double wrong = k > 1 ? (1 - c) / (k - 1) : 0;
      double sum = 0;
      for (int cl = 0; cl < k; cl++) {
        q[i * k + cl] *= k == 1 ? 1 : cl == l ? c : wrong;
        sum += q[i * k + cl];
      }
      for (int cl = 0; cl < k; cl++) {
        q[i * k + cl] = sum > 0 ? q[i * k + cl] / sum : 1.0 / k;
      }
      used++;
    }
    if (skipped > 0 && !output.quiet) {
      err.printf(
          Locale.ROOT,
          "note: %d of %d answers in %s are on other items or by annotators not in %s;"
              + " ignored%n",
          skipped,
          d.numAnswers(),
          answers,
          annotators == null ? "the model's annotators" : annotators);
      err.flush();
    }
    return used;
  }

  /** Reads the annotator file. */
  static Annotators readAnnotators(Path file, String idColumn)
      throws CrowdFormatException, BadInputException {
    List<String> ids = new ArrayList<>();
    List<Integer> caps = new ArrayList<>();
    List<float[]> rows = new ArrayList<>();
    List<String> featureNames = new ArrayList<>();
    try (CsvRecords in = CsvRecords.open(file, CsvFormat.defaults())) {
      List<String> names = List.of(in.header());
      int idCol = names.indexOf(idColumn);
      if (idCol < 0) {
        throw new CrowdFormatException(
            file,
            1,
            idColumn,
            "missing column '"
                + idColumn
                + "'."
                + Suggestions.didYouMean(idColumn, names)
                + " The header has "
                + names
                + " (name the column with --annotator-column)");
      }
      int capCol = names.indexOf("capacity");
      List<Integer> featureCols = new ArrayList<>();
      for (int c = 0; c < names.size(); c++) {
        if (c != idCol && c != capCol) {
          featureCols.add(c);
          featureNames.add(names.get(c));
        }
      }
      java.util.Set<String> seen = new java.util.HashSet<>();
      while (in.next()) {
        String id = in.id(idCol);
        if (!seen.add(id)) {
          throw in.error(idColumn, "annotator '" + id + "' repeated");
        }
        ids.add(id);
        int cap = 0;
        if (capCol >= 0) {
          String v = in.field(capCol).trim();
          try {
            cap = v.isEmpty() ? 0 : Integer.parseInt(v);
          } catch (NumberFormatException e) {
            cap = -1;
          }
          if (cap < 0) {
            throw in.error("capacity", "field 'capacity' is not a count ≥ 0: '" + v + "'");
          }
        }
        caps.add(cap);
        float[] f = new float[featureCols.size()];
        for (int c = 0; c < f.length; c++) {
          String v = in.field(featureCols.get(c)).trim();
          try {
            f[c] = Float.parseFloat(v);
          } catch (NumberFormatException e) {
            String h = featureNames.get(c);
            throw in.error(h, "field '" + h + "' is not a number: '" + v + "'");
          }
        }
        rows.add(f);
      }
    }
    if (ids.isEmpty()) {
      throw new BadInputException(file + ": no annotators after the header");
    }
    int[] capacities = new int[caps.size()];
    for (int j = 0; j < capacities.length; j++) {
      capacities[j] = caps.get(j);
    }
    TaskFeatures features = null;
    if (!featureNames.isEmpty()) {
      int dim = featureNames.size();
      float[] values = new float[ids.size() * dim];
      for (int j = 0; j < ids.size(); j++) {
        System.arraycopy(rows.get(j), 0, values, j * dim, dim);
      }
      features = new TaskFeatures(Vocabulary.of(ids), dim, values);
    }
    return new Annotators(ids, capacities, features);
  }
}
