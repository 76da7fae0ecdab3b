package org.crowd4j.numeric;

import org.crowd4j.method.Method;
import org.crowd4j.method.MethodList;
import org.crowd4j.method.NoOptions;

/** The numeric methods: the numeric kind's part of the catalogue. */
public final class NumericMethods {
  /** The methods that estimate on their own, in order: {@code auto}'s default candidates. */
  public static final MethodList<Method<NumericAnswers, NumericGold, NumericResult>> CANDIDATES =
      MethodList.<Method<NumericAnswers, NumericGold, NumericResult>>builder()
          .add(
              "mean", "the mean of each task's answers", new NoOptions(), o -> TaskStatistic.mean())
          .add(
              "median",
              "the median of each task's answers",
              new NoOptions(),
              o -> TaskStatistic.median())
          .add(
              "catd",
              "CATD: worker weights from a confidence bound on their variance (Li et al. 2014)",
              Catd.Options.defaults(),
              Catd::new)
          .add(
              "pm",
              "PM/CRH: worker weights from their share of the total distance (Li et al. 2014)",
              Pm.Options.defaults(),
              Pm::new)
          .add(
              "raykar",
              "Raykar et al. 2010: per-worker bias and variance, EM over the true values",
              Raykar.Options.defaults(),
              Raykar::new)
          .onSpark("mean", "median", "catd", "pm", "raykar")
          .build();

  /** Every numeric method: the candidates, then the gold-free choice among them. */
  public static final MethodList<Method<NumericAnswers, NumericGold, NumericResult>> LIST;

  static {
    MethodList.Builder<Method<NumericAnswers, NumericGold, NumericResult>> b = MethodList.builder();
    for (var s : CANDIDATES.all()) {
      b.add(s);
    }
    LIST =
        b.add(
                "auto",
                "gold-free choice: the candidate that best predicts held-out answers",
                NumericAuto.Options.defaults(),
                NumericAuto::new)
            .build();
  }

  private NumericMethods() {}
}
