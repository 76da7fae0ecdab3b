/**
 * The Java side of the Python package {@code crowd4j}: entry points that take factorised columns
 * (codes into tables of distinct names, as pandas' {@code factorize} gives) and return fits whose
 * results are primitive arrays, so that no answer crosses the language boundary as an object.
 */
package org.crowd4j.python;
