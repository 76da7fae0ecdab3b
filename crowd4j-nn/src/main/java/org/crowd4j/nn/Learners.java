package org.crowd4j.nn;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.nn.internal.ConalHead;
import org.crowd4j.nn.internal.DoctorHead;
import org.crowd4j.nn.internal.LiaHead;
import org.crowd4j.nn.internal.TrainedHead;

/**
 * The catalogue of learners by command-line name, each with its default options and a factory.
 * {@link #create} binds {@code name=value} overrides onto the learner's options or onto the
 * training options, whichever has a component of that name.
 */
public final class Learners {
  /** Builds a learner from its options. */
  @FunctionalInterface
  public interface Factory<O extends Record> {
    /**
     * A new learner.
     *
     * @param options the learner's options
     * @param train the training options
     * @param backbone the classifier
     * @return the learner
     */
    Learner create(O options, TrainOptions train, Backbone backbone);
  }

  /**
   * One registered learner.
   *
   * @param name command-line name
   * @param description one line for help texts
   * @param defaults default options record
   * @param factory builds the learner
   */
  public record Spec(String name, String description, Record defaults, Factory<Record> factory) {}

  private static final Map<String, Spec> SPECS = new LinkedHashMap<>();

  /** The trained heads of the learners whose heads tell more than their annotator model. */
  private static final Map<String, TrainedHead.Factory> TRAINED_HEADS = new LinkedHashMap<>();

  static {
    register(
        TwoStage.NAME,
        "aggregate with a core method (option aggregator=mv|ds|...), then train the classifier",
        TwoStage.Options.defaults(),
        TwoStage::new);
    register(
        CrowdLayer.NAME,
        "crowd layer (Rodrigues & Pereira 2018), variants MW, VW, VB, VW_B",
        CrowdLayer.Options.defaults(),
        CrowdLayer::new);
    register(
        TraceRegularized.NAME,
        "trace-regularised annotator confusions (Tanno et al. 2019)",
        TraceRegularized.Options.defaults(),
        TraceRegularized::new);
    register(
        Conal.NAME,
        "common + individual noise adaptation layers (CoNAL, Chu et al. 2021)",
        Conal.Options.defaults(),
        Conal::new);
    TRAINED_HEADS.put(Conal.NAME, ConalHead.TRAINED);
    register(
        SingleConfusion.NAME,
        "one shared noise matrix with a trace penalty (Sukhbaatar et al. 2014)",
        SingleConfusion.Options.defaults(),
        SingleConfusion::new);
    register(
        SoftBootstrap.NAME,
        "soft bootstrapping on majority-vote labels (Reed et al. 2014), beta 0.95",
        SoftBootstrap.Options.defaults(),
        SoftBootstrap::new);
    register(
        CrowdMixtureNet.NAME,
        "crowd mixture of annotation groups with a classifier (Mena & Ñanculef 2019)",
        CrowdMixtureNet.Options.defaults(),
        CrowdMixtureNet::new);
    register(
        RaykarEm.NAME,
        "generalised EM with per-annotator confusions (Raykar et al. 2010, AggNet, DL-EM)",
        RaykarEm.Options.defaults(),
        RaykarEm::new);
    register(
        Mbem.NAME,
        "model-bootstrapped EM (Khetan et al. 2018): MV, then confusions from model predictions",
        Mbem.Options.defaults(),
        Mbem::new);
    register(
        WeightedDoctorNet.NAME,
        "weighted doctor net (Guan et al. 2018): one output layer per annotator, learnt weights",
        WeightedDoctorNet.Options.defaults(),
        WeightedDoctorNet::new);
    TRAINED_HEADS.put(WeightedDoctorNet.NAME, DoctorHead.TRAINED);
    register(
        MaxMig.NAME,
        "Max-MIG (Cao et al. 2019): classifier and crowds aggregator maximising f-MI gain",
        MaxMig.Options.defaults(),
        MaxMig::new);
    register(
        LearningToVote.NAME,
        "learning to vote over label sets (Wang et al. 2020); each worker id is one label set",
        LearningToVote.Options.defaults(),
        LearningToVote::new);
    register(
        Lia.NAME,
        "LIA: EM with per item-annotator confusions from difficulty and competence (Platanios et"
            + " al. 2020)",
        Lia.Options.defaults(),
        Lia::new);
    TRAINED_HEADS.put(Lia.NAME, LiaHead.TRAINED);
  }

  private Learners() {}

  @SuppressWarnings("unchecked")
  private static <O extends Record> void register(
      String name, String description, O defaults, Factory<O> factory) {
    SPECS.put(
        name, new Spec(name, description, defaults, (o, t, b) -> factory.create((O) o, t, b)));
  }

  /**
   * All learners, in registration order.
   *
   * @return an unmodifiable view
   */
  public static Collection<Spec> all() {
    return Collections.unmodifiableCollection(SPECS.values());
  }

  /**
   * The learner called {@code name}.
   *
   * @param name the command-line name
   * @return its entry
   * @throws IllegalArgumentException for an unknown name (the message lists the known ones)
   */
  public static Spec spec(String name) {
    Spec s = SPECS.get(name);
    if (s == null) {
      throw new IllegalArgumentException(
          "unknown learner '" + name + "'; available: " + String.join(", ", SPECS.keySet()));
    }
    return s;
  }

  /**
   * A learner with overrides: each {@code name=value} is bound onto the learner's options if they
   * have that component, otherwise onto {@code train}; an unknown name is an error.
   *
   * @param name the command-line name
   * @param overrides option name → value
   * @param train the training options to start from
   * @param backbone the classifier
   * @return the learner
   */
  public static Learner create(
      String name, Map<String, String> overrides, TrainOptions train, Backbone backbone) {
    Spec spec = spec(name);
    Map<String, String> own = new LinkedHashMap<>();
    Map<String, String> training = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      if (has(spec.defaults(), e.getKey())) {
        own.put(e.getKey(), e.getValue());
      } else if (has(train, e.getKey())) {
        training.put(e.getKey(), e.getValue());
      } else {
        throw new IllegalArgumentException(
            "learner '" + name + "' has no option '" + e.getKey() + "'");
      }
    }
    Record options = OptionsBinder.bind(spec.defaults(), own);
    TrainOptions t = OptionsBinder.bind(train, training);
    return spec.factory().create(options, t, backbone);
  }

  /**
   * The training options a learner starts from: {@link TrainOptions#defaults()} (early stopping, at
   * most 500 epochs) for the learners that {@link Tuning} tunes; for the learners whose epochs are
   * an EM schedule (LIA, the EM baselines, learning to vote) the same with 100 epochs and no early
   * stopping, as their schedules were set for.
   *
   * @param name the command-line name
   * @return the training options
   */
  public static TrainOptions trainDefaults(String name) {
    spec(name);
    return Tuning.tunes(name)
        ? TrainOptions.defaults()
        : TrainOptions.defaults().withEpochs(100).withPatience(0);
  }

  /**
   * The trained head of a saved model of learner {@code name}: the one the learner's training head
   * gives its models, the plain {@link TrainedHead} for the others (and for names no learner has).
   */
  static TrainedHead.Factory trainedHead(String name) {
    return TRAINED_HEADS.getOrDefault(name, TrainedHead::new);
  }

  private static boolean has(Record r, String component) {
    for (var c : r.getClass().getRecordComponents()) {
      if (c.getName().equals(component)) {
        return true;
      }
    }
    return false;
  }
}
