package org.crowd4j.nn.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.MethodSpec;

/** The core's answer-only aggregators, as the learners that start from their labels run them. */
public final class CoreAggregators {
  private CoreAggregators() {}

  /**
   * Posteriors of a core aggregator on {@code data}; majority votes break ties at random with the
   * training seed (as the reference runs do).
   *
   * @param data the answers
   * @param aggregator the core method's name ({@code mv}, {@code ds}, …)
   * @param randomTies whether a majority vote breaks ties at random
   * @param seed the training seed, given to every method that takes one
   * @return the aggregator's result
   */
  public static AggregationResult fit(
      CrowdDataset data, String aggregator, boolean randomTies, long seed) {
    MethodSpec<Aggregator> spec = Methods.spec(aggregator);
    Map<String, String> overrides = new LinkedHashMap<>();
    for (var c : spec.defaults().getClass().getRecordComponents()) {
      if (c.getName().equals("seed")) {
        overrides.put("seed", Long.toString(seed));
      }
      if (c.getName().equals("tieBreak") && randomTies) {
        overrides.put("tieBreak", "RANDOM");
      }
    }
    return spec.create(overrides).fit(data);
  }
}
