package org.crowd4j.text;

import java.util.EnumSet;
import org.crowd4j.method.MethodList;
import org.crowd4j.method.Requirement;

/** The text methods: the text kind's part of the catalogue. */
public final class TextMethods {
  /** The text methods, in the order of the catalogue. */
  public static final MethodList<TextAggregator> LIST =
      MethodList.<TextAggregator>builder()
          .add(
              "rover",
              "ROVER: a word transition network by alignment, majority word per slot",
              Rover.Options.defaults(),
              Rover::new)
          .add(
              "rasa",
              "RASA: the answer closest to the reliability-weighted mean embedding",
              Rasa.Options.defaults(),
              Rasa::new,
              EnumSet.of(Requirement.EMBEDDINGS))
          .add(
              "hrrasa",
              "HRRASA: RASA with local (answer) and global (worker) reliabilities",
              Hrrasa.Options.defaults(),
              Hrrasa::new,
              EnumSet.of(Requirement.EMBEDDINGS))
          .add(
              "closest-to-average",
              "the answer closest to the mean embedding of the task's answers",
              new ClosestToAverage.Options(Distance.COSINE),
              ClosestToAverage::new,
              EnumSet.of(Requirement.EMBEDDINGS))
          .build();

  private TextMethods() {}
}
