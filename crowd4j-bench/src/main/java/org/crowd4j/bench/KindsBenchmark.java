package org.crowd4j.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.io.CsvWriter;
import org.crowd4j.segmentation.BoundaryNoiseSimulator;
import org.crowd4j.segmentation.Iou;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.SegmentationAggregator;
import org.crowd4j.segmentation.SegmentationEm;
import org.crowd4j.segmentation.SegmentationMajorityVote;
import org.crowd4j.segmentation.SegmentationRasa;
import org.crowd4j.segmentation.SegmentationResult;
import org.crowd4j.text.Rover;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextResult;
import org.crowd4j.text.Tokenizer;
import org.crowd4j.text.TranscriptSimulator;
import org.crowd4j.text.WordErrorRate;

/**
 * Quality and speed of the text and segmentation methods on simulated crowds: word error rate of
 * ROVER against each transcriber, IoU of the segmentation methods against boundary noise, and the
 * wall time of ROVER on 100k transcripts and of the segmentation methods on 1,000 images of 256 ×
 * 256 with 5 annotators. Prints Markdown tables.
 *
 * <p>{@code speed --write DIR} also writes the generated data, for timing other libraries on the
 * same input: {@code transcripts.csv} ({@code task,worker,text}) and {@code transcripts_truth.csv}
 * ({@code task,text}); {@code masks.csv} ({@code task,worker,height,width}, one row per mask) with
 * {@code masks.bin}, the masks in the same order, each {@code ceil(height × width / 8)} bytes of
 * row-major pixels, eight to a byte, first pixel in the highest bit (what {@code numpy.unpackbits}
 * reads); {@code masks_truth.csv} ({@code task,height,width}) with {@code masks_truth.bin} alike;
 * and the same masks as the command line reads them, run-length encoded ({@code HxW:runs}): {@code
 * masks_rle.csv} ({@code task,worker,segmentation}) and {@code masks_truth_rle.csv} ({@code
 * task,segmentation}). {@code --tasks N} sets the transcribed sentences (default 20,000, five
 * transcripts each), {@code --images N} the images (default 1,000), {@code --only texts|masks} one
 * kind, and {@code --write-only} writes the files without timing the methods.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.KindsBenchmark quality
 * java -Xmx2g -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.KindsBenchmark speed
 * java -Xmx2g -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.KindsBenchmark \
 *   speed --write /tmp/kinds-data
 * </pre>
 */
public final class KindsBenchmark {
  private KindsBenchmark() {}

  /**
   * {@code quality}, or {@code speed} with optional {@code --write DIR}, {@code --tasks N}, {@code
   * --images N}, {@code --only texts|masks} and {@code --write-only}.
   */
  public static void main(String[] args) throws IOException {
    String what = args.length == 0 ? "quality" : args[0];
    Path write = null;
    int tasks = 20_000;
    int images = 1000;
    String only = "";
    boolean time = true;
    for (int a = 1; a < args.length; a++) {
      switch (args[a]) {
        case "--write" -> write = Files.createDirectories(Path.of(args[++a]));
        case "--tasks" -> tasks = Integer.parseInt(args[++a]);
        case "--images" -> images = Integer.parseInt(args[++a]);
        case "--only" -> only = args[++a];
        case "--write-only" -> time = false;
        default -> throw new IllegalArgumentException("unknown flag " + args[a]);
      }
    }
    if (what.equals("quality")) {
      roverQuality();
      segmentationQuality();
    } else if (what.equals("speed")) {
      if (!only.equals("masks")) {
        roverSpeed(write, tasks, time);
      }
      if (!only.equals("texts")) {
        segmentationSpeed(write, images, time);
      }
    } else {
      throw new IllegalArgumentException("quality or speed, not " + what);
    }
  }

  /** Five transcribers of rising word error, at three overall levels. */
  static void roverQuality() {
    System.out.println(
        "| level | transcribers' WER (a0 … a4) | best single | ROVER (space) | ROVER gain |");
    System.out.println("|---|---|---:|---:|---:|");
    List<String> truths = TranscriptSimulator.sentences(2000, 2000, 8, 24, 42);
    for (double level : new double[] {0.05, 0.1, 0.2}) {
      TranscriptSimulator.Annotator[] a = new TranscriptSimulator.Annotator[5];
      for (int k = 0; k < 5; k++) {
        double p = level * (0.5 + 0.25 * k);
        a[k] = new TranscriptSimulator.Annotator(p, p / 2, p / 2);
      }
      TranscriptSimulator.Crowd c = TranscriptSimulator.simulate(truths, a, 2000, 42);
      StringBuilder each = new StringBuilder();
      double best = 1;
      for (int k = 0; k < 5; k++) {
        List<String> h = new ArrayList<>();
        for (int t = 0; t < truths.size(); t++) {
          h.add(c.answers().text(5 * t + k));
        }
        double w = WordErrorRate.of(truths, h, Tokenizer.WHITESPACE);
        best = Math.min(best, w);
        each.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", w));
      }
      TextResult r = new Rover().fit(c.answers());
      double rover = WordErrorRate.of(truths, List.of(r.texts()), Tokenizer.WHITESPACE);
      System.out.printf(
          Locale.ROOT,
          "| %.2f | %s | %.3f | %.3f | %.0f %% |%n",
          level,
          each,
          best,
          rover,
          100 * (best - rover) / best);
    }
    System.out.println();
  }

  /** Five segmenters of rising boundary noise, at four overall levels. */
  static void segmentationQuality() {
    Mask[] truths = BoundaryNoiseSimulator.ellipses(300, 64, 64, 7);
    List<SegmentationAggregator> methods =
        List.of(new SegmentationMajorityVote(), new SegmentationRasa(), new SegmentationEm());
    System.out.println("| noise | annotators' IoU (a0 … a4) | best single | MV | RASA | EM |");
    System.out.println("|---|---|---:|---:|---:|---:|");
    for (int level = 1; level <= 4; level++) {
      BoundaryNoiseSimulator.Annotator[] a = new BoundaryNoiseSimulator.Annotator[5];
      for (int k = 0; k < 5; k++) {
        int grow = (k % 2 == 0 ? 1 : -1) * (level * k / 2);
        a[k] = new BoundaryNoiseSimulator.Annotator(level * k / 2, grow, 0.1 * level);
      }
      BoundaryNoiseSimulator.Crowd c = BoundaryNoiseSimulator.simulate(truths, a, 7);
      MaskAnswers data = c.answers();
      StringBuilder each = new StringBuilder();
      double best = 0;
      for (int k = 0; k < 5; k++) {
        double s = 0;
        for (int t = 0; t < truths.length; t++) {
          s += Iou.of(data.mask(5 * t + k), truths[t]);
        }
        s /= truths.length;
        best = Math.max(best, s);
        each.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", s));
      }
      StringBuilder row = new StringBuilder();
      for (SegmentationAggregator m : methods) {
        SegmentationResult r = m.fit(data);
        double s = 0;
        for (int t = 0; t < truths.length; t++) {
          s += Iou.of(r.mask(t), truths[t]);
        }
        row.append(String.format(Locale.ROOT, " %.3f |", s / truths.length));
      }
      System.out.printf(Locale.ROOT, "| %d | %s | %.3f |%s%n", level, each, best, row);
    }
    System.out.println();
  }

  static void roverSpeed(Path write, int tasks, boolean time) throws IOException {
    List<String> truths = TranscriptSimulator.sentences(tasks, 5000, 8, 24, 1);
    TranscriptSimulator.Annotator[] a = new TranscriptSimulator.Annotator[5];
    for (int k = 0; k < 5; k++) {
      double p = 0.05 + 0.03 * k;
      a[k] = new TranscriptSimulator.Annotator(p, p / 2, p / 2);
    }
    TextAnswers data = TranscriptSimulator.simulate(truths, a, 5000, 1).answers();
    if (write != null) {
      writeTexts(write, data, truths);
    }
    if (!time) {
      return;
    }
    Rover rover = new Rover();
    rover.fit(data); // warm-up
    long c0 = cpuNanos();
    long t0 = System.nanoTime();
    TextResult r = rover.fit(data);
    double s = (System.nanoTime() - t0) / 1e9;
    double cpu = (cpuNanos() - c0) / 1e9;
    double wer = WordErrorRate.of(truths, List.of(r.texts()), Tokenizer.WHITESPACE);
    System.out.printf(
        Locale.ROOT,
        "ROVER, %d transcripts (%d tasks x 5), 8-24 words: %.2f s wall, %.2f s CPU, WER %.3f%n",
        data.size(),
        truths.size(),
        s,
        cpu,
        wer);
  }

  /** CPU time of this process, all threads. */
  static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  static void segmentationSpeed(Path write, int images, boolean time) throws IOException {
    Mask[] truths = BoundaryNoiseSimulator.ellipses(images, 256, 256, 3);
    BoundaryNoiseSimulator.Annotator[] a = new BoundaryNoiseSimulator.Annotator[5];
    for (int k = 0; k < 5; k++) {
      a[k] = new BoundaryNoiseSimulator.Annotator(k, (k % 2 == 0 ? 1 : -1) * k, 0.2);
    }
    MaskAnswers data = BoundaryNoiseSimulator.simulate(truths, a, 3).answers();
    if (write != null) {
      writeMasks(write, data, truths);
    }
    if (!time) {
      return;
    }
    for (SegmentationAggregator m :
        List.of(new SegmentationMajorityVote(), new SegmentationRasa(), new SegmentationEm())) {
      m.fit(data); // warm-up
      long c0 = cpuNanos();
      long t0 = System.nanoTime();
      SegmentationResult r = m.fit(data);
      double s = (System.nanoTime() - t0) / 1e9;
      double cpu = (cpuNanos() - c0) / 1e9;
      double iou = 0;
      int iters = 0;
      for (int t = 0; t < truths.length; t++) {
        iou += Iou.of(r.mask(t), truths[t]);
        iters += r.iterations()[t];
      }
      System.out.printf(
          Locale.ROOT,
          "%s, %d images 256x256 x 5 masks: %.2f s wall, %.2f s CPU, mean iterations %.1f,"
              + " mean IoU %.3f%n",
          m.name(),
          truths.length,
          s,
          cpu,
          (double) iters / truths.length,
          iou / truths.length);
    }
  }

  /**
   * Writes the transcripts and their truths (task {@code t} of {@code data} is truth {@code t}).
   */
  static void writeTexts(Path dir, TextAnswers data, List<String> truths) throws IOException {
    CsvWriter.write(
        dir.resolve("transcripts.csv"),
        csv -> {
          csv.row("task", "worker", "text");
          for (int i = 0; i < data.size(); i++) {
            csv.row(
                data.tasks().name(data.task(i)), data.workers().name(data.worker(i)), data.text(i));
          }
        });
    CsvWriter.write(
        dir.resolve("transcripts_truth.csv"),
        csv -> {
          csv.row("task", "text");
          for (int t = 0; t < truths.size(); t++) {
            csv.row(data.tasks().name(t), truths.get(t));
          }
        });
  }

  /** Writes the masks and the true masks (task {@code t} of {@code data} is truth {@code t}). */
  static void writeMasks(Path dir, MaskAnswers data, Mask[] truths) throws IOException {
    try (Writer w = Files.newBufferedWriter(dir.resolve("masks.csv"));
        OutputStream bin =
            new BufferedOutputStream(Files.newOutputStream(dir.resolve("masks.bin")))) {
      CsvWriter csv = new CsvWriter(w);
      csv.row("task", "worker", "height", "width");
      for (int i = 0; i < data.size(); i++) {
        Mask m = data.mask(i);
        csv.field(data.tasks().name(data.task(i))).field(data.workers().name(data.worker(i)));
        csv.number(m.height()).number(m.width()).end();
        bin.write(packedBits(m));
      }
    }
    try (Writer w = Files.newBufferedWriter(dir.resolve("masks_truth.csv"));
        OutputStream bin =
            new BufferedOutputStream(Files.newOutputStream(dir.resolve("masks_truth.bin")))) {
      CsvWriter csv = new CsvWriter(w);
      csv.row("task", "height", "width");
      for (int t = 0; t < truths.length; t++) {
        csv.field(data.tasks().name(t)).number(truths[t].height()).number(truths[t].width());
        csv.end();
        bin.write(packedBits(truths[t]));
      }
    }
    writeRleMasks(dir, data, truths);
  }

  /** The masks and the true masks run-length encoded, as the command line reads them. */
  static void writeRleMasks(Path dir, MaskAnswers data, Mask[] truths) throws IOException {
    CsvWriter.write(
        dir.resolve("masks_rle.csv"),
        csv -> {
          csv.row("task", "worker", "segmentation");
          for (int i = 0; i < data.size(); i++) {
            csv.row(
                data.tasks().name(data.task(i)),
                data.workers().name(data.worker(i)),
                data.mask(i).toRle());
          }
        });
    CsvWriter.write(
        dir.resolve("masks_truth_rle.csv"),
        csv -> {
          csv.row("task", "segmentation");
          for (int t = 0; t < truths.length; t++) {
            csv.row(data.tasks().name(t), truths[t].toRle());
          }
        });
  }

  /** Row-major pixels, eight to a byte, the first in the highest bit. */
  static byte[] packedBits(Mask m) {
    byte[] out = new byte[(m.pixels() + 7) / 8];
    for (int i = 0; i < m.pixels(); i++) {
      if (m.get(i)) {
        out[i >> 3] |= (byte) (0x80 >>> (i & 7));
      }
    }
    return out;
  }
}
