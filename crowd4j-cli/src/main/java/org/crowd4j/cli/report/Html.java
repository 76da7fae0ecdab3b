package org.crowd4j.cli.report;

import java.util.List;
import java.util.Locale;

/**
 * A small HTML builder for the report: every piece of text goes through {@link #escape}, so names
 * of tasks, annotators and classes taken from the input can never inject markup.
 */
final class Html {
  private final StringBuilder sb = new StringBuilder(1 << 16);

  /**
   * Escapes {@code &}, {@code <}, {@code >}, quotes and control characters for text and attributes.
   */
  static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> {
          if (c < 0x20 && c != '\n' && c != '\t') {
            out.append("&#xFFFD;");
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /** A number with {@code digits} decimals, "n/a" for NaN, "−∞" or "∞" for an infinite one. */
  static String num(double v, int digits) {
    if (Double.isInfinite(v)) {
      return v < 0 ? "−∞" : "∞";
    }
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", v);
  }

  Html raw(String markup) {
    sb.append(markup);
    return this;
  }

  Html text(String s) {
    sb.append(escape(s));
    return this;
  }

  Html tag(String name, String content) {
    sb.append('<').append(name).append('>').append(escape(content)).append("</").append(name);
    sb.append(">\n");
    return this;
  }

  Html h2(String id, String title) {
    sb.append("<h2 id=\"").append(escape(id)).append("\">").append(escape(title)).append("</h2>\n");
    return this;
  }

  Html h3(String title) {
    return tag("h3", title);
  }

  Html p(String s) {
    return tag("p", s);
  }

  Html note(String s) {
    sb.append("<p class=\"note\">").append(escape(s)).append("</p>\n");
    return this;
  }

  /** A definition list of key figures. */
  Html figures(List<String[]> keyValues) {
    sb.append("<dl class=\"figures\">");
    for (String[] kv : keyValues) {
      sb.append("<div><dt>").append(escape(kv[0])).append("</dt><dd>").append(escape(kv[1]));
      sb.append("</dd></div>");
    }
    sb.append("</dl>\n");
    return this;
  }

  /** A table; every cell is text. */
  Html table(List<String> header, List<List<String>> rows) {
    sb.append("<table><thead><tr>");
    for (String h : header) {
      sb.append("<th>").append(escape(h)).append("</th>");
    }
    sb.append("</tr></thead><tbody>\n");
    for (List<String> row : rows) {
      sb.append("<tr>");
      for (String c : row) {
        sb.append("<td>").append(escape(c)).append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table>\n");
    return this;
  }

  /** An embedded PNG chart with its caption. */
  Html figure(String id, String base64Png, int width, int height, String caption) {
    sb.append("<figure id=\"")
        .append(escape(id))
        .append("\" style=\"max-width:")
        .append(width + 2)
        .append("px\"><img class=\"chart\" src=\"data:image/png;base64,");
    sb.append(base64Png).append("\" width=\"").append(width).append("\" height=\"").append(height);
    sb.append("\" alt=\"")
        .append(escape(caption))
        .append("\"><figcaption>")
        .append(escape(caption));
    sb.append("</figcaption></figure>\n");
    return this;
  }

  Html open(String markup) {
    sb.append(markup).append('\n');
    return this;
  }

  @Override
  public String toString() {
    return sb.toString();
  }

  /** The page around {@code body}: no external resource, a policy that forbids loading any. */
  static String page(String title, String nav, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"
        + " style-src 'unsafe-inline'\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        + escape(title)
        + "</title>\n<style>\n"
        + STYLE
        + "</style></head>\n<body>\n<header><h1>"
        + escape(title)
        + "</h1><nav>"
        + nav
        + "</nav></header>\n<main>\n"
        + body
        + "</main>\n</body></html>\n";
  }

  private static final String STYLE =
      """
      body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
       margin:0;color:#1d2330;background:#f6f7f9}
      header{background:#1f3a5f;color:#fff;padding:12px 28px}
      header h1{margin:0 0 6px 0;font-size:22px}
      nav a{color:#cfe0ff;margin-right:14px;text-decoration:none;font-size:14px}
      main{max-width:1300px;margin:0 auto;padding:8px 28px 40px}
      section{background:#fff;border:1px solid #dde1e7;border-radius:6px;padding:8px 20px 16px;
       margin:18px 0}
      h2{border-bottom:2px solid #1f3a5f;padding-bottom:4px}
      figure{display:inline-block;margin:8px 12px 8px 0;vertical-align:top}
      figcaption{font-size:13px;color:#555;max-width:640px}
      img.chart{border:1px solid #e3e6ea;max-width:100%;height:auto}
      table{border-collapse:collapse;font-size:13px;margin:8px 0}
      th,td{border:1px solid #dde1e7;padding:3px 8px;text-align:left;vertical-align:top}
      th{background:#eef1f5}
      dl.figures{display:flex;flex-wrap:wrap;gap:10px}
      dl.figures div{background:#eef3fa;border-radius:6px;padding:6px 14px;min-width:120px}
      dt{font-size:12px;color:#555}dd{margin:0;font-size:20px;font-weight:600}
      p.note{font-size:13px;color:#555}
      .flag{color:#a40000;font-weight:600}
      """;
}
