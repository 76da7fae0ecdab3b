package org.crowd4j.method;

/** The options record of a method that has none, for its catalogue entry. */
public record NoOptions() {}
