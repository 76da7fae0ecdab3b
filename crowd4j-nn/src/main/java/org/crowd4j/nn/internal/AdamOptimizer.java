package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.nn.TrainOptions;

/**
 * Adam (Kingma &amp; Ba 2015) with optional AMSGrad (Reddi et al. 2018) and L2 weight decay, on
 * parameter arrays updated in place: m ← β₁m + (1−β₁)g, v ← β₂v + (1−β₂)g², v̂ = max over time of v
 * (AMSGrad) or v, θ ← θ − lr · (m / (1−β₁ᵗ)) / (√(v̂ / (1−β₂ᵗ)) + ε) — PyTorch's arithmetic. {@link
 * #reset()} forgets the moments and the step count (the CoNAL authors' per-epoch restart, in which
 * every step is a first step and moves each parameter by ±lr).
 */
final class AdamOptimizer {
  private final NDManager home;
  private final List<NDArray> params;
  private final boolean[] decay;
  private final float[] lr;
  private final float beta1;
  private final float beta2;
  private final float eps;
  private final float weightDecay;
  private final boolean amsgrad;
  private final List<NDArray> m = new ArrayList<>();
  private final List<NDArray> v = new ArrayList<>();
  private final List<NDArray> vmax = new ArrayList<>();
  private int t;

  AdamOptimizer(NDManager home, List<NDArray> params, boolean[] decay, float[] lr, TrainOptions o) {
    this.home = home;
    this.params = params;
    this.decay = decay.clone();
    this.lr = lr.clone();
    this.beta1 = (float) o.beta1();
    this.beta2 = (float) o.beta2();
    this.eps = (float) o.epsilon();
    this.weightDecay = (float) o.weightDecay();
    this.amsgrad = o.amsgrad();
    reset();
  }

  /** Forgets the moments and the step count. */
  void reset() {
    closeAll(m);
    closeAll(v);
    closeAll(vmax);
    for (NDArray p : params) {
      m.add(home.zeros(p.getShape()));
      v.add(home.zeros(p.getShape()));
      if (amsgrad) {
        vmax.add(home.zeros(p.getShape()));
      }
    }
    t = 0;
  }

  private static void closeAll(List<NDArray> l) {
    for (NDArray a : l) {
      a.close();
    }
    l.clear();
  }

  /** Frees the moments (the optimiser cannot step afterwards). */
  void close() {
    closeAll(m);
    closeAll(v);
    closeAll(vmax);
  }

  /** The optimiser's state arrays (to attach to a step's scope). */
  List<NDArray> state() {
    List<NDArray> out = new ArrayList<>(m);
    out.addAll(v);
    out.addAll(vmax);
    return out;
  }

  /** One update from the accumulated gradients, which are then zeroed. */
  void step() {
    t++;
    float bc1 = 1 - (float) Math.pow(beta1, t);
    float bc2 = 1 - (float) Math.pow(beta2, t);
    float sqrtBc2 = (float) Math.sqrt(bc2);
    for (int j = 0; j < params.size(); j++) {
      NDArray w = params.get(j);
      NDArray grad = w.getGradient();
      NDArray g = grad;
      if (decay[j] && weightDecay > 0) {
        g = g.add(w.mul(weightDecay));
      }
      NDArray mj = m.get(j);
      NDArray vj = v.get(j);
      mj.muli(beta1).addi(g.mul(1 - beta1));
      vj.muli(beta2).addi(g.square().muli(1 - beta2));
      NDArray second = vj;
      if (amsgrad) {
        NDArray mx = vmax.get(j);
        mx.addi(vj.sub(mx).maximum(0f));
        second = mx;
      }
      NDArray denom = second.sqrt().divi(sqrtBc2).addi(eps);
      w.subi(mj.div(denom).muli(lr[j] / bc1));
      grad.subi(grad);
    }
  }
}
