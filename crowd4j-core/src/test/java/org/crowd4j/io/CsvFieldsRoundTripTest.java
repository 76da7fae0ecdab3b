package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.crowd4j.testing.CsvRoundTrip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every field {@link CsvFields#field} writes reads back as typed through the record source ({@link
 * CsvRecords#text}): quotes, commas, tabs, line breaks, carriage returns, leading and trailing
 * spaces and text beyond the basic plane, alone and mixed at random (seeded).
 */
class CsvFieldsRoundTripTest {
  private static final String[] PIECES = CsvRoundTrip.PIECES;

  @TempDir Path dir;

  @Test
  void everyWrittenFieldReadsBackAsTyped() throws Exception {
    List<String> values = new ArrayList<>(List.of(PIECES));
    values.add("say \"hi\", then leave");
    values.add(" leading");
    values.add("trailing ");
    SplittableRandom rng = new SplittableRandom(7);
    for (int i = 0; i < 400; i++) {
      StringBuilder b = new StringBuilder();
      int parts = 1 + rng.nextInt(6);
      for (int p = 0; p < parts; p++) {
        b.append(PIECES[rng.nextInt(PIECES.length)]);
      }
      values.add(b.toString());
    }
    StringBuilder file = new StringBuilder("id,value\n");
    for (int i = 0; i < values.size(); i++) {
      file.append("r").append(i).append(',').append(CsvFields.field(values.get(i))).append('\n');
    }
    Path csv = dir.resolve("fields.csv");
    Files.writeString(csv, file.toString(), StandardCharsets.UTF_8);
    List<String> read = new ArrayList<>();
    try (CsvRecords t = CsvRecords.open(csv, CsvFormat.defaults().withControlCharacters(true))) {
      int value = t.column("value");
      while (t.next()) {
        read.add(t.text(value));
      }
    }
    assertEquals(values, read);
  }

  @Test
  void plainFieldsAreWrittenAsTheyAre() {
    assertEquals("abc", CsvFields.field("abc"));
    assertEquals("", CsvFields.field(""));
    assertEquals("\"a,b\"", CsvFields.field("a,b"));
    assertEquals("\"say \"\"hi\"\"\"", CsvFields.field("say \"hi\""));
    assertTrue(CsvFields.field(" x").startsWith("\""));
    assertFalse(CsvFields.field("x y").startsWith("\""));
  }
}
