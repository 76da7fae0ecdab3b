package org.crowd4j.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/** Counts the bytes read and reports them about every megabyte and at the end. */
final class CountingStream extends FilterInputStream {
  private final LongConsumer report;
  private long count;
  private long reported;

  CountingStream(InputStream in, LongConsumer report) {
    super(in);
    this.report = report;
  }

  private void add(long n) {
    if (n > 0) {
      count += n;
      if (count - reported >= 1 << 20) {
        reported = count;
        report.accept(count);
      }
    } else if (n < 0 && reported != count) {
      reported = count;
      report.accept(count);
    }
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    add(b < 0 ? -1 : 1);
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, len);
    add(n);
    return n;
  }

  @Override
  public void close() throws IOException {
    if (reported != count) {
      reported = count;
      report.accept(count);
    }
    super.close();
  }
}
