package org.crowd4j.io.platform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Counts of answers an export reader left out, by reason, as notes for the reader's caller. */
final class Notes {
  private final Map<String, Integer> skipped = new LinkedHashMap<>();

  /** Counts {@code n} answers left out for the reason {@code why}. */
  void skip(String why, int n) {
    if (n > 0) {
      skipped.merge(why, n, Integer::sum);
    }
  }

  /** One line per reason, e.g. {@code 2 rejected assignment(s) skipped}. */
  List<String> lines() {
    List<String> out = new ArrayList<>();
    skipped.forEach((why, n) -> out.add(n + " " + why + " skipped"));
    return out;
  }
}
