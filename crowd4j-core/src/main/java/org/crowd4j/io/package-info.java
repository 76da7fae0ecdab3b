/**
 * Reading and writing: the strict CSV/TSV readers of answers, gold and features (errors name the
 * file, line and field), the result and model.json writers, and atomic file replacement.
 */
package org.crowd4j.io;
