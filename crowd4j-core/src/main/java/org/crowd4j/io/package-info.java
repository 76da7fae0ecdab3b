/**
 * Reading and writing: the record source every CSV/TSV reader reads through ({@link
 * org.crowd4j.io.CsvRecords}, strict rules, errors naming the file, line and field), the readers of
 * answers, gold, features and skills, the one CSV writer ({@link org.crowd4j.io.CsvWriter}), the
 * result writers, and atomic file replacement. Model files are written and read by {@link
 * org.crowd4j.model}.
 */
package org.crowd4j.io;
