package org.crowd4j.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.crowd4j.aggregate.CommonConfusionEm;
import org.crowd4j.aggregate.CrowdMixture;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.Glad;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.aggregate.OneCoinDawidSkene;
import org.crowd4j.method.OptionsBinder;

/**
 * The methods that run on Spark, by the core's command-line names, with the core's option records:
 * {@code name=value} overrides (the core's option names, as {@code --param} on the command line)
 * bind onto the same defaults as on one machine ({@link OptionsBinder}) and become the estimator's
 * params.
 */
public final class SparkMethods {
  private static final Map<String, Function<Record, SparkAggregator<?, ?>>> FACTORIES =
      new LinkedHashMap<>();

  static {
    FACTORIES.put("mv", o -> new SparkMajorityVote((MajorityVote.Options) o));
    FACTORIES.put("soft-mv", o -> new SparkMajorityVote((MajorityVote.Options) o));
    FACTORIES.put("ds", o -> new SparkDawidSkene((DawidSkene.Options) o));
    FACTORIES.put("one-coin-ds", o -> new SparkOneCoinDawidSkene((OneCoinDawidSkene.Options) o));
    FACTORIES.put("glad", o -> new SparkGlad((Glad.Options) o));
    FACTORIES.put("crowd-mixture", o -> new SparkCrowdMixture((CrowdMixture.Options) o));
    FACTORIES.put(
        "common-confusion-em", o -> new SparkCommonConfusionEm((CommonConfusionEm.Options) o));
  }

  private SparkMethods() {}

  /** The methods that combine a classifier's probabilities with the answers on Spark. */
  public static final List<String> WITH_PREDICTIONS =
      List.of("classifier-annotator", "classifier-prior", "crowdlab");

  /**
   * The Spark implementation of {@code name}, one of {@link #WITH_PREDICTIONS}, with its default
   * options.
   *
   * @throws IllegalArgumentException for another name (the held-out choice runs on one machine) or
   *     any option override
   */
  public static SparkAggregator<?, ?> withPredictions(String name, Map<String, String> overrides) {
    if (!WITH_PREDICTIONS.contains(name)) {
      throw new IllegalArgumentException(
          "with predictions on Spark the method is one of "
              + WITH_PREDICTIONS
              + "; '"
              + name
              + "' runs with --engine local");
    }
    if (!overrides.isEmpty()) {
      throw new IllegalArgumentException("no options apply with predictions: " + overrides);
    }
    return name.equals("crowdlab")
        ? new SparkCrowdLab()
        : new SparkClassifierEm().setUse(name.substring("classifier-".length()));
  }

  /** The names of the methods that run on Spark. */
  public static List<String> names() {
    return List.copyOf(FACTORIES.keySet());
  }

  /**
   * The Spark implementation of method {@code name} with option overrides bound onto the core's
   * defaults.
   *
   * @throws IllegalArgumentException for a method without a Spark implementation (listing those
   *     with one), an unknown option or a bad value
   */
  public static SparkAggregator<?, ?> create(String name, Map<String, String> overrides) {
    Function<Record, SparkAggregator<?, ?>> factory = FACTORIES.get(name);
    if (factory == null) {
      Methods.spec(name); // fails with the list of all methods if the name is unknown
      throw new IllegalArgumentException(
          "method '" + name + "' has no Spark implementation; on Spark: " + names());
    }
    return factory.apply(OptionsBinder.bind(Methods.spec(name).defaults(), overrides));
  }
}
