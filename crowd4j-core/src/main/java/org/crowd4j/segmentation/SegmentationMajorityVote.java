package org.crowd4j.segmentation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;

/**
 * Segmentation majority vote: a pixel is in the aggregate when the workers marking it hold at least
 * half of the total weight, {@code 2 Σ_k s_k y_k − Σ_k s_k ≥ 0} (ties included), with weights
 * {@code s_k} = 1 or given worker skills. The plain vote counts 64 pixels at a time ({@link
 * BitMajority}); the weighted one scores each distinct vote pattern once ({@link PixelPatterns}).
 *
 * <p>D. Jung-Lin Lee, A. Das Sarma, A. Parameswaran, "Aggregating Crowdsourced Image
 * Segmentations", HCOMP 2018 works-in-progress, CEUR-WS Vol. 2173 (crowd-kit's {@code
 * SegmentationMajorityVote}).
 */
public final class SegmentationMajorityVote implements SegmentationAggregator {
  /** What to do with a worker that has no given skill. */
  public enum MissingSkill {
    /** Refuse the data. */
    ERROR,
    /** Drop the worker's masks (an image left without masks is an error). */
    IGNORE,
    /** Use the default skill. */
    VALUE
  }

  /**
   * Options.
   *
   * @param skills worker id → weight, or empty for the plain vote
   * @param onMissing what to do with a worker absent from a non-empty {@code skills}
   * @param defaultSkill the weight for {@link MissingSkill#VALUE}
   */
  public record Options(
      @Describe("worker id → weight, or empty for the plain vote") Map<String, Double> skills,
      @Describe("what to do with a worker absent from a non-empty skills") MissingSkill onMissing,
      @Describe("the weight for VALUE") double defaultSkill) {
    /** Validates and copies. */
    public Options {
      skills = Collections.unmodifiableMap(new LinkedHashMap<>(skills));
      Objects.requireNonNull(onMissing, "onMissing");
      for (Map.Entry<String, Double> e : skills.entrySet()) {
        if (!Double.isFinite(e.getValue())) {
          throw new IllegalArgumentException(
              "skill of worker '" + e.getKey() + "' is not finite: " + e.getValue());
        }
      }
      if (onMissing == MissingSkill.VALUE && !Double.isFinite(defaultSkill)) {
        throw new IllegalArgumentException("defaultSkill must be finite: " + defaultSkill);
      }
    }

    /** The unweighted vote. */
    public static Options plain() {
      return new Options(Map.of(), MissingSkill.ERROR, Double.NaN);
    }

    /** These options with the worker weights {@code skills}. */
    public Options withSkills(Map<String, Double> skills) {
      return new Options(skills, onMissing, defaultSkill);
    }
  }

  private final Options options;

  /** Majority vote with {@code options}. */
  public SegmentationMajorityVote(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** The unweighted vote. */
  public SegmentationMajorityVote() {
    this(Options.plain());
  }

  @Override
  public String name() {
    return "mv";
  }

  @Override
  public SegmentationResult fit(MaskAnswers data, FitContext<Void> context) {
    double[] weight = weights(data);
    return ImageFits.run(
        data,
        name(),
        options,
        context.listener(),
        (t, answers, masks) -> {
          int kept = 0;
          for (int a : answers) {
            kept += Double.isNaN(weight[a]) ? 0 : 1;
          }
          if (kept == 0) {
            throw new IllegalArgumentException(
                "image '" + data.tasks().name(t) + "' has no mask of a worker with a known skill");
          }
          if (options.skills().isEmpty()) {
            return new ImageFits.Fit(BitMajority.of(masks), 0, true, null);
          }
          PixelPatterns pp = PixelPatterns.of(masks);
          boolean[] on = new boolean[pp.count];
          for (int p = 0; p < pp.count; p++) {
            double score = 0;
            for (int i = 0; i < answers.length; i++) {
              double s = weight[answers[i]];
              if (!Double.isNaN(s)) {
                score += pp.voted(p, i) ? s : -s;
              }
            }
            on[p] = score >= 0;
          }
          return new ImageFits.Fit(pp.mask(on), 0, true, null);
        });
  }

  /** Weight per answer; NaN for an ignored one. */
  private double[] weights(MaskAnswers data) {
    double[] w = new double[data.size()];
    for (int a = 0; a < data.size(); a++) {
      if (options.skills().isEmpty()) {
        w[a] = 1;
        continue;
      }
      String name = data.workers().name(data.worker(a));
      Double s = options.skills().get(name);
      if (s != null) {
        w[a] = s;
      } else {
        switch (options.onMissing()) {
          case ERROR ->
              throw new IllegalArgumentException(
                  "worker '" + name + "' has no skill (give one, or choose ignore or a default)");
          case IGNORE -> w[a] = Double.NaN;
          default -> w[a] = options.defaultSkill();
        }
      }
    }
    return w;
  }
}
