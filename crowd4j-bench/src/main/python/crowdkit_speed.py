#!/usr/bin/env python3
"""Times crowd-kit (Toloka, Python) on the data files written by the crowd4j benchmarks.

Needs crowd-kit importable (``pip install crowd-kit``, or its source on PYTHONPATH) with numpy,
pandas and scipy. The files come from

    java -Xmx2g -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.PairwiseBenchmark \
        speed --comparisons 1000000 --items 1000 --write DIR
    java -Xmx2g -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.KindsBenchmark \
        speed --write DIR

and are read as those classes document. Usage:

    python3 crowdkit_speed.py pairwise DIR [--bt-iter 100] [--skip-noisy-bt | --noisy-bt-once]
    python3 crowdkit_speed.py texts DIR
    python3 crowdkit_speed.py masks DIR [--skip-rasa]

Every method runs once with crowd-kit's defaults (BradleyTerry has no default ``n_iter``: see
``--bt-iter``); each line gives the wall time, the CPU time of this process (``time.process_time``,
all threads) and the quality against the simulated truth: Kendall tau-b of the scores to the true
scores, the word error rate of the aggregated transcripts, the mean IoU of the aggregated masks.
``--noisy-bt-once`` times one objective and one gradient evaluation of NoisyBradleyTerry at its
starting point instead of the whole fit (for sizes where the fit would take too long).
BLAS and OpenMP threads default to 2 (set the usual environment variables to change that).
"""

import argparse
import os
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "2")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402


def timed(label, fit, quality):
    """Runs ``fit()``, prints wall and CPU seconds and ``quality(result)``."""
    c0 = time.process_time()
    t0 = time.perf_counter()
    result = fit()
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(f"{label}: {wall:.2f} s wall, {cpu:.2f} s CPU, {quality(result)}", flush=True)
    return result


def load(label, read):
    t0 = time.perf_counter()
    data = read()
    print(f"{label}: read in {time.perf_counter() - t0:.2f} s", flush=True)
    return data


def pairwise(args):
    from scipy.stats import kendalltau

    from crowdkit.aggregation import BradleyTerry, NoisyBradleyTerry

    data = load(
        "comparisons",
        lambda: pd.read_csv(
            os.path.join(args.dir, "comparisons.csv"), dtype=str, keep_default_na=False
        ),
    )
    truth = pd.read_csv(
        os.path.join(args.dir, "truth.csv"), dtype={"item": str}, keep_default_na=False
    ).set_index("item")["score"]
    print(f"{len(data):,} comparisons, {truth.size:,} items, {data.worker.nunique():,} workers")

    def tau(scores):
        tau_b = kendalltau(scores.reindex(truth.index).to_numpy(), truth.to_numpy())[0]
        return f"Kendall tau {tau_b:.3f}"

    timed(
        f"BradleyTerry(n_iter={args.bt_iter}) (tol 1e-5 by default)",
        lambda: BradleyTerry(n_iter=args.bt_iter).fit_predict(data),
        tau,
    )
    timed(
        f"BradleyTerry(n_iter={args.bt_iter_fixed}, tol=0)",
        lambda: BradleyTerry(n_iter=args.bt_iter_fixed, tol=0).fit_predict(data),
        tau,
    )
    if args.skip_noisy_bt:
        return
    if args.noisy_bt_once:
        noisy_bt_once(data)
        return
    # count gradient evaluations (one pass over the comparisons each) around the unchanged method
    calls = [0]
    gradient = NoisyBradleyTerry._compute_gradient

    def counted(*a):
        calls[0] += 1
        return gradient(*a)

    NoisyBradleyTerry._compute_gradient = staticmethod(counted)
    timed(
        "NoisyBradleyTerry() (n_iter 100, tol 1e-5)",
        lambda: NoisyBradleyTerry().fit_predict(data),
        lambda s: f"{tau(s)}, {calls[0]} gradient evaluations",
    )


def noisy_bt_once(data):
    """One objective and one gradient evaluation, set up as NoisyBradleyTerry.fit sets them up."""
    from crowdkit.aggregation import NoisyBradleyTerry
    from crowdkit.aggregation.utils import factorize

    nbt = NoisyBradleyTerry()
    labels, np_data = factorize(data[["left", "right", "label"]].values)
    workers, np_workers = factorize(data.worker.values)
    np.random.seed(nbt.random_state)
    x0 = np.random.rand(1 + labels.size + 2 * workers.size)
    np_data += 1
    extra = (np_data, np_workers, labels.size, workers.size, nbt.regularization_ratio)
    timed(
        "NoisyBradleyTerry objective, one evaluation",
        lambda: nbt._compute_log_likelihood(x0, *extra),
        lambda v: f"value {v:.1f}",
    )
    timed(
        "NoisyBradleyTerry gradient, one evaluation",
        lambda: nbt._compute_gradient(x0, *extra),
        lambda g: f"norm {np.linalg.norm(g):.1f}",
    )


def word_errors(ref, hyp):
    """Word-level edit distance (substitutions, insertions, deletions, each 1)."""
    prev = list(range(len(hyp) + 1))
    for i, x in enumerate(ref, 1):
        cur = [i] + [0] * len(hyp)
        for j, y in enumerate(hyp, 1):
            cur[j] = min(prev[j - 1] + (x != y), prev[j] + 1, cur[j - 1] + 1)
        prev = cur
    return prev[-1]


def texts(args):
    from crowdkit.aggregation import ROVER

    data = load(
        "transcripts",
        lambda: pd.read_csv(
            os.path.join(args.dir, "transcripts.csv"), dtype=str, keep_default_na=False
        ),
    )
    truth = pd.read_csv(
        os.path.join(args.dir, "transcripts_truth.csv"), dtype=str, keep_default_na=False
    ).set_index("task")["text"]
    print(f"{len(data):,} transcripts, {truth.size:,} tasks")

    def wer(result):
        errors = sum(
            word_errors(truth[t].split(), result.get(t, "").split()) for t in truth.index
        )
        return f"WER {errors / sum(len(truth[t].split()) for t in truth.index):.3f}"

    timed(
        "ROVER(tokenizer=str.split(' '), detokenizer=' '.join)",
        lambda: ROVER(lambda s: s.split(" "), lambda w: " ".join(w)).fit_predict(data),
        wer,
    )


def read_masks(csv, bin_file):
    """Masks listed in ``csv`` (with height, width), packed in ``bin_file`` in the same order."""
    index = pd.read_csv(csv, dtype={"task": str, "worker": str}, keep_default_na=False)
    h, w = int(index.height[0]), int(index.width[0])
    if not ((index.height == h).all() and (index.width == w).all()):
        sys.exit("masks of different sizes are not supported here")
    packed = np.fromfile(bin_file, dtype=np.uint8).reshape(len(index), -1)
    pixels = np.unpackbits(packed, axis=1)[:, : h * w].reshape(len(index), h, w).astype(bool)
    return index, list(pixels)


def masks(args):
    from crowdkit.aggregation import SegmentationEM, SegmentationMajorityVote, SegmentationRASA

    def read():
        index, pixels = read_masks(
            os.path.join(args.dir, "masks.csv"), os.path.join(args.dir, "masks.bin")
        )
        return pd.DataFrame(
            {"task": index.task, "worker": index.worker, "segmentation": pixels}
        )

    data = load("masks", read)
    truth_index, truth_pixels = read_masks(
        os.path.join(args.dir, "masks_truth.csv"), os.path.join(args.dir, "masks_truth.bin")
    )
    truth = dict(zip(truth_index.task, truth_pixels))
    print(f"{len(data):,} masks of {truth_pixels[0].shape}, {len(truth):,} images")

    def iou(result):
        total = 0.0
        for task, t in truth.items():
            m = np.asarray(result[task], dtype=bool)
            union = np.logical_or(m, t).sum()
            total += 1.0 if union == 0 else np.logical_and(m, t).sum() / union
        return f"mean IoU {total / len(truth):.3f}"

    methods = [
        ("SegmentationMajorityVote()", SegmentationMajorityVote),
        ("SegmentationEM() (n_iter 10, tol 1e-5)", SegmentationEM),
    ]
    if not args.skip_rasa:
        methods.append(("SegmentationRASA() (n_iter 10, tol 1e-5)", SegmentationRASA))
    for label, method in methods:
        timed(label, lambda: method().fit_predict(data), iou)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("pairwise")
    p.add_argument("dir")
    p.add_argument("--bt-iter", type=int, default=100, help="BradleyTerry n_iter (no default)")
    p.add_argument("--bt-iter-fixed", type=int, default=20, help="n_iter of the tol=0 BT run")
    p.add_argument("--skip-noisy-bt", action="store_true")
    p.add_argument("--noisy-bt-once", action="store_true", help="time one evaluation only")
    t = sub.add_parser("texts")
    t.add_argument("dir")
    m = sub.add_parser("masks")
    m.add_argument("dir")
    m.add_argument("--skip-rasa", action="store_true")
    args = parser.parse_args()
    import crowdkit

    print(
        f"crowd-kit {getattr(crowdkit, '__version__', '?')}, numpy {np.__version__},"
        f" pandas {pd.__version__}, Python {sys.version.split()[0]},"
        f" OPENBLAS/OMP/MKL threads {os.environ['OPENBLAS_NUM_THREADS']}/"
        f"{os.environ['OMP_NUM_THREADS']}/{os.environ['MKL_NUM_THREADS']}",
        flush=True,
    )
    {"pairwise": pairwise, "texts": texts, "masks": masks}[args.what](args)


if __name__ == "__main__":
    main()
