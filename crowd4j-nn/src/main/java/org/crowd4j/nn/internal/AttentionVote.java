package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import java.util.Arrays;
import org.crowd4j.nn.LearningToVote;

/**
 * The attention vote of learning to vote (Wang et al. 2020, eqs. 1–3 and 5–6): for a minibatch, the
 * meta step θ̂_m = θ − α ∇_θ L_C(ŷ_θ, y_m) per label set (per item, computed for the whole batch at
 * once, or per batch), the features F_m under θ̂_m, the voting weights w = softmax(W_attn ·
 * Cat(F_1..F_M) + b_attn) with the sets that did not label an item masked out, the vote ȳ = Σ_m w_m
 * y_m and its binarisation ỹ = σ(k(ȳ − T)); and the gradient of the classifier's loss with respect
 * to W_attn and b_attn through ỹ, ȳ and the softmax. The equal-weight vote, binarised alike, is the
 * fixed target of the held-out selection score.
 */
public final class AttentionVote {
  /** The attention logit of a set that did not label the item (its weight is then 0). */
  private static final float MASKED = -1e4f;

  /**
   * What one vote gives on a minibatch of B items, M sets, N outputs.
   *
   * @param labels the sets' labels y, {@code B × M × N}
   * @param concat the concatenated features Cat(F_1..F_M), {@code B × M·D}
   * @param weights the voting weights w, {@code B × M}
   * @param voted ȳ, {@code B × N}
   * @param refined ỹ (ȳ when not binarised), {@code B × N}
   */
  record Vote(NDArray labels, NDArray concat, NDArray weights, NDArray voted, NDArray refined) {}

  private final LearningToVote.Options options;
  private final VoteProblem p;
  private final ExplicitMlp mlp;
  private final boolean softmax;

  /**
   * The vote of {@code options} on {@code p}'s label sets with the classifier {@code mlp}.
   *
   * @param softmax whether the classifier's loss is softmax cross-entropy (no binarisation)
   */
  AttentionVote(LearningToVote.Options options, VoteProblem p, ExplicitMlp mlp, boolean softmax) {
    this.options = options;
    this.p = p;
    this.mlp = mlp;
    this.softmax = softmax;
  }

  /**
   * The vote on items {@code items[from..to)} (rows of {@code x}) under the classifier {@code
   * theta} and the attention {@code attention} (evaluation mode): the meta step per set, the
   * features under each θ̂_m, the attention weights w (sets that did not label an item masked out),
   * ȳ and ỹ.
   */
  Vote vote(
      NDManager s, NDArray[] theta, NDArray[] attention, NDArray x, int[] items, int from, int to) {
    int b = to - from;
    int m = p.m();
    int k = p.k();
    float[] ys = new float[b * m * k];
    float[] hasB = new float[b * m];
    int[] count = new int[m];
    for (int j = 0; j < b; j++) {
      int i = items[from + j];
      for (int t = 0; t < m; t++) {
        if (p.has()[i * m + t]) {
          hasB[j * m + t] = 1;
          count[t]++;
          System.arraycopy(p.y()[t], i * k, ys, (j * m + t) * k, k);
        }
      }
    }
    NDArray yStack = s.create(ys, new Shape(b, m, k));
    NDArray hasArr = s.create(hasB, new Shape(b, m));
    ExplicitMlp.Pass base = mlp.forward(theta, x, null, true);
    NDArray prob = softmax ? base.logits().softmax(1) : Activation.sigmoid(base.logits());
    // per-item gradient of L_C with respect to the logits: (q − y_m) / N for BCE, q − y_m for CE
    float perItem = softmax ? 1f : k;
    NDList feats = new NDList(m);
    for (int t = 0; t < m; t++) {
      if (count[t] == 0 || options.metaStep() == 0) {
        feats.add(base.inputs()[mlp.layers() - 1]);
        continue;
      }
      NDArray yt = yStack.get(":, " + t + ", :");
      NDArray ht = hasArr.get(":, " + t).expandDims(1);
      if (options.metaPerItem()) {
        // rows without set t get a zero gradient, hence the features of θ
        NDArray dz = prob.sub(yt).mul(ht).div(perItem);
        feats.add(mlp.perItemMetaFeatures(theta, base, dz, (float) options.metaStep()));
      } else {
        NDArray dz = prob.sub(yt).mul(ht).div(count[t] * perItem);
        NDArray[] g = mlp.backward(theta, base, dz, false);
        NDArray[] meta = ExplicitMlp.shifted(theta, g, (float) options.metaStep());
        feats.add(mlp.forward(meta, x, null, false).top());
      }
    }
    NDArray concat = NDArrays.concat(feats, 1);
    NDArray logits = concat.matMul(attention[0]).add(attention[1]).add(hasArr.sub(1f).mul(-MASKED));
    NDArray w = logits.softmax(1).mul(hasArr);
    NDArray voted = w.expandDims(2).mul(yStack).sum(new int[] {1});
    NDArray refined =
        options.binarize() && !softmax
            ? Activation.sigmoid(
                voted.sub((float) options.threshold()).mul((float) options.sharpness()))
            : voted;
    return new Vote(yStack, concat, w, voted, refined);
  }

  /**
   * ∂L/∂W_attn and ∂L/∂b_attn from ∂L/∂ỹ ({@code gy}, {@code B × N}): through the binarisation
   * (∂ỹ/∂ȳ = k ỹ(1 − ỹ)), the weighted sum (∂ȳ/∂w_m = y_m) and the softmax of the attention logits.
   */
  NDArray[] attentionGradient(Vote v, NDArray gy) {
    if (options.binarize() && !softmax) {
      NDArray r = v.refined();
      gy = gy.mul(r.mul(r.neg().add(1f)).mul((float) options.sharpness()));
    }
    NDArray gw = v.labels().mul(gy.expandDims(1)).sum(new int[] {2});
    NDArray w = v.weights();
    NDArray gs = w.mul(gw.sub(w.mul(gw).sum(new int[] {1}, true)));
    return new NDArray[] {v.concat().transpose().matMul(gs), gs.sum(new int[] {0})};
  }

  /**
   * The vote of item {@code i}'s label sets with equal weights, binarised as in training, into
   * {@code target} (N values): a fixed target, unlike the learnt vote.
   */
  void equalWeightTarget(int i, double[] target) {
    int k = p.k();
    int m = p.m();
    Arrays.fill(target, 0);
    int sets = 0;
    for (int t = 0; t < m; t++) {
      if (p.has()[i * m + t]) {
        sets++;
        for (int c = 0; c < k; c++) {
          target[c] += p.y()[t][i * k + c];
        }
      }
    }
    for (int c = 0; c < k; c++) {
      target[c] /= sets;
      if (options.binarize() && !softmax) {
        target[c] = binarize(target[c], options.sharpness(), options.threshold());
      }
    }
  }

  /**
   * The differentiable binarisation σ(k(ȳ − T)).
   *
   * @param voted ȳ
   * @param sharpness k
   * @param threshold T
   * @return σ(k(ȳ − T))
   */
  public static double binarize(double voted, double sharpness, double threshold) {
    double z = sharpness * (voted - threshold);
    return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
  }
}
