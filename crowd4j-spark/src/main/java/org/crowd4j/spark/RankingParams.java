package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.util.Identifiable;

/**
 * The defaults, the column-name validator and the output check of the pairwise stages' params
 * ({@link RankingColumns}, the comparison columns of {@link SparkBradleyTerry}).
 */
final class RankingParams {
  private RankingParams() {}

  static final String ITEM = "item";
  static final String SCORE = "score";
  static final String STDERR = "stderr";
  static final String RANK = "rank";

  /** A column-name param: not blank. */
  static Param<String> column(Identifiable parent, String name, String doc) {
    return new Param<>(parent, name, doc, new NonBlank());
  }

  /** The validator of a column name: not blank; serializable, as params are. */
  private static final class NonBlank extends scala.runtime.AbstractFunction1<String, Object>
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Object apply(String value) {
      return value != null && !value.isBlank();
    }
  }

  /**
   * Checks that the output columns have four different names, none already in {@code existing} but
   * the item column.
   *
   * @throws IllegalArgumentException naming the clash
   */
  static void checkOutput(
      String item, String score, String stderr, String rank, List<String> existing) {
    List<String> out = List.of(score, stderr, rank);
    if (out.contains(item) || score.equals(stderr) || score.equals(rank) || stderr.equals(rank)) {
      throw new IllegalArgumentException(
          "the item, score, stderr and rank columns need four names: "
              + List.of(item, score, stderr, rank));
    }
    for (String c : out) {
      if (existing.contains(c)) {
        throw new IllegalArgumentException(
            "the output column '"
                + c
                + "' is already in the DataFrame; its columns are "
                + existing);
      }
    }
  }
}
