package org.crowd4j.aggregate;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The catalogue of aggregation methods by command-line name, each with its default options and a
 * factory. {@link #create(String, Map)} binds {@code name=value} overrides onto the defaults.
 */
public final class Methods {
  /**
   * One registered method.
   *
   * @param name command-line name
   * @param description one line for help texts
   * @param defaults default options record
   * @param factory builds the aggregator from an options record of the same type
   */
  public record Spec(
      String name, String description, Record defaults, Function<Record, Aggregator> factory) {
    /** Builds the aggregator with overrides bound onto the defaults. */
    public Aggregator create(Map<String, String> overrides) {
      return factory.apply(OptionsBinder.bind(defaults, overrides));
    }
  }

  private static final Map<String, Spec> SPECS = new LinkedHashMap<>();

  static {
    register(
        "auto",
        "gold-free choice: every method scored on held-out answers, the best stacked",
        Auto.Options.defaults(),
        Auto::new);
    register("mv", "majority vote (hard)", MajorityVote.Options.defaults(), MajorityVote::new);
    register(
        "soft-mv",
        "majority vote with soft vote proportions as posteriors",
        MajorityVote.Options.softDefaults(),
        MajorityVote::new);
    register(
        "ds",
        "Dawid-Skene EM with per-worker confusion matrices",
        DawidSkene.Options.defaults(),
        DawidSkene::new);
    register(
        "ds-map",
        "Dawid-Skene with a Dirichlet prior on the confusions, strength chosen on held-out answers",
        DawidSkeneMap.Options.defaults(),
        DawidSkeneMap::new);
    register(
        "wmv",
        "weighted majority vote with given worker skills (option skillsFile: CSV worker,skill)",
        WeightedMajorityVote.Options.defaults(),
        WeightedMajorityVote::fromSkillsFile);
    register(
        "gold-mv",
        "weighted majority vote with skills = accuracy on gold tasks (needs gold)",
        GoldMajorityVote.Options.defaults(),
        GoldMajorityVote::new);
    register(
        "wawa",
        "Wawa: majority vote re-weighted by worker agreement with it",
        Wawa.Options.defaults(),
        Wawa::new);
    register(
        "zbs",
        "zero-based skill: weighted vote with skills learnt towards agreement",
        ZeroBasedSkill.Options.defaults(),
        ZeroBasedSkill::new);
    register(
        "one-coin-ds",
        "one-coin Dawid-Skene EM (one accuracy per worker)",
        OneCoinDawidSkene.Options.defaults(),
        OneCoinDawidSkene::new);
    register(
        "ibcc",
        "IBCC: Bayesian classifier combination with variational Bayes (Kim & Ghahramani 2012)",
        Ibcc.Options.defaults(),
        Ibcc::new);
    register(
        "crowd-mixture",
        "crowd mixture model: groups of annotations, answer-only (Mena & Nanculef 2019)",
        CrowdMixture.Options.defaults(),
        CrowdMixture::new);
    register(
        "common-confusion-em",
        "EM with common and individual confusions (Chu et al. 2021, appendix B)",
        CommonConfusionEm.Options.defaults(),
        CommonConfusionEm::new);
    register(
        "kos",
        "KOS: Karger-Oh-Shah message passing (binary labels)",
        Kos.Options.defaults(),
        Kos::new);
    register(
        "mmsr",
        "M-MSR: robust rank-one completion of worker agreement, weighted vote",
        Mmsr.Options.defaults(),
        Mmsr::new);
    register(
        "mmce",
        "MMCE: regularised minimax conditional entropy",
        Mmce.Options.defaults(),
        Mmce::new);
    register(
        "glad",
        "GLAD: worker abilities and task difficulties, EM with an L-BFGS M-step",
        Glad.Options.defaults(),
        Glad::new);
    register(
        "mace",
        "MACE: worker competence and spamming strategies, variational Bayes or EM with restarts",
        Mace.Options.defaults(),
        Mace::new);
  }

  private Methods() {}

  @SuppressWarnings("unchecked")
  private static <O extends Record> void register(
      String name, String description, O defaults, Function<O, Aggregator> factory) {
    SPECS.put(name, new Spec(name, description, defaults, o -> factory.apply((O) o)));
  }

  /** All methods, in registration order. */
  public static Collection<Spec> all() {
    return Collections.unmodifiableCollection(SPECS.values());
  }

  /** The method called {@code name}. */
  public static Spec spec(String name) {
    Spec s = SPECS.get(name);
    if (s == null) {
      throw new IllegalArgumentException(
          "unknown method '" + name + "'; available: " + String.join(", ", SPECS.keySet()));
    }
    return s;
  }

  /** The gold-free method choice with default options ({@link Auto}). */
  public static Aggregator auto() {
    return new Auto();
  }

  /** A new aggregator called {@code name} with option overrides. */
  public static Aggregator create(String name, Map<String, String> overrides) {
    return spec(name).create(overrides);
  }
}
