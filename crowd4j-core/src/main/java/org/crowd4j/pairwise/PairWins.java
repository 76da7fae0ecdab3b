package org.crowd4j.pairwise;

import java.util.Objects;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.data.Vocabulary;

/**
 * The win counts of every unordered pair of items: how often each item of the pair beat the other.
 * They are the sufficient statistics of the Bradley–Terry model (Bradley &amp; Terry 1952), so
 * {@link BradleyTerry#fit(PairWins)} on the wins of some comparisons gives the scores and standard
 * errors of {@link BradleyTerry#fit(Object)} on the comparisons themselves (to the rounding of sums
 * taken in another order when the items are numbered otherwise). Use it when the comparisons are
 * counted elsewhere, for example on a cluster. Immutable; pairs are stored once, the smaller item
 * id first, in increasing order.
 */
public final class PairWins {
  private final Vocabulary items;
  private final PairCounts counts;
  private final long comparisons;
  private volatile String digest;

  private PairWins(Vocabulary items, PairCounts counts) {
    this.items = items;
    this.counts = counts;
    long m = 0;
    for (int c : counts.count) {
      m += c;
    }
    this.comparisons = m;
  }

  /** The pair wins of {@code data}. */
  public static PairWins of(Comparisons data) {
    return new PairWins(data.items(), PairCounts.of(data));
  }

  /**
   * Pair wins from entries {@code e}: items {@code first[e]} and {@code second[e]} (ids of {@code
   * items}) compared, {@code first[e]} winning {@code firstWins[e]} times and {@code second[e]}
   * winning {@code secondWins[e]} times. Entries may come in any order; entries of the same pair
   * (in either orientation) are added up, and entries without wins are dropped. The arrays are not
   * kept.
   *
   * @throws IllegalArgumentException for an id outside the vocabulary, an item paired with itself,
   *     negative wins or arrays of different lengths
   * @throws ArithmeticException when the comparisons of one pair or one item exceed {@link
   *     Integer#MAX_VALUE}
   */
  public static PairWins of(
      Vocabulary items, int[] first, int[] second, int[] firstWins, int[] secondWins) {
    Objects.requireNonNull(items, "items");
    return new PairWins(items, PairCounts.fold(items.size(), first, second, firstWins, secondWins));
  }

  PairCounts counts() {
    return counts;
  }

  /** Item ids ↔ names. */
  public Vocabulary items() {
    return items;
  }

  /** Number of items, compared or not. */
  public int numItems() {
    return items.size();
  }

  /** Number of distinct compared pairs. */
  public int pairs() {
    return counts.pairs();
  }

  /** Number of comparisons. */
  public long comparisons() {
    return comparisons;
  }

  /** The smaller item id of pair {@code p}. */
  public int first(int p) {
    return counts.a[p];
  }

  /** The larger item id of pair {@code p}. */
  public int second(int p) {
    return counts.b[p];
  }

  /** How often {@link #first} won pair {@code p}. */
  public int firstWins(int p) {
    return counts.winsA[p];
  }

  /** How often {@link #second} won pair {@code p}. */
  public int secondWins(int p) {
    return counts.count[p] - counts.winsA[p];
  }

  /**
   * A content digest (SHA-256 over the item names and the pairs, first 16 hex digits) for
   * provenance: equal wins give an equal digest.
   */
  public String digest() {
    String d = digest;
    if (d == null) {
      d = computeDigest();
      digest = d;
    }
    return d;
  }

  private String computeDigest() {
    ContentDigest d = ContentDigest.sha256().names(items);
    for (int p = 0; p < counts.pairs(); p++) {
      d.putInt(counts.a[p]).putInt(counts.b[p]).putInt(counts.count[p]).putInt(counts.winsA[p]);
    }
    return d.hex16();
  }

  @Override
  public String toString() {
    return "PairWins["
        + comparisons
        + " comparisons of "
        + pairs()
        + " pairs of "
        + numItems()
        + " items]";
  }
}
