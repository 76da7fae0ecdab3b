package org.crowd4j.pairwise;

import org.crowd4j.method.Method;
import org.crowd4j.method.MethodList;

/** The ranking methods: the pairwise kind's part of the catalogue. */
public final class RankingMethods {
  /** The ranking methods, in the order of the catalogue. */
  public static final MethodList<Method<Comparisons, Void, Ranking>> LIST =
      MethodList.<Method<Comparisons, Void, Ranking>>builder()
          .add(
              BradleyTerry.NAME,
              "Bradley-Terry scores by minorization-maximization, standard errors",
              BradleyTerry.Options.defaults(),
              BradleyTerry::new)
          .add(
              NoisyBradleyTerry.NAME,
              "Bradley-Terry with per-worker skill and position bias, L-BFGS",
              NoisyBradleyTerry.Options.defaults(),
              NoisyBradleyTerry::new)
          .onSpark(BradleyTerry.NAME)
          .build();

  private RankingMethods() {}
}
