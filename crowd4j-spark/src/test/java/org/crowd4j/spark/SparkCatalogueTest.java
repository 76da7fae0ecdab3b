package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeSet;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.method.MethodList;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.RankingMethods;
import org.junit.jupiter.api.Test;

/** The catalogue's "runs on Spark" marks are exactly the estimators this module has. */
class SparkCatalogueTest {
  private static List<String> onSpark(MethodList<?> list) {
    return list.all().stream().filter(MethodSpec::onSpark).map(MethodSpec::name).toList();
  }

  @Test
  void everySparkEstimatorIsMarkedInTheCatalogueAndNoOther() {
    assertEquals(new TreeSet<>(SparkMethods.names()), new TreeSet<>(onSpark(Methods.LIST)));
    assertEquals(SparkNumericAggregation.METHODS, onSpark(NumericMethods.LIST));
    assertEquals(List.of(BradleyTerry.NAME), onSpark(RankingMethods.LIST));
  }
}
