package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.Provenance;
import org.junit.jupiter.api.Test;

/** Every result's provenance records the version of the build that produced it. */
class ProvenanceVersionTest {
  @Test
  void libraryVersionIsTheProjectVersion() {
    String expected = System.getProperty("crowd4j.project.version");
    assertNotNull(expected, "crowd4j.project.version is set by the build");
    assertEquals(expected, Provenance.LIBRARY_VERSION);
  }

  @Test
  void fittedResultsCarryIt() {
    CrowdDataset.Builder b = CrowdDataset.builder();
    b.add("t1", "a", "x").add("t1", "b", "x").add("t2", "a", "y").add("t2", "b", "y");
    AggregationResult r = new MajorityVote().fit(b.build());
    assertEquals(Provenance.LIBRARY_VERSION, r.provenance().library());
  }
}
