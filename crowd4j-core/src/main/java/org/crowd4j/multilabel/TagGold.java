package org.crowd4j.multilabel;

import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import org.crowd4j.data.Gold;
import org.crowd4j.data.Vocabulary;

/**
 * Known tag sets of some tasks of a {@link TagAnswers}, as a tasks × tags presence table. Gold
 * tasks that have no answers are counted ({@link #unmatchedTasks()}) and left out; gold tags must
 * be among the answers' tags (declare them with {@link TagAnswers.Builder#declareTag}).
 */
public final class TagGold {
  private final int numTags;
  private final boolean[] known;
  private final boolean[] present;
  private final int count;
  private final int unmatched;

  TagGold(int numTags, boolean[] known, boolean[] present, int count, int unmatched) {
    this.numTags = numTags;
    this.known = known;
    this.present = present;
    this.count = count;
    this.unmatched = unmatched;
  }

  /**
   * The gold of {@code data} from task name → tag set; a tag that {@code data} does not know is an
   * error (the readers declare gold tags before building the answers).
   */
  public static TagGold of(TagAnswers data, Map<String, ? extends Collection<String>> tagsByTask) {
    Vocabulary tasks = data.tasks();
    Vocabulary tags = data.tags();
    int n = tasks.size();
    int m = tags.size();
    boolean[] known = new boolean[n];
    boolean[] present = new boolean[n * m];
    int count = 0;
    int unmatched = 0;
    for (Map.Entry<String, ? extends Collection<String>> e : tagsByTask.entrySet()) {
      if (!tasks.contains(e.getKey())) {
        unmatched++;
        continue;
      }
      int i = tasks.id(e.getKey());
      known[i] = true;
      count++;
      for (String tag : e.getValue()) {
        if (!tags.contains(tag)) {
          throw new IllegalArgumentException(
              "gold of task '" + e.getKey() + "' holds tag '" + tag + "', unknown to the answers");
        }
        present[i * m + tags.id(tag)] = true;
      }
    }
    return new TagGold(m, known, present, count, unmatched);
  }

  /** Whether task {@code i} has a known tag set. */
  public boolean has(int i) {
    return known[i];
  }

  /** Whether task {@code i} (which must have gold) truly has tag {@code t}. */
  public boolean present(int i, int t) {
    return present[i * numTags + t];
  }

  /** Number of tasks with gold among the answers' tasks. */
  public int count() {
    return count;
  }

  /** Number of gold tasks that have no answers (left out). */
  public int unmatchedTasks() {
    return unmatched;
  }

  /** Number of tasks of the answers. */
  public int numTasks() {
    return known.length;
  }

  /** Number of tags. */
  public int numTags() {
    return numTags;
  }

  /** Tag {@code t}'s gold as the single-label gold of its binary question (labels "0", "1"). */
  public Gold binary(int t) {
    int[] labels = new int[known.length];
    Arrays.fill(labels, Gold.NONE);
    for (int i = 0; i < known.length; i++) {
      if (known[i]) {
        labels[i] = present[i * numTags + t] ? 1 : 0;
      }
    }
    return Gold.ofIds(labels);
  }
}
