package org.crowd4j.testing;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the peer's expected-output CSV files (series and frames) for side-by-side tests. */
public final class PeerTables {
  private PeerTables() {}

  /** A frame: first column is the row key, other columns by header name; empty cells are NaN. */
  public static Map<String, Map<String, Double>> frame(Path file) {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    List<List<String>> rows = rows(file);
    List<String> header = rows.get(0);
    for (List<String> r : rows.subList(1, rows.size())) {
      Map<String, Double> row = new LinkedHashMap<>();
      for (int j = 1; j < header.size(); j++) {
        String v = j < r.size() ? r.get(j) : "";
        row.put(header.get(j), v.isEmpty() ? Double.NaN : Double.parseDouble(v));
      }
      out.put(r.get(0), row);
    }
    return out;
  }

  /** A series of strings: first column key, second column value (header skipped). */
  public static Map<String, String> series(Path file) {
    Map<String, String> out = new LinkedHashMap<>();
    List<List<String>> rows = rows(file);
    for (List<String> r : rows.subList(1, rows.size())) {
      out.put(r.get(0), r.size() > 1 ? r.get(1) : "");
    }
    return out;
  }

  /** All rows of a CSV file, header included. */
  public static List<List<String>> rows(Path file) {
    List<List<String>> out = new ArrayList<>();
    try (CsvReader<CsvRecord> csv =
        CsvReader.builder()
            .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
            .missingFieldStrategy(FieldMismatchStrategy.IGNORE)
            .ofCsvRecord(file)) {
      for (CsvRecord r : csv) {
        out.add(new ArrayList<>(r.getFields()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
