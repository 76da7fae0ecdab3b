package org.crowd4j.python;

import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.aggregate.WeightedMajorityVote;
import org.crowd4j.aggregate.classifier.ClassifierConsensus;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.RankingMethods;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.MaskMethods;
import org.crowd4j.segmentation.PixelBudget;
import org.crowd4j.segmentation.SegmentationAggregator;
import org.crowd4j.segmentation.SegmentationMajorityVote;
import org.crowd4j.text.TaskEmbeddings;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextMethods;

/**
 * Entry points of the Python package: one call per kind builds the kind's answers from factorised
 * columns, fits a catalogue method with {@code key=value} options (the command line's {@code
 * --param}) and returns the fit. Bad input and bad options throw {@link IllegalArgumentException}
 * with the command line's message, which Python raises as {@code ValueError}.
 */
public final class Frames {
  private Frames() {}

  /**
   * Fits a classification method of the catalogue.
   *
   * @param method catalogue name ({@code ds}, {@code glad}, ...)
   * @param keys option names, {@code values} their values (parallel arrays)
   * @param taskNames distinct task ids; {@code task} one code into them per answer
   * @param workerNames distinct worker ids; {@code worker} one code per answer ({@code -1}:
   *     anonymous)
   * @param labelNames distinct labels; {@code label} one code per answer
   * @param goldTasks tasks with known labels (may be empty), {@code goldLabels} their labels
   * @param skillWorkers workers with given skills (for {@code wmv}; may be empty), {@code
   *     skillValues} their skills
   */
  public static ClassificationFit classify(
      String method,
      String[] keys,
      String[] values,
      String[] taskNames,
      int[] task,
      String[] workerNames,
      int[] worker,
      String[] labelNames,
      int[] label,
      String[] goldTasks,
      String[] goldLabels,
      String[] skillWorkers,
      double[] skillValues) {
    Map<String, String> options = options(keys, values);
    CrowdDataset data = answers(taskNames, task, workerNames, worker, labelNames, label);
    Aggregator aggregator;
    if (skillWorkers.length > 0) {
      Map<String, Double> skills =
          skills(method.equals("wmv") ? "mv" : method, skillWorkers, skillValues);
      aggregator =
          new WeightedMajorityVote(
              OptionsBinder.bind(WeightedMajorityVote.Options.defaults(), options), skills);
    } else {
      aggregator = Methods.create(method, options);
    }
    return fitWithGold(aggregator, data, goldTasks, goldLabels);
  }

  /**
   * Fits a way of combining the answers with a classifier's probabilities ({@link
   * ClassifierConsensus#WAYS}; {@code seed} seeds {@code auto}'s folds): {@code probs} is {@code
   * predTasks × predClasses}, row-major.
   */
  public static ClassificationFit classifyWithPredictions(
      String way,
      long seed,
      String[] taskNames,
      int[] task,
      String[] workerNames,
      int[] worker,
      String[] labelNames,
      int[] label,
      String[] predTasks,
      String[] predClasses,
      double[] probs,
      String[] goldTasks,
      String[] goldLabels) {
    CrowdDataset data = answers(taskNames, task, workerNames, worker, labelNames, label);
    ClassifierProbabilities predictions =
        ClassifierProbabilities.of(java.util.List.of(predTasks), Vocabulary.of(predClasses), probs);
    Aggregator aggregator = ClassifierConsensus.create(way, predictions, seed);
    return fitWithGold(aggregator, data, goldTasks, goldLabels);
  }

  /** Classification answers given as codes into their names; none is an error. */
  private static CrowdDataset answers(
      String[] taskNames,
      int[] task,
      String[] workerNames,
      int[] worker,
      String[] labelNames,
      int[] label) {
    CrowdDataset data =
        CrowdDataset.builder()
            .addEncoded(taskNames, task, workerNames, worker, labelNames, label)
            .build();
    if (data.numAnswers() == 0) {
      throw new IllegalArgumentException("no answers");
    }
    return data;
  }

  /**
   * Fits {@code aggregator} on {@code data} with the gold tasks' labels clamped (none: no gold).
   */
  private static ClassificationFit fitWithGold(
      Aggregator aggregator, CrowdDataset data, String[] goldTasks, String[] goldLabels) {
    FitContext<Gold> context =
        goldTasks.length == 0
            ? FitContext.none()
            : FitContext.withGold(gold(data, goldTasks, goldLabels));
    return new ClassificationFit(data, aggregator, aggregator.fit(data, context));
  }

  /**
   * Fits a pairwise method ({@code bt}, {@code noisy-bt}) to comparisons given as codes into one
   * table of items: row {@code j} compares {@code left[j]} with {@code right[j]}, won by the left
   * item when {@code leftWon[j]}.
   */
  public static RankingFit rank(
      String method,
      String[] keys,
      String[] values,
      String[] itemNames,
      int[] left,
      int[] right,
      boolean[] leftWon,
      String[] workerNames,
      int[] worker) {
    Map<String, String> options = options(keys, values);
    Comparisons comparisons =
        Comparisons.of(
            Vocabulary.of(itemNames), Vocabulary.of(workerNames), left, right, worker, leftWon);
    if (comparisons.size() == 0) {
      throw new IllegalArgumentException("no comparisons");
    }
    return new RankingFit(RankingMethods.LIST.create(method, options).fit(comparisons));
  }

  /**
   * Fits a text method ({@code rover}, {@code rasa}, {@code hrrasa}, {@code closest-to-average}).
   *
   * @param texts one text per answer
   * @param dim embedding length ({@code 0}: none); {@code embeddings} flat {@code [answer][dim]}
   * @param trueTasks tasks with known embeddings (may be empty), {@code trueEmbeddings} flat
   */
  public static TextFit texts(
      String method,
      String[] keys,
      String[] values,
      String[] taskNames,
      int[] task,
      String[] workerNames,
      int[] worker,
      String[] texts,
      int dim,
      double[] embeddings,
      String[] trueTasks,
      double[] trueEmbeddings) {
    Map<String, String> options = options(keys, values);
    TextAnswers.Builder b = TextAnswers.builder();
    double[] row = new double[dim];
    for (int j = 0; j < task.length; j++) {
      String t = taskNames[task[j]];
      String w = workerNames[worker[j]];
      if (dim == 0) {
        b.add(t, w, texts[j]);
      } else {
        System.arraycopy(embeddings, j * dim, row, 0, dim);
        b.add(t, w, texts[j], row);
      }
    }
    TextAnswers answers = b.build();
    FitContext<TaskEmbeddings> context = FitContext.none();
    if (trueTasks.length > 0) {
      if (trueEmbeddings.length != (long) trueTasks.length * dim) {
        throw new IllegalArgumentException(
            "true embeddings of length "
                + trueEmbeddings.length / Math.max(1, trueTasks.length)
                + " where the answers' have "
                + dim);
      }
      context =
          FitContext.withGold(new TaskEmbeddings(Vocabulary.of(trueTasks), dim, trueEmbeddings));
    }
    return new TextFit(TextMethods.LIST.create(method, options).fit(answers, context));
  }

  /**
   * Fits a segmentation method ({@code mv}, {@code em}, {@code rasa}) to binary masks. Answer
   * {@code j} is a {@code heights[j] × widths[j]} mask whose pixels, row-major, are packed 8 to a
   * byte (pixel {@code i} is bit {@code i % 8} of byte {@code i / 8}) from byte {@code offsets[j]}
   * of {@code packed}, each mask starting on a multiple of 8 bytes.
   */
  public static MaskFit masks(
      String method,
      String[] keys,
      String[] values,
      String[] taskNames,
      int[] task,
      String[] workerNames,
      int[] worker,
      int[] heights,
      int[] widths,
      long[] offsets,
      byte[] packed,
      String[] skillWorkers,
      double[] skillValues) {
    Map<String, String> options = options(keys, values);
    java.nio.LongBuffer words =
        java.nio.ByteBuffer.wrap(packed).order(java.nio.ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    MaskAnswers.Builder b = MaskAnswers.builder();
    for (int j = 0; j < task.length; j++) {
      long pixels = (long) heights[j] * widths[j];
      PixelBudget.check(heights[j], widths[j]);
      long[] bits = new long[(int) ((pixels + 63) >>> 6)];
      words.get((int) (offsets[j] >>> 3), bits);
      b.add(taskNames[task[j]], workerNames[worker[j]], Mask.ofBits(heights[j], widths[j], bits));
    }
    SegmentationAggregator aggregator;
    if (skillWorkers.length > 0) {
      Map<String, Double> skills = skills(method, skillWorkers, skillValues);
      SegmentationMajorityVote.Options o =
          OptionsBinder.bind(SegmentationMajorityVote.Options.plain(), options);
      aggregator =
          new SegmentationMajorityVote(
              new SegmentationMajorityVote.Options(skills, o.onMissing(), o.defaultSkill()));
    } else {
      aggregator = MaskMethods.LIST.create(method, options);
    }
    return new MaskFit(aggregator.fit(b.build()));
  }

  /** Given skills by worker, for majority vote ({@code method} {@code mv}) only. */
  private static Map<String, Double> skills(String method, String[] workers, double[] values) {
    if (!method.equals("mv")) {
      throw new IllegalArgumentException(
          "skills are given to majority vote only, not to " + method);
    }
    if (workers.length != values.length) {
      throw new IllegalArgumentException(workers.length + " workers, " + values.length + " skills");
    }
    Map<String, Double> skills = new LinkedHashMap<>();
    for (int w = 0; w < workers.length; w++) {
      skills.put(workers[w], values[w]);
    }
    return skills;
  }

  static Map<String, String> options(String[] keys, String[] values) {
    if (keys.length != values.length) {
      throw new IllegalArgumentException(
          keys.length + " option names, " + values.length + " values");
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < keys.length; i++) {
      out.put(keys[i], values[i]);
    }
    return out;
  }

  private static Gold gold(CrowdDataset data, String[] tasks, String[] labels) {
    if (tasks.length != labels.length) {
      throw new IllegalArgumentException(
          tasks.length + " gold tasks, " + labels.length + " labels");
    }
    Map<String, String> byTask = new LinkedHashMap<>();
    for (int i = 0; i < tasks.length; i++) {
      String before = byTask.put(tasks[i], labels[i]);
      if (before != null && !before.equals(labels[i])) {
        throw new IllegalArgumentException(
            "gold task '"
                + tasks[i]
                + "' has two labels: '"
                + before
                + "' and '"
                + labels[i]
                + "'");
      }
    }
    Gold gold = Gold.of(data, byTask);
    if (gold.unmatchedTasks() > 0) {
      String first =
          byTask.keySet().stream().filter(t -> data.tasks().id(t) < 0).findFirst().orElse("");
      throw new IllegalArgumentException(
          gold.unmatchedTasks() + " gold tasks have no answers, e.g. '" + first + "'");
    }
    if (gold.unknownLabels() > 0) {
      String first =
          byTask.values().stream().filter(l -> data.labels().id(l) < 0).findFirst().orElse("");
      throw new IllegalArgumentException(
          gold.unknownLabels()
              + " gold labels are not among the answers' labels, e.g. '"
              + first
              + "'");
    }
    return gold;
  }
}
