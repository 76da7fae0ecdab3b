package org.crowd4j.aggregate;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Map;
import org.crowd4j.method.MethodList;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.Requirement;

/**
 * The catalogue of aggregation methods by command-line name, each with its default options and a
 * factory. {@link #create(String, Map)} binds {@code name=value} overrides onto the defaults.
 */
public final class Methods {
  /** The classification methods, in the order of the catalogue. */
  public static final MethodList<Aggregator> LIST;

  static {
    MethodList.Builder<Aggregator> b = MethodList.builder();
    b.add(
        "auto",
        "gold-free choice: every method scored on held-out answers, the best stacked",
        Auto.Options.defaults(),
        Auto::new);
    b.add("mv", "majority vote (hard)", MajorityVote.Options.defaults(), MajorityVote::new);
    b.add(
        "soft-mv",
        "majority vote with soft vote proportions as posteriors",
        MajorityVote.Options.softDefaults(),
        MajorityVote::new);
    b.add(
        "ds",
        "Dawid-Skene EM with per-worker confusion matrices",
        DawidSkene.Options.defaults(),
        DawidSkene::new);
    b.add(
        "ds-map",
        "Dawid-Skene with a Dirichlet prior on the confusions, strength chosen on held-out answers",
        DawidSkeneMap.Options.defaults(),
        DawidSkeneMap::new);
    b.add(
        "wmv",
        "weighted majority vote with given worker skills (option skillsFile: CSV worker,skill)",
        WeightedMajorityVote.Options.defaults(),
        WeightedMajorityVote::fromCatalogue,
        EnumSet.of(Requirement.SKILLS));
    b.add(
        "gold-mv",
        "weighted majority vote with skills = accuracy on gold tasks (needs gold)",
        GoldMajorityVote.Options.defaults(),
        GoldMajorityVote::new,
        EnumSet.of(Requirement.GOLD));
    b.add(
        "wawa",
        "Wawa: majority vote re-weighted by worker agreement with it",
        Wawa.Options.defaults(),
        Wawa::new);
    b.add(
        "zbs",
        "zero-based skill: weighted vote with skills learnt towards agreement",
        ZeroBasedSkill.Options.defaults(),
        ZeroBasedSkill::new);
    b.add(
        "one-coin-ds",
        "one-coin Dawid-Skene EM (one accuracy per worker)",
        OneCoinDawidSkene.Options.defaults(),
        OneCoinDawidSkene::new);
    b.add(
        "ibcc",
        "IBCC: Bayesian classifier combination with variational Bayes (Kim & Ghahramani 2012)",
        Ibcc.Options.defaults(),
        Ibcc::new);
    b.add(
        "crowd-mixture",
        "crowd mixture model: groups of annotations, answer-only (Mena & Nanculef 2019)",
        CrowdMixture.Options.defaults(),
        CrowdMixture::new);
    b.add(
        "common-confusion-em",
        "EM with common and individual confusions (Chu et al. 2021, appendix B)",
        CommonConfusionEm.Options.defaults(),
        CommonConfusionEm::new);
    b.add(
        "kos",
        "KOS: Karger-Oh-Shah message passing (binary labels)",
        Kos.Options.defaults(),
        Kos::new,
        EnumSet.of(Requirement.TWO_CLASSES));
    b.add(
        "mmsr",
        "M-MSR: robust rank-one completion of worker agreement, weighted vote",
        Mmsr.Options.defaults(),
        Mmsr::new);
    b.add(
        "mmce",
        "MMCE: regularised minimax conditional entropy",
        Mmce.Options.defaults(),
        Mmce::new);
    b.add(
        "glad",
        "GLAD: worker abilities and task difficulties, EM with an L-BFGS M-step",
        Glad.Options.defaults(),
        Glad::new);
    b.add(
        "mace",
        "MACE: worker competence and spamming strategies, variational Bayes or EM with restarts",
        Mace.Options.defaults(),
        Mace::new);
    LIST =
        b.onSpark(
                "mv",
                "soft-mv",
                "ds",
                "one-coin-ds",
                "glad",
                "crowd-mixture",
                "common-confusion-em")
            .build();
  }

  private Methods() {}

  /** All methods, in the catalogue's order. */
  public static Collection<MethodSpec<Aggregator>> all() {
    return LIST.all();
  }

  /** The method called {@code name}. */
  public static MethodSpec<Aggregator> spec(String name) {
    return LIST.spec(name);
  }

  /** The gold-free method choice with default options ({@link Auto}). */
  public static Aggregator auto() {
    return new Auto();
  }

  /** A new aggregator called {@code name} with option overrides. */
  public static Aggregator create(String name, Map<String, String> overrides) {
    return LIST.create(name, overrides);
  }
}
