/**
 * The reference experiments of the neural learners, run by {@code crowd4j reproduce} ({@link
 * org.crowd4j.experiments.Reproduce}): real datasets ({@code labelme}, {@code music}, any folder in
 * the shared layout, {@link org.crowd4j.experiments.CrowdFiles}), simulated crowds (MNIST flippers,
 * CoNAL's common noise, the crowd mixture's groups, learning to vote's label sets, LIA's sweeps)
 * and speed and memory. An application, not a library: each experiment prints one line per run and
 * a summary table on standard output and appends CSV rows to {@code out=FILE}. The measured results
 * are in {@code crowd4j-nn/RESULTS.md} and {@code crowd4j-nn/results/}.
 */
package org.crowd4j.experiments;
