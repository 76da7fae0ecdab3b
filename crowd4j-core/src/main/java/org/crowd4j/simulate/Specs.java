package org.crowd4j.simulate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Parses the textual specifications of the {@code simulate} command.
 *
 * <p>Annotators: {@code kind[:key=value,…]} joined by {@code +}, e.g. {@code
 * hammer-spammer:n=3,p=0.8+adversarial:n=1}. Kinds: {@code perfect}, {@code spammer}, {@code
 * hammer-spammer} (p, reading=annotator|rows|mixture), {@code pairwise} (p, dominant=true redraws
 * the group until its mean confusion is diagonally dominant), {@code symmetric} (s), {@code
 * pair-flips} (s, pairs=0-1;2-3 or random), {@code neighbour} (s), {@code adversarial} (s), {@code
 * asymmetric} (s), {@code cifar4} (Tanno's and Wang's four annotators HS 30 %, SF 40 %, OC 50 %, AD
 * 100 % and, with avg=true, their average), {@code groups} (n annotators from Mena &amp; Ñanculef's
 * setup-1 group matrices and prior), {@code perturbed} (n annotators in groups of perturbed
 * classifiers: sigmas=0.2;0.8;1.5, prior=0.25;0.55;0.2; needs features and truth), {@code common}
 * (CoNAL: common=strength, individual=strength, share=mean ω, type=asymmetric|symmetric,
 * dim=embedding size; needs item features). Every kind takes {@code n} (default 1).
 *
 * <p>Assignments: {@code dense}, {@code one}, {@code k:3}, {@code long-tail:k=3,alpha=1.2}, {@code
 * density:5}.
 */
public final class Specs {
  /**
   * Mena &amp; Ñanculef setup (1) group confusions as stored with the authors' data (rows = true).
   */
  public static final double[][][] MENA_SETUP1_GROUPS = {
    {{0.810, 0.095, 0.095}, {0.0, 0.895, 0.105}, {0.403, 0.121, 0.476}},
    {{0.607, 0.0, 0.393}, {0.091, 0.424, 0.485}, {0.105, 0.0, 0.895}},
    {{0.895, 0.0, 0.105}, {0.086, 0.0, 0.914}, {0.741, 0.0, 0.259}}
  };

  /** Mena &amp; Ñanculef setup (1) group prior p(g). */
  public static final double[] MENA_SETUP1_PRIOR = {0.25, 0.55, 0.20};

  private Specs() {}

  /** What an annotator specification produced, with notes for the user. */
  public record PoolResult(AnnotatorPool pool, List<String> notes) {}

  /** Builds the annotator pool described by {@code spec} for {@code k} classes. */
  public static PoolResult pool(
      String spec, int k, float[] features, int dim, SplittableRandom rng) {
    return pool(spec, k, features, dim, null, rng);
  }

  /**
   * Builds the annotator pool described by {@code spec}; {@code truth} (the items' true classes) is
   * needed by {@code perturbed}.
   */
  public static PoolResult pool(
      String spec, int k, float[] features, int dim, int[] truth, SplittableRandom rng) {
    List<String> notes = new ArrayList<>();
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    String[] parts = spec.split("\\+");
    if (parts.length == 1 && kind(parts[0]).equals("groups")) {
      Map<String, String> o = options(parts[0]);
      int n = intOpt(o, "n", 100);
      if (k != 3) {
        throw new IllegalArgumentException(
            "groups uses Mena's 3-class matrices; the source has " + k);
      }
      ConfusionPool g = ConfusionPool.groups(MENA_SETUP1_GROUPS, MENA_SETUP1_PRIOR, n, rng);
      return new PoolResult(g, notes);
    }
    if (parts.length == 1 && kind(parts[0]).equals("perturbed")) {
      Map<String, String> o = options(parts[0]);
      if (features == null || truth == null) {
        throw new IllegalArgumentException("'perturbed' annotators need item features and truth");
      }
      double[] sigmas = doubles(o.getOrDefault("sigmas", "0.2;0.8;1.5"));
      double[] prior = doubles(o.getOrDefault("prior", "0.25;0.55;0.2"));
      double[][][] groups =
          PerturbedClassifiers.groupConfusions(features, dim, truth, k, sigmas, rng);
      for (int m = 0; m < groups.length; m++) {
        notes.add(
            String.format(
                Locale.ROOT,
                "group %d (sigma %.2f): skill %.3f",
                m,
                sigmas[m],
                Confusions.skill(groups[m])));
      }
      return new PoolResult(ConfusionPool.groups(groups, prior, intOpt(o, "n", 100), rng), notes);
    }
    if (parts.length == 1 && kind(parts[0]).equals("common")) {
      return new PoolResult(common(options(parts[0]), k, features, dim, rng, notes), notes);
    }
    for (String part : parts) {
      String kind = kind(part);
      Map<String, String> o = options(part);
      int n = intOpt(o, "n", 1);
      switch (kind) {
        case "perfect" -> repeat(b, n, () -> Confusions.identity(k), "perfect");
        case "spammer" -> repeat(b, n, () -> Confusions.uniform(k), "spammer");
        case "hammer-spammer" -> {
          double p = dblOpt(o, "p", 0.5);
          String reading = o.getOrDefault("reading", "annotator");
          switch (reading) {
            case "annotator" ->
                repeat(
                    b,
                    n,
                    () -> Confusions.hammerSpammerAnnotator(k, p, rng),
                    "hammer-spammer p=" + p);
            case "rows" ->
                repeat(
                    b,
                    n,
                    () -> Confusions.hammerSpammerRows(k, p, rng),
                    "hammer-spammer rows p=" + p);
            case "mixture" ->
                repeat(
                    b,
                    n,
                    () -> Confusions.hammerSpammerMixture(k, p),
                    "hammer-spammer mixture p=" + p);
            default ->
                throw new IllegalArgumentException(
                    "hammer-spammer reading must be annotator, rows or mixture: " + reading);
          }
        }
        case "pairwise" ->
            pairwise(b, n, k, dblOpt(o, "p", 0.5), boolOpt(o, "dominant"), rng, notes);
        case "symmetric" -> {
          double s = dblOpt(o, "s", 0.3);
          repeat(b, n, () -> Confusions.symmetric(k, s), "symmetric s=" + s);
        }
        case "pair-flips" -> {
          double s = dblOpt(o, "s", 0.4);
          String pairs = o.get("pairs");
          repeat(
              b,
              n,
              () ->
                  Confusions.pairFlips(
                      k, pairs == null ? Confusions.randomPairs(k, rng) : pairs(pairs), s),
              "pair flips s=" + s);
        }
        case "neighbour" -> {
          double s = dblOpt(o, "s", 0.5);
          repeat(b, n, () -> Confusions.neighbour(k, s), "neighbour s=" + s);
        }
        case "adversarial" -> {
          double s = dblOpt(o, "s", 1.0);
          repeat(b, n, () -> Confusions.adversarial(k, s, rng), "adversarial s=" + s);
        }
        case "asymmetric" -> {
          double s = dblOpt(o, "s", 0.5);
          repeat(b, n, () -> Confusions.asymmetric(k, s, rng), "asymmetric s=" + s);
        }
        case "cifar4" -> {
          double[][] hs = Confusions.symmetric(k, 0.3);
          double[][] sf = Confusions.pairFlips(k, Confusions.randomPairs(k, rng), 0.4);
          double[][] oc = Confusions.neighbour(k, 0.5);
          double[][] ad = Confusions.adversarial(k, 1.0, rng);
          b.add(hs, "HS 30%").add(sf, "SF 40%").add(oc, "OC 50%").add(ad, "AD 100%");
          if (boolOpt(o, "avg")) {
            b.add(Confusions.average(hs, sf, oc, ad), "AVG");
          }
        }
        case "groups", "common" ->
            throw new IllegalArgumentException(
                "'" + kind + "' describes a whole crowd and cannot be combined with '+'");
        default ->
            throw new IllegalArgumentException(
                "unknown annotator kind '"
                    + kind
                    + "'; known: perfect, spammer, hammer-spammer, pairwise, symmetric, pair-flips,"
                    + " neighbour, adversarial, asymmetric, cifar4, groups, perturbed, common");
      }
    }
    return new PoolResult(b.build(), notes);
  }

  /** Builds the assignment described by {@code spec}. */
  public static Assignment assignment(String spec) {
    String kind = kind(spec);
    Map<String, String> o = options(spec);
    String arg = spec.contains(":") ? spec.substring(spec.indexOf(':') + 1) : "";
    return switch (kind) {
      case "dense" -> Assignment.dense();
      case "one" -> Assignment.onePerItem();
      case "k" -> Assignment.perItem(Integer.parseInt(arg.trim()));
      case "density" -> Assignment.density(Double.parseDouble(arg.trim()));
      case "long-tail" -> Assignment.longTail(intOpt(o, "k", 3), dblOpt(o, "alpha", 1.2));
      default ->
          throw new IllegalArgumentException(
              "unknown assignment '"
                  + spec
                  + "'; use dense, one, k:N, density:MEAN or long-tail:k=N,alpha=A");
    };
  }

  private static AnnotatorPool common(
      Map<String, String> o,
      int k,
      float[] features,
      int dim,
      SplittableRandom rng,
      List<String> notes) {
    if (features == null) {
      throw new IllegalArgumentException(
          "'common' annotators need item features (a feature source)");
    }
    int n = intOpt(o, "n", 30);
    double commonStrength = dblOpt(o, "common", 0.6);
    double individualStrength = dblOpt(o, "individual", 0.7);
    double share = dblOpt(o, "share", 0.5);
    String type = o.getOrDefault("type", "asymmetric");
    double[][] common =
        switch (type) {
          case "asymmetric" -> Confusions.asymmetric(k, commonStrength, rng);
          case "symmetric" ->
              Confusions.pairFlips(k, Confusions.randomPairs(k, rng), commonStrength);
          default ->
              throw new IllegalArgumentException(
                  "common type must be asymmetric or symmetric: " + type);
        };
    double[][][] individual = new double[n][][];
    for (int r = 0; r < n; r++) {
      individual[r] = Confusions.asymmetric(k, individualStrength, rng);
    }
    notes.add("common noise: " + type + " strength " + commonStrength + ", target share " + share);
    return CommonNoisePool.create(
        features, dim, common, individual, intOpt(o, "dim", 20), share, rng);
  }

  private static void pairwise(
      ConfusionPool.Builder b,
      int n,
      int k,
      double p,
      boolean requireDominant,
      SplittableRandom rng,
      List<String> notes) {
    double[][][] group = new double[n][][];
    boolean dominant = false;
    int attempts = 0;
    do {
      attempts++;
      double[][] mean = new double[k][k];
      for (int r = 0; r < n; r++) {
        group[r] = Confusions.pairwiseFlipper(k, p, rng);
        for (int c = 0; c < k; c++) {
          for (int l = 0; l < k; l++) {
            mean[c][l] += group[r][c][l] / n;
          }
        }
      }
      dominant = Confusions.diagonallyDominant(mean);
    } while (requireDominant && !dominant && attempts < 10_000);
    if (requireDominant && !dominant) {
      throw new IllegalArgumentException(
          "no diagonally dominant group of "
              + n
              + " pairwise flippers with p="
              + p
              + " in 10000 draws");
    }
    notes.add(
        "pairwise flippers p="
            + p
            + ": mean confusion "
            + (dominant ? "is" : "is NOT")
            + " diagonally dominant"
            + (attempts > 1 ? " (after " + attempts + " draws)" : ""));
    for (double[][] m : group) {
      b.add(m, "pairwise flipper p=" + p);
    }
  }

  private static void repeat(
      ConfusionPool.Builder b, int n, java.util.function.Supplier<double[][]> m, String what) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be ≥ 1 for " + what);
    }
    for (int r = 0; r < n; r++) {
      b.add(m.get(), what);
    }
  }

  private static double[] doubles(String spec) {
    String[] items = spec.split(";");
    double[] out = new double[items.length];
    for (int j = 0; j < items.length; j++) {
      out[j] = Double.parseDouble(items[j].trim());
    }
    return out;
  }

  private static int[][] pairs(String spec) {
    String[] items = spec.split(";");
    int[][] out = new int[items.length][];
    for (int j = 0; j < items.length; j++) {
      String[] ab = items[j].split("-");
      if (ab.length != 2) {
        throw new IllegalArgumentException("pairs look like 0-1;2-3: " + spec);
      }
      out[j] = new int[] {Integer.parseInt(ab[0].trim()), Integer.parseInt(ab[1].trim())};
    }
    return out;
  }

  static String kind(String part) {
    int c = part.indexOf(':');
    return (c < 0 ? part : part.substring(0, c)).trim().toLowerCase(Locale.ROOT);
  }

  static Map<String, String> options(String part) {
    Map<String, String> o = new LinkedHashMap<>();
    int c = part.indexOf(':');
    if (c < 0) {
      return o;
    }
    for (String kv : part.substring(c + 1).split(",")) {
      if (kv.isBlank()) {
        continue;
      }
      int e = kv.indexOf('=');
      if (e < 0) {
        o.put("", kv.trim());
      } else {
        o.put(kv.substring(0, e).trim(), kv.substring(e + 1).trim());
      }
    }
    return o;
  }

  private static int intOpt(Map<String, String> o, String key, int def) {
    String v = o.get(key);
    try {
      return v == null ? def : Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + key + "' must be an integer: " + v);
    }
  }

  private static double dblOpt(Map<String, String> o, String key, double def) {
    String v = o.get(key);
    try {
      return v == null ? def : Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + key + "' must be a number: " + v);
    }
  }

  private static boolean boolOpt(Map<String, String> o, String key) {
    return Boolean.parseBoolean(o.getOrDefault(key, "false"));
  }
}
