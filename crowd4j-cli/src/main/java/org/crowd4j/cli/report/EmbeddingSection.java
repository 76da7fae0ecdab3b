package org.crowd4j.cli.report;

import java.io.IOException;

/**
 * A 2-D map of the annotators' learnt embeddings, coloured by skill (as in the LIA paper's Figure
 * 2), when the trained model has annotator embeddings.
 */
final class EmbeddingSection {
  private EmbeddingSection() {}

  static boolean applies(ReportContext ctx) {
    return ctx.model != null && ctx.model.embeddings() != null && ctx.model.embeddings().length > 1;
  }

  static void write(ReportContext ctx) throws IOException {
    ModelView m = ctx.model;
    float[][] e = m.embeddings();
    int n = e.length;
    double[] skill = new double[n];
    String skillSource;
    if (m.annotators() != null && m.annotators().numWorkers() == n) {
      skill = m.annotators().skills();
      skillSource = m.method() + "'s annotator model";
    } else {
      double[] s = ctx.primary.result().workers().skills();
      for (int w = 0; w < n; w++) {
        String name = m.workers()[w];
        skill[w] = ctx.data.workers().contains(name) ? s[ctx.data.workers().id(name)] : Double.NaN;
      }
      skillSource = ctx.primary.name();
    }
    for (int w = 0; w < n; w++) {
      if (Double.isNaN(skill[w])) {
        skill[w] = 0;
      }
    }
    Embedding2d.Layout layout = Embedding2d.project(e, ctx.seed);
    ctx.beginSection("embeddings", "Annotator map");
    ctx.chart(
        "annotator-map",
        Charts.scatter(
            "Annotator embeddings (" + m.method() + ", " + layout.method().split(" ")[0] + ")",
            layout.points(),
            skill,
            "skill",
            m.workers()),
        760,
        560,
        "Each point is an annotator's learnt embedding ("
            + e[0].length
            + " dimensions) laid out in 2-D by "
            + layout.method()
            + "; colour = skill from "
            + skillSource
            + " (red low, green high). Annotators close together behave alike.");
    ctx.endSection();
  }
}
