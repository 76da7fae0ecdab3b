/**
 * Model files: one writer per kind ({@link org.crowd4j.model.ClassificationModelWriter}, {@link
 * org.crowd4j.model.RankingModelWriter}, {@link org.crowd4j.model.TextModelWriter}, {@link
 * org.crowd4j.model.MaskModelWriter}, {@link org.crowd4j.model.MultiLabelModelWriter}, {@link
 * org.crowd4j.model.NumericModelWriter}; a trained network's {@code model.json} is written by
 * crowd4j-nn under the same schema), one reader for all of them ({@link
 * org.crowd4j.model.Models#read}, giving a {@link org.crowd4j.model.ModelFile} record per kind),
 * and the schema they share ({@link org.crowd4j.model.ModelSchema}): every model file is one UTF-8
 * JSON object whose first member identifies it ({@code method} for classification and ranking,
 * {@code kind} for texts, masks, multi-label and numeric, {@code format} for a trained network),
 * followed by {@code formatVersion} (an integer) and {@code checksum}, then the kind's members
 * (written through {@link org.crowd4j.io.AtomicFiles}, so a reader never sees half a file).
 *
 * <h2>Versions</h2>
 *
 * Classification, ranking, text, mask, multi-label and numeric files are written with {@code
 * formatVersion} 1 ({@link org.crowd4j.model.ModelSchema#VERSION}). Files of the first five kinds
 * written before the field existed have neither {@code formatVersion} nor {@code checksum}; they
 * are read as version 0 ({@link org.crowd4j.model.ModelSchema#LEGACY_VERSION}) with the same
 * members and no checksum check. Apart from the two new members, version 1 is byte for byte the
 * layout of version 0. A trained network's {@code model.json} keeps its own sequence ({@code
 * format} {@code crowd4j-nn-model}, {@code formatVersion} 3, versions 1 and 2 still read); its
 * {@code checksum} is checked when present (files saved before this schema have none), and it
 * carries the size and SHA-256 of the parameters file besides. A reader refuses a newer version
 * than it knows, a version of an aggregation kind below 1 written out, a version-1 file without a
 * checksum, a checksum that does not match, and a missing field or one of the wrong type or shape.
 *
 * <h2>Checksum</h2>
 *
 * {@code checksum} is {@code "sha256:"} followed by the 64 lowercase hexadecimal digits of the
 * SHA-256 of the document's <em>canonical form</em>, taken as UTF-8 bytes. The canonical form is
 * the document written again without any whitespace between tokens and without the top-level member
 * named {@code checksum} (its name and value):
 *
 * <ul>
 *   <li>an object is <code>&#123;</code>, its members joined by {@code ,}, <code>&#125;</code>,
 *       each member {@code name:value}, in the order of the file;
 *   <li>an array is {@code [}, its values joined by {@code ,}, {@code ]};
 *   <li>a number is exactly its text in the file ({@code 1.0E-5} stays {@code 1.0E-5}, {@code 2.50}
 *       stays {@code 2.50});
 *   <li>{@code true}, {@code false} and {@code null} are themselves;
 *   <li>a string (a member name or a value) is its characters between double quotes, with {@code "}
 *       written {@code \"}, {@code \} written {@code \\}, U+0008, U+0009, U+000A, U+000C and U+000D
 *       written {@code \b}, {@code \t}, {@code \n}, {@code \f} and {@code \r}, the other characters
 *       below U+0020 written {@code \}{@code u00xx} (four lowercase hexadecimal digits), and every
 *       other character as itself.
 * </ul>
 *
 * So the checksum does not depend on indentation, line breaks or how a string is escaped in the
 * file, and changes with any member's name, value, order, or a number's digits. A file that has the
 * same member name twice in one object is refused. A writer puts {@link
 * org.crowd4j.model.ModelSchema#CHECKSUM_PLACEHOLDER} as the value, and {@link
 * org.crowd4j.model.ModelSchema#seal} replaces it in place; {@link
 * org.crowd4j.model.ModelSchema#verify} checks it.
 */
package org.crowd4j.model;
