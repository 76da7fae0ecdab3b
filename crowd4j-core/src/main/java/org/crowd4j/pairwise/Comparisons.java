package org.crowd4j.pairwise;

import java.util.Arrays;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.data.Vocabulary;

/**
 * Task-free pairwise comparisons, one row per judgement {@code worker,left,right,label} where the
 * label names the winner (crowd-kit's pairwise layout). Immutable; columns are primitive {@code
 * int} arrays indexed through the item and worker {@link Vocabulary vocabularies} (ids in
 * first-seen order). Anonymous comparisons share the single worker {@code ""}.
 */
public final class Comparisons {
  private final Vocabulary items;
  private final Vocabulary workers;
  private final int[] left;
  private final int[] right;
  private final int[] worker;
  private final boolean[] leftWon;
  private volatile String digest;

  private Comparisons(
      Vocabulary items,
      Vocabulary workers,
      int[] left,
      int[] right,
      int[] worker,
      boolean[] leftWon) {
    this.items = items;
    this.workers = workers;
    this.left = left;
    this.right = right;
    this.worker = worker;
    this.leftWon = leftWon;
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Number of comparisons. */
  public int size() {
    return left.length;
  }

  /** Number of distinct items. */
  public int numItems() {
    return items.size();
  }

  /** Number of distinct workers. */
  public int numWorkers() {
    return workers.size();
  }

  /** Item ids ↔ names. */
  public Vocabulary items() {
    return items;
  }

  /** Worker ids ↔ names. */
  public Vocabulary workers() {
    return workers;
  }

  /** Left item of comparison {@code c}. */
  public int left(int c) {
    return left[c];
  }

  /** Right item of comparison {@code c}. */
  public int right(int c) {
    return right[c];
  }

  /** Worker of comparison {@code c}. */
  public int worker(int c) {
    return worker[c];
  }

  /** Whether the left item won comparison {@code c}. */
  public boolean leftWon(int c) {
    return leftWon[c];
  }

  /** Winner of comparison {@code c}. */
  public int winner(int c) {
    return leftWon[c] ? left[c] : right[c];
  }

  /** Loser of comparison {@code c}. */
  public int loser(int c) {
    return leftWon[c] ? right[c] : left[c];
  }

  /**
   * A content digest (SHA-256 over the vocabularies and columns, first 16 hex digits) for
   * provenance: equal data gives an equal digest.
   */
  public String digest() {
    String d = digest;
    if (d == null) {
      d = computeDigest();
      digest = d;
    }
    return d;
  }

  /**
   * The digest of the names and then, per comparison, left, right and worker (big-endian ints) and
   * a 0/1 byte for who won: those bytes packed into chunks of whole comparisons here, fed as
   * arrays.
   */
  private String computeDigest() {
    ContentDigest d = ContentDigest.sha256().names(items).names(workers);
    int perChunk = 4096;
    byte[] chunk = new byte[RECORD * perChunk];
    for (int from = 0; from < left.length; from += perChunk) {
      int to = Math.min(left.length, from + perChunk);
      int at = 0;
      for (int c = from; c < to; c++) {
        at = putInt(chunk, at, left[c]);
        at = putInt(chunk, at, right[c]);
        at = putInt(chunk, at, worker[c]);
        chunk[at++] = (byte) (leftWon[c] ? 1 : 0);
      }
      d.bytes(at == chunk.length ? chunk : Arrays.copyOf(chunk, at));
    }
    return d.hex16();
  }

  /** Bytes per comparison in the digest. */
  private static final int RECORD = 13;

  private static int putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
    return at + 4;
  }

  @Override
  public String toString() {
    return "Comparisons["
        + size()
        + " comparisons of "
        + numItems()
        + " items by "
        + numWorkers()
        + " workers]";
  }

  /**
   * Collects comparisons row by row; {@link #add} rejects a row whose label names neither item
   * (crowd-kit's BradleyTerry would silently drop it; a tie has no place in the model) and a row
   * comparing an item with itself.
   */
  public static final class Builder {
    private final Vocabulary.Growing itemNames = new Vocabulary.Growing();
    private final Vocabulary.Growing workerNames = new Vocabulary.Growing();
    private int[] left = new int[1024];
    private int[] right = new int[1024];
    private int[] worker = new int[1024];
    private boolean[] leftWon = new boolean[1024];
    private int size;

    private Builder() {}

    /** Makes room for {@code n} comparisons in all. */
    public Builder expect(int n) {
      if (n > left.length) {
        grow(n);
      }
      return this;
    }

    /**
     * Adds one comparison; {@code worker} may be {@code null} (anonymous).
     *
     * @throws IllegalArgumentException when {@code label} equals neither item, or the items are
     *     equal
     */
    public Builder add(String worker, String left, String right, String label) {
      boolean leftWins = label.equals(left);
      if (!leftWins && !label.equals(right)) {
        throw new IllegalArgumentException(
            "label '"
                + label
                + "' names neither item of the pair ('"
                + left
                + "', '"
                + right
                + "'); the label must be the winner's id (ties are not allowed)");
      }
      if (left.equals(right)) {
        throw new IllegalArgumentException("item '" + left + "' is compared with itself");
      }
      int l = itemNames.intern(left);
      int r = itemNames.intern(right);
      int w = workerNames.intern(worker == null ? "" : worker);
      return add(w, l, r, leftWins);
    }

    private Builder add(int w, int l, int r, boolean leftWins) {
      if (size == left.length) {
        grow(2 * size);
      }
      left[size] = l;
      right[size] = r;
      worker[size] = w;
      leftWon[size] = leftWins;
      size++;
      return this;
    }

    private void grow(int capacity) {
      left = Arrays.copyOf(left, capacity);
      right = Arrays.copyOf(right, capacity);
      worker = Arrays.copyOf(worker, capacity);
      leftWon = Arrays.copyOf(leftWon, capacity);
    }

    /** Comparisons added so far. */
    public int size() {
      return size;
    }

    /** The immutable comparisons. */
    public Comparisons build() {
      return new Comparisons(
          itemNames.freeze(),
          workerNames.freeze(),
          Arrays.copyOf(left, size),
          Arrays.copyOf(right, size),
          Arrays.copyOf(worker, size),
          Arrays.copyOf(leftWon, size));
    }
  }

  /**
   * Comparisons from integer columns over the given vocabularies (for simulators); the arrays are
   * copied.
   */
  public static Comparisons of(
      Vocabulary items,
      Vocabulary workers,
      int[] left,
      int[] right,
      int[] worker,
      boolean[] leftWon) {
    int m = left.length;
    if (right.length != m || worker.length != m || leftWon.length != m) {
      throw new IllegalArgumentException("columns differ in length");
    }
    for (int c = 0; c < m; c++) {
      if (left[c] < 0
          || left[c] >= items.size()
          || right[c] < 0
          || right[c] >= items.size()
          || left[c] == right[c]) {
        throw new IllegalArgumentException("bad item pair at row " + c);
      }
      if (worker[c] < 0 || worker[c] >= workers.size()) {
        throw new IllegalArgumentException("bad worker at row " + c);
      }
    }
    return new Comparisons(
        items, workers, left.clone(), right.clone(), worker.clone(), leftWon.clone());
  }
}
