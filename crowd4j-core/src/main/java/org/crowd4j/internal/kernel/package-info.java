/**
 * The EM kernels over primitive arrays that the single-machine methods and crowd4j-spark share
 * (per-task E-steps and M-step statistics, special functions, L-BFGS). <b>Internal:</b> public only
 * so that the Spark module can call the same code; not a supported API, and it may change in any
 * release without notice. Use {@link org.crowd4j.aggregate} instead.
 */
package org.crowd4j.internal.kernel;
