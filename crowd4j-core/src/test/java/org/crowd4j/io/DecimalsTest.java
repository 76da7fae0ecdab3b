package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DecimalsTest {
  @Test
  void plainDecimalsOnly() {
    for (String s : List.of("12", "-0.5", "+3", ".5", "5.", "3e-2", "1.0E-5", "0", "007")) {
      assertTrue(Decimals.isDecimal(s), s);
    }
    for (String s :
        List.of(
            "",
            "+",
            "-",
            ".",
            "e3",
            "1e",
            "1e+",
            "1d",
            "0f",
            "0x1p3",
            "NaN",
            "Infinity",
            " 1",
            "1 ",
            "1..2",
            "1e2.5",
            "１２",
            "1_000",
            "--1")) {
      assertFalse(Decimals.isDecimal(s), s);
    }
  }

  @Test
  void parseOrNaNRefusesWhatDoesNotFitADouble() {
    assertEquals(-0.25, Decimals.parseOrNaN("-2.5e-1"));
    assertTrue(Double.isNaN(Decimals.parseOrNaN("1e400")));
    assertTrue(Double.isNaN(Decimals.parseOrNaN("1d")));
  }
}
