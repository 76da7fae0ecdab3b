/**
 * Neural learners from crowds on DJL with the PyTorch engine: a classifier (any {@link
 * org.crowd4j.nn.Backbone}) trained end to end from noisy answers together with a model of the
 * annotators.
 *
 * <ul>
 *   <li>{@link org.crowd4j.nn.TwoStage} — a core aggregator's labels, then the classifier;
 *   <li>{@link org.crowd4j.nn.CrowdLayer} — Rodrigues &amp; Pereira 2018;
 *   <li>{@link org.crowd4j.nn.TraceRegularized} — Tanno et al. 2019;
 *   <li>{@link org.crowd4j.nn.Conal} — Chu, Ma &amp; Wang 2021;
 *   <li>{@link org.crowd4j.nn.SingleConfusion} — Sukhbaatar et al. 2014;
 *   <li>{@link org.crowd4j.nn.SoftBootstrap} — Reed et al. 2014;
 *   <li>{@link org.crowd4j.nn.CrowdMixtureNet} — Mena &amp; Ñanculef 2019;
 *   <li>{@link org.crowd4j.nn.LearningToVote} — Wang et al. 2020;
 *   <li>{@link org.crowd4j.nn.RaykarEm} — Raykar et al. 2010 (AggNet, DL-EM);
 *   <li>{@link org.crowd4j.nn.Mbem} — Khetan, Lipton &amp; Anandkumar 2018;
 *   <li>{@link org.crowd4j.nn.WeightedDoctorNet} — Guan et al. 2018;
 *   <li>{@link org.crowd4j.nn.MaxMig} — Cao et al. 2019;
 *   <li>{@link org.crowd4j.nn.Lia} — Platanios et al. 2020 (LIA; multi-label via {@link
 *       org.crowd4j.nn.LiaMultiLabel}).
 * </ul>
 *
 * <p>Each learner is configured by its options record plus {@link org.crowd4j.nn.TrainOptions} and
 * returns a {@link org.crowd4j.nn.LearnedModel} ({@link org.crowd4j.nn.Learners} builds them by
 * name; {@link org.crowd4j.nn.Tuning} chooses settings; {@link org.crowd4j.nn.Recommender} plans
 * the next answers from a model's P(correct)). The engine never downloads anything ({@link
 * org.crowd4j.nn.NnRuntime}).
 *
 * <p>This package is the supported API of {@code crowd4j-nn}. The training loop, the optimiser, the
 * heads, the tensors and the model-file encoding are in {@code org.crowd4j.nn.internal}, which is
 * not: it may change in any release.
 */
package org.crowd4j.nn;
