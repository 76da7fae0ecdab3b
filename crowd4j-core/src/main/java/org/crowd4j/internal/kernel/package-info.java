/**
 * The EM kernels over primitive arrays that the single-machine methods and crowd4j-spark share
 * (per-task E-steps and M-step statistics, special functions, L-BFGS). <b>Internal, not part of the
 * public API of {@code org.crowd4j.core}:</b> public only so that the Spark module can call the
 * same code; it may change in any release without notice. Use {@link org.crowd4j.aggregate}
 * instead. The tree's package-rules test ({@code TreePackageRulesTest} in crowd4j-cli) checks that
 * only crowd4j-core and crowd4j-spark use it, the exceptions the tree still has listed there and in
 * docs/architecture.md.
 */
package org.crowd4j.internal.kernel;
