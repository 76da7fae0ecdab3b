package org.crowd4j.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.crowd4j.cli.Main;
import picocli.CommandLine;

/**
 * The generated bad-input corpus of RELIABILITY.md: valid files of every reader and kind (long
 * answers as CSV, TSV and gzip, gold, skills, features, multi-label, numeric, texts, embeddings,
 * masks as rows, run lengths and PNG files, comparisons, predictions, model files, the platforms'
 * exports), damaged by seeded mutations, each given to the command line in this JVM with the
 * command that reads it. A finding is an exit code outside 0, 2 and 3, a stack trace on standard
 * error, an exception that escapes the command line, a run slower than the time limit, or a run
 * that succeeds and prints or writes a non-finite number.
 *
 * <pre>
 * java -cp … org.crowd4j.bench.BadInputCorpus --seed 1 --count 1200 --out target/bad-input-corpus
 * </pre>
 */
public final class BadInputCorpus {
  /** Seconds a run may take before it counts as a finding. */
  static final int TIME_LIMIT_S = 60;

  private static final Pattern NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");
  private static final Pattern MASK_SIZE = Pattern.compile("\\d+x\\d+:");
  private static final Pattern NON_FINITE =
      Pattern.compile("(?<![A-Za-z0-9_.-])(NaN|-?Infinity)(?![A-Za-z0-9_])");
  private static final Pattern STACK =
      Pattern.compile("(?m)^(\tat |\\s+at [\\w$.]+\\(|Exception in thread|java\\.lang\\.)");
  private static final String[] HUGE = {
    "1e308",
    "1e400",
    "-1e400",
    "1.8e308",
    "99999999999999999999999",
    "2147483648",
    "-2147483649",
    "9223372036854775808"
  };
  private static final String[] NON_FINITE_VALUES = {
    "NaN", "Infinity", "-Infinity", "-0", "-0.0", "nan", "+Inf", "1e-400", "0x10", "1_000"
  };
  private static final String[] SIZES = {
    "100000x100000:", "0x5:", "5x0:", "-3x4:", "4x-6:", "2147483647x2:", "65536x65536:", "1x1:"
  };

  private BadInputCorpus() {}

  /** One kind of input: its reader's valid seed and the command that reads a file of it. */
  record Kind(String name, String ext, Seed seed, Command command) {}

  /** The valid bytes a kind's files are made from. */
  interface Seed {
    byte[] bytes(Path seeds) throws IOException;
  }

  /** The command line that reads {@code file}, writing under {@code out}. */
  interface Command {
    List<String> args(Path file, Path seeds, Path out, SplittableRandom rnd) throws IOException;
  }

  /** One corpus file and what the command line did with it. */
  record Outcome(
      String kind, String file, String mutation, int code, String firstError, String finding) {}

  /** The whole run. */
  public record Summary(List<Outcome> outcomes) {
    /** The runs that are findings. */
    public List<Outcome> findings() {
      return outcomes.stream().filter(o -> o.finding() != null).toList();
    }

    /** The summary as Markdown. */
    public String markdown(long seed) {
      StringBuilder s = new StringBuilder();
      Map<String, int[]> perKind = new TreeMap<>();
      Map<Integer, Integer> codes = new TreeMap<>();
      for (Outcome o : outcomes) {
        int[] c = perKind.computeIfAbsent(o.kind(), k -> new int[5]);
        c[0]++;
        c[o.code() == 0 ? 1 : o.code() == 2 ? 2 : o.code() == 3 ? 3 : 4]++;
        codes.merge(o.code(), 1, Integer::sum);
      }
      s.append("Bad-input corpus: seed ").append(seed).append(", ").append(outcomes.size());
      s.append(" files, ").append(findings().size()).append(" finding(s)\n\n");
      s.append("| reader / kind | files | exit 0 | exit 2 | exit 3 | other |\n");
      s.append("|---|---:|---:|---:|---:|---:|\n");
      for (Map.Entry<String, int[]> e : perKind.entrySet()) {
        int[] c = e.getValue();
        s.append(
            String.format(
                Locale.ROOT,
                "| %s | %d | %d | %d | %d | %d |%n",
                e.getKey(),
                c[0],
                c[1],
                c[2],
                c[3],
                c[4]));
      }
      s.append("\n| exit code | runs |\n|---:|---:|\n");
      codes.forEach((k, v) -> s.append("| ").append(k).append(" | ").append(v).append(" |\n"));
      s.append("\nFindings:");
      if (findings().isEmpty()) {
        s.append(" none\n");
      } else {
        s.append(
            "\n\n| file | exit | finding | first line of standard error |\n|---|---:|---|---|\n");
        for (Outcome o : findings()) {
          s.append("| ").append(o.file()).append(" | ").append(o.code()).append(" | ");
          s.append(cell(o.finding())).append(" | `").append(cell(o.firstError())).append("` |\n");
        }
      }
      return s.toString();
    }
  }

  private static String cell(String s) {
    String t = s == null ? "" : s.replace("|", "\\|").replace("`", "'");
    return t.length() > 300 ? t.substring(0, 300) + "…" : t;
  }

  /** Entry point: {@code --seed N --count N --out DIR [--exports DIR]}. */
  public static void main(String[] args) throws Exception {
    long seed = 1;
    int count = 1200;
    Path out = Path.of("target", "bad-input-corpus");
    Path exports = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        case "--count" -> count = Integer.parseInt(args[i + 1]);
        case "--out" -> out = Path.of(args[i + 1]);
        case "--exports" -> exports = Path.of(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Summary s = run(seed, count, out, exports, true);
    String md = s.markdown(seed);
    Files.writeString(out.resolve("summary.md"), md);
    System.out.print(md);
    System.exit(s.findings().isEmpty() ? 0 : 1);
  }

  /**
   * Writes {@code count} damaged files into {@code dir/corpus} and runs each; the platform export
   * seeds come from {@code exports} (default: crowd4j-core's test fixtures, found from the working
   * folder).
   */
  public static Summary run(long seed, int count, Path dir, Path exports, boolean progress)
      throws IOException {
    Path seeds = dir.resolve("seeds");
    Path corpus = dir.resolve("corpus");
    Path scratch = dir.resolve("scratch");
    for (Path p : List.of(seeds, corpus, scratch)) {
      deleteTree(p);
      Files.createDirectories(p);
    }
    writeSeeds(seeds, exports == null ? findExports() : exports);
    copyTree(seeds.resolve("png"), corpus.resolve("png"));
    List<Kind> kinds = kinds();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<Outcome> outcomes = new ArrayList<>();
    ExecutorService pool =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "bad-input-corpus");
              t.setDaemon(true);
              return t;
            });
    try {
      for (int i = 0; i < count; i++) {
        Kind k = kinds.get(i % kinds.size());
        SplittableRandom r = rnd.split();
        byte[] valid = k.seed().bytes(seeds);
        Mutation m = pick(k, r);
        byte[] bytes = m.apply(valid, r, k);
        if (r.nextInt(4) == 0 && !k.ext().endsWith(".gz")) {
          Mutation second = pick(k, r);
          bytes = second.apply(bytes, r, k);
          m = new Mutation(m.name() + "+" + second.name(), m.damage());
        }
        if (bytes.length > 64 * 1024) {
          bytes = Arrays.copyOf(bytes, 64 * 1024);
        }
        String name = String.format(Locale.ROOT, "%04d-%s-%s%s", i, k.name(), m.name(), k.ext());
        Path file = corpus.resolve(name);
        Files.write(file, bytes);
        Path out = scratch.resolve(String.format(Locale.ROOT, "%04d", i));
        Files.createDirectories(out);
        List<String> args = outputMode(k.command().args(file, seeds, out, r), r);
        if (pool.isShutdown()) {
          pool = Executors.newSingleThreadExecutor(r2 -> daemon(r2));
        }
        Outcome o = runOne(pool, k.name(), name, m.name(), args, out, echoed(k, bytes));
        if (o.finding() == null) {
          deleteTree(out);
        } else {
          Files.writeString(out.resolve("command.txt"), String.join(" ", args));
        }
        if (o.finding() != null && o.finding().startsWith("timeout")) {
          pool.shutdownNow();
        }
        outcomes.add(o);
        if (progress && (i + 1) % 100 == 0) {
          System.err.printf(
              Locale.ROOT,
              "%d/%d files, %d finding(s)%n",
              i + 1,
              count,
              outcomes.stream().filter(x -> x.finding() != null).count());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return new Summary(outcomes);
  }

  /**
   * The printed results of a command that has them: the summary or the JSON object, each checked
   * for non-finite numbers ({@code -q} prints nothing).
   */
  private static List<String> outputMode(List<String> args, SplittableRandom r) {
    if (args.get(0).startsWith("simulate") || args.get(0).equals("report")) {
      return args;
    }
    List<String> a = new ArrayList<>(args);
    a.remove("-q");
    a.remove("--json");
    if (r.nextBoolean()) {
      a.add("--json");
    }
    return a;
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "bad-input-corpus");
    t.setDaemon(true);
    return t;
  }

  private static Outcome runOne(
      ExecutorService pool,
      String kind,
      String name,
      String mutation,
      List<String> args,
      Path out,
      Set<String> echoed) {
    StringWriter outText = new StringWriter();
    StringWriter errText = new StringWriter();
    ByteArrayOutputStream sysOut = new ByteArrayOutputStream();
    ByteArrayOutputStream sysErr = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    int code;
    String finding = null;
    System.setOut(new PrintStream(sysOut, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(sysErr, true, StandardCharsets.UTF_8));
    try {
      Future<Integer> f =
          pool.submit(
              () -> {
                CommandLine cl = Main.commandLine();
                cl.setOut(new PrintWriter(outText, true));
                cl.setErr(new PrintWriter(errText, true));
                return cl.execute(args.toArray(new String[0]));
              });
      try {
        code = f.get(TIME_LIMIT_S, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        f.cancel(true);
        code = -1;
        finding = "timeout: more than " + TIME_LIMIT_S + " s";
      } catch (ExecutionException e) {
        code = -1;
        finding = "escaped: " + e.getCause();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        code = -1;
        finding = "interrupted";
      }
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    String stdout = outText + sysOut.toString(StandardCharsets.UTF_8);
    String stderr = errText + sysErr.toString(StandardCharsets.UTF_8);
    String first =
        stderr.lines().filter(l -> !l.isBlank() && !l.startsWith("SLF4J")).findFirst().orElse("");
    if (finding == null && code != 0 && code != 2 && code != 3) {
      finding = "exit code " + code + " (not in the table)";
    }
    if (finding == null && STACK.matcher(stderr).find()) {
      finding = "stack trace on standard error";
    }
    if (finding == null && code == 0) {
      finding = nonFinite(stdout, "standard output", echoed);
      if (finding == null) {
        finding = nonFiniteInFiles(out, echoed);
      }
    }
    return new Outcome(kind, name, mutation, code, first, finding);
  }

  private static String nonFinite(String text, String where, Set<String> echoed) {
    Matcher m = NON_FINITE.matcher(text);
    while (m.find()) {
      if (!echoed.contains(m.group(1))) {
        return "exit 0 with '" + m.group(1) + "' in " + where;
      }
    }
    return null;
  }

  /** Kinds whose values are numbers; in the others 'NaN' or 'Infinity' is an id or a label. */
  private static final Set<String> NUMBERS =
      Set.of(
          "skills",
          "features",
          "model-json",
          "true-confusions",
          "evaluate-pred",
          "numeric",
          "numeric-gold",
          "embeddings",
          "pairwise-truth",
          "masks-skills");

  /** The non-finite words of a damaged file that its command may print back as ids or labels. */
  private static Set<String> echoed(Kind k, byte[] bytes) {
    Set<String> words = new HashSet<>();
    if (!NUMBERS.contains(k.name())) {
      byte[] text = bytes;
      if (k.ext().endsWith(".gz")) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
          text = in.readNBytes(1 << 20);
        } catch (IOException e) {
          // not gzip as a whole: its words are read as they are
        }
      }
      Matcher m = NON_FINITE.matcher(new String(text, StandardCharsets.ISO_8859_1));
      while (m.find()) {
        words.add(m.group(1));
      }
    }
    return words;
  }

  private static String nonFiniteInFiles(Path out, Set<String> echoed) {
    try (Stream<Path> files = Files.walk(out)) {
      for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
        String n = p.getFileName().toString();
        if (n.endsWith(".png") || n.endsWith(".gz")) {
          continue;
        }
        String text = Files.readString(p, StandardCharsets.ISO_8859_1);
        if (n.endsWith(".html")) {
          text = text.replaceAll("(?s)<script.*?</script>", "");
        }
        String f = nonFinite(text, out.relativize(p).toString(), echoed);
        if (f != null) {
          return f;
        }
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- seeds ----------------------------------------------------------------------------------

  private static Path findExports() {
    for (String p :
        List.of(
            "crowd4j-core/src/test/resources/exports",
            "../crowd4j-core/src/test/resources/exports")) {
      if (Files.isDirectory(Path.of(p))) {
        return Path.of(p);
      }
    }
    throw new IllegalStateException(
        "no export fixtures: run from the repository root or give --exports DIR");
  }

  /** Valid files of every kind, written by the command line itself or by hand. */
  private static void writeSeeds(Path seeds, Path exports) throws IOException {
    for (String words :
        List.of(
            "simulate --source gaussian:n=12,classes=3,dim=3 --seed 1 --out {seeds}/sim"
                + " --annotators perfect:n=2+spammer:n=2",
            "simulate-masks --encoding rle --out {seeds}/masks-rle",
            "simulate-masks --encoding rows --out {seeds}/masks-rows",
            "simulate-text --tasks 4 --annotators 3 --vocabulary 20 --max-words 5 --min-words 3"
                + " --out {seeds}/text",
            "simulate-pairwise --items 6 --workers 3 --comparisons 30 --out {seeds}/pairwise",
            "simulate-multilabel --tasks 8 --workers 5 --tags 3 --per-task 3 --out {seeds}/multilabel",
            "aggregate --method ds --answers {seeds}/sim/answers.csv --out {seeds}/pred.csv"
                + " --model-out {seeds}/model.json",
            "aggregate-masks --method mv --answers {seeds}/masks-rows/answers.csv"
                + " --out {seeds}/masks-agg.csv --png-dir {seeds}/png")) {
      String w =
          words.startsWith("simulate-masks")
              ? words + " --images 3 --width 6 --height 4 --annotators 3"
              : words;
      cli(template(w).args(seeds, seeds, seeds, new SplittableRandom(0)));
    }
    Path sim = seeds.resolve("sim");
    String answers = Files.readString(sim.resolve("answers.csv"));
    Files.writeString(seeds.resolve("answers.tsv"), answers.replace(',', '\t'));
    StringBuilder skills = new StringBuilder("worker,skill\n");
    answers
        .lines()
        .skip(1)
        .map(l -> l.split(",")[1])
        .distinct()
        .sorted()
        .forEach(
            w ->
                skills.append(w).append(",0.").append(Math.abs(w.hashCode()) % 9 + 1).append('\n'));
    Files.writeString(seeds.resolve("skills.csv"), skills.toString());
    StringBuilder maskSkills = new StringBuilder("worker,skill\n");
    for (int a = 0; a < 3; a++) {
      maskSkills.append('a').append(a).append(",0.").append(a + 5).append('\n');
    }
    Files.writeString(seeds.resolve("mask-skills.csv"), maskSkills.toString());
    StringBuilder numeric = new StringBuilder("task,worker,label\n");
    StringBuilder numericGold = new StringBuilder("task,label\n");
    for (int t = 0; t < 6; t++) {
      numericGold.append('t').append(t).append(',').append(t * 1.5).append('\n');
      for (int w = 0; w < 4; w++) {
        numeric.append('t').append(t).append(",w").append(w).append(',');
        numeric
            .append(String.format(Locale.ROOT, "%.2f", t * 1.5 + (w - 1.5) * 0.3 + (t % 2) * 0.1))
            .append('\n');
      }
    }
    Files.writeString(seeds.resolve("numeric.csv"), numeric.toString());
    Files.writeString(seeds.resolve("numeric-gold.csv"), numericGold.toString());
    StringBuilder emb = new StringBuilder("task,worker,embedding\n");
    Files.readString(seeds.resolve("text/answers.csv"))
        .lines()
        .skip(1)
        .forEach(
            l -> {
              String[] f = l.split(",");
              int h = Math.abs(l.hashCode());
              emb.append(f[0]).append(',').append(f[1]).append(',');
              emb.append(
                      String.format(
                          Locale.ROOT, "0.%d 0.%d -0.%d", h % 7 + 1, h % 5 + 1, h % 3 + 1))
                  .append('\n');
            });
    Files.writeString(seeds.resolve("embeddings.csv"), emb.toString());
    // masks given as PNG files under the CSV's folder (the corpus folder: seeds/png/<task>.png)
    StringBuilder png = new StringBuilder("task,worker,segmentation\n");
    try (Stream<Path> files = Files.list(seeds.resolve("png"))) {
      List<Path> pngs = files.sorted().toList();
      for (Path p : pngs) {
        for (int a = 0; a < 3; a++) {
          png.append(p.getFileName().toString().replace(".png", "")).append(",a").append(a);
          png.append(",png/").append(p.getFileName()).append('\n');
        }
      }
    }
    Files.writeString(seeds.resolve("masks-png.csv"), png.toString());
    copyTree(exports, seeds.resolve("exports"));
    Files.writeString(seeds.resolve("numeric.tsv"), numeric.toString().replace(',', '\t'));
    StringBuilder embedded = new StringBuilder("task,worker,text,embedding\n");
    List<String> textRows = Files.readAllLines(seeds.resolve("text/answers.csv"));
    List<String> embRows = Files.readAllLines(seeds.resolve("embeddings.csv"));
    for (int i = 1; i < textRows.size(); i++) {
      embedded
          .append(textRows.get(i))
          .append(',')
          .append(embRows.get(i).split(",")[2])
          .append('\n');
    }
    Files.writeString(seeds.resolve("text-embedded.csv"), embedded.toString());
    writeIdx(seeds.resolve("idx"));
  }

  /** Twelve 3x3 images of three classes in the IDX files of MNIST. */
  private static void writeIdx(Path dir) throws IOException {
    Files.createDirectories(dir);
    int n = 12;
    java.nio.ByteBuffer labels = java.nio.ByteBuffer.allocate(8 + n);
    labels.putInt(0x801).putInt(n);
    java.nio.ByteBuffer images = java.nio.ByteBuffer.allocate(16 + n * 9);
    images.putInt(0x803).putInt(n).putInt(3).putInt(3);
    for (int i = 0; i < n; i++) {
      labels.put((byte) (i % 3));
      for (int p = 0; p < 9; p++) {
        images.put((byte) (p % 3 == i % 3 ? 200 + i : 10 * p));
      }
    }
    Files.write(dir.resolve("train-labels-idx1-ubyte"), labels.array());
    Files.write(dir.resolve("train-images-idx3-ubyte"), images.array());
  }

  private static void cli(List<String> args) {
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(new StringWriter()));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args.toArray(new String[0]));
    if (code != 0) {
      throw new IllegalStateException("seed: crowd4j " + String.join(" ", args) + ": " + err);
    }
  }

  private static Seed file(String relative) {
    return seeds -> Files.readAllBytes(seeds.resolve(relative));
  }

  private static <T> T one(SplittableRandom r, List<T> xs) {
    return xs.get(r.nextInt(xs.size()));
  }

  /**
   * The command line of a template: words separated by spaces, where {@code {file}} stands for the
   * damaged file, {@code {seeds}/} and {@code {out}/} for the seeds and the scratch folder, and a
   * word {@code {a|b|c}} for one of a, b and c, drawn.
   */
  static Command template(String words) {
    return (f, sd, o, r) -> {
      List<String> args = new ArrayList<>();
      for (String w : words.split(" ")) {
        if (w.startsWith("{") && w.contains("|")) {
          w = one(r, List.of(w.substring(1, w.length() - 1).split("\\|")));
        }
        args.add(
            w.replace("{file}", f.toString())
                .replace("{seeds}/", sd + File.separator)
                .replace("{out}/", o + File.separator));
      }
      return args;
    };
  }

  private static Kind kind(String name, String ext, String seed, String words) {
    return new Kind(name, ext, file(seed), template(words));
  }

  /** Every reader and kind, with its command. */
  static List<Kind> kinds() {
    String answers = "{seeds}/sim/answers.csv";
    String aggregate =
        "aggregate --method {mv|ds|glad|mace} --answers {file} --out {out}/labels.csv"
            + " --model-out {out}/model.json";
    String evaluate = "evaluate --pred {seeds}/pred.csv --gold {seeds}/sim/gold.csv";
    String features = "simulate --annotators perfect:n=3 --out {out}/sim --source features:";
    String multilabel = "aggregate-multilabel --method {mv|ds} --out {out}/tags.csv --answers ";
    String numeric =
        "aggregate-numeric --method {mean|median|catd|pm|raykar|auto} --out {out}/estimates.csv"
            + " --workers-out {out}/workers.csv --model-out {out}/model.json --answers ";
    String text = "aggregate-text --method rover --out {out}/texts.csv --answers ";
    String embedded =
        "aggregate-text --method {rasa|hrrasa|closest-to-average} --out {out}/texts.csv"
            + " --model-out {out}/model.json --answers ";
    String masks =
        "aggregate-masks --method {mv|rasa|em} --out {out}/masks.csv --model-out {out}/model.json"
            + " --answers ";
    String rank =
        "rank --method {bt|noisy-bt} --out {out}/ranking.csv --model-out {out}/model.json"
            + " --comparisons ";
    List<Kind> k = new ArrayList<>();
    k.add(kind("answers-csv", ".csv", "sim/answers.csv", aggregate));
    k.add(kind("answers-tsv", ".tsv", "answers.tsv", aggregate));
    k.add(kind("answers-gzip", ".csv.gz", "sim/answers.csv", aggregate));
    k.add(
        kind(
            "gold",
            ".csv",
            "sim/gold.csv",
            "aggregate --method ds --answers " + answers + " --gold {file}"));
    k.add(
        kind(
            "train-gold",
            ".csv",
            "sim/gold.csv",
            "aggregate --method gold-mv --answers " + answers + " --train-gold {file}"));
    k.add(
        kind(
            "skills",
            ".csv",
            "skills.csv",
            "aggregate --method wmv --param skillsFile={file} --answers " + answers));
    k.add(
        kind(
            "features",
            ".csv",
            "sim/features.csv",
            features + "{file} --truth {seeds}/sim/gold.csv"));
    k.add(
        kind(
            "features-truth",
            ".csv",
            "sim/gold.csv",
            features + "{seeds}/sim/features.csv --truth {file}"));
    k.add(
        new Kind(
            "model-json",
            ".json",
            file("model.json"),
            (f, sd, o, r) ->
                template(
                        r.nextBoolean()
                            ? "simulate --from {file} --tasks 5 --out {out}/sim"
                            : evaluate
                                + " --model {file} --true-confusions {seeds}/sim/true_confusions.json")
                    .args(f, sd, o, r)));
    k.add(
        kind(
            "true-confusions",
            ".json",
            "sim/true_confusions.json",
            evaluate + " --model {seeds}/model.json --true-confusions {file}"));
    k.add(
        kind(
            "evaluate-pred",
            ".csv",
            "pred.csv",
            "evaluate --gold {seeds}/sim/gold.csv --pred {file}"));
    k.add(
        kind(
            "evaluate-gold",
            ".csv",
            "sim/gold.csv",
            "evaluate --pred {seeds}/pred.csv --gold {file}"));
    k.add(kind("multilabel", ".csv", "multilabel/answers.csv", multilabel + "{file}"));
    k.add(
        kind(
            "multilabel-gold",
            ".csv",
            "multilabel/gold.csv",
            multilabel + "{seeds}/multilabel/answers.csv --gold {file}"));
    k.add(kind("numeric", ".csv", "numeric.csv", numeric + "{file}"));
    k.add(kind("numeric-tsv", ".tsv", "numeric.tsv", numeric + "{file}"));
    k.add(
        kind(
            "numeric-gold",
            ".csv",
            "numeric-gold.csv",
            numeric + "{seeds}/numeric.csv --gold {file}"));
    k.add(kind("text", ".csv", "text/answers.csv", text + "{file}"));
    k.add(
        kind(
            "text-gold", ".csv", "text/gold.csv", text + "{seeds}/text/answers.csv --gold {file}"));
    k.add(
        kind(
            "embeddings",
            ".csv",
            "embeddings.csv",
            embedded + "{seeds}/text/answers.csv --embeddings {file}"));
    k.add(
        kind(
            "text-embedding-column",
            ".csv",
            "text-embedded.csv",
            embedded + "{file} --embedding-column embedding"));
    k.add(kind("masks-rows", ".csv", "masks-rows/answers.csv", masks + "{file}"));
    k.add(kind("masks-rle", ".csv", "masks-rle/answers.csv", masks + "{file}"));
    k.add(kind("masks-png-csv", ".csv", "masks-png.csv", masks + "{file}"));
    k.add(
        kind(
            "masks-gold",
            ".csv",
            "masks-rle/gold.csv",
            masks + "{seeds}/masks-rle/answers.csv --gold {file}"));
    k.add(
        kind(
            "masks-skills",
            ".csv",
            "mask-skills.csv",
            "aggregate-masks --method mv --answers {seeds}/masks-rle/answers.csv --skills {file}"));
    k.add(
        new Kind(
            "masks-png",
            ".png",
            file("png/i0.png"),
            (f, sd, o, r) -> {
              // the seed's masks as PNG files beside a copy of its CSV, the first PNG damaged
              copyTree(sd.resolve("png"), o.resolve("png"));
              Files.copy(f, o.resolve("png/i0.png"), StandardCopyOption.REPLACE_EXISTING);
              Files.copy(sd.resolve("masks-png.csv"), o.resolve("masks.csv"));
              return template(masks + "{out}/masks.csv").args(f, sd, o, r);
            }));
    k.add(kind("pairwise", ".csv", "pairwise/comparisons.csv", rank + "{file}"));
    k.add(
        kind(
            "pairwise-truth",
            ".csv",
            "pairwise/truth.csv",
            rank + "{seeds}/pairwise/comparisons.csv --truth {file}"));
    k.add(
        kind(
            "report",
            ".csv",
            "sim/answers.csv",
            "report --answers {file} --gold {seeds}/sim/gold.csv --method mv --out {out}/r.html"));
    for (String[] rk :
        List.of(
            new String[] {"numeric", "numeric.csv"},
            new String[] {"text", "text/answers.csv"},
            new String[] {"pairwise", "pairwise/comparisons.csv"},
            new String[] {"segmentation", "masks-rle/answers.csv"},
            new String[] {"multilabel", "multilabel/answers.csv"})) {
      k.add(
          kind(
              "report-" + rk[0],
              ".csv",
              rk[1],
              "report --kind " + rk[0] + " --answers {file} --out {out}/report.html"));
    }
    for (String part : List.of("labels-idx1", "images-idx3")) {
      String name = "train-" + part + "-ubyte";
      k.add(
          new Kind(
              "idx-" + part,
              "-ubyte",
              file("idx/" + name),
              (f, sd, o, r) -> {
                copyTree(sd.resolve("idx"), o.resolve("idx"));
                Files.copy(f, o.resolve("idx/" + name), StandardCopyOption.REPLACE_EXISTING);
                return template(
                        "simulate --annotators perfect:n=3 --out {out}/sim --source idx:"
                            + o.resolve("idx"))
                    .args(f, sd, o, r);
              }));
    }
    // the platforms' exports, with the command of their kind
    Map<String, String> by =
        Map.of(
            "aggregate", "aggregate --method mv --answers ",
            "aggregate-multilabel", "aggregate-multilabel --method mv --answers ",
            "rank", "rank --comparisons ",
            "aggregate-text", "aggregate-text --method rover --answers ",
            "aggregate-masks", "aggregate-masks --method mv --answers ");
    String[][] exports = {
      {"label-studio", ".json", "label-studio.json", "aggregate"},
      {"label-studio-taxonomy", ".json", "label-studio-taxonomy.json", "aggregate"},
      {"label-studio-multilabel", ".json", "label-studio-multilabel.json", "aggregate-multilabel"},
      {"label-studio-pairwise", ".json", "label-studio-pairwise.json", "rank"},
      {"label-studio-textarea", ".json", "label-studio-textarea.json", "aggregate-text"},
      {"label-studio-brush", ".json", "label-studio-brush.json", "aggregate-masks"},
      {"toloka", ".tsv", "toloka.tsv", "aggregate"},
      {"toloka-multilabel", ".tsv", "toloka-multilabel.tsv", "aggregate-multilabel"},
      {"toloka-pairwise", ".tsv", "toloka-pairwise.tsv", "rank"},
      {"toloka-text", ".tsv", "toloka-text.tsv", "aggregate-text"},
      {"mturk", ".csv", "mturk-batch-results.csv", "aggregate"},
      {"mturk-multilabel", ".csv", "mturk-multilabel-batch-results.csv", "aggregate-multilabel"},
      {"mturk-pairwise", ".csv", "mturk-pairwise-batch-results.csv", "rank"},
      {"mturk-text", ".csv", "mturk-text-batch-results.csv", "aggregate-text"},
    };
    for (String[] e : exports) {
      k.add(kind(e[0], e[1], "exports/" + e[2], by.get(e[3]) + "{file} --out {out}/out.csv"));
    }
    for (String[] sm :
        List.of(
            new String[] {"identify-sport", "aggregate"},
            new String[] {"identify-animals", "aggregate-multilabel"},
            new String[] {"segment-cats", "aggregate-masks"})) {
      String job = "exports/sagemaker/" + sm[0];
      String responses = job + "/annotations/worker-response";
      String command = by.get(sm[1]) + "{file} --out {out}/out.csv --worker-responses ";
      k.add(
          kind(
              "sagemaker-manifest-" + sm[0],
              ".manifest",
              job + "/manifests/output/output.manifest",
              command + "{seeds}/" + responses));
      k.add(
          new Kind(
              "sagemaker-response-" + sm[0],
              ".json",
              seeds -> Files.readAllBytes(responsePath(seeds.resolve(responses))),
              (f, sd, o, r) -> {
                // a copy of the job's worker responses with the first one replaced by the damaged
                // file
                copyTree(sd.resolve(responses), o.resolve("responses"));
                Files.copy(
                    f, responsePath(o.resolve("responses")), StandardCopyOption.REPLACE_EXISTING);
                Path manifest = sd.resolve(job + "/manifests/output/output.manifest");
                return template(command + "{out}/responses").args(manifest, sd, o, r);
              }));
    }
    return k;
  }

  private static Path responsePath(Path responses) throws IOException {
    try (Stream<Path> files = Files.walk(responses)) {
      return files.filter(p -> p.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
    }
  }

  // ---- mutations ------------------------------------------------------------------------------

  /** A way to damage a valid file. */
  record Mutation(String name, Damage damage) {
    byte[] apply(byte[] valid, SplittableRandom r, Kind k) {
      if (k.ext().endsWith(".gz")) {
        // damage the text, then compress it, or compress and damage the compressed bytes
        if (name.startsWith("gzip-")) {
          return damage.apply(gzip(valid), r);
        }
        return gzip(damage.apply(valid, r));
      }
      return damage.apply(valid, r);
    }
  }

  /** The damage itself. */
  interface Damage {
    byte[] apply(byte[] b, SplittableRandom r);
  }

  private static final List<Mutation> COMMON =
      List.of(
          new Mutation(
              "truncate", (b, r) -> Arrays.copyOf(b, b.length == 0 ? 0 : r.nextInt(b.length))),
          new Mutation("byte-flip", BadInputCorpus::flip),
          new Mutation("empty", (b, r) -> new byte[0]),
          new Mutation("random-bytes", (b, r) -> randomBytes(r, 1 + r.nextInt(400))),
          new Mutation(
              "invalid-utf8",
              (b, r) ->
                  insert(
                      b,
                      r,
                      one(
                          r,
                          List.of(
                              new byte[] {(byte) 0xff},
                              new byte[] {(byte) 0xc3},
                              new byte[] {(byte) 0xc0, (byte) 0xaf},
                              new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80})))),
          new Mutation(
              "control-char",
              (b, r) ->
                  insert(
                      b,
                      r,
                      new byte[] {one(r, List.of(0, 1, 7, 8, 11, 12, 13, 27, 127)).byteValue()})),
          new Mutation("huge-number", (b, r) -> replaceNumber(b, r, HUGE)),
          new Mutation("non-finite", (b, r) -> replaceNumber(b, r, NON_FINITE_VALUES)),
          new Mutation(
              "negative-number",
              (b, r) -> replaceNumber(b, r, new String[] {"-1", "-0", "0", "-5", "-2147483648"})),
          new Mutation(
              "stray-quote", (b, r) -> insert(b, r, "\"".getBytes(StandardCharsets.UTF_8))),
          new Mutation(
              "bom", (b, r) -> concat(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, b)),
          new Mutation("duplicate-line", BadInputCorpus::duplicateLine),
          new Mutation("delete-line", BadInputCorpus::deleteLine),
          new Mutation(
              "lone-cr",
              (b, r) ->
                  text(b)
                      .replace("\n", r.nextBoolean() ? "\r" : "\r\r\n")
                      .getBytes(StandardCharsets.UTF_8)),
          new Mutation(
              "long-field",
              (b, r) ->
                  insert(
                      b,
                      r,
                      "x".repeat(20_000 + r.nextInt(20_000)).getBytes(StandardCharsets.UTF_8))));

  private static final List<Mutation> TABLE =
      List.of(
          new Mutation(
              "header-only",
              (b, r) ->
                  text(b)
                      .lines()
                      .findFirst()
                      .orElse("")
                      .concat("\n")
                      .getBytes(StandardCharsets.UTF_8)),
          new Mutation("delete-field", (b, r) -> editField(b, r, false)),
          new Mutation("duplicate-field", (b, r) -> editField(b, r, true)),
          new Mutation("unclosed-quote", BadInputCorpus::unclosedQuote),
          new Mutation("wrong-delimiter", (b, r) -> wrongDelimiter(b, r)),
          new Mutation(
              "blank-lines",
              (b, r) -> text(b).replaceFirst("\n", "\n\n\n").getBytes(StandardCharsets.UTF_8)),
          new Mutation("rename-header", (b, r) -> renameHeader(b, r)),
          new Mutation("many-columns", (b, r) -> manyColumns(b, r)),
          new Mutation("empty-field", (b, r) -> emptyField(b, r)),
          new Mutation("mask-size", (b, r) -> maskSize(b, r)));

  private static final List<Mutation> JSON =
      List.of(
          new Mutation("json-type-swap", BadInputCorpus::typeSwap),
          new Mutation("json-duplicate-key", BadInputCorpus::duplicateKey),
          new Mutation("json-deep-nesting", (b, r) -> deepNesting(b, r)),
          new Mutation("json-null", (b, r) -> replaceValue(b, r, "null")),
          new Mutation(
              "json-empty-container",
              (b, r) -> replaceValue(b, r, one(r, List.of("[]", "{}", "\"\"")))),
          new Mutation(
              "json-unclosed",
              (b, r) -> {
                String t = text(b).stripTrailing();
                return t.substring(0, Math.max(0, t.length() - 1 - r.nextInt(3)))
                    .getBytes(StandardCharsets.UTF_8);
              }),
          new Mutation(
              "json-trailing",
              (b, r) ->
                  (text(b) + one(r, List.of(",", "}", "{\"x\":1}", "]")))
                      .getBytes(StandardCharsets.UTF_8)),
          new Mutation(
              "json-not-json",
              (b, r) ->
                  one(
                          r,
                          List.of(
                              "[",
                              "{",
                              "null",
                              "42",
                              "\"text\"",
                              "[1,2,3]",
                              "{}",
                              "[]",
                              "[{}]",
                              "[null]",
                              "[[]]"))
                      .getBytes(StandardCharsets.UTF_8)));

  private static final List<Mutation> PNG =
      List.of(
          new Mutation("png-size", BadInputCorpus::pngSize),
          new Mutation(
              "png-chunk-length",
              (b, r) -> {
                byte[] c = b.clone();
                if (c.length > 12) {
                  c[8] = (byte) 0x7f;
                  c[9] = (byte) 0xff;
                }
                return c;
              }));

  private static final List<Mutation> IDX =
      List.of(
          new Mutation(
              "idx-size",
              (b, r) ->
                  setInt(
                      b,
                      4 * (1 + r.nextInt(3)),
                      one(r, List.of(0, -1, 3, 100_000, 0x7fffffff, Integer.MIN_VALUE, 65_536)))),
          new Mutation(
              "idx-magic",
              (b, r) ->
                  setInt(
                      b,
                      0,
                      one(
                          r,
                          List.of(
                              0x801, 0x803, 0x0d03, 0x0e03, 0x0b03, 0x0803 | (9 << 0), 0x0fff)))));

  private static byte[] setInt(byte[] b, int at, int v) {
    byte[] c = b.clone();
    for (int i = 0; i < 4 && at + i < c.length; i++) {
      c[at + i] = (byte) (v >>> (24 - 8 * i));
    }
    return c;
  }

  private static final List<Mutation> GZIP =
      List.of(
          new Mutation("gzip-truncate", (b, r) -> Arrays.copyOf(b, r.nextInt(b.length))),
          new Mutation("gzip-byte-flip", BadInputCorpus::flip),
          new Mutation(
              "gzip-trailer",
              (b, r) -> {
                byte[] c = b.clone();
                c[c.length - 1 - r.nextInt(8)] ^= 0x55;
                return c;
              }));

  private static Mutation pick(Kind k, SplittableRandom r) {
    List<Mutation> ms = new ArrayList<>(COMMON);
    if (k.ext().equals(".png") || k.ext().equals("-ubyte")) {
      List<Mutation> header = k.ext().equals(".png") ? PNG : IDX;
      ms.addAll(header);
      ms.addAll(header);
      return one(
          r,
          ms.stream()
              .filter(m -> !m.name().contains("line") && !m.name().equals("lone-cr"))
              .toList());
    }
    boolean json = k.ext().equals(".json") || k.ext().equals(".manifest");
    ms.addAll(json ? JSON : TABLE);
    if (json) {
      ms.addAll(JSON);
    }
    if (k.ext().endsWith(".gz")) {
      ms.addAll(GZIP);
      ms.addAll(GZIP);
    }
    return one(r, ms);
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] flip(byte[] b, SplittableRandom r) {
    byte[] c = b.clone();
    for (int i = 0, n = 1 + r.nextInt(3); i < n && c.length > 0; i++) {
      c[r.nextInt(c.length)] = (byte) r.nextInt(256);
    }
    return c;
  }

  private static byte[] randomBytes(SplittableRandom r, int n) {
    byte[] c = new byte[n];
    for (int i = 0; i < n; i++) {
      c[i] = (byte) r.nextInt(256);
    }
    return c;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static byte[] insert(byte[] b, SplittableRandom r, byte[] what) {
    int at = b.length == 0 ? 0 : r.nextInt(b.length + 1);
    return concat(concat(Arrays.copyOf(b, at), what), Arrays.copyOfRange(b, at, b.length));
  }

  private static byte[] replaceNumber(byte[] b, SplittableRandom r, String[] values) {
    return replaceMatch(b, r, NUMBER, values[r.nextInt(values.length)]);
  }

  private static byte[] replaceMatch(byte[] b, SplittableRandom r, Pattern p, String value) {
    String t = text(b);
    Matcher m = p.matcher(t);
    List<int[]> spans = new ArrayList<>();
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
    }
    if (spans.isEmpty()) {
      return bytes(t + value);
    }
    int[] s = spans.get(r.nextInt(spans.size()));
    return bytes(t.substring(0, s[0]) + value + t.substring(s[1]));
  }

  private static byte[] maskSize(byte[] b, SplittableRandom r) {
    String t = text(b);
    if (!MASK_SIZE.matcher(t).find()) {
      return replaceNumber(b, r, HUGE);
    }
    return replaceMatch(b, r, MASK_SIZE, SIZES[r.nextInt(SIZES.length)]);
  }

  private static List<String> lines(byte[] b) {
    return new ArrayList<>(Arrays.asList(text(b).split("\n", -1)));
  }

  private static byte[] join(List<String> lines) {
    return bytes(String.join("\n", lines));
  }

  private static int dataLine(List<String> lines, SplittableRandom r) {
    return lines.size() <= 1 ? 0 : 1 + r.nextInt(lines.size() - 1);
  }

  private static byte[] duplicateLine(byte[] b, SplittableRandom r) {
    List<String> l = lines(b);
    int i = dataLine(l, r);
    l.add(i, l.get(i));
    return join(l);
  }

  private static byte[] deleteLine(byte[] b, SplittableRandom r) {
    List<String> l = lines(b);
    l.remove(r.nextInt(l.size()));
    return join(l);
  }

  private static char delimiter(String line) {
    return line.indexOf('\t') >= 0 ? '\t' : ',';
  }

  private static byte[] editField(byte[] b, SplittableRandom r, boolean duplicate) {
    List<String> l = lines(b);
    int i = r.nextInt(4) == 0 ? 0 : dataLine(l, r);
    String line = l.get(i);
    String d = String.valueOf(delimiter(line));
    List<String> f = new ArrayList<>(Arrays.asList(line.split(Pattern.quote(d), -1)));
    int j = r.nextInt(f.size());
    if (duplicate) {
      f.add(j, f.get(j));
    } else {
      f.remove(j);
    }
    l.set(i, String.join(d, f));
    return join(l);
  }

  private static byte[] emptyField(byte[] b, SplittableRandom r) {
    List<String> l = lines(b);
    int i = dataLine(l, r);
    String line = l.get(i);
    String d = String.valueOf(delimiter(line));
    String[] f = line.split(Pattern.quote(d), -1);
    f[r.nextInt(f.length)] = one(r, List.of("", " ", "\"\"", "  x  "));
    l.set(i, String.join(d, f));
    return join(l);
  }

  private static byte[] unclosedQuote(byte[] b, SplittableRandom r) {
    List<String> l = lines(b);
    int i = dataLine(l, r);
    String line = l.get(i);
    int at = line.lastIndexOf(delimiter(line)) + 1;
    l.set(i, line.substring(0, at) + "\"" + line.substring(at));
    return join(l);
  }

  private static byte[] wrongDelimiter(byte[] b, SplittableRandom r) {
    String t = text(b);
    char d = delimiter(t.lines().findFirst().orElse(","));
    String to = one(r, List.of(";", "|", d == '\t' ? "," : "\t", " "));
    if (r.nextBoolean()) {
      return bytes(t.replace(String.valueOf(d), to));
    }
    List<String> l = lines(b);
    int i = dataLine(l, r);
    l.set(i, l.get(i).replace(String.valueOf(d), to));
    return join(l);
  }

  private static byte[] renameHeader(byte[] b, SplittableRandom r) {
    List<String> l = lines(b);
    String d = String.valueOf(delimiter(l.get(0)));
    String[] f = l.get(0).split(Pattern.quote(d), -1);
    int j = r.nextInt(f.length);
    f[j] =
        one(
            r,
            List.of("", f[j].toUpperCase(Locale.ROOT), f[(j + 1) % f.length], "x y", f[j] + " "));
    l.set(0, String.join(d, f));
    return join(l);
  }

  private static byte[] manyColumns(byte[] b, SplittableRandom r) {
    List<String> l = lines(b);
    String d = String.valueOf(delimiter(l.get(0)));
    StringBuilder extra = new StringBuilder();
    for (int c = 0, n = 500 + r.nextInt(1500); c < n; c++) {
      extra.append(d).append('c').append(c);
    }
    l.set(0, l.get(0) + extra);
    return join(l);
  }

  private static final Pattern JSON_VALUE =
      Pattern.compile(
          "(\"[^\"\\\\]*\"\\s*:\\s*)(\"[^\"\\\\]*\"|-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?|true|false|null)");

  private static byte[] replaceValue(byte[] b, SplittableRandom r, String value) {
    String t = text(b);
    Matcher m = JSON_VALUE.matcher(t);
    List<int[]> spans = new ArrayList<>();
    while (m.find()) {
      spans.add(new int[] {m.start(2), m.end(2)});
    }
    if (spans.isEmpty()) {
      return bytes(value);
    }
    int[] s = spans.get(r.nextInt(spans.size()));
    return bytes(t.substring(0, s[0]) + value + t.substring(s[1]));
  }

  private static byte[] typeSwap(byte[] b, SplittableRandom r) {
    String t = text(b);
    Matcher m = JSON_VALUE.matcher(t);
    List<String> values = new ArrayList<>();
    while (m.find()) {
      values.add(m.group(2));
    }
    String v = values.isEmpty() ? "1" : values.get(r.nextInt(values.size()));
    String swap =
        v.startsWith("\"")
            ? one(r, List.of("123", "-1", "true", "[" + v + "]", "{\"id\":" + v + "}", "1e400"))
            : one(r, List.of("\"" + v + "\"", "[" + v + "]", "{}", "\"NaN\"", "NaN", "-1e400"));
    return replaceValue(b, r, swap);
  }

  private static byte[] duplicateKey(byte[] b, SplittableRandom r) {
    String t = text(b);
    Matcher m = JSON_VALUE.matcher(t);
    List<int[]> spans = new ArrayList<>();
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
    }
    if (spans.isEmpty()) {
      return bytes(t);
    }
    int[] s = spans.get(r.nextInt(spans.size()));
    String pair = t.substring(s[0], s[1]);
    String copy = r.nextBoolean() ? pair : pair.substring(0, pair.indexOf(':') + 1) + " \"other\"";
    return bytes(t.substring(0, s[1]) + ", " + copy + t.substring(s[1]));
  }

  private static byte[] deepNesting(byte[] b, SplittableRandom r) {
    int depth = 1000 + r.nextInt(20_000);
    String t = text(b);
    String open = "[".repeat(depth);
    String close = r.nextBoolean() ? "]".repeat(depth) : "";
    Matcher m = JSON_VALUE.matcher(t);
    if (!m.find() || r.nextInt(3) == 0) {
      return bytes(open + t + close);
    }
    return bytes(t.substring(0, m.start(2)) + open + m.group(2) + close + t.substring(m.end(2)));
  }

  private static byte[] pngSize(byte[] b, SplittableRandom r) {
    byte[] c = b.clone();
    if (c.length < 24) {
      return c;
    }
    int[] sizes = {0, 1, 65_535, 100_000, 0x7fffffff, -1, 46_341};
    int w = sizes[r.nextInt(sizes.length)];
    int h = sizes[r.nextInt(sizes.length)];
    for (int i = 0; i < 4; i++) {
      c[16 + i] = (byte) (w >>> (24 - 8 * i));
      c[20 + i] = (byte) (h >>> (24 - 8 * i));
    }
    return c;
  }

  private static byte[] gzip(byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(b);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  // ---- files ----------------------------------------------------------------------------------

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.toList()) {
        Path q = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(q);
        } else {
          Files.copy(p, q);
        }
      }
    }
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> files = Files.walk(p)) {
      for (Path q : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(q);
      }
    }
  }
}
