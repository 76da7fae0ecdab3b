package org.crowd4j.bench.fuzz;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * Fuzzes every reader with Jazzer (coverage-guided, libFuzzer's engine), one JVM per target, from a
 * small seed corpus of valid files: {@code java -cp CLASSPATH org.crowd4j.bench.fuzz.FuzzReaders
 * [--runs N] [--seed S] [--targets answers,gold,...,masks,pairwise,text] [--workers W]
 * [--max-seconds T] [--out DIR]}: {@code W} JVMs per target (seeds S, S+1, …; N/W executions each)
 * run at once, all targets together when W > 1. Prints one line per target (executions summed over
 * its workers, the slowest worker's seconds, findings) and exits 1 when any target found an input
 * that makes a reader throw something other than the project's bad-input error naming the file. The
 * class path must hold this module, its dependencies and Jazzer ({@code
 * com.code-intelligence:jazzer}).
 */
public final class FuzzReaders {
  /** Target name → class. */
  static final Map<String, Class<?>> TARGETS = new LinkedHashMap<>();

  static {
    TARGETS.put("answers", AnswersFuzz.class);
    TARGETS.put("gold", GoldFuzz.class);
    TARGETS.put("features", FeaturesFuzz.class);
    TARGETS.put("idx", IdxFuzz.class);
    TARGETS.put("model", ModelFuzz.class);
    TARGETS.put("exports", ExportsFuzz.class);
    TARGETS.put("masks", MasksFuzz.class);
    TARGETS.put("pairwise", PairwiseFuzz.class);
    TARGETS.put("text", TextFuzz.class);
  }

  private static final Pattern DONE = Pattern.compile("Done (\\d+) runs in (\\d+) second");

  private FuzzReaders() {}

  /** What one target's campaign gave. */
  public record Result(
      String target, long executions, long seconds, int exitCode, String finding, Path log) {
    /** Whether the target ran its executions without a finding. */
    public boolean clean() {
      return exitCode == 0 && finding == null;
    }
  }

  /** Runs the campaigns; see the class comment. */
  public static void main(String[] args) throws Exception {
    long runs = 10_000_000L;
    long seed = 1;
    List<String> targets = new ArrayList<>(TARGETS.keySet());
    Path out = Path.of("target/fuzz");
    int workers = 1;
    long maxSeconds = 0;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--runs" -> runs = Long.parseLong(args[++i]);
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--targets" -> targets = List.of(args[++i].split(","));
        case "--out" -> out = Path.of(args[++i]);
        case "--workers" -> workers = Integer.parseInt(args[++i]);
        case "--max-seconds" -> maxSeconds = Long.parseLong(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    boolean clean = true;
    System.out.printf(
        Locale.ROOT,
        "%-10s %14s %9s %10s  %s%n",
        "reader",
        "executions",
        "seconds",
        "exec/s",
        "findings");
    List<java.util.concurrent.Future<Result>> futures = new ArrayList<>();
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(
            workers == 1 ? 1 : targets.size() * workers);
    for (String t : targets) {
      for (int w = 0; w < workers; w++) {
        long s = seed + w;
        long n = runs / workers + (w < runs % workers ? 1 : 0);
        Path o = workers == 1 ? out : out.resolve("worker" + w);
        long cap = maxSeconds;
        futures.add(pool.submit(() -> run(t, n, s, o, cap)));
      }
    }
    for (int ti = 0; ti < targets.size(); ti++) {
      long execs = 0;
      long seconds = 0;
      String finding = null;
      Path log = null;
      for (int w = 0; w < workers; w++) {
        Result r = futures.get(ti * workers + w).get();
        execs += r.executions();
        seconds = Math.max(seconds, r.seconds());
        if (!r.clean() && finding == null) {
          finding = r.finding();
          log = r.log();
        }
      }
      clean &= finding == null;
      System.out.printf(
          Locale.ROOT,
          "%-10s %14d %9d %10.0f  %s%n",
          targets.get(ti),
          execs,
          seconds,
          execs / (double) Math.max(1, seconds),
          finding == null ? "none" : finding + " (log " + log + ")");
      System.out.flush();
    }
    pool.shutdown();
    System.exit(clean ? 0 : 1);
  }

  /**
   * Fuzzes {@code target} for {@code runs} executions in a new JVM; its files go under {@code out}.
   */
  public static Result run(String target, long runs, long seed, Path out)
      throws IOException, InterruptedException {
    return run(target, runs, seed, out, 0);
  }

  /**
   * Fuzzes {@code target} for {@code runs} executions, or until {@code maxSeconds} passed when it
   * is positive, in a new JVM; its files go under {@code out}.
   */
  public static Result run(String target, long runs, long seed, Path out, long maxSeconds)
      throws IOException, InterruptedException {
    Class<?> cls = TARGETS.get(target);
    if (cls == null) {
      throw new IllegalArgumentException(
          "unknown target " + target + "; known: " + TARGETS.keySet());
    }
    Path dir = Files.createDirectories(out.resolve(target));
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    int n = 0;
    for (byte[] s : seeds(target)) {
      Files.write(corpus.resolve("seed-" + n++), s);
    }
    Path log = dir.resolve("jazzer.log");
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx1g");
    cmd.add("-XX:+UseSerialGC");
    String cp = absoluteClassPath();
    cmd.add("-cp");
    cmd.add(cp);
    cmd.add("com.code_intelligence.jazzer.Jazzer");
    cmd.add("--cp=" + cp);
    cmd.add("--target_class=" + cls.getName());
    cmd.add("--instrumentation_includes=org.crowd4j.**:de.siegmar.fastcsv.**");
    cmd.add("--custom_hook_excludes=**");
    cmd.add("-runs=" + runs);
    if (maxSeconds > 0) {
      cmd.add("-max_total_time=" + maxSeconds);
    }
    cmd.add("-seed=" + seed);
    cmd.add("-max_len=4096");
    cmd.add("-timeout=60");
    cmd.add("-rss_limit_mb=3072");
    cmd.add("-print_final_stats=1");
    cmd.add("-artifact_prefix=" + dir.toAbsolutePath() + "/");
    cmd.add(corpus.toAbsolutePath().toString());
    Process p =
        new ProcessBuilder(cmd)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    int code = p.waitFor();
    String text = Files.readString(log, StandardCharsets.UTF_8);
    long execs = 0;
    long seconds = 0;
    Matcher m = DONE.matcher(text);
    while (m.find()) {
      execs = Long.parseLong(m.group(1));
      seconds = Long.parseLong(m.group(2));
    }
    Matcher stat = Pattern.compile("stat::number_of_executed_units: (\\d+)").matcher(text);
    while (stat.find()) {
      execs = Math.max(execs, Long.parseLong(stat.group(1)));
    }
    String finding = null;
    Matcher f = Pattern.compile("== Java Exception: ([^\\n]*)").matcher(text);
    if (f.find()) {
      finding = f.group(1).trim();
    } else if (code != 0) {
      Matcher other = Pattern.compile("==\\d+== ERROR: ([^\\n]*)").matcher(text);
      finding = other.find() ? other.group(1).trim() : "exit code " + code;
    }
    return new Result(target, execs, seconds, code, finding, log);
  }

  /**
   * The class path of the fuzzing JVM: the jars or folders of the readers, their parsers and Jazzer
   * (found from classes they hold), not everything this JVM has — less to load and instrument.
   */
  static String absoluteClassPath() {
    Class<?>[] needed = {
      FuzzReaders.class,
      org.crowd4j.io.CrowdReader.class,
      org.crowd4j.nn.internal.ModelFiles.class,
      de.siegmar.fastcsv.reader.CsvReader.class,
      com.fasterxml.jackson.core.JsonFactory.class,
      com.fasterxml.jackson.databind.ObjectMapper.class,
      com.fasterxml.jackson.annotation.JsonProperty.class,
      org.slf4j.Logger.class,
      com.code_intelligence.jazzer.api.FuzzedDataProvider.class,
      com.code_intelligence.jazzer.Jazzer.class
    };
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (Class<?> c : needed) {
      try {
        out.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
      } catch (java.net.URISyntaxException e) {
        throw new IllegalStateException("cannot locate " + c, e);
      }
    }
    return String.join(java.io.File.pathSeparator, out);
  }

  /** Valid files (with their variant byte) to start from. */
  static List<byte[]> seeds(String target) throws IOException {
    List<byte[]> s = new ArrayList<>();
    switch (target) {
      case "answers" -> {
        s.add(text(0, "task,worker,label\nt1,w1,a\nt1,w2,\"b c\"\nt2,w1,\"say \"\"hi\"\"\"\n"));
        s.add(text(1, "task\tworker\tlabel\nt1\tw1\ta\nt2\tw2\tb\n"));
        s.add(text(2, "\uFEFFtask,worker,label\r\nt1,w1,a\r\n\r\nt2,w1,b\r\n"));
        s.add(text(16, "task,label\nt1,a\nt1,b\n"));
        s.add(text(32, "task,worker,label,extra\nt1,w1,a,x\nt1,w1,b,y\n"));
      }
      case "gold" -> {
        s.add(text(0, "task,label\nt1,a\n\"t,2\",b\n"));
        s.add(text(1, "task\tlabel\nt1\ta\n"));
      }
      case "features" -> {
        s.add(text(0, "task,f0,f1\nt1,0.5,1e3\nt2,-1,2\n"));
        s.add(text(1, "task\tf0\nt1\t3.25\n"));
      }
      case "idx" -> {
        ByteArrayOutputStream labels = new ByteArrayOutputStream();
        java.io.DataOutputStream l = new java.io.DataOutputStream(labels);
        l.writeInt(0x801);
        l.writeInt(2);
        l.writeByte(1);
        l.writeByte(7);
        ByteArrayOutputStream images = new ByteArrayOutputStream();
        java.io.DataOutputStream i = new java.io.DataOutputStream(images);
        i.writeInt(0x803);
        i.writeInt(2);
        i.writeInt(2);
        i.writeInt(2);
        for (int b = 0; b < 8; b++) {
          i.writeByte(b * 30);
        }
        for (int v : new int[] {0, 3}) {
          ByteArrayOutputStream all = new ByteArrayOutputStream();
          all.write(v);
          all.write(0);
          all.write(labels.size());
          all.write(labels.toByteArray());
          all.write(images.toByteArray());
          s.add(all.toByteArray());
        }
      }
      case "model" -> {
        // variants 0, 1: format version 3 (safetensors); 2, 3: version 2 (parameters.bin)
        s.add(variant(0, ModelFuzz.modelJson(ModelFuzz.SAFETENSORS, 3)));
        s.add(variant(1, ModelFuzz.SAFETENSORS));
        s.add(variant(2, ModelFuzz.modelJson(ModelFuzz.PARAMETERS, 2)));
        s.add(variant(3, ModelFuzz.PARAMETERS));
      }
      case "exports" -> {
        s.add(
            text(
                0,
                "[{\"id\": 1, \"data\": {\"ref\": \"r1\"}, \"annotations\": [{\"completed_by\": 7,"
                    + " \"was_cancelled\": false, \"result\": [{\"from_name\": \"kind\", \"type\":"
                    + " \"choices\", \"value\": {\"choices\": [\"cat\"]}}]}, {\"completed_by\":"
                    + " {\"id\": 3, \"email\": \"a@b.c\"}, \"result\": [{\"from_name\": \"kind\","
                    + " \"type\": \"choices\", \"value\": {\"choices\": [\"cat\", \"dog\"]}}]}]}]\n"));
        s.add(
            text(
                1,
                "INPUT:url\tOUTPUT:kind\tGOLDEN:kind\tASSIGNMENT:worker_id\tASSIGNMENT:status\n"
                    + "u1\tcat\tcat\tw1\tAPPROVED\nu1\t\"[\"\"a\"\",\"\"b\"\"]\"\t\tw2\tREJECTED\n"));
        s.add(
            text(
                2,
                "\"HITId\",\"WorkerId\",\"AssignmentStatus\",\"Input.url\",\"Answer.kind\"\r\n"
                    + "\"H1\",\"W1\",\"Approved\",\"u1\",\"cat|dog\"\r\n"
                    + "\"H1\",\"W2\",\"Rejected\",\"u1\",\"dog\"\r\n"));
        s.add(text(3, "{\"source-ref\": \"s3://b/1.png\", \"sport\": 0}\n{\"source\": \"two\"}\n"));
        s.add(
            text(
                4,
                "{\"answers\": [{\"workerId\": \"w1\", \"answerContent\": {\"crowd-classifier\":"
                    + " {\"label\": \"a\"}}}, {\"workerId\": \"w2\", \"answerContent\":"
                    + " {\"crowd-classifier\": {\"labels\": [\"a\", \"b\"]}}}]}\n"));
        String ls =
            "[{\"id\": 1, \"data\": {\"t1\": \"x\", \"t2\": \"y\", \"a\": \"x\", \"b\": \"z\"},"
                + " \"annotations\": [{\"completed_by\": 7, \"result\": [{\"from_name\": \"pw\","
                + " \"to_name\": \"t1,t2\", \"type\": \"pairwise\", \"value\": {\"selected\":"
                + " \"left\"}}, {\"from_name\": \"tx\", \"type\": \"textarea\", \"value\":"
                + " {\"text\": [\"hello there\"]}}, {\"from_name\": \"br\", \"type\":"
                + " \"brushlabels\", \"original_width\": 2, \"original_height\": 1, \"value\":"
                + " {\"format\": \"rle\", \"rle\": [0, 0, 0, 8, 57, 44, 252, 96, 17, 4, 129, 254]}}]}]}]\n";
        for (int k : new int[] {128, 129, 130, 131}) {
          s.add(text(k, ls));
        }
        s.add(text(132, "INPUT:a\tOUTPUT:text\tASSIGNMENT:worker_id\nu1\tsome text\tw1\n"));
        s.add(text(133, "INPUT:a\tINPUT:b\tOUTPUT:r\tASSIGNMENT:worker_id\nx\ty\tleft\tw1\n"));
        s.add(
            text(
                134,
                "\"HITId\",\"WorkerId\",\"Input.a\",\"Answer.text\"\r\n\"H1\",\"W1\",\"u\",\"a b\"\r\n"));
        s.add(
            text(
                135,
                "\"HITId\",\"WorkerId\",\"Input.a\",\"Input.b\",\"Answer.r\"\r\n"
                    + "\"H1\",\"W1\",\"x\",\"y\",\"Right\"\r\n"));
      }
      case "masks" -> {
        s.add(text(0, "task,worker,segmentation\nt1,w1,01;10\nt1,w2,2x2:1 2 1\nt2,w1,3x1:0 3\n"));
        s.add(text(8, "task\tworker\tsegmentation\nt1\tw1\t 01 ; 10 \n"));
        s.add(text(16, "task,worker,segmentation\nt1,w1,1x4:0 2 2\n"));
        s.add(text(1, "task,segmentation\nt1,01;10\nt2,2x2:0 4\n"));
        s.add(text(7, "worker,skill\nw1,0.9\nw2,0.5\n"));
        s.add(variant(2, png(new BufferedImage(3, 2, BufferedImage.TYPE_BYTE_GRAY), 0x40)));
        s.add(variant(10, png(new BufferedImage(2, 2, BufferedImage.TYPE_INT_ARGB), 0x80ff0000)));
        s.add(variant(6, png(new BufferedImage(4, 1, BufferedImage.TYPE_BYTE_BINARY), 0xffffff)));
        s.add(text(3, "2x3:1 2 3"));
        s.add(text(4, "01;10;11"));
        s.add(
            text(
                5,
                "[{\"id\": 201, \"data\": {\"image\": \"/data/upload/1/street-1.png\"},"
                    + " \"annotations\": [{\"completed_by\": 7, \"was_cancelled\": false,"
                    + " \"result\": [{\"from_name\": \"tag\", \"to_name\": \"image\", \"type\":"
                    + " \"brushlabels\", \"original_width\": 4, \"original_height\": 3,"
                    + " \"value\": {\"format\": \"rle\", \"rle\": [0, 0, 0, 48, 57, 44, 252, 96,"
                    + " 0, 127, 194, 0, 7, 253, 44, 0, 15, 248, 64, 0, 255, 171, 128, 0],"
                    + " \"brushlabels\": [\"Car\"]}}, {\"from_name\": \"tag\", \"to_name\":"
                    + " \"image\", \"type\": \"brushlabels\", \"original_width\": 4,"
                    + " \"original_height\": 3, \"value\": {\"format\": \"rle\", \"rle\": [0, 0,"
                    + " 0, 48, 57, 44, 253, 32, 0, 8, 8, 127, 233, 128, 0, 64, 67, 255, 83, 0]}}]},"
                    + " {\"completed_by\": {\"id\": 12}, \"was_cancelled\": true, \"result\":"
                    + " []}]}]\n"));
      }
      case "pairwise" -> {
        String longFormat =
            "worker,left,right,label\n7,summary-a,summary-b,summary-a\n"
                + "12,summary-a,summary-b,summary-b\n15,summary-c,summary-a,summary-c\n";
        s.add(text(0, longFormat));
        s.add(text(8, longFormat.replace(',', '\t')));
        s.add(text(16, longFormat));
        s.add(text(1, "task,left,right,label\nq1,\"a,1\",b,b\nq2,b,c,c\n"));
        s.add(text(7, "annotator,a,b,winner\nw1,x,y,y\n"));
        s.add(text(2, "item,score\na,0.5\nb,-1\nc,2e0\n"));
        String ls =
            "[{\"id\": 401, \"data\": {\"text1\": \"summary-a\", \"text2\": \"summary-b\"},"
                + " \"annotations\": [{\"completed_by\": 7, \"was_cancelled\": false, \"result\":"
                + " [{\"from_name\": \"pw\", \"to_name\": \"text1,text2\", \"type\":"
                + " \"pairwise\", \"value\": {\"selected\": \"left\"}}]}, {\"completed_by\":"
                + " {\"id\": 12, \"email\": \"ann@example.com\"}, \"result\": [{\"from_name\":"
                + " \"pw\", \"to_name\": \"text1,text2\", \"type\": \"pairwise\", \"value\":"
                + " {\"selected\": \"right\"}}]}, {\"completed_by\": 15, \"was_cancelled\": true,"
                + " \"result\": []}]}]\n";
        s.add(text(3, ls));
        s.add(text(6, ls));
        s.add(
            text(
                4,
                "INPUT:image_left\tINPUT:image_right\tOUTPUT:result\tGOLDEN:result"
                    + "\tASSIGNMENT:worker_id\tASSIGNMENT:status\n"
                    + "https://example.com/sbs/a.jpg\thttps://example.com/sbs/b.jpg\tleft\t"
                    + "\t5f1b2c\tAPPROVED\n"
                    + "https://example.com/sbs/a.jpg\thttps://example.com/sbs/b.jpg\tright\t"
                    + "\t9e7d11\tREJECTED\n"));
        s.add(
            text(
                5,
                "\"HITId\",\"WorkerId\",\"AssignmentStatus\",\"Input.image_left\","
                    + "\"Input.image_right\",\"Answer.better.label\"\r\n"
                    + "\"H1\",\"A2WXYZ1EXAMPLE\",\"Approved\",\"https://example.com/q/x.jpg\","
                    + "\"https://example.com/q/y.jpg\",\"Left\"\r\n"
                    + "\"H1\",\"A3KLMN2EXAMPLE\",\"Rejected\",\"https://example.com/q/x.jpg\","
                    + "\"https://example.com/q/y.jpg\",\"Right\"\r\n"));
      }
      case "text" -> {
        s.add(
            text(
                0,
                "task,worker,text,embedding\nt1,w1,hello there,0.5 -1 3e-2\n"
                    + "t1,w2,\"hi, you\",[1.0E-5 2 .5]\nt2,w1,,\"1,2,3\"\n"));
        s.add(text(4, "task\tworker\ttext\tembedding\nt1\tw1\ta b\t+1 2 -3\n"));
        s.add(text(8, "task,worker,text,embedding\nt1,w1,x,1 2\n"));
        s.add(text(1, "task,worker,text\nt1,w1,\nt2,w1,\"a \"\"quoted\"\" text\"\n"));
        s.add(text(2, "task,worker,embedding\nt1,w1,0.1 0.2\nt1,w2,1 2\nt2,w1,3 4\n"));
        s.add(text(2, "worker,task,e0,e1\nw1,t1,0.1,0.2\nw2,t1,1,2\nw1,t2,3,4\n"));
        s.add(text(3, "task,embedding\nt1,1 2 3\nt2,-4 5e1 6\n"));
        s.add(text(3, "task,x,y\nt1,1,2\nt2,.5,-0.25\n"));
      }
      default -> throw new IllegalArgumentException(target);
    }
    return s;
  }

  /** {@code image} with its first pixel and the last set to {@code rgb}, as PNG bytes. */
  private static byte[] png(BufferedImage image, int rgb) throws IOException {
    image.setRGB(0, 0, rgb);
    image.setRGB(image.getWidth() - 1, image.getHeight() - 1, rgb);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (!ImageIO.write(image, "png", out)) {
      throw new IOException("no PNG writer");
    }
    return out.toByteArray();
  }

  /** {@code body} behind the variant byte {@code variant}. */
  private static byte[] variant(int variant, byte[] body) {
    byte[] out = new byte[body.length + 1];
    out[0] = (byte) variant;
    System.arraycopy(body, 0, out, 1, body.length);
    return out;
  }

  private static byte[] text(int variant, String content) {
    byte[] t = content.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[t.length + 1];
    out[0] = (byte) variant;
    System.arraycopy(t, 0, out, 1, t.length);
    return out;
  }
}
