package org.crowd4j.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every text the report builder takes (headings, notes, figures, table headers and cells, captions)
 * reaches the page escaped: an annotator or task name can never become markup.
 */
class HtmlTest {
  private static final String HOSTILE = "<img src=x onerror=alert(1)>&\"'";
  private static final String ESCAPED = "&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;";

  private static void escapedOnly(String html, int times) {
    assertFalse(html.contains("<img src=x"), html);
    int n = 0;
    for (int i = html.indexOf(ESCAPED); i >= 0; i = html.indexOf(ESCAPED, i + 1)) {
      n++;
    }
    assertEquals(times, n, html);
  }

  @Test
  void tableHeadersAndCellsAreEscaped() {
    String html =
        new Html()
            .table(List.of(HOSTILE, "b"), List.of(List.of(HOSTILE, "1"), List.of("x", HOSTILE)))
            .toString();
    escapedOnly(html, 3);
    assertTrue(html.contains("<td>" + ESCAPED + "</td>"), html);
    assertTrue(html.contains("<th>" + ESCAPED + "</th>"), html);
  }

  @Test
  void headingsNotesFiguresAndCaptionsAreEscaped() {
    String html =
        new Html()
            .h2("id", HOSTILE)
            .h3(HOSTILE)
            .p(HOSTILE)
            .note(HOSTILE)
            .text(HOSTILE)
            .tag("em", HOSTILE)
            .figures(List.<String[]>of(new String[] {HOSTILE, HOSTILE}))
            .figure("f", "AAAA", 10, 10, HOSTILE)
            .toString();
    escapedOnly(html, 10);
  }
}
