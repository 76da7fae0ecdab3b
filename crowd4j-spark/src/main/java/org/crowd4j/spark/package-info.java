/**
 * The aggregation methods on Apache Spark as Spark ML estimators and models (Pipeline stages, saved
 * and loaded on any Hadoop file system), running the core's kernels over answer blocks partitioned
 * by task; results agree with the single-machine methods to rounding.
 */
package org.crowd4j.spark;
