/**
 * The machinery behind the neural learners: <b>not a supported API, and not part of the public API
 * of {@code org.crowd4j.nn}</b>. Its classes are public only because the learners of {@link
 * org.crowd4j.nn} call them; they may change or disappear in any release, without notice or
 * deprecation. Depend on {@link org.crowd4j.nn} instead.
 *
 * <ul>
 *   <li>training: the epoch loop every run shares (seeded shuffling into minibatches, model
 *       selection, early stopping), {@link org.crowd4j.nn.internal.TrainingLoop} for the learners
 *       on a DJL block ({@link org.crowd4j.nn.internal.AdamOptimizer}, the annotator model's
 *       refit), {@link org.crowd4j.nn.internal.VoteTraining} for learning to vote (an explicit MLP,
 *       the attention vote of {@link org.crowd4j.nn.internal.AttentionVote}), {@link
 *       org.crowd4j.nn.internal.TrainingSet} and {@link org.crowd4j.nn.internal.MiniBatch};
 *   <li>heads: {@link org.crowd4j.nn.internal.Head} and one subclass per annotator model (the
 *       learner-specific loss, regulariser and annotator model); the heads of trained models,
 *       {@link org.crowd4j.nn.internal.TrainedHead} and the subclasses of CoNAL, LIA and the
 *       weighted doctor net, with their annotator models' file format ({@link
 *       org.crowd4j.nn.internal.AnnotatorModelFormat});
 *   <li>trained networks and their files: {@link org.crowd4j.nn.internal.Network}, {@link
 *       org.crowd4j.nn.internal.ModelFiles} (the model folder) and {@link
 *       org.crowd4j.nn.internal.Tensors} (safetensors).
 * </ul>
 *
 * <p>Dependencies point one way: {@link org.crowd4j.nn} uses this package; this package uses of
 * {@link org.crowd4j.nn} only the values the learners hand it — records and enums (options,
 * statistics, summaries, validation data) — and {@link org.crowd4j.nn.Backbone}, {@link
 * org.crowd4j.nn.EpochListener} and {@link org.crowd4j.nn.NnRuntime}. The module's {@code
 * PackageRulesTest} checks both rules on the sources, and that no public signature of {@link
 * org.crowd4j.nn} names a type of this package; the tree's {@code TreePackageRulesTest}
 * (crowd4j-cli) checks that no other module uses it, the exceptions the tree still has (the
 * model-file fuzz targets of crowd4j-bench) listed there and in docs/architecture.md.
 */
package org.crowd4j.nn.internal;
