package org.crowd4j.aggregate;

/**
 * One scalar skill per worker (agreement with the aggregate for MV, Wawa and ZBS; the one-coin
 * accuracy; MMSR's and KOS's reliabilities).
 *
 * @param values skill per worker id
 */
public record WorkerSkills(double[] values) implements WorkerModel {
  /** Copies {@code values}. */
  public WorkerSkills {
    values = values.clone();
  }

  @Override
  public double[] values() {
    return values.clone();
  }

  @Override
  public int numWorkers() {
    return values.length;
  }

  @Override
  public double skill(int w) {
    return values[w];
  }
}
