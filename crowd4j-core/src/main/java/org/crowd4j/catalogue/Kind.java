package org.crowd4j.catalogue;

import org.crowd4j.aggregate.Methods;
import org.crowd4j.method.MethodList;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.pairwise.RankingMethods;
import org.crowd4j.segmentation.MaskMethods;
import org.crowd4j.text.TextMethods;

/**
 * The kinds of answers crowd4j aggregates, each with the command that aggregates it and its list of
 * methods. Multi-label answers are aggregated by binary relevance over the classification methods.
 */
public enum Kind {
  /** One class label per answer. */
  CLASSIFICATION("classification", "aggregate"),
  /** A set of tags per answer (binary relevance over a classification method). */
  MULTILABEL("multi-label", "aggregate-multilabel"),
  /** Which of two items wins. */
  PAIRWISE("pairwise comparisons", "rank"),
  /** A free text per answer. */
  TEXT("texts", "aggregate-text"),
  /** A binary mask per answer. */
  SEGMENTATION("segmentation masks", "aggregate-masks"),
  /** A number per answer. */
  NUMERIC("numbers", "aggregate-numeric");

  private final String title;
  private final String command;

  Kind(String title, String command) {
    this.title = title;
    this.command = command;
  }

  /** A few words naming the kind. */
  public String title() {
    return title;
  }

  /** The command-line command that aggregates it. */
  public String command() {
    return command;
  }

  /** The kind's methods (multi-label: the classification methods it runs per tag). */
  public MethodList<?> methods() {
    return switch (this) {
      case CLASSIFICATION, MULTILABEL -> Methods.LIST;
      case PAIRWISE -> RankingMethods.LIST;
      case TEXT -> TextMethods.LIST;
      case SEGMENTATION -> MaskMethods.LIST;
      case NUMERIC -> NumericMethods.LIST;
    };
  }
}
