package org.crowd4j.nn;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * What {@code model.json} of a saved {@link LearnedModel} says about the model, bound with
 * jackson-databind (the file format's own fields, {@code format}, {@code formatVersion}, {@code
 * checksum} and {@code parameters}, are checked and added by the model folder's reader and writer;
 * {@link org.crowd4j.model.Models#read} reads the same file as a {@link
 * org.crowd4j.model.TrainedModel}). The learner's and the training's options, the backbone and the
 * tuning record stay maps: their keys differ from learner to learner. Fields unknown to this
 * version are ignored, so that a later minor version's additions do not stop a model from loading.
 *
 * @param method the learner's name ({@link Learners})
 * @param options the learner's options, {@code name → value}
 * @param train the training options ({@link TrainOptions}), {@code name → value}
 * @param backbone the classifier's description ({@link Backbone#describe()})
 * @param inputDim features per item
 * @param standardized whether the features are z-scored with the stored training statistics ({@code
 *     null} in files that predate the field)
 * @param labels the class names, in the order of the model's outputs
 * @param workers the annotator ids the model knows, in the order of its annotator parameters
 * @param annotatorModel the kind of the stored annotator model (for example {@code confusions})
 * @param library the library and version that wrote the file ({@code null} in older files)
 * @param engine the deep-learning engine that trained it
 * @param summary how the training went ({@code null} in files without one)
 * @param tuning the tuning record ({@link LearnedModel#tuning()}), or {@code null} when untuned
 * @param members classifiers whose predictions the model averages ({@link LearnedModel#members()});
 *     {@code null} for one (and in files that predate the field)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ModelDescription(
    String method,
    Map<String, Object> options,
    Map<String, Object> train,
    Map<String, Object> backbone,
    int inputDim,
    Boolean standardized,
    List<String> labels,
    List<String> workers,
    String annotatorModel,
    @JsonInclude(JsonInclude.Include.NON_NULL) String library,
    String engine,
    TrainingSummary summary,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> tuning,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer members) {}
