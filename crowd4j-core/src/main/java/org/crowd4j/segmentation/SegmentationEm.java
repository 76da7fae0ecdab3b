package org.crowd4j.segmentation;

import java.util.Objects;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;

/**
 * Segmentation EM: a one-coin model per worker and image, {@code s_k} = probability that worker k
 * marks a pixel correctly, with a per-pixel prior. The prior starts as the mean vote and skills
 * from the majority vote ({@code mean > 0.5}); each iteration computes the pixel posterior {@code q
 * = π Π_k s_k^{[y_k]} (1−s_k)^{[¬y_k]} / (that + (1−π) Π_k (1−s_k)^{[y_k]} s_k^{[¬y_k]})} (values
 * below 1e-15 set to 0), the skills {@code s_k = 1 − (|y_k| + Σ q − 2 Σ y_k q) / R} with R the
 * pixels any worker marked, the evidence lower bound per pixel and answer, and makes q the next
 * prior; it stops when the bound gains less than {@code tol} or after {@code maxIterations}. The
 * aggregate is {@code q > 0.5}. As crowd-kit's {@code SegmentationEM}, with the posterior taken as
 * {@code 1 / (1 + exp(log odds))} so that many annotators cannot underflow it to 0/0. An image no
 * worker marked gives an empty mask. O(patterns · workers) per iteration, the logarithms of the
 * skills taken once per worker.
 *
 * <p>D. Jung-Lin Lee, "Quality Evaluation Methods for Crowdsourced Image Segmentation", Stanford
 * InfoLab technical report 1161, 2018.
 */
public final class SegmentationEm implements SegmentationAggregator {
  /** The method\'s catalogue name. */
  public static final String NAME = "em";

  private static final double FLOOR = 1e-15;

  /**
   * Options.
   *
   * @param maxIterations iteration limit (crowd-kit's {@code n_iter}, 10)
   * @param tol stop when the lower bound gains less than this (1e-5)
   */
  public record Options(
      @Describe("iteration limit (crowd-kit's n_iter, 10)") int maxIterations,
      @Describe("stop when the lower bound gains less than this (1e-5)") double tol) {
    /** Validates. */
    public Options {
      new SegmentationRasa.Options(maxIterations, tol);
    }

    /** crowd-kit's defaults. */
    public static Options defaults() {
      return new Options(10, 1e-5);
    }
  }

  private final Options options;

  /** Segmentation EM with {@code options}. */
  public SegmentationEm(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Segmentation EM with the defaults. */
  public SegmentationEm() {
    this(Options.defaults());
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public SegmentationResult fit(MaskAnswers data, FitContext<Void> context) {
    return ImageFits.run(
        data, name(), options, context.listener(), (t, answers, masks) -> one(masks));
  }

  /** The lower bound per iteration of one image, for tests. */
  double[] history(Mask[] masks) {
    return run(PixelPatterns.of(masks), masks[0].pixels()).history;
  }

  private record Run(
      boolean[] on, int iterations, boolean converged, double[] skills, double[] history) {}

  private ImageFits.Fit one(Mask[] masks) {
    PixelPatterns pp = PixelPatterns.of(masks);
    Run r = run(pp, masks[0].pixels());
    return new ImageFits.Fit(pp.mask(r.on), r.iterations, r.converged, r.skills);
  }

  private Run run(PixelPatterns pp, int n) {
    int m = pp.workers;
    int pc = pp.count;
    double[] prior = new double[pc];
    long region = 0;
    double[] size = new double[m];
    for (int p = 0; p < pc; p++) {
      int votes = 0;
      for (int k = 0; k < m; k++) {
        if (pp.voted(p, k)) {
          votes++;
          size[k] += pp.pixels[p];
        }
      }
      prior[p] = (double) votes / m;
      if (votes > 0) {
        region += pp.pixels[p];
      }
    }
    if (region == 0) {
      return new Run(new boolean[pc], 0, true, new double[m], new double[0]);
    }
    double[] post = new double[pc];
    for (int p = 0; p < pc; p++) {
      post[p] = prior[p] > 0.5 ? 1 : 0;
    }
    double[] skill = mStep(pp, post, size, region);
    double loss = Double.NEGATIVE_INFINITY;
    double[] history = new double[options.maxIterations()];
    int done = 0;
    boolean converged = false;
    double[] logRight = new double[m];
    double[] logWrong = new double[m];
    for (int it = 0; it < options.maxIterations(); it++) {
      for (int k = 0; k < m; k++) {
        logRight[k] = Math.log(skill[k]);
        logWrong[k] = Math.log(1 - skill[k]);
      }
      for (int p = 0; p < pc; p++) {
        double pos = Math.log(prior[p]);
        double neg = Math.log(1 - prior[p]);
        for (int k = 0; k < m; k++) {
          boolean y = pp.voted(p, k);
          pos += y ? logRight[k] : logWrong[k];
          neg += y ? logWrong[k] : logRight[k];
        }
        double q;
        if (pos == Double.NEGATIVE_INFINITY) {
          q = 0; // also crowd-kit's 0/0 when both are impossible
        } else if (neg == Double.NEGATIVE_INFINITY) {
          q = 1;
        } else {
          q = 1 / (1 + Math.exp(neg - pos));
        }
        post[p] = q < FLOOR ? 0 : q;
      }
      skill = mStep(pp, post, size, region);
      double bound = lowerBound(pp, prior, post, skill) / ((double) m * n);
      System.arraycopy(post, 0, prior, 0, pc);
      history[it] = bound;
      done = it + 1;
      if (bound - loss < options.tol()) {
        converged = true;
        break;
      }
      loss = bound;
    }
    boolean[] on = new boolean[pc];
    for (int p = 0; p < pc; p++) {
      on[p] = prior[p] > 0.5;
    }
    return new Run(on, done, converged, skill, java.util.Arrays.copyOf(history, done));
  }

  /** Skills from the posteriors: 1 − expected disagreements / region. */
  private static double[] mStep(PixelPatterns pp, double[] post, double[] size, long region) {
    int m = pp.workers;
    double total = 0;
    double[] agree = new double[m];
    for (int p = 0; p < pp.count; p++) {
      double q = post[p] * pp.pixels[p];
      total += q;
      for (int k = 0; k < m; k++) {
        if (pp.voted(p, k)) {
          agree[k] += q;
        }
      }
    }
    double[] s = new double[m];
    for (int k = 0; k < m; k++) {
      s[k] = 1 - (size[k] + total - 2 * agree[k]) / region;
    }
    return s;
  }

  /**
   * crowd-kit's bound: Σ over answers and pixels of {@code q (ln s + ln π) + (1−q)(ln(1−s) +
   * ln(1−π))}, minus Σ over pixels of {@code q ln q}; each term taken as NumPy's {@code nan_to_num}
   * leaves it (NaN → 0, ±∞ → ±largest double).
   */
  private static double lowerBound(PixelPatterns pp, double[] prior, double[] post, double[] s) {
    int m = pp.workers;
    // ln ws and ln(1 − ws) per worker for both votes, ws = s (marked) or 1 − s (not marked)
    double[] logWs = new double[2 * m];
    double[] logNotWs = new double[2 * m];
    for (int k = 0; k < m; k++) {
      logWs[2 * k + 1] = Math.log(s[k]);
      logNotWs[2 * k + 1] = Math.log(1 - s[k]);
      logWs[2 * k] = Math.log(1 - s[k]);
      logNotWs[2 * k] = Math.log(1 - (1 - s[k]));
    }
    double sum = 0;
    for (int p = 0; p < pp.count; p++) {
      double q = post[p];
      double lp = Math.log(prior[p]);
      double ln = Math.log(1 - prior[p]);
      double cell = 0;
      for (int k = 0; k < m; k++) {
        int v = 2 * k + (pp.voted(p, k) ? 1 : 0);
        cell += finite((logWs[v] + lp) * q) + finite((logNotWs[v] + ln) * (1 - q));
      }
      cell -= finite(Math.log(q) * q);
      sum += cell * pp.pixels[p];
    }
    return sum;
  }

  private static double finite(double x) {
    if (Double.isNaN(x)) {
      return 0;
    }
    if (x == Double.NEGATIVE_INFINITY) {
      return -Double.MAX_VALUE;
    }
    return x == Double.POSITIVE_INFINITY ? Double.MAX_VALUE : x;
  }
}
