/** Benchmarks and generated workloads whose results go into BENCHMARKS.md and RESULTS.md. */
package org.crowd4j.bench;
