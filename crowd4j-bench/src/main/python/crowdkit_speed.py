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
    python3 crowdkit_speed.py whole METHOD DIR OUT.csv [--fit-seconds FILE]
    python3 crowdkit_speed.py quality KIND DIR RESULT.csv

``whole`` is crowd-kit's whole process as a user runs it: import, read the input with pandas, fit
one method at its defaults, write the result CSV. METHOD is ds, glad, mace (``DIR/answers.csv``,
``task,worker,label``, as ``crowd4j simulate`` writes it), bt, noisy-bt (``DIR/comparisons.csv``),
rover (``DIR/transcripts.csv``), seg-mv, seg-em (``DIR/masks_rle.csv``, ``HxW:runs`` masks, the
file the command line reads); ids are read as strings. It writes what ``crowd4j`` writes, in the
same columns: ``task,label,p_<class>...``; ``item,score``; ``task,text``; ``task,segmentation``
(run-length). ``--fit-seconds FILE`` gets the CPU and wall seconds of the fit alone
(``time.process_time`` and ``time.perf_counter`` around it). ``quality`` scores a result CSV of
either library against the simulated truth in DIR (KIND: labels, ranking, texts, masks): accuracy
(``DIR/gold.csv``), Kendall tau-b (``DIR/truth.csv``), corpus WER (``DIR/transcripts_truth.csv``),
mean IoU (``DIR/masks_truth_rle.csv``).

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


def rle_decode(s):
    """A ``HxW:runs`` mask (runs of 0s and 1s by turns, row-major, 0s first) or ``;``-joined rows."""
    head, colon, runs = s.partition(":")
    if not colon:
        rows = s.split(";")
        return np.array([[c == "1" for c in r] for r in rows], dtype=bool)
    h, w = (int(v) for v in head.split("x"))
    lengths = np.array(runs.split(), dtype=np.int64)
    flat = np.repeat(np.arange(lengths.size) % 2 == 1, lengths)
    return flat.reshape(h, w)


def rle_encode(mask):
    """The ``HxW:runs`` form of a boolean mask, first run of 0s (0 when the first pixel is set)."""
    flat = np.asarray(mask, dtype=bool).ravel()
    cuts = np.flatnonzero(flat[1:] != flat[:-1]) + 1
    runs = np.diff(np.concatenate(([0], cuts, [flat.size])))
    if flat.size and flat[0]:
        runs = np.concatenate(([0], runs))
    h, w = np.shape(mask)
    return f"{h}x{w}:" + " ".join(map(str, runs))


def read_strings(path):
    return pd.read_csv(path, dtype=str, keep_default_na=False)


def whole(args):
    """Import, read, fit, write: crowd-kit's whole process for one method."""
    from crowdkit import aggregation as ck

    method = args.method
    if method in ("ds", "glad", "mace"):
        data = read_strings(os.path.join(args.dir, "answers.csv"))
        model = {"ds": ck.DawidSkene, "glad": ck.GLAD, "mace": ck.MACE}[method]()
        fit = model.fit
    elif method in ("bt", "noisy-bt"):
        data = read_strings(os.path.join(args.dir, "comparisons.csv"))
        model = ck.BradleyTerry(n_iter=100) if method == "bt" else ck.NoisyBradleyTerry()
        fit = model.fit
    elif method == "rover":
        data = read_strings(os.path.join(args.dir, "transcripts.csv"))
        model = ck.ROVER(lambda s: s.split(" "), lambda w: " ".join(w))
        fit = model.fit
    elif method in ("seg-mv", "seg-em"):
        frame = read_strings(os.path.join(args.dir, "masks_rle.csv"))
        data = pd.DataFrame(
            {
                "task": frame.task,
                "worker": frame.worker,
                "segmentation": [rle_decode(m) for m in frame.segmentation],
            }
        )
        model = ck.SegmentationMajorityVote() if method == "seg-mv" else ck.SegmentationEM()
        fit = model.fit
    else:
        sys.exit(f"unknown method {method}")
    c0 = time.process_time()
    t0 = time.perf_counter()
    fit(data)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    if method in ("ds", "glad", "mace"):
        out = model.probas_.add_prefix("p_")
        out.insert(0, "label", model.labels_.reindex(out.index))
        out.index.name = "task"
        out.to_csv(args.out)
    elif method in ("bt", "noisy-bt"):
        model.scores_.rename("score").rename_axis("item").to_csv(args.out)
    elif method == "rover":
        model.texts_.rename("text").rename_axis("task").to_csv(args.out)
    else:
        segs = model.segmentations_
        pd.DataFrame(
            {"task": segs.index, "segmentation": [rle_encode(m) for m in segs]}
        ).to_csv(args.out, index=False)
    if args.fit_seconds:
        with open(args.fit_seconds, "w") as f:
            f.write(f"{cpu:.3f} {wall:.3f}\n")


def quality(args):
    """Prints the quality of a result CSV against the simulated truth in DIR."""
    result = read_strings(args.result)
    if args.kind == "labels":
        gold = read_strings(os.path.join(args.dir, "gold.csv")).set_index("task")["label"]
        pred = result.set_index("task")["label"].reindex(gold.index)
        print(f"acc {(pred == gold).mean():.3f}")
    elif args.kind == "ranking":
        from scipy.stats import kendalltau

        truth = read_strings(os.path.join(args.dir, "truth.csv")).set_index("item")["score"]
        scores = result.set_index("item")["score"].astype(float).reindex(truth.index)
        print(f"tau {kendalltau(scores.to_numpy(), truth.astype(float).to_numpy())[0]:.3f}")
    elif args.kind == "texts":
        truth = read_strings(os.path.join(args.dir, "transcripts_truth.csv"))
        truth = truth.set_index("task")["text"]
        hyp = result.set_index("task")["text"]
        errors = sum(word_errors(truth[t].split(), hyp.get(t, "").split()) for t in truth.index)
        print(f"WER {errors / sum(len(truth[t].split()) for t in truth.index):.3f}")
    elif args.kind == "masks":
        truth = read_strings(os.path.join(args.dir, "masks_truth_rle.csv"))
        got = dict(zip(result.task, result.segmentation))
        total = 0.0
        for task, rle in zip(truth.task, truth.segmentation):
            t = rle_decode(rle)
            m = rle_decode(got[task]) if task in got else np.zeros_like(t)
            union = np.logical_or(m, t).sum()
            total += 1.0 if union == 0 else np.logical_and(m, t).sum() / union
        print(f"IoU {total / len(truth):.3f}")
    else:
        sys.exit(f"unknown kind {args.kind}")


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
    w = sub.add_parser("whole")
    w.add_argument("method")
    w.add_argument("dir")
    w.add_argument("out")
    w.add_argument("--fit-seconds")
    q = sub.add_parser("quality")
    q.add_argument("kind")
    q.add_argument("dir")
    q.add_argument("result")
    args = parser.parse_args()
    if args.what in ("whole", "quality"):
        {"whole": whole, "quality": quality}[args.what](args)
        return
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
