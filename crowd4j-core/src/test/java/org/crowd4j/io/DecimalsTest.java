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

  @Test
  void shortestDropsTheDigitsJava17AddsAndKeepsItsLayout() {
    // Java 17 writes 2.0E-3 as 0.002 and these with one or two digits too many
    assertEquals("2.82879384806159E17", Decimals.shortest(2.82879384806159E17));
    assertEquals("1.0E23", Decimals.shortest(1.0E23));
    assertEquals("0.002", Decimals.shortest(0.002));
    assertEquals("-0.1", Decimals.shortest(-0.1));
    assertEquals("123.0", Decimals.shortest(123.0));
    assertEquals("1.0E7", Decimals.shortest(1.0E7));
    assertEquals("1.0E-5", Decimals.shortest(1.0E-5));
    assertEquals("0.0", Decimals.shortest(0.0));
    assertEquals("NaN", Decimals.shortest(Double.NaN));
    assertEquals("4.9E-324", Decimals.shortest(Double.MIN_VALUE));
    assertEquals("1.7976931348623157E308", Decimals.shortest(Double.MAX_VALUE));
  }

  @Test
  void shortestReadsBackAndNoShorterDecimalDoes() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(5);
    int shorter = 0;
    for (int n = 0; n < 60_000; n++) {
      double v =
          switch (n % 3) {
            case 0 -> Double.longBitsToDouble(r.nextLong() & 0x7FEFFFFFFFFFFFFFL);
            case 1 -> r.nextDouble();
            default -> Math.exp(-30 * r.nextDouble()) * (r.nextBoolean() ? 1 : -1);
          };
      String s = Decimals.shortest(v);
      assertEquals(v, Double.parseDouble(s), s);
      String jdk = Double.toString(v);
      assertTrue(s.length() <= jdk.length(), s + " vs " + jdk);
      if (s.length() < jdk.length()) {
        shorter++;
      }
      java.math.BigDecimal exact = new java.math.BigDecimal(v);
      int digits = new java.math.BigDecimal(s).stripTrailingZeros().precision();
      if (digits > 2) {
        for (java.math.RoundingMode m :
            new java.math.RoundingMode[] {
              java.math.RoundingMode.FLOOR, java.math.RoundingMode.CEILING
            }) {
          double back = exact.round(new java.math.MathContext(digits - 1, m)).doubleValue();
          assertTrue(
              back != v,
              s + " has a shorter form " + exact.round(new java.math.MathContext(digits - 1, m)));
        }
      }
    }
    assertTrue(shorter > 0, "some of Java 17's forms are longer than needed");
  }

  @Test
  void roundedKeepsTheAskedSignificantDigits() {
    assertEquals("0.123", Decimals.rounded(0.123456, 3));
    assertEquals("0.9", Decimals.rounded(0.94999, 1));
    assertEquals("1.0", Decimals.rounded(0.96, 1));
    assertEquals("1.2E-7", Decimals.rounded(1.23456e-7, 2));
    assertEquals("1.2346E10", Decimals.rounded(12345678901.0, 5));
    assertEquals("0.0", Decimals.rounded(0.0, 4));
    assertEquals("0.25", Decimals.rounded(0.25, 15));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> Decimals.rounded(1, 0));
  }
}
