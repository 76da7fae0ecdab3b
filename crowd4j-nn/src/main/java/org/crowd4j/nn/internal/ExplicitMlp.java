package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import java.util.SplittableRandom;

/**
 * A fully connected ReLU network held as explicit parameter arrays, with its own forward pass and
 * its own analytic backward pass. A learner can therefore evaluate the same architecture with
 * substituted parameters (θ − α g, a meta step) without copying a DJL block, and can take gradients
 * of several losses in one step without an autograd tape.
 *
 * <p>Layer l maps its input a_l ({@code B × in}) to a_l W_l + b_l with W_l of shape {@code in ×
 * out}. Hidden layers apply ReLU and, in training, inverted dropout with masks supplied by the
 * caller (entries 0 or 1/keep). The input of the last layer (the last hidden activation) is the
 * network's feature; the last layer gives the logits. The parameter array is {@code W_0, b_0, W_1,
 * b_1, …}. Weights start at U(−1/√fan_in, 1/√fan_in) drawn from a seeded Java generator, biases at
 * zero (as the DJL backbones of this package). Backward: with δ = ∂L/∂logits, ∂L/∂W_l = a_lᵀ δ_l,
 * ∂L/∂b_l = Σ_rows δ_l and δ_{l−1} = (δ_l W_lᵀ) ⊙ 1[pre-activation &gt; 0] ⊙ mask. Cost per pass:
 * O(B Σ_l in_l out_l).
 */
final class ExplicitMlp {
  private final int[] sizes;

  /** {@code sizes} = input dimension, hidden sizes…, outputs. */
  ExplicitMlp(int[] sizes) {
    if (sizes.length < 2) {
      throw new IllegalArgumentException("an MLP needs an input and an output size");
    }
    for (int s : sizes) {
      if (s < 1) {
        throw new IllegalArgumentException("layer sizes must be ≥ 1");
      }
    }
    this.sizes = sizes.clone();
  }

  /** Number of linear layers. */
  int layers() {
    return sizes.length - 1;
  }

  /** Width of layer {@code l}'s output. */
  int width(int l) {
    return sizes[l + 1];
  }

  /** Dimension of the feature (the last layer's input). */
  int featureDim() {
    return sizes[sizes.length - 2];
  }

  /** New parameters in {@code m}. */
  NDArray[] initialize(NDManager m, SplittableRandom rng) {
    NDArray[] p = new NDArray[2 * layers()];
    for (int l = 0; l < layers(); l++) {
      int in = sizes[l];
      int out = sizes[l + 1];
      float[] w = new float[in * out];
      double bound = 1 / Math.sqrt(in);
      for (int j = 0; j < w.length; j++) {
        w[j] = (float) ((2 * rng.nextDouble() - 1) * bound);
      }
      p[2 * l] = m.create(w, new Shape(in, out));
      p[2 * l + 1] = m.zeros(new Shape(out));
    }
    return p;
  }

  /**
   * The activations of one pass.
   *
   * @param inputs input of each layer evaluated ({@code inputs[0]} = x)
   * @param gates for hidden layer l, ∂a_{l+1}/∂pre_l = 1[pre &gt; 0] ⊙ mask
   * @param logits the last layer's output, or {@code null} when the pass stopped at the feature
   */
  record Pass(NDArray[] inputs, NDArray[] gates, NDArray logits) {
    /** The input of the last layer evaluated (the feature when the pass stopped there). */
    NDArray top() {
      return inputs[inputs.length - 1];
    }
  }

  /**
   * Forward pass with parameters {@code p} on rows {@code x}; {@code masks[l]} (or {@code null})
   * multiplies hidden layer l's ReLU output; {@code toLogits = false} stops at the feature.
   */
  Pass forward(NDArray[] p, NDArray x, NDArray[] masks, boolean toLogits) {
    int hidden = layers() - 1;
    NDArray[] inputs = new NDArray[toLogits ? layers() : hidden + 1];
    NDArray[] gates = new NDArray[hidden];
    inputs[0] = x;
    NDArray a = x;
    for (int l = 0; l < hidden; l++) {
      NDArray pre = a.matMul(p[2 * l]).add(p[2 * l + 1]);
      NDArray gate = pre.gt(0f).toType(DataType.FLOAT32, false);
      if (masks != null && masks[l] != null) {
        gate = gate.mul(masks[l]);
      }
      gates[l] = gate;
      a = pre.mul(gate);
      inputs[l + 1] = a;
    }
    NDArray logits = null;
    if (toLogits) {
      logits = a.matMul(p[2 * hidden]).add(p[2 * hidden + 1]);
    }
    return new Pass(inputs, gates, logits);
  }

  /**
   * Gradients of a loss with ∂L/∂logits = {@code dz} for the pass {@code pass}, aligned with the
   * parameters; with {@code withTop = false} the last layer's gradients are left {@code null} (a
   * meta step that only needs the feature).
   */
  NDArray[] backward(NDArray[] p, Pass pass, NDArray dz, boolean withTop) {
    int top = layers() - 1;
    NDArray[] g = new NDArray[p.length];
    NDArray delta = dz;
    for (int l = top; l >= 0; l--) {
      if (l < top || withTop) {
        g[2 * l] = pass.inputs()[l].transpose().matMul(delta);
        g[2 * l + 1] = delta.sum(new int[] {0});
      }
      if (l > 0) {
        delta = delta.matMul(p[2 * l].transpose()).mul(pass.gates()[l - 1]);
      }
    }
    return g;
  }

  /**
   * Features of every row under its own one-step meta model θ̂_i = θ − α ∇_θ L_i, where L_i is row
   * i's loss alone with ∂L_i/∂logits_i = {@code dz[i]} (a per-item meta step, Algorithm 1 of Wang
   * et al. literally), for all rows at once: with a_l, δ_l the activations and back-propagated
   * gradients of {@code pass} (at θ) and a'_l the meta model's activations, ∇_{W_l} L_i = a_l(i)ᵀ
   * δ_l(i) and ∇_{b_l} L_i = δ_l(i), so its pre-activation is a'_l W_l + b_l − α (a'_l(i)·a_l(i) +
   * 1) δ_l(i). No dropout. Cost: one backward and one forward pass without weight gradients.
   */
  NDArray perItemMetaFeatures(NDArray[] p, Pass pass, NDArray dz, float alpha) {
    int top = layers() - 1;
    NDArray[] delta = new NDArray[layers()];
    delta[top] = dz;
    for (int l = top; l > 0; l--) {
      delta[l - 1] = delta[l].matMul(p[2 * l].transpose()).mul(pass.gates()[l - 1]);
    }
    NDArray a = pass.inputs()[0];
    for (int l = 0; l < top; l++) {
      NDArray dot = a.mul(pass.inputs()[l]).sum(new int[] {1}, true).add(1f);
      NDArray pre = a.matMul(p[2 * l]).add(p[2 * l + 1]).sub(delta[l].mul(dot).mul(alpha));
      a = pre.mul(pre.gt(0f).toType(DataType.FLOAT32, false));
    }
    return a;
  }

  /** {@code p − step · g} where {@code g} is not null, else {@code p} (no copy). */
  static NDArray[] shifted(NDArray[] p, NDArray[] g, float step) {
    NDArray[] out = new NDArray[p.length];
    for (int j = 0; j < p.length; j++) {
      out[j] = g[j] == null ? p[j] : p[j].sub(g[j].mul(step));
    }
    return out;
  }

  /**
   * Copies explicit parameters into the DJL block of the same MLP (its parameters in the same
   * order): explicit weights are {@code in × out}, DJL's linear layers hold {@code out × in}.
   */
  static void copyInto(NDArray[] p, Block block) {
    int j = 0;
    for (Pair<String, Parameter> e : block.getParameters()) {
      NDArray target = e.getValue().getArray();
      NDArray source = p[j];
      float[] v = source.toFloatArray();
      if (source.getShape().dimension() == 2) {
        int in = (int) source.getShape().get(0);
        int out = (int) source.getShape().get(1);
        float[] tr = new float[v.length];
        for (int a = 0; a < in; a++) {
          for (int c = 0; c < out; c++) {
            tr[c * in + a] = v[a * out + c];
          }
        }
        v = tr;
      }
      if (target.size() != v.length) {
        throw new IllegalStateException("parameter " + e.getKey() + " does not match");
      }
      Ops.overwrite(target, v);
      j++;
    }
  }
}
