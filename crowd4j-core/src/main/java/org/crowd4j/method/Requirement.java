package org.crowd4j.method;

/** What a method needs beyond its kind's answers; the catalogue lists it per method. */
public enum Requirement {
  /** Answers with exactly two classes. */
  TWO_CLASSES("two classes"),
  /** Known labels of some tasks (gold), from which it learns. */
  GOLD("gold labels"),
  /** An embedding of every answer. */
  EMBEDDINGS("answer embeddings"),
  /** Given skills of the annotators (a file). */
  SKILLS("annotator skills");

  private final String description;

  Requirement(String description) {
    this.description = description;
  }

  /** A few words for help texts and tables. */
  public String description() {
    return description;
  }
}
