#!/usr/bin/env python3
"""Dawid–Skene from a pandas DataFrame: crowd4j's Python class next to crowd-kit's, same frame.

Generates a seeded Dawid–Skene crowd (string task and worker ids, as platform exports have), then
times ``DawidSkene().fit_predict(df)`` of each library on the same DataFrame in this process:
wall seconds and CPU seconds of the process (``time.process_time``: every thread, the JVM's too).
Starting the JVM is timed apart, then the fit four times: the first with JIT compilation, the
median of the other three is the "warm" figure. crowd-kit runs if ``crowdkit`` imports (``pip install crowd-kit`` or its
source on PYTHONPATH); otherwise its rows are left out. Usage:

    PYTHONPATH=crowd4j-python/target/python python3 crowd4j-python/bench/python_speed.py \
        [--answers 2000000] [--per-task 10] [--workers 1000] [--classes 4] [--seed 1] [--skip-crowdkit]
"""

import argparse
import os
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "2")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402


def crowd(answers, per_task, workers, classes, seed):
    """A Dawid–Skene crowd: each worker a confusion matrix with accuracy in [0.35, 0.95]."""
    rng = np.random.default_rng(seed)
    tasks = answers // per_task
    truth = rng.integers(classes, size=tasks)
    accuracy = rng.uniform(0.35, 0.95, size=workers)
    task = np.repeat(np.arange(tasks), per_task)
    worker = np.concatenate([rng.choice(workers, size=per_task, replace=False) for _ in range(tasks)])
    correct = rng.random(task.size) < accuracy[worker]
    wrong = (truth[task] + rng.integers(1, classes, size=task.size)) % classes
    label = np.where(correct, truth[task], wrong)
    frame = pd.DataFrame({
        "task": pd.Series(np.char.add("t", task.astype(str))),
        "worker": pd.Series(np.char.add("w", worker.astype(str))),
        "label": pd.Series(np.char.add("c", label.astype(str))),
    })
    gold = pd.Series(np.char.add("c", truth.astype(str)), index=np.char.add("t", np.arange(tasks).astype(str)))
    return frame.astype(object), gold


def timed(what, run):
    c0, t0 = time.process_time(), time.perf_counter()
    result = run()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"{what}: {wall:.2f} s wall, {cpu:.2f} s CPU", flush=True)
    return result, wall, cpu


def accuracy(labels, gold):
    return float((labels.reindex(gold.index) == gold).mean())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--answers", type=int, default=2_000_000)
    p.add_argument("--per-task", type=int, default=10)
    p.add_argument("--workers", type=int, default=1000)
    p.add_argument("--classes", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--skip-crowdkit", action="store_true")
    a = p.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    (df, gold), _, _ = timed("generate", lambda: crowd(a.answers, a.per_task, a.workers, a.classes, a.seed))
    print(f"{len(df):,} answers, {df.task.nunique():,} tasks, {df.worker.nunique():,} workers", flush=True)

    import crowd4j
    from crowd4j import _jvm
    timed("crowd4j: start the JVM", _jvm.start)
    ours = None
    runs = []
    for run in (1, 2, 3, 4):
        model = crowd4j.DawidSkene()
        _, wall, cpu = timed(f"crowd4j DawidSkene().fit_predict, run {run}", lambda: model.fit_predict(df))
        ours = model.labels_
        inside = model.diagnostics_["fit_seconds"]
        runs.append((wall, cpu))
        print(f"  of which the Java fit {inside:.2f} s wall; transfer and pandas {wall - inside:.2f} s "
              f"({model.diagnostics_['iterations']} iterations)", flush=True)
    warm = sorted(runs[1:], key=lambda r: r[1])[len(runs[1:]) // 2]
    print(f"crowd4j accuracy {accuracy(ours, gold):.4f}; warm runs' median: {warm[0]:.2f} s wall, "
          f"{warm[1]:.2f} s CPU", flush=True)

    if not a.skip_crowdkit:
        try:
            from crowdkit.aggregation import DawidSkene
        except ImportError:
            print("crowd-kit is not importable: its rows are left out")
            return
        peer, wall, cpu = timed("crowd-kit DawidSkene().fit_predict", lambda: DawidSkene().fit_predict(df))
        print(f"crowd-kit / crowd4j: first run {wall / runs[0][0]:.1f}x wall, {cpu / runs[0][1]:.1f}x CPU; "
              f"warm {wall / warm[0]:.1f}x wall, {cpu / warm[1]:.1f}x CPU", flush=True)
        print(f"crowd-kit accuracy {accuracy(peer, gold):.4f}; labels equal on "
              f"{float((peer.reindex(ours.index) == ours).mean()):.4%} of tasks", flush=True)
    print(f"load average after: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main()
