package org.crowd4j.segmentation;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;

/**
 * Segmentation RASA: a weighted majority vote whose worker weights follow each worker's distance to
 * the current aggregate. Weights start equal ({@code 1/m}); each iteration takes the pixel scores
 * {@code v = Σ_k w_k y_k}, the aggregate {@code v ≥ 0.5}, each worker's distance {@code d_k = 1 −
 * IoU(y_k, aggregate)} (0 when both masks are empty) and new weights {@code w_k ∝ ln(1/(d_k + 1e-5)
 * + 1)} summing to 1. It stops when {@code Σ(v − v_prev)² / Σ v²} falls below {@code tol} or after
 * {@code maxIterations}, returning the last aggregate. O(patterns · workers) per iteration, see
 * {@link PixelPatterns}.
 *
 * <p>After Jiyi Li, AnnoNLP 2019 (RASA for texts), as crowd-kit's {@code SegmentationRASA}.
 */
public final class SegmentationRasa implements SegmentationAggregator {
  private static final double EPS = 1e-5;

  /**
   * Options.
   *
   * @param maxIterations iteration limit (crowd-kit's {@code n_iter}, 10)
   * @param tol stop when the relative change of the pixel scores is below this (1e-5)
   */
  public record Options(
      @Describe("iteration limit (crowd-kit's n_iter, 10)") int maxIterations,
      @Describe("stop when the relative change of the pixel scores is below this (1e-5)")
          double tol) {
    /** Validates. */
    public Options {
      if (maxIterations < 1) {
        throw new IllegalArgumentException("maxIterations must be at least 1: " + maxIterations);
      }
      if (!(tol >= 0)) {
        throw new IllegalArgumentException("tol must be >= 0: " + tol);
      }
    }

    /** crowd-kit's defaults. */
    public static Options defaults() {
      return new Options(10, 1e-5);
    }
  }

  private final Options options;

  /** Segmentation RASA with {@code options}. */
  public SegmentationRasa(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Segmentation RASA with the defaults. */
  public SegmentationRasa() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return "rasa";
  }

  @Override
  public SegmentationResult fit(MaskAnswers data, FitContext<Void> context) {
    return ImageFits.run(
        data, name(), options, context.listener(), (t, answers, masks) -> one(masks));
  }

  private ImageFits.Fit one(Mask[] masks) {
    PixelPatterns pp = PixelPatterns.of(masks);
    int m = pp.workers;
    double[] w = new double[m];
    Arrays.fill(w, 1.0 / m);
    double[] v = new double[pp.count];
    double[] last = null;
    boolean[] on = new boolean[pp.count];
    int done = 0;
    boolean converged = false;
    for (int it = 0; it < options.maxIterations(); it++) {
      for (int p = 0; p < pp.count; p++) {
        double s = 0;
        for (int k = 0; k < m; k++) {
          if (pp.voted(p, k)) {
            s += w[k];
          }
        }
        v[p] = s;
        on[p] = s >= 0.5;
      }
      double total = 0;
      for (int k = 0; k < m; k++) {
        long inter = 0;
        long union = 0;
        for (int p = 0; p < pp.count; p++) {
          boolean y = pp.voted(p, k);
          if (y && on[p]) {
            inter += pp.pixels[p];
          }
          if (y || on[p]) {
            union += pp.pixels[p];
          }
        }
        double d = union == 0 ? 0 : 1 - (double) inter / union;
        w[k] = Math.log(1 / (d + EPS) + 1);
        total += w[k];
      }
      for (int k = 0; k < m; k++) {
        w[k] /= total;
      }
      done = it + 1;
      if (last != null) {
        double num = 0;
        double den = 0;
        for (int p = 0; p < pp.count; p++) {
          double x = v[p] - last[p];
          num += pp.pixels[p] * x * x;
          den += pp.pixels[p] * v[p] * v[p];
        }
        if (num / den < options.tol()) {
          converged = true;
          break;
        }
      } else {
        last = new double[pp.count];
      }
      System.arraycopy(v, 0, last, 0, v.length);
    }
    return new ImageFits.Fit(pp.mask(on), done, converged, w.clone());
  }
}
