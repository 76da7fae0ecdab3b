/**
 * Reading and writing: the strict CSV/TSV readers of answers, gold and features (errors name the
 * file, line and field), the result writers, and atomic file replacement. Model files are written
 * and read by {@link org.crowd4j.model}.
 */
package org.crowd4j.io;
