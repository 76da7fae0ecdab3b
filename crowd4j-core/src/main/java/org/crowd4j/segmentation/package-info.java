/**
 * Segmentation masks as packed bits: majority vote, segmentation RASA and segmentation EM, IoU, and
 * a seeded boundary-noise simulator.
 */
package org.crowd4j.segmentation;
