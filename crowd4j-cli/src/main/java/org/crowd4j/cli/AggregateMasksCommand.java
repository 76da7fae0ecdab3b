package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportData;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportReader;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.model.MaskModelWriter;
import org.crowd4j.segmentation.Iou;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.MaskMethods;
import org.crowd4j.segmentation.MaskReader;
import org.crowd4j.segmentation.MaskWriter;
import org.crowd4j.segmentation.PixelBudget;
import org.crowd4j.segmentation.SegmentationAggregator;
import org.crowd4j.segmentation.SegmentationMajorityVote;
import org.crowd4j.segmentation.SegmentationResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j aggregate-masks}: one binary mask per image from the workers' masks. */
@Command(
    name = "aggregate-masks",
    mixinStandardHelpOptions = true,
    description =
        "Aggregate binary segmentation masks (0/1 rows, run-length or PNG files) into one mask"
            + " per image with majority vote, segmentation RASA or segmentation EM.",
    footerHeading = "%nMethods (--param KEY=VALUE sets their options):%n",
    footer = {
      "mv weighs the workers given with --skills (onMissing: workers not in the file).",
      "Details: docs/methods/segmentation.md"
    })
final class AggregateMasksCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin KindInput input;

  @Option(names = "--method", required = true, paramLabel = "NAME", description = "mv, rasa or em.")
  String method;

  @Option(
      names = "--param",
      paramLabel = "KEY=VALUE",
      description = "Method option, repeatable (e.g. --param iterations=20).")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(
      names = "--segmentation-column",
      defaultValue = "segmentation",
      description = "Header of the mask column (default: ${DEFAULT-VALUE}).")
  String segmentationColumn;

  @Option(
      names = "--skills",
      paramLabel = "FILE",
      description = "Worker weights for mv (worker,skill).")
  Path skills;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description = "True masks (task and the mask column): the mean IoU is printed.")
  Path gold;

  @Option(names = "--out", paramLabel = "FILE", description = "Write task,segmentation as CSV.")
  Path out;

  @Option(
      names = "--encoding",
      defaultValue = "rows",
      paramLabel = "ENC",
      description = "Mask encoding in --out: rows (0/1 rows joined by ';') or rle (HxW:runs).")
  String encoding;

  @Option(
      names = "--png-dir",
      paramLabel = "DIR",
      description = "Also write each aggregated mask as DIR/<task>.png.")
  Path pngDir;

  @Option(
      names = "--max-pixels",
      paramLabel = "N",
      description =
          "Largest mask accepted, in pixels, checked from each mask's declared size before it is"
              + " read (default: 67108864, 8192 x 8192; the methods need about 20 bytes per pixel"
              + " of an image).")
  Long maxPixels;

  @Option(
      names = "--model-out",
      paramLabel = "FILE",
      description = "Write per-answer weights or skills, iterations and provenance as JSON.")
  Path modelOut;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    if (!MaskMethods.LIST.contains(method)) {
      throw Checks.unknown(spec, "method", method, MaskMethods.LIST.names());
    }
    MethodSpec<SegmentationAggregator> methodSpec = MaskMethods.LIST.spec(method);
    Record defaults = methodSpec.defaults();
    Checks.paramsKnown(spec, "method '" + method + "'", params.keySet(), defaults);
    if (maxPixels != null) {
      try {
        PixelBudget.setMaxPixels(maxPixels);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--max-pixels: " + e.getMessage());
      }
    }
    Record options;
    CsvFormat rules;
    MaskWriter.Encoding enc;
    try {
      options = OptionsBinder.bind(defaults, params);
      rules = input.rules();
      enc = MaskWriter.Encoding.valueOf(encoding.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (skills != null && !method.equals("mv")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--skills weighs majority vote only (--method mv)");
    }
    Checks.inputsExist(spec, "--answers", input.answers, "--skills", skills, "--gold", gold);
    long t0 = System.nanoTime();
    MaskAnswers data;
    Map<String, Double> skillMap = Map.of();
    Map<String, Mask> truth = null;
    MaskReader.Layout layout =
        new MaskReader.Layout(
            input.columns.taskColumn, input.columns.workerColumn, segmentationColumn);
    try {
      ExportFormat format = input.answersFormat();
      if (format == ExportFormat.LONG) {
        input.refuseExportOptions();
        data = MaskReader.read(input.answers, layout, rules);
      } else {
        ExportData<MaskAnswers> x =
            ExportReader.readMasks(input.answers, format, rules, input.exportOptions());
        ExportInput.printNotes(output, spec.commandLine().getErr(), input.answers, x.notes());
        data = x.data();
      }
      if (skills != null) {
        skillMap = MaskReader.readSkills(skills, rules);
      }
      if (gold != null) {
        truth = MaskReader.readTruth(gold, layout, rules);
      }
    } catch (CrowdFormatException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        throw e;
      }
      throw new BadInputException(e.getMessage(), e);
    }
    double loadSeconds = (System.nanoTime() - t0) / 1e9;
    SegmentationAggregator aggregator;
    try {
      aggregator =
          methodSpec
              .factory()
              .apply(
                  options instanceof SegmentationMajorityVote.Options mv
                      ? mv.withSkills(skillMap)
                      : options);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    long t1 = System.nanoTime();
    SegmentationResult result;
    try {
      result = aggregator.fit(data);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    double fitSeconds = (System.nanoTime() - t1) / 1e9;
    if (out != null) {
      MaskWriter.writeCsv(out, result, enc);
    }
    if (pngDir != null) {
      int numbered = MaskWriter.writePngFolder(pngDir, result);
      if (numbered > 0 && !output.quiet) {
        spec.commandLine()
            .getErr()
            .println(
                "note: "
                    + numbered
                    + " image(s) whose ids give the same file name were numbered (~2, ~3, …); "
                    + pngDir.resolve("index.csv")
                    + " lists the file of every image");
      }
    }
    if (modelOut != null) {
      MaskModelWriter.write(modelOut, result, data);
    }
    double iou = Double.NaN;
    int goldTasks = 0;
    if (truth != null) {
      double sum = 0;
      for (Map.Entry<String, Mask> g : truth.entrySet()) {
        String task = g.getKey();
        if (data.tasks().contains(task)) {
          Mask m = result.mask(data.tasks().id(task));
          if (!m.sameSize(g.getValue())) {
            throw new BadInputException(
                gold + ": the true mask of '" + task + "' is not the size of its answers");
          }
          sum += Iou.of(m, g.getValue());
          goldTasks++;
        }
      }
      iou = goldTasks == 0 ? Double.NaN : sum / goldTasks;
    }
    int maxIterations = 0;
    int converged = 0;
    for (int t = 0; t < result.tasks().size(); t++) {
      maxIterations = Math.max(maxIterations, result.iterations()[t]);
      converged += result.converged()[t] ? 1 : 0;
    }
    if (output.json) {
      ObjectNode j = Output.object("aggregate-masks");
      j.put("method", method);
      Output.put(j, "input", input.answers);
      j.put("images", data.tasks().size());
      j.put("workers", data.workers().size());
      j.put("answers", data.size());
      j.put("maxIterations", maxIterations);
      j.put("imagesConverged", converged);
      FitSummary.seconds(j, loadSeconds, fitSeconds);
      if (truth == null) {
        j.putNull("gold");
      } else {
        ObjectNode g = j.putObject("gold");
        g.put("images", goldTasks);
        Output.put(g, "meanIou", iou);
      }
      Output.put(j, "out", out);
      Output.put(j, "pngDir", pngDir);
      Output.put(j, "modelOut", modelOut);
      Output.print(outw, j);
    } else if (output.human()) {
      outw.printf(
          Locale.ROOT,
          "%s on %s: %d images, %d workers, %d masks%n",
          method,
          input.answers,
          data.tasks().size(),
          data.workers().size(),
          data.size());
      outw.printf(
          Locale.ROOT,
          "iterations at most %d, %d of %d images converged, load %.2f s, fit %.2f s%n",
          maxIterations,
          converged,
          data.tasks().size(),
          loadSeconds,
          fitSeconds);
      if (truth != null) {
        outw.printf(Locale.ROOT, "mean IoU on %d gold images: %.4f%n", goldTasks, iou);
      }
      if (out != null) {
        outw.println("masks written to " + out);
      } else if (pngDir == null) {
        Output.preview(
            outw,
            result.tasks().size(),
            t ->
                result.tasks().name(t)
                    + "\t"
                    + result.mask(t).height()
                    + "x"
                    + result.mask(t).width()
                    + ", "
                    + result.mask(t).cardinality()
                    + " pixels set",
            "masks");
      }
    }
    outw.flush();
    return ExitCodes.OK;
  }
}
