package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.nn.CrowdLayer;

/**
 * The crowd layer of Rodrigues &amp; Pereira 2018 on the classifier's softmax output p: per
 * annotator r the logits are pᵀW_r (MW, W_r = I initially), w_r ⊙ p (VW, w_r = 1), p + b_r (VB, b_r
 * = 0) or w_r ⊙ p + b_r (VW+B), trained with softmax cross-entropy against r's answers.
 */
public final class CrowdLayerHead extends Head {
  private final CrowdLayer.Variant variant;
  private final boolean kerasNormalization;
  private int k;
  private int r;

  public CrowdLayerHead(CrowdLayer.Variant variant, boolean kerasNormalization) {
    this.variant = variant;
    this.kerasNormalization = kerasNormalization;
  }

  @Override
  boolean refitsAnnotatorModel() {
    return true;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {
    k = set.k;
    r = set.r;
    switch (variant) {
      case MW -> {
        float[] eye = new float[r * k * k];
        for (int w = 0; w < r; w++) {
          for (int c = 0; c < k; c++) {
            eye[(w * k + c) * k + c] = 1f;
          }
        }
        param("weights", m.create(eye, new Shape(r, k, k)));
      }
      case VW -> param("scales", m.ones(new Shape(r, k)));
      case VB -> param("biases", m.zeros(new Shape(r, k)));
      default -> {
        param("scales", m.ones(new Shape(r, k)));
        param("biases", m.zeros(new Shape(r, k)));
      }
    }
  }

  private NDArray annotatorLogits(NDArray p, NDArray who) {
    switch (variant) {
      case MW:
        NDArray w = params.get("weights").get(new NDIndex("{}", who));
        return p.expandDims(1).matMul(w).squeeze(1);
      case VW:
        return p.mul(params.get("scales").get(new NDIndex("{}", who)));
      case VB:
        return p.add(params.get("biases").get(new NDIndex("{}", who)));
      default:
        return p.mul(params.get("scales").get(new NDIndex("{}", who)))
            .add(params.get("biases").get(new NDIndex("{}", who)));
    }
  }

  @Override
  NDArray dataLoss(MiniBatch b, NDArray logits) {
    NDArray p = logits.softmax(1).get(new NDIndex("{}", b.pairItem()));
    NDArray a = annotatorLogits(p, b.pairWorker());
    NDArray nll = Ops.pick(a.logSoftmax(1), b.pairLabel()).neg();
    if (kerasNormalization) {
      return nll.sum().div((float) b.size() * r);
    }
    return nll.mean();
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    // the answer distribution the layer gives to a one-hot class k: row k of the implied confusion
    float[] out = new float[r * k * k];
    NDArray eye = scope.eye(k);
    for (int w = 0; w < r; w++) {
      NDArray who = scope.full(new Shape(k), w, ai.djl.ndarray.types.DataType.INT64);
      float[] z = annotatorLogits(eye, who).toFloatArray();
      System.arraycopy(z, 0, out, w * k * k, k * k);
    }
    return new ConfusionMatrices(r, k, softmaxRows(out, k));
  }
}
