package org.crowd4j.io.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.segmentation.Mask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exports are read as strictly as the long CSV: what could be read two ways is an error. */
class StrictExportsTest {
  @TempDir Path dir;

  private CrowdFormatException refused(String name, String content, ExportFormat format)
      throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    return assertThrows(
        CrowdFormatException.class,
        () -> ExportReader.read(file, format, CsvFormat.defaults(), ExportOptions.defaults()));
  }

  private static String labelStudio(String annotation) {
    return "[{\"id\": 1, \"data\": {\"text\": \"x\"}, \"annotations\": [" + annotation + "]}]";
  }

  @Test
  void aSingleChoiceHoldingTheSeparatorIsNotTwoChoices() throws Exception {
    // "a|b" once read the same as the two choices ["a", "b"]
    CrowdFormatException e =
        refused(
            "ls.json",
            labelStudio(
                "{\"completed_by\": 7, \"result\": [{\"from_name\": \"s\", \"type\": \"choices\","
                    + " \"value\": {\"choices\": [\"a|b\"]}}]}"),
            ExportFormat.LABEL_STUDIO);
    assertTrue(e.getMessage().contains("has a choice that holds '|'"), e.getMessage());
  }

  @Test
  void duplicateJsonKeysAreRefused() throws Exception {
    // "id": 101, "id": 999 once took the last value
    CrowdFormatException e =
        refused(
            "dup.json",
            "[{\"id\": 101, \"id\": 999, \"data\": {}, \"annotations\": []}]",
            ExportFormat.LABEL_STUDIO);
    assertTrue(e.getMessage().contains("Duplicate field 'id'"), e.getMessage());
  }

  @Test
  void unknownOrLowercaseAssignmentStatusesAreRefused() throws Exception {
    String header = "INPUT:image\tOUTPUT:result\tASSIGNMENT:worker_id\tASSIGNMENT:status\n";
    for (String status : new String[] {"rejected", "DONE", ""}) {
      CrowdFormatException e =
          refused(
              "t.tsv",
              header + "i1\tcat\tw1\tAPPROVED\ni1\tdog\tw2\t" + status + "\n",
              ExportFormat.TOLOKA);
      assertTrue(
          e.getMessage().contains(":3: field 'ASSIGNMENT:status' holds '" + status + "'"),
          e.getMessage());
    }
    CrowdFormatException m =
        refused(
            "m.csv",
            "HITId,WorkerId,AssignmentStatus,Answer.label\nh1,w1,Approved,cat\nh1,w2,rejected,dog\n",
            ExportFormat.MTURK);
    assertTrue(m.getMessage().contains("holds 'rejected', not a status"), m.getMessage());
  }

  @Test
  void runLengthsAreAsciiDigitsOnly() {
    for (String rle : new String[] {"2x2:+1 3", "2x2:１ 3", "２x2:1 3", "2x2:1 3 0x1"}) {
      assertThrows(IllegalArgumentException.class, () -> Mask.parseRle(rle), rle);
    }
  }

  @Test
  void bytesAfterABrushEncodingAreRefused() {
    // a 1x1 image: a count of 4 bytes, 8-bit words, run sizes of 3 bits, one repeated run of four
    // zero bytes (67 bits, 9 bytes with padding); then a stray byte
    byte[] exact = {0, 0, 0, 4, 0x39, 0x11, 0x14, 0x60, 0};
    assertEquals(0, BrushRle.decode(exact, 1, 1).cardinality());
    byte[] rle = java.util.Arrays.copyOf(exact, 10);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BrushRle.decode(rle, 1, 1));
    assertTrue(e.getMessage().contains("after the end of the encoding"), e.getMessage());
  }

  @Test
  void aMalformedJsonArrayAnswerIsAnErrorNotALabel() throws Exception {
    // ["a", once became the literal label '["a",'
    String header = "INPUT:image\tOUTPUT:result\tASSIGNMENT:worker_id\tASSIGNMENT:status\n";
    CrowdFormatException e =
        refused(
            "arr.tsv",
            header + "i1\t\"[\"\"a\"\"]\"\tw1\tAPPROVED\ni1\t\"[\"\"a\"\",\"\tw2\tAPPROVED\n",
            ExportFormat.TOLOKA);
    assertTrue(e.getMessage().contains(":3: "), e.getMessage());
  }
}
