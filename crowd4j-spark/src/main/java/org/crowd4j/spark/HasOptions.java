package org.crowd4j.spark;

/**
 * A stage whose method options are params: {@link #options()} gives them as the core's options
 * record, whose constructor checks every value, so a setter checks its value with the record (the
 * core's message, as {@code --param} on the command line gives it).
 *
 * @param <T> the stage itself, returned by the setters
 */
public interface HasOptions<T> extends MixinParams {
  /**
   * The method's options as the core's record, built from the params (which it validates).
   *
   * @throws IllegalArgumentException for a value the core's record refuses
   */
  Record options();
}
