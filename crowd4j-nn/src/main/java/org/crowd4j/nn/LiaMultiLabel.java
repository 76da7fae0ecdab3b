package org.crowd4j.nn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;

/**
 * LIA-ML's data layout (paper §3.4): a multi-label crowd problem — G binary labels per item, each
 * annotator saying present ("1") or absent ("0") for the labels she was asked about — as one binary
 * crowd problem per label, stacked into a single {@link CrowdDataset} whose tasks are (item, label)
 * pairs named {@code item + SEPARATOR + label}. The features of pair (i, g) are x_i followed by the
 * one-hot block of g ({@link Stacked#labelColumns}); with {@code Lia.Options.labelColumns} set to
 * G, h_θ and d_φ see a learnt label embedding through their first linear layer and the competence
 * adds a learnt label embedding to the annotator's representation, so every network is shared
 * across labels. The crowd4j core has no multi-label answer type (the simulators give per-label 0/1
 * matrices), so the input is one binary dataset per label.
 */
public final class LiaMultiLabel {
  /** Joins item and label in the stacked task names. */
  public static final String SEPARATOR = "#";

  private LiaMultiLabel() {}

  /**
   * The stacked problem.
   *
   * @param data binary answers per (item, label) task, labels {@code 0, 1}
   * @param features rows of every (item, label) pair: item features then the label's one-hot
   * @param items the item names (rows of the input features)
   * @param labels the label names, in one-hot order
   */
  public record Stacked(
      CrowdDataset data, TaskFeatures features, List<String> items, List<String> labels) {
    /**
     * Number of one-hot label columns at the end of the features (Lia's {@code labelColumns}).
     *
     * @return the number of labels
     */
    public int labelColumns() {
      return labels.size();
    }

    /**
     * Per item and label the probability of "present" from binary posteriors of the stacked tasks
     * ({@code data}'s task order, 2 columns); {@code items × labels} row-major, NaN for pairs
     * without answers.
     *
     * @param stackedPosteriors posteriors of the stacked tasks
     * @return the probabilities
     */
    public double[] presence(double[] stackedPosteriors) {
      int present = data.labels().id("1");
      double[] out = new double[items.size() * labels.size()];
      java.util.Arrays.fill(out, Double.NaN);
      for (int t = 0; t < data.numTasks(); t++) {
        String name = data.tasks().name(t);
        int cut = name.lastIndexOf(SEPARATOR);
        int i = items.indexOf(name.substring(0, cut));
        int g = labels.indexOf(name.substring(cut + SEPARATOR.length()));
        out[i * labels.size() + g] = stackedPosteriors[t * 2 + present];
      }
      return out;
    }
  }

  /**
   * Stacks {@code perLabel} (label name → binary answers on items named as in {@code items}'
   * features, labels "0"/"1") into one problem.
   *
   * @param items the items' features
   * @param perLabel label name → binary answers
   * @return the stacked problem
   */
  public static Stacked stack(TaskFeatures items, Map<String, CrowdDataset> perLabel) {
    List<String> labels = new ArrayList<>(perLabel.keySet());
    CrowdDataset.Builder b = CrowdDataset.builder().labels(List.of("0", "1"));
    for (String label : labels) {
      CrowdDataset d = perLabel.get(label);
      for (int a = 0; a < d.numAnswers(); a++) {
        String item = d.tasks().name(d.task(a));
        if (!items.tasks().contains(item)) {
          throw new IllegalArgumentException("no features for item '" + item + "'");
        }
        String value = d.labels().name(d.label(a));
        if (!value.equals("0") && !value.equals("1")) {
          throw new IllegalArgumentException(
              "label '" + label + "': answers must be 0 or 1, got '" + value + "'");
        }
        b.add(item + SEPARATOR + label, d.workers().name(d.worker(a)), value);
      }
    }
    List<String> itemNames = items.tasks().names();
    return new Stacked(b.build(), features(items, labels), itemNames, labels);
  }

  /**
   * Rows for every (item, label) pair: the item's features then the label's one-hot block.
   *
   * @param items the items' features
   * @param labels the label names, in one-hot order
   * @return {@code items × labels} rows
   */
  public static TaskFeatures features(TaskFeatures items, List<String> labels) {
    int d = items.dim();
    int g = labels.size();
    int width = d + g;
    List<String> names = new ArrayList<>();
    float[] v = new float[items.numRows() * g * width];
    int row = 0;
    for (int i = 0; i < items.numRows(); i++) {
      float[] x = items.row(i);
      for (int l = 0; l < g; l++) {
        names.add(items.tasks().name(i) + SEPARATOR + labels.get(l));
        System.arraycopy(x, 0, v, row * width, d);
        v[row * width + d + l] = 1f;
        row++;
      }
    }
    return new TaskFeatures(Vocabulary.of(names), width, v);
  }

  /**
   * The classifier's probability that each label is present on each item ({@code items × labels}
   * row-major) for a model trained on a {@link Stacked} problem with these labels.
   *
   * @param model a model trained on the stacked problem
   * @param items the items' features
   * @param labels the label names, in the order of training
   * @return the probabilities
   */
  public static double[] predict(LearnedModel model, TaskFeatures items, List<String> labels) {
    double[] p = model.predict(features(items, labels));
    int present = model.labels().id("1");
    double[] out = new double[items.numRows() * labels.size()];
    for (int r = 0; r < out.length; r++) {
      out[r] = p[r * 2 + present];
    }
    return out;
  }
}
