/**
 * Text answers (transcriptions, free texts): ROVER over word alignments, and RASA, HRRASA and
 * closest-to-average over answer embeddings; word error rate and a seeded transcript simulator.
 */
package org.crowd4j.text;
