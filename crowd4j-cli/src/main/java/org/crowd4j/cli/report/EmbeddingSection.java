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
    // skill as the report measures it elsewhere (the first method), matched by annotator name;
    // the model's own annotator model where a name is not in the answers
    double[] skill = new double[n];
    double[] fromRun = ctx.primary.result().workers().skills();
    double[] fromModel =
        m.annotators() != null && m.annotators().numWorkers() == n ? m.annotators().skills() : null;
    int matched = 0;
    for (int w = 0; w < n; w++) {
      String name = m.workers()[w];
      if (ctx.data.workers().contains(name)) {
        skill[w] = fromRun[ctx.data.workers().id(name)];
        matched++;
      } else {
        skill[w] = fromModel != null ? fromModel[w] : 0;
      }
    }
    String skillSource =
        matched == n
            ? ctx.primary.name() + " on the answers"
            : ctx.primary.name()
                + " on the answers ("
                + (n - matched)
                + " not in the answers: "
                + (fromModel != null ? m.method() + "'s annotator model" : "0")
                + ")";
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
