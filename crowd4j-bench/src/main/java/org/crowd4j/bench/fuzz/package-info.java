/** Coverage-guided fuzzing of every reader (Jazzer), with the campaigns RELIABILITY.md records. */
package org.crowd4j.bench.fuzz;
