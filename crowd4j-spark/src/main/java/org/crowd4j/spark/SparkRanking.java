package org.crowd4j.spark;

import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.method.IterationListener;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Ranking;

/**
 * {@code crowd4j rank --engine spark}: reads comparisons with Spark, counts the wins per pair on
 * the executors and fits Bradley–Terry on the driver ({@link SparkBradleyTerry}), returning the
 * core's {@link Ranking} for the command line to write and print as it does for one machine.
 */
public final class SparkRanking {
  private SparkRanking() {}

  /**
   * One run.
   *
   * @param comparisons comparisons path (CSV with header, or Parquet)
   * @param delimiter CSV separator, or null for the default of the file name
   * @param leftColumn the first item's column
   * @param rightColumn the second item's column
   * @param labelColumn the winner's column
   * @param options Bradley–Terry's options
   * @param master Spark master when no session is running, or null
   */
  public record Request(
      String comparisons,
      Character delimiter,
      String leftColumn,
      String rightColumn,
      String labelColumn,
      BradleyTerry.Options options,
      String master) {
    /** Checks the required parts. */
    public Request {
      Objects.requireNonNull(comparisons, "comparisons");
      Objects.requireNonNull(options, "options");
    }
  }

  /**
   * What the run gives.
   *
   * @param ranking the core's ranking
   * @param comparisons number of comparisons counted
   * @param engine Spark's version and master, for the summary
   */
  public record Result(Ranking ranking, long comparisons, String engine) {}

  /** Runs {@code request}, reporting the MM updates to {@code listener}. */
  public static Result run(Request request, IterationListener listener) {
    SparkSession spark = SparkAggregation.session("crowd4j rank bt", request.master());
    Dataset<Row> rows = SparkCrowd.read(spark, request.comparisons(), request.delimiter());
    SparkBradleyTerryModel model =
        new SparkBradleyTerry(request.options())
            .setLeftCol(request.leftColumn())
            .setRightCol(request.rightColumn())
            .setLabelCol(request.labelColumn())
            .setListener(listener)
            .fit(rows);
    return new Result(
        model.ranking().orElseThrow(),
        model.numComparisons(),
        "Spark " + spark.version() + ", " + spark.sparkContext().master());
  }
}
