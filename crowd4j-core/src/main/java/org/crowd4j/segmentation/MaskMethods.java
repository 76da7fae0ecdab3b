package org.crowd4j.segmentation;

import org.crowd4j.method.MethodList;

/**
 * The mask methods: the segmentation kind's part of the catalogue. Majority vote's worker weights
 * are not an option one types: callers that read them from a file set them on the bound options
 * ({@link SegmentationMajorityVote.Options#withSkills}).
 */
public final class MaskMethods {
  /** The mask methods, in the order of the catalogue. */
  public static final MethodList<SegmentationAggregator> LIST =
      MethodList.<SegmentationAggregator>builder()
          .add(
              "mv",
              "majority vote per pixel, optionally weighted by given worker skills",
              SegmentationMajorityVote.Options.plain(),
              SegmentationMajorityVote::new)
          .add(
              "rasa",
              "segmentation RASA: masks weighted by their agreement with the weighted mean",
              SegmentationRasa.Options.defaults(),
              SegmentationRasa::new)
          .add(
              "em",
              "segmentation EM: a probability per worker of marking a pixel right",
              SegmentationEm.Options.defaults(),
              SegmentationEm::new)
          .build();

  private MaskMethods() {}
}
