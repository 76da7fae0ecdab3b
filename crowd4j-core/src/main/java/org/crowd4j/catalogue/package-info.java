/**
 * The catalogue: every method of every kind of answers ({@link org.crowd4j.catalogue.Catalogue},
 * {@link org.crowd4j.catalogue.Kind}), read from the lists each kind keeps. It depends on the
 * kinds; no kind depends on it.
 */
package org.crowd4j.catalogue;
