package org.crowd4j.method;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One line that says what an option does, on a component of a method's options record; help texts
 * and the catalogue's option tables are generated from it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Describe {
  /** The line, without the default (which the options record's defaults give). */
  String value();
}
