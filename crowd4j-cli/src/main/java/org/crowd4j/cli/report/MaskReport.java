package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.crowd4j.segmentation.Iou;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.SegmentationResult;

/**
 * The report on segmentation masks: overview (images, sizes, annotators), each annotator's mean IoU
 * with the aggregated masks (and with the true masks when given, beside the method's weight or
 * skill), the aggregate's IoU with the true masks, and the method's per-image diagnostics.
 */
public final class MaskReport {
  private MaskReport() {}

  /**
   * Builds and writes the report atomically.
   *
   * @param target where the report and its chart files go
   * @param data the annotators' masks
   * @param result the aggregated masks
   * @param method command-line name of the method
   * @param seconds time of the fit
   * @param gold true mask per image id, or {@code null}; each must have its image's size
   * @throws IllegalArgumentException when a true mask is not the size of its image's masks
   */
  public static Report.Written write(
      ReportTarget target,
      MaskAnswers data,
      SegmentationResult result,
      String method,
      double seconds,
      Map<String, Mask> gold)
      throws IOException {
    long t0 = System.nanoTime();
    Mask[] truth = truths(data, gold);
    Page page = Page.of(target);
    overview(page, data, truth);
    annotators(page, data, result, method, truth);
    if (truth != null) {
      goldSection(page, data, result, truth);
    }
    diagnostics(page, result, method, seconds);
    return page.write(target.out(), "Segmentation report: " + target.title(), t0);
  }

  /** True mask per image of {@code data} (null where none), or {@code null} without gold. */
  private static Mask[] truths(MaskAnswers data, Map<String, Mask> gold) {
    if (gold == null) {
      return null;
    }
    Mask[] out = new Mask[data.tasks().size()];
    for (Map.Entry<String, Mask> g : gold.entrySet()) {
      if (data.tasks().contains(g.getKey())) {
        int t = data.tasks().id(g.getKey());
        Mask first = data.mask(data.answersOf(t)[0]);
        if (!first.sameSize(g.getValue())) {
          throw new IllegalArgumentException(
              "the true mask of '" + g.getKey() + "' is not the size of its answers");
        }
        out[t] = g.getValue();
      }
    }
    return out;
  }

  private static void overview(Page page, MaskAnswers data, Mask[] truth) throws IOException {
    int images = data.tasks().size();
    int[] perImage = new int[images];
    int[] perWorker = new int[data.workers().size()];
    Map<String, Integer> sizes = new TreeMap<>();
    double foreground = 0;
    for (int a = 0; a < data.size(); a++) {
      perWorker[data.worker(a)]++;
      Mask m = data.mask(a);
      foreground += m.cardinality() / (double) m.pixels();
    }
    for (int t = 0; t < images; t++) {
      perImage[t] = data.answersOf(t).length;
      Mask m = data.mask(data.answersOf(t)[0]);
      sizes.merge(m.height() + "×" + m.width(), 1, Integer::sum);
    }
    page.beginSection("overview", "Overview");
    List<String[]> f = new ArrayList<>();
    f.add(new String[] {"images", Integer.toString(images)});
    f.add(new String[] {"annotators", Integer.toString(data.workers().size())});
    f.add(new String[] {"masks", Integer.toString(data.size())});
    f.add(new String[] {"masks per image", PairwiseReport.spread(perImage)});
    f.add(new String[] {"masks per annotator", PairwiseReport.spread(perWorker)});
    f.add(
        new String[] {
          "foreground share", Html.num(data.size() == 0 ? Double.NaN : foreground / data.size(), 3)
        });
    if (truth != null) {
      int known = 0;
      for (Mask m : truth) {
        known += m == null ? 0 : 1;
      }
      f.add(new String[] {"images with a true mask", Integer.toString(known)});
    }
    page.html.figures(f);
    List<List<String>> rows = new ArrayList<>();
    sizes.forEach((size, n) -> rows.add(List.of(size, Integer.toString(n))));
    page.html.h3("Image sizes (height × width)");
    page.html.table(List.of("size", "images"), rows);
    page.endSection();
  }

  private static void annotators(
      Page page, MaskAnswers data, SegmentationResult result, String method, Mask[] truth)
      throws IOException {
    int n = data.workers().size();
    double[] iouAgg = new double[n];
    double[] iouGold = new double[n];
    double[] score = new double[n];
    int[] count = new int[n];
    int[] goldCount = new int[n];
    double[] scores = result.answerScores();
    for (int a = 0; a < data.size(); a++) {
      int w = data.worker(a);
      int t = data.task(a);
      count[w]++;
      iouAgg[w] += Iou.of(data.mask(a), result.mask(t));
      if (scores != null) {
        score[w] += scores[a];
      }
      if (truth != null && truth[t] != null) {
        goldCount[w]++;
        iouGold[w] += Iou.of(data.mask(a), truth[t]);
      }
    }
    String scoreName = result.answerScoresAreSkills() ? "skill" : "weight";
    List<String> header = new ArrayList<>(List.of("annotator", "masks", "mean IoU with aggregate"));
    if (truth != null) {
      header.add("mean IoU with truth");
    }
    if (scores != null) {
      header.add("mean " + scoreName + " (" + method + ")");
    }
    List<List<String>> rows = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int w = 0; w < n; w++) {
      iouAgg[w] = count[w] == 0 ? Double.NaN : iouAgg[w] / count[w];
      iouGold[w] = goldCount[w] == 0 ? Double.NaN : iouGold[w] / goldCount[w];
      score[w] = scores == null || count[w] == 0 ? Double.NaN : score[w] / count[w];
      names.add(data.workers().name(w));
      List<String> row = new ArrayList<>();
      row.add(data.workers().name(w));
      row.add(Integer.toString(count[w]));
      row.add(Html.num(iouAgg[w], 3));
      if (truth != null) {
        row.add(Html.num(iouGold[w], 3));
      }
      if (scores != null) {
        row.add(Html.num(score[w], 3));
      }
      rows.add(row);
    }
    page.beginSection("annotators", "Annotators");
    page.html.note(
        "IoU (intersection over union) of each annotator's masks with the "
            + method
            + " aggregate, averaged over the annotator's images; a low value marks an annotator"
            + " who draws apart from the others."
            + (scores != null
                ? " The " + scoreName + " is what the method gave the annotator's masks."
                : ""));
    if (n <= 60) {
      page.chart(
          "annotator-iou",
          truth != null
              ? Charts.groupedBars(
                  "Mean IoU per annotator",
                  names,
                  List.of("with the aggregate", "with the truth"),
                  new double[][] {iouAgg, iouGold},
                  "IoU",
                  1)
              : Charts.groupedBars(
                  "Mean IoU with the aggregate",
                  names,
                  List.of("with the aggregate"),
                  new double[][] {iouAgg},
                  "IoU",
                  1),
          720,
          Math.max(260, 60 + 18 * n),
          "Each annotator's mean IoU with the aggregated masks"
              + (truth != null ? ", beside its mean IoU with the true masks." : "."));
    }
    page.html.table(header, rows);
    page.endSection();
  }

  private static void goldSection(
      Page page, MaskAnswers data, SegmentationResult result, Mask[] truth) throws IOException {
    List<Double> perImage = new ArrayList<>();
    double answers = 0;
    int answerCount = 0;
    for (int t = 0; t < truth.length; t++) {
      if (truth[t] == null) {
        continue;
      }
      perImage.add(Iou.of(result.mask(t), truth[t]));
      for (int a : data.answersOf(t)) {
        answers += Iou.of(data.mask(a), truth[t]);
        answerCount++;
      }
    }
    double[] v = perImage.stream().mapToDouble(Double::doubleValue).toArray();
    double mean = v.length == 0 ? Double.NaN : java.util.Arrays.stream(v).average().orElse(0);
    page.beginSection("gold", "Against true masks");
    page.html.figures(
        List.<String[]>of(
            new String[] {"images with a true mask", Integer.toString(v.length)},
            new String[] {"mean IoU of the aggregate", Html.num(mean, 4)},
            new String[] {
              "mean IoU of single masks",
              Html.num(answerCount == 0 ? Double.NaN : answers / answerCount, 4)
            }));
    if (v.length > 0) {
      page.chart(
          "image-iou",
          Charts.histogram("IoU of the aggregate per image", "IoU", v, false, 0, 1),
          560,
          300,
          "How well the aggregated mask of each image covers its true mask.");
    }
    page.endSection();
  }

  private static void diagnostics(
      Page page, SegmentationResult result, String method, double seconds) {
    int[] it = result.iterations();
    int converged = 0;
    int max = 0;
    double mean = 0;
    for (int t = 0; t < it.length; t++) {
      converged += result.converged()[t] ? 1 : 0;
      max = Math.max(max, it[t]);
      mean += it.length == 0 ? 0 : it[t] / (double) it.length;
    }
    page.beginSection("diagnostics", "Diagnostics");
    page.html.table(
        List.of(
            "method",
            "images",
            "iterations (mean)",
            "iterations (max)",
            "images converged",
            "fit time (s)"),
        List.of(
            List.of(
                method,
                Integer.toString(it.length),
                Html.num(mean, 1),
                Integer.toString(max),
                converged + " of " + it.length,
                Html.num(seconds, 2))));
    if (max == 0) {
      page.html.note(method + " is not iterative: it counts votes once per pixel.");
    }
    page.endSection();
  }
}
