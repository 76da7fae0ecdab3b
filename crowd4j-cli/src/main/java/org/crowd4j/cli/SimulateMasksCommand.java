package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.crowd4j.segmentation.BoundaryNoiseSimulator;
import org.crowd4j.segmentation.Iou;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j simulate-masks}: segmentations of known ellipses by noisy annotators. */
@Command(
    name = "simulate-masks",
    mixinStandardHelpOptions = true,
    description =
        "Simulate segmenters whose errors sit at the object's boundary: every annotator draws"
            + " every image's true ellipse shifted, grown (even k) or shrunk (odd k), with"
            + " boundary pixels flipped; annotator k of n gets (0.5 + k/(n-1)) times the given"
            + " noise. Writes answers.csv (task,worker,segmentation), gold.csv"
            + " (task,segmentation) and workers.csv (each annotator's noise) to a folder, in the"
            + " format aggregate-masks reads.",
    footer = {
      "",
      "Example: crowd4j simulate-masks --images 50 --annotators 5 --seed 1 --out sim/",
      "         crowd4j aggregate-masks --answers sim/answers.csv --method mv --gold sim/gold.csv"
    })
final class SimulateMasksCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--images",
      defaultValue = "50",
      paramLabel = "N",
      description = "Images (default: ${DEFAULT-VALUE}).")
  int images;

  @Option(
      names = "--height",
      defaultValue = "32",
      paramLabel = "N",
      description = "Image height in pixels (default: ${DEFAULT-VALUE}).")
  int height;

  @Option(
      names = "--width",
      defaultValue = "32",
      paramLabel = "N",
      description = "Image width in pixels (default: ${DEFAULT-VALUE}).")
  int width;

  @Option(
      names = "--annotators",
      defaultValue = "5",
      paramLabel = "N",
      description = "Annotators, each segmenting every image (default: ${DEFAULT-VALUE}).")
  int annotators;

  @Option(
      names = "--max-shift",
      defaultValue = "2",
      paramLabel = "N",
      description = "Mean largest shift in pixels per axis (default: ${DEFAULT-VALUE}).")
  int maxShift;

  @Option(
      names = "--grow",
      defaultValue = "1",
      paramLabel = "N",
      description = "Mean dilation or erosion radius in pixels (default: ${DEFAULT-VALUE}).")
  int grow;

  @Option(
      names = "--boundary-flip",
      defaultValue = "0.3",
      paramLabel = "P",
      description = "Mean probability of flipping a boundary pixel (default: ${DEFAULT-VALUE}).")
  double boundaryFlip;

  @Option(
      names = "--encoding",
      defaultValue = "rle",
      paramLabel = "ENC",
      description = "Mask encoding: rle (HxW:runs) or rows (0/1 rows joined by ';').")
  String encoding;

  @Option(
      names = "--seed",
      defaultValue = "0",
      paramLabel = "N",
      description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder.")
  Path out;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    if (images < 1 || annotators < 1 || height < 2 || width < 2) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--images and --annotators must be at least 1, --height and --width at least 2");
    }
    if (maxShift < 0 || grow < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--max-shift and --grow must be >= 0");
    }
    boolean rle;
    switch (encoding.toLowerCase(Locale.ROOT)) {
      case "rle" -> rle = true;
      case "rows" -> rle = false;
      default ->
          throw new CommandLine.ParameterException(
              spec.commandLine(), "--encoding must be rle or rows: '" + encoding + "'");
    }
    BoundaryNoiseSimulator.Annotator[] crowd = new BoundaryNoiseSimulator.Annotator[annotators];
    try {
      for (int k = 0; k < annotators; k++) {
        double f = Spread.factor(k, annotators);
        int g = (int) Math.round(grow * f);
        crowd[k] =
            new BoundaryNoiseSimulator.Annotator(
                (int) Math.round(maxShift * f),
                k % 2 == 0 ? g : -g,
                Spread.rate(boundaryFlip, f, "--boundary-flip"));
      }
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    Mask[] truths = BoundaryNoiseSimulator.ellipses(images, height, width, seed);
    BoundaryNoiseSimulator.Crowd sim = BoundaryNoiseSimulator.simulate(truths, crowd, seed);
    MaskAnswers data = sim.answers();
    List<String[]> answers = new ArrayList<>(data.size());
    double[] iou = new double[annotators];
    for (int a = 0; a < data.size(); a++) {
      String worker = data.workers().name(data.worker(a));
      String task = data.tasks().name(data.task(a));
      answers.add(new String[] {task, worker, encode(data.mask(a), rle)});
      iou[Integer.parseInt(worker.substring(1))] +=
          Iou.of(data.mask(a), truths[Integer.parseInt(task.substring(1))]) / images;
    }
    List<String[]> gold = new ArrayList<>(images);
    for (int t = 0; t < images; t++) {
      gold.add(new String[] {"i" + t, encode(truths[t], rle)});
    }
    List<String[]> workers = new ArrayList<>(annotators);
    for (int k = 0; k < annotators; k++) {
      workers.add(
          new String[] {
            "a" + k,
            Integer.toString(crowd[k].maxShift()),
            Integer.toString(crowd[k].grow()),
            Spread.text(crowd[k].boundaryFlip()),
            Spread.text(iou[k])
          });
    }
    SimulatedFolder.write(
        out,
        "segmentation",
        answers,
        gold,
        List.of("worker", "max_shift", "grow", "boundary_flip", "mean_iou"),
        workers);
    double best = java.util.Arrays.stream(iou).max().orElse(Double.NaN);
    PrintWriter pw = spec.commandLine().getOut();
    if (output.json) {
      ObjectNode j = Output.object("simulate-masks");
      j.put("images", images);
      j.put("height", height);
      j.put("width", width);
      j.put("annotators", annotators);
      j.put("masks", data.size());
      j.put("seed", seed);
      Output.put(j, "bestAnnotatorIou", best);
      Output.put(j, "out", out);
      Output.print(pw, j);
    } else if (output.human()) {
      pw.printf(
          Locale.ROOT,
          "simulated %d masks of %d images (%dx%d) by %d annotators (mean IoU with the truth"
              + " %.3f to %.3f)%n",
          data.size(),
          images,
          height,
          width,
          annotators,
          java.util.Arrays.stream(iou).min().orElse(Double.NaN),
          best);
      SimulatedFolder.printWritten(pw, out, "answers.csv, gold.csv, workers.csv");
    }
    return ExitCodes.OK;
  }

  private static String encode(Mask m, boolean rle) {
    return rle ? m.toRle() : m.toRows();
  }
}
