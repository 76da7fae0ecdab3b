package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.aggregate.TieBreak;

/**
 * {@link MajorityVote} on Spark: hard (the top vote, split among ties) or soft (vote proportions)
 * posteriors, ties to the label that sorts first; worker skills are the fraction of a worker's
 * answers that agree with the result. One pass for the skills; posteriors are computed when used.
 * {@link TieBreak#RANDOM} is not offered: its draws follow the order of the tasks in a file, which
 * a partitioned DataFrame does not have.
 */
public final class SparkMajorityVote
    extends SparkAggregator<SparkMajorityVoteModel, SparkMajorityVote> {
  private static final long serialVersionUID = 1L;

  private final BooleanParam soft;

  /** Hard majority vote. */
  public SparkMajorityVote() {
    this(newUid("mv"));
  }

  /** Hard majority vote with the uid {@code uid} (for Spark ML's readers). */
  public SparkMajorityVote(String uid) {
    super(uid);
    soft =
        new BooleanParam(
            this, "soft", "vote proportions as posteriors (soft-mv) instead of one-hot (mv)");
    setDefault(soft, false);
  }

  /** Majority vote with {@code options} (tie-break {@link TieBreak#LOWEST} only). */
  public SparkMajorityVote(MajorityVote.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkMajorityVote> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkMajorityVote load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return getSoft() ? "soft-mv" : "mv";
  }

  /** Soft (vote proportions) or hard (one-hot) posteriors (the core's {@code soft}). */
  public BooleanParam soft() {
    return soft;
  }

  /** The value of {@link #soft()}. */
  public boolean getSoft() {
    return (Boolean) $(soft);
  }

  /** Sets {@link #soft()}. */
  public SparkMajorityVote setSoft(boolean value) {
    set(soft, value);
    return this;
  }

  @Override
  public MajorityVote.Options options() {
    return new MajorityVote.Options(getSoft(), TieBreak.LOWEST, 0L);
  }

  /**
   * Sets the options from a {@link MajorityVote.Options}.
   *
   * @throws IllegalArgumentException for a tie-break other than {@link TieBreak#LOWEST}
   */
  @Override
  public SparkMajorityVote setOptions(Record options) {
    MajorityVote.Options o = expect(options, MajorityVote.Options.class);
    if (o.tieBreak() != TieBreak.LOWEST) {
      throw new IllegalArgumentException(
          "tieBreak "
              + o.tieBreak()
              + " is not supported on Spark (random draws follow the task order of a file);"
              + " use LOWEST");
    }
    return OptionSetter.setAll(this, o);
  }

  @Override
  SparkMajorityVoteModel newModel(String uid, ModelState state) {
    return new SparkMajorityVoteModel(uid, state);
  }

  @Override
  ModelState fit(PreparedAnswers data) {
    int k = data.numLabels();
    List<PartialSums> parts =
        run(
            data,
            b -> {
              double[] post = Scratch.doubles(0, b.numTasks() * k);
              Blocks.softMajority(b, post, false);
              double[] hits = new double[b.numLocalWorkers()];
              int[] off = b.off();
              int[] worker = b.worker();
              int[] label = b.label();
              for (int i = 0; i < b.numTasks(); i++) {
                int best = Posteriors.argmaxRow(post, i * k, k);
                for (int a = off[i]; a < off[i + 1]; a++) {
                  if (label[a] == best) {
                    hits[worker[a]] += 1.0;
                  }
                }
              }
              return new PartialSums(new double[0], b.workerIds(), hits, 1);
            });
    double[] hits = PartialSums.total(parts, 0, data.numWorkers, 1)[1];
    double[] skills = new double[data.numWorkers];
    for (int w = 0; w < skills.length; w++) {
      int n = data.workerSizes[w];
      skills[w] = n == 0 ? Double.NaN : hits[w] / n;
    }
    return new ModelState.Builder(data, name())
        .column(WorkerColumn.number("skill", skills))
        .build();
  }

  /** Soft or hard majority-vote posteriors of a block (gold is not used by majority vote). */
  static double[] score(AnswerBlock b, boolean soft) {
    int k = b.numLabels();
    double[] post = new double[b.numTasks() * k];
    Blocks.softMajority(b, post, false);
    if (!soft) {
      for (int i = 0; i < b.numTasks(); i++) {
        Posteriors.topVoteInPlace(post, i * k, k);
      }
    }
    return post;
  }
}
