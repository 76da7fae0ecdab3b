package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.crowd4j.nn.TrainOptions;

/**
 * Adam (or plain gradient steps) on explicit parameter arrays whose gradients are computed
 * analytically rather than by autograd (the explicit MLP and the attention of learning to vote): m
 * ← β₁m + (1−β₁)g, v ← β₂v + (1−β₂)g², v̂ = max over time of v (AMSGrad) or v, θ ← θ − lr · (m /
 * (1−β₁ᵗ)) / (√v̂ / √(1−β₂ᵗ) + ε), PyTorch's arithmetic with the second bias correction taken in
 * double precision; L2 weight decay on the arrays marked for it. {@link #reset()} zeroes the
 * moments in place. {@link AdamOptimizer} is the same update on autograd gradients, for DJL blocks.
 */
final class GradientStepper {
  private final NDArray[] params;
  private final NDArray[] first;
  private final NDArray[] second;
  private final NDArray[] maxSecond;
  private final boolean[] decay;
  private final boolean adam;
  private final float lr;
  private final float b1;
  private final float b2;
  private final float eps;
  private final float wd;
  private int t;

  /**
   * An optimiser of {@code params} with its moments in {@code home}.
   *
   * @param decay which arrays get the L2 weight decay
   * @param adam Adam, or plain steps of size {@code lr}
   * @param lr the step size
   * @param o the training options (β₁, β₂, ε, weight decay, AMSGrad)
   */
  GradientStepper(
      NDManager home, NDArray[] params, boolean[] decay, boolean adam, double lr, TrainOptions o) {
    this.params = params;
    this.decay = decay;
    this.adam = adam;
    this.lr = (float) lr;
    this.b1 = (float) o.beta1();
    this.b2 = (float) o.beta2();
    this.eps = (float) o.epsilon();
    this.wd = (float) o.weightDecay();
    first = new NDArray[params.length];
    second = new NDArray[params.length];
    maxSecond = new NDArray[o.amsgrad() ? params.length : 0];
    for (int j = 0; j < params.length; j++) {
      first[j] = home.zeros(params[j].getShape());
      second[j] = home.zeros(params[j].getShape());
      if (o.amsgrad()) {
        maxSecond[j] = home.zeros(params[j].getShape());
      }
    }
  }

  /** The optimiser's state arrays (to attach to a step's scope). */
  List<NDArray> state() {
    List<NDArray> s = new ArrayList<>(Arrays.asList(first));
    s.addAll(Arrays.asList(second));
    s.addAll(Arrays.asList(maxSecond));
    return s;
  }

  /** Forgets the moments and the step count. */
  void reset() {
    for (NDArray a : state()) {
      a.muli(0f);
    }
    t = 0;
  }

  /** One update of every array from its gradient in {@code grads}. */
  void step(NDArray[] grads) {
    t++;
    float bc1 = 1 - (float) Math.pow(b1, t);
    float sqrtBc2 = (float) Math.sqrt(1 - Math.pow(b2, t));
    for (int j = 0; j < params.length; j++) {
      NDArray g = grads[j];
      if (decay[j] && wd > 0) {
        g = g.add(params[j].mul(wd));
      }
      if (!adam) {
        params[j].subi(g.mul(lr));
        continue;
      }
      first[j].muli(b1).addi(g.mul(1 - b1));
      second[j].muli(b2).addi(g.square().muli(1 - b2));
      NDArray v = second[j];
      if (maxSecond.length > 0) {
        maxSecond[j].addi(v.sub(maxSecond[j]).maximum(0f));
        v = maxSecond[j];
      }
      NDArray denom = v.sqrt().divi(sqrtBc2).addi(eps);
      params[j].subi(first[j].div(denom).muli(lr / bc1));
    }
  }
}
