/** The {@code crowd4j} command line (picocli): one class per command and the shared options. */
package org.crowd4j.cli;
