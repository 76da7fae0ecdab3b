package org.crowd4j.cli;

import org.crowd4j.method.Provenance;
import picocli.CommandLine;

/** Prints the library and Java versions. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {
      "crowd4j " + Provenance.LIBRARY_VERSION,
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
