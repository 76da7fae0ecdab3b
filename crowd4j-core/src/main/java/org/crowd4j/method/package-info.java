/**
 * The contract every method of every kind of answers follows ({@link org.crowd4j.method.Method},
 * {@link org.crowd4j.method.FitContext}, {@link org.crowd4j.method.FitResult}) and the types every
 * kind shares ({@link org.crowd4j.method.Diagnostics}, {@link org.crowd4j.method.Provenance},
 * {@link org.crowd4j.method.IterationListener}). No kind owns this package and it depends on none.
 */
package org.crowd4j.method;
