package org.crowd4j.nn.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.aggregate.WorkerModel;

/**
 * The head of a trained weighted doctor net: it predicts with the average of its per-annotator
 * output layers, weighted by the learnt averaging weights ({@link DoctorHead#combine}); its
 * annotator model is each annotator's mean averaging weight.
 */
public final class DoctorTrainedHead extends TrainedHead {
  /**
   * The head of a trained weighted doctor net.
   *
   * @param method the learner's name
   * @param options the learner's options as saved
   * @param network the trained network (its head holds the doctors and the averaging weights)
   * @param annotators the learnt annotator model
   */
  public DoctorTrainedHead(
      String method, Map<String, Object> options, Network network, WorkerModel annotators) {
    super(method, options, network, annotators);
  }

  @Override
  protected float[] predictionScores(float[] logits) {
    if (!network.headArrays().containsKey(DoctorHead.WEIGHTS)) {
      return logits;
    }
    Map<String, float[]> p = new LinkedHashMap<>();
    for (String name : network.headArrays().keySet()) {
      p.put(name, network.headArray(name));
    }
    return DoctorHead.combine(p, logits, network.labels().size());
  }
}
