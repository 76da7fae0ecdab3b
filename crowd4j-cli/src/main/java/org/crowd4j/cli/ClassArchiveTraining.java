package org.crowd4j.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run that the build records a class-data-sharing archive from ({@code
 * -XX:ArchiveClassesAtExit}): the everyday commands on tiny simulated data, in one JVM, so the
 * archive holds the classes those commands load. The launcher starts the JVM with the archive when
 * it is present and newer than the jar; the JVM ignores an archive that does not match its jar.
 */
final class ClassArchiveTraining {
  private ClassArchiveTraining() {}

  /** Runs the commands in a temporary folder; fails when one of them fails. */
  public static void main(String[] args) throws IOException {
    Path dir = Files.createTempDirectory("crowd4j-cds");
    try {
      String d = dir.toString();
      List<String[]> runs =
          List.of(
              new String[] {"--version"},
              new String[] {
                "simulate",
                "--source",
                "gaussian:n=200,classes=3,dim=4",
                "--annotators",
                "common:n=10,share=0.5",
                "--assignment",
                "k:5",
                "--seed",
                "1",
                "--out",
                d + "/c"
              },
              new String[] {
                "aggregate",
                "--method",
                "mv",
                "--answers",
                d + "/c/answers.csv",
                "--out",
                d + "/mv.csv"
              },
              new String[] {
                "aggregate",
                "--method",
                "ds",
                "--answers",
                d + "/c/answers.csv",
                "--gold",
                d + "/c/gold.csv",
                "--out",
                d + "/ds.csv",
                "--model-out",
                d + "/ds.json"
              },
              new String[] {
                "aggregate",
                "--method",
                "glad",
                "--answers",
                d + "/c/answers.csv",
                "--out",
                d + "/glad.csv",
                "--json"
              },
              new String[] {
                "simulate-pairwise", "--items", "30", "--comparisons", "300", "--out", d + "/p"
              },
              new String[] {
                "rank",
                "--method",
                "bt",
                "--comparisons",
                d + "/p/comparisons.csv",
                "--out",
                d + "/bt.csv"
              },
              new String[] {"simulate-text", "--tasks", "20", "--out", d + "/t"},
              new String[] {
                "aggregate-text",
                "--method",
                "rover",
                "--answers",
                d + "/t/answers.csv",
                "--out",
                d + "/rover.csv"
              },
              new String[] {
                "simulate-masks",
                "--images",
                "3",
                "--height",
                "16",
                "--width",
                "16",
                "--out",
                d + "/m"
              },
              new String[] {
                "aggregate-masks",
                "--method",
                "mv",
                "--answers",
                d + "/m/answers.csv",
                "--out",
                d + "/mv-masks"
              });
      PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream());
      for (String[] run : runs) {
        int code = Main.commandLine(run).setOut(sink).setErr(sink).execute(run);
        if (code != 0) {
          throw new IllegalStateException("exit code " + code + " from " + String.join(" ", run));
        }
      }
    } finally {
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}
