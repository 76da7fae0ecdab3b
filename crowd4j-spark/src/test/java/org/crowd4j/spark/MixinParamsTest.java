package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.junit.jupiter.api.Test;

/**
 * The params that mixins declare: every stage has its own instances (Spark ML params belong to one
 * parent), with the names, documentation and defaults that saved pipelines and {@code
 * explainParams} rely on, and setters that check through the core's options record.
 */
class MixinParamsTest {
  @Test
  void everyStageHasItsOwnParamsWithTheirNamesDocsAndDefaults() {
    SparkDawidSkene ds = new SparkDawidSkene();
    SparkOneCoinDawidSkene oneCoin = new SparkOneCoinDawidSkene();
    assertSame(ds.floor(), ds.floor());
    assertNotSame(ds.floor(), new SparkDawidSkene().floor());
    assertEquals(ds.uid(), ds.floor().parent());
    assertEquals(
        "probability floor of the confusion entries and the prior, in (0, 0.01)", ds.floor().doc());
    assertEquals(
        "probability floor of the skills and the prior, in (0, 0.01)", oneCoin.floor().doc());
    assertEquals(
        "stopping objective: LIKELIHOOD (marginal log-likelihood per answer) or CROWDKIT_ELBO",
        oneCoin.stopping().doc());
    assertEquals("LIKELIHOOD", ds.getStopping());
    assertEquals(1e-10, ds.getFloor());
    assertEquals(
        "MM updates at most (the core's maxIterations)", new SparkBradleyTerry().maxIter().doc());
    assertEquals(100, new SparkBradleyTerry().getMaxIter());
    assertEquals(
        List.of(
            "answersPerPartition",
            "cacheInput",
            "floor",
            "goldCol",
            "labelCol",
            "maxIter",
            "numPartitions",
            "predictionCol",
            "probabilityCol",
            "stopping",
            "storageLevel",
            "taskCol",
            "tol",
            "treeReduceAbove",
            "workerBroadcastLimit",
            "workerCol"),
        Arrays.stream(ds.params()).map(Param::name).toList());
  }

  @Test
  void settersCheckThroughTheCoresRecordAndCopiesKeepTheValues() {
    SparkDawidSkene ds = new SparkDawidSkene().setFloor(1e-4).setStopping("crowdkit-elbo");
    assertEquals("CROWDKIT_ELBO", ds.getStopping());
    SparkDawidSkene copy = ds.copy(ParamMap.empty());
    assertEquals(ds.options(), copy.options());
    assertSame(copy, copy.setTaskCol("item"));
    assertEquals("task", ds.getTaskCol());
    assertThrows(IllegalArgumentException.class, () -> ds.setFloor(0.5));
    assertThrows(IllegalArgumentException.class, () -> ds.setStopping("best"));
    assertThrows(IllegalArgumentException.class, () -> new SparkBradleyTerry().setTol(-1));
  }
}
