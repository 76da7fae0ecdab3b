package org.crowd4j.spark;

import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * {@link ParityTest} on every shared classification crowd (the count asserted); run by the {@code
 * full-sweep} profile: {@code ./mvnw -B verify -Pfull-sweep}.
 */
@Tag("full-sweep")
class ParityFullSweepTest extends ParityTest {
  @Override
  List<String> crowds() {
    return Parity.datasets();
  }
}
