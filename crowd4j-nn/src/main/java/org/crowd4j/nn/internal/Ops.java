package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;

/** Small numerically careful tensor helpers shared by the heads. */
final class Ops {
  private Ops() {}

  /** log Σ exp(x) along {@code axis} (the axis is removed), stable for large entries. */
  static NDArray logSumExp(NDArray x, int axis) {
    NDArray m = x.max(new int[] {axis}, true).stopGradient();
    return x.sub(m).exp().sum(new int[] {axis}).log().add(m.squeeze(axis));
  }

  /** log(exp(a) + exp(b)) element-wise. */
  static NDArray logAddExp(NDArray a, NDArray b) {
    NDArray m = a.maximum(b).stopGradient();
    return a.sub(m).exp().add(b.sub(m).exp()).log().add(m);
  }

  /** log σ(x), stable. */
  static NDArray logSigmoid(NDArray x) {
    return Activation.softPlus(x.neg()).neg();
  }

  /** Row {@code p} of the result is {@code x[p, idx[p]]}, for {@code x} of shape (P, K). */
  static NDArray pick(NDArray x, NDArray idx) {
    return x.gather(idx.reshape(-1, 1), 1).reshape(-1);
  }

  /** Rows scaled to unit L2 norm (rows of zeros stay near zero). */
  static NDArray l2normalize(NDArray x) {
    return x.div(x.square().sum(new int[] {1}, true).add(1e-12f).sqrt());
  }

  /** A {@code k × k} identity in {@code m}. */
  static NDArray eye(NDManager m, int k) {
    return m.eye(k);
  }

  /** Uniform(−b, b) values of {@code shape}, from the engine's seeded generator. */
  static NDArray uniform(NDManager m, Shape shape, double bound) {
    return m.randomUniform((float) -bound, (float) bound, shape);
  }

  /**
   * Overwrites the values of {@code target} in place (its gradient flag and identity kept). Not
   * {@code NDArray.set(float[])}: on PyTorch that copies under libtorch's deprecated {@code
   * AutoNonVariableTypeMode}, which prints a warning on the user's terminal.
   */
  static void overwrite(NDArray target, float[] values) {
    if (values.length != target.size()) {
      throw new IllegalArgumentException(
          "overwrite: " + values.length + " values for an array of shape " + target.getShape());
    }
    try (NDManager scope = target.getManager().newSubManager()) {
      target.set(new NDIndex("..."), scope.create(values, target.getShape()));
    }
  }
}
