package org.crowd4j.cli.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsPlotTest {
  @TempDir Path dir;

  private Path csv() throws Exception {
    Path f = dir.resolve("runs.csv");
    Files.writeString(
        f,
        "experiment,method,setting,seed,acc\n"
            + "scaling,a,T=100,0,0.90\n"
            + "scaling,a,T=100,1,0.94\n"
            + "scaling,a,T=1500,0,0.80\n"
            + "scaling,b,T=100,0,0.70\n"
            + "other,b,T=100,0,0.10\n");
    return f;
  }

  @Test
  void meansAndSampleDeviationsPerSeriesAndX() throws Exception {
    ResultsPlot.Points p =
        ResultsPlot.points(
            csv(),
            new ResultsPlot.Spec(
                "setting", "acc", "method", Map.of("experiment", "scaling"), "t", "x", "y", true));
    assertEquals(List.of("a", "b"), p.names());
    assertArrayEquals(new double[] {100, 1500}, p.x());
    assertEquals(0.92, p.mean()[0][0], 1e-12);
    assertEquals(Math.sqrt(0.0008), p.sd()[0][0], 1e-12); // (0.02² + 0.02²) / (2 − 1)
    assertEquals(0.80, p.mean()[0][1], 1e-12);
    assertEquals(0.0, p.sd()[0][1]);
    assertEquals(0.70, p.mean()[1][0], 1e-12);
    assertTrue(Double.isNaN(p.mean()[1][1]));
    assertEquals(4, p.runs());
  }

  @Test
  void writesPngAndSvg() throws Exception {
    ResultsPlot.Spec spec =
        new ResultsPlot.Spec("setting", "acc", "method", Map.of(), "t", "x", "y", false);
    Path png = dir.resolve("p.png");
    ResultsPlot.write(csv(), spec, png, 400, 300);
    byte[] b = Files.readAllBytes(png);
    assertEquals((byte) 0x89, b[0]);
    assertEquals('P', b[1]);
    Path svg = dir.resolve("p.svg");
    ResultsPlot.write(csv(), spec, svg, 400, 300);
    assertTrue(Files.readString(svg).contains("<svg"));
  }

  @Test
  void unknownColumnNamesTheColumns() throws Exception {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ResultsPlot.points(
                    csv(), new ResultsPlot.Spec("T", "acc", null, Map.of(), "t", "x", "y", false)));
    assertTrue(e.getMessage().contains("no column 'T'"), e.getMessage());
    assertTrue(e.getMessage().contains("experiment, method, setting, seed, acc"), e.getMessage());
  }
}
