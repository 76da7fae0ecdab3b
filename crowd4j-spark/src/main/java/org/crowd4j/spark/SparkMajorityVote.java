package org.crowd4j.spark;

import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.Diagnostics;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.aggregate.TieBreak;
import org.crowd4j.aggregate.WorkerSkills;

/**
 * {@link MajorityVote} on Spark: hard (one-hot) or soft (vote proportions) posteriors, ties to the
 * label that sorts first; worker skills are the fraction of a worker's answers that agree with the
 * result. One pass for the skills; posteriors are computed when used. {@link TieBreak#RANDOM} is
 * not offered: its draws follow the order of the tasks in a file, which a partitioned DataFrame
 * does not have.
 */
public final class SparkMajorityVote extends SparkAggregator {
  private final MajorityVote.Options options;

  /** Majority vote with {@code options} (tie-break {@link TieBreak#LOWEST} only). */
  public SparkMajorityVote(MajorityVote.Options options) {
    this.options = Objects.requireNonNull(options, "options");
    if (options.tieBreak() != TieBreak.LOWEST) {
      throw new IllegalArgumentException(
          "tieBreak "
              + options.tieBreak()
              + " is not supported on Spark (random draws follow the task order of a file);"
              + " use LOWEST");
    }
  }

  /** Hard majority vote. */
  public SparkMajorityVote() {
    this(MajorityVote.Options.defaults());
  }

  @Override
  public String name() {
    return options.soft() ? "soft-mv" : "mv";
  }

  @Override
  CrowdModel fit(PreparedAnswers data) {
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
    boolean soft = options.soft();
    return model(
        data,
        b -> score(b, soft),
        false,
        null,
        Diagnostics.closedForm(),
        new WorkerSkills(skills),
        new StructType().add("skill", DataTypes.DoubleType, false),
        new double[][] {skills},
        (w, p) -> new Object[] {p[0][w]},
        null,
        null);
  }

  /** Soft or hard majority-vote posteriors of a block (gold is not used by majority vote). */
  static double[] score(AnswerBlock b, boolean soft) {
    int k = b.numLabels();
    double[] post = new double[b.numTasks() * k];
    Blocks.softMajority(b, post, false);
    if (!soft) {
      for (int i = 0; i < b.numTasks(); i++) {
        int best = Posteriors.argmaxRow(post, i * k, k);
        java.util.Arrays.fill(post, i * k, (i + 1) * k, 0.0);
        post[i * k + best] = 1.0;
      }
    }
    return post;
  }
}
