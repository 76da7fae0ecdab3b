package org.crowd4j.segmentation;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.Provenance;

/** Runs a per-image fit over every image in parallel and collects the result. */
final class ImageFits {
  private ImageFits() {}

  /** One image's outcome; {@code scores} are per mask of the image, in input order, or null. */
  record Fit(Mask mask, int iterations, boolean converged, double[] scores) {}

  /** Fits one image from its masks. */
  @FunctionalInterface
  interface PerImage {
    Fit fit(int task, int[] answers, Mask[] masks);
  }

  /**
   * Fits every image with {@code perImage}, in parallel; {@code listener} hears of each finished
   * image (images done, of all, with no objective).
   */
  static SegmentationResult run(
      MaskAnswers data,
      String method,
      Record options,
      IterationListener listener,
      PerImage perImage) {
    long start = System.nanoTime();
    int n = data.tasks().size();
    Fit[] fits = new Fit[n];
    AtomicInteger done = new AtomicInteger();
    IntStream.range(0, n)
        .parallel()
        .forEach(
            t -> {
              int[] answers = data.answersOf(t);
              Mask[] masks = new Mask[answers.length];
              for (int i = 0; i < answers.length; i++) {
                masks[i] = data.mask(answers[i]);
              }
              fits[t] = perImage.fit(t, answers, masks);
              int finished = done.incrementAndGet();
              synchronized (listener) {
                listener.onIteration(method, finished, n, Double.NaN);
              }
            });
    Mask[] masks = new Mask[n];
    int[] iterations = new int[n];
    boolean[] converged = new boolean[n];
    double[] scores = null;
    for (int t = 0; t < n; t++) {
      masks[t] = fits[t].mask();
      iterations[t] = fits[t].iterations();
      converged[t] = fits[t].converged();
      if (fits[t].scores() != null) {
        if (scores == null) {
          scores = new double[data.size()];
          java.util.Arrays.fill(scores, Double.NaN);
        }
        int[] answers = data.answersOf(t);
        for (int i = 0; i < answers.length; i++) {
          scores[answers[i]] = fits[t].scores()[i];
        }
      }
    }
    Provenance p = Provenance.of(method, options, data::digest, start);
    return new SegmentationResult(data.tasks(), masks, iterations, converged, scores, p);
  }
}
