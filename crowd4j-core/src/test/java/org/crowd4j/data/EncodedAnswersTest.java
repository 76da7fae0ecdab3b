package org.crowd4j.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link CrowdDataset.Builder#addEncoded}: a factorised table gives the dataset row-by-row adds
 * give.
 */
class EncodedAnswersTest {
  private static final String[] TASKS = {"t2", "t1", "t3"};
  private static final String[] WORKERS = {"b", "a"};
  private static final String[] LABELS = {"yes", "no"};
  private static final int[] TASK = {0, 0, 1, 2, 1};
  private static final int[] WORKER = {0, 1, 0, -1, 1};
  private static final int[] LABEL = {0, 1, 1, 0, 0};

  @Test
  void equalsTheRowByRowDataset() {
    CrowdDataset encoded =
        CrowdDataset.builder().addEncoded(TASKS, TASK, WORKERS, WORKER, LABELS, LABEL).build();
    CrowdDataset.Builder rows = CrowdDataset.builder();
    for (int j = 0; j < TASK.length; j++) {
      rows.add(TASKS[TASK[j]], WORKER[j] < 0 ? null : WORKERS[WORKER[j]], LABELS[LABEL[j]]);
    }
    CrowdDataset plain = rows.build();
    assertEquals(plain.tasks().names(), encoded.tasks().names());
    assertEquals(plain.labels().names(), encoded.labels().names());
    assertEquals(plain.workers().size(), encoded.workers().size());
    assertArrayEquals(plain.taskColumn(), encoded.taskColumn());
    assertArrayEquals(plain.workerColumn(), encoded.workerColumn());
    assertArrayEquals(plain.labelColumn(), encoded.labelColumn());
    // ids follow the order of the name tables, so the caller's codes are the ids
    assertEquals(0, encoded.tasks().id("t2"));
    assertEquals(1, encoded.workers().id("a"));
    assertEquals(java.util.List.of("no", "yes"), encoded.labels().names());
  }

  @Test
  void aCodeOutOfRangeNamesTheColumnAndTheAnswer() {
    int[] badTask = {0, 0, 1, 3, 1};
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                CrowdDataset.builder().addEncoded(TASKS, badTask, WORKERS, WORKER, LABELS, LABEL));
    assertEquals("answer 3: task code 3 is not in 0..2", e.getMessage());
    int[] missingLabel = {0, 1, -1, 0, 0};
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                CrowdDataset.builder()
                    .addEncoded(TASKS, TASK, WORKERS, WORKER, LABELS, missingLabel));
    assertEquals("answer 2: label code -1 is not in 0..1 (a missing label)", e.getMessage());
  }

  @Test
  void repeatedNamesAndColumnsOfDifferentLengthsAreRefused() {
    String[] twice = {"t1", "t1", "t3"};
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> CrowdDataset.builder().addEncoded(twice, TASK, WORKERS, WORKER, LABELS, LABEL));
    assertEquals("task 't1' appears twice among the distinct tasks", e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            CrowdDataset.builder()
                .addEncoded(TASKS, new int[] {0}, WORKERS, WORKER, LABELS, LABEL));
  }

  @Test
  void declaredLabelsStillRefuseOthers() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            CrowdDataset.builder()
                .labels(java.util.List.of("yes"))
                .addEncoded(TASKS, TASK, WORKERS, WORKER, LABELS, LABEL));
  }
}
