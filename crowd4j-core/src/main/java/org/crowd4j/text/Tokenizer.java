package org.crowd4j.text;

import java.util.ArrayList;
import java.util.List;

/**
 * How a text answer is cut into words for {@link Rover}, and how it is counted by {@link
 * WordErrorRate}.
 */
public enum Tokenizer {
  /**
   * Split at every single space, keeping empty words between repeated spaces and at the ends
   * (Python's {@code s.split(' ')}, the tokenizer of crowd-kit's ROVER tests); empty words align
   * like the gap of the word transition network and never reach the output.
   */
  SPACE,
  /** Split at runs of white space, with no empty words (Python's {@code s.split()}). */
  WHITESPACE,
  /** Every code point is a word (character-level ROVER). */
  CHARACTER;

  /** The words of {@code s}. */
  public List<String> split(String s) {
    List<String> out = new ArrayList<>();
    switch (this) {
      case SPACE -> {
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
          if (s.charAt(i) == ' ') {
            out.add(s.substring(from, i));
            from = i + 1;
          }
        }
        out.add(s.substring(from));
      }
      case WHITESPACE -> {
        int i = 0;
        int n = s.length();
        while (i < n) {
          while (i < n && Character.isWhitespace(s.charAt(i))) {
            i++;
          }
          int from = i;
          while (i < n && !Character.isWhitespace(s.charAt(i))) {
            i++;
          }
          if (i > from) {
            out.add(s.substring(from, i));
          }
        }
      }
      default -> s.codePoints().forEach(cp -> out.add(new String(Character.toChars(cp))));
    }
    return out;
  }
}
