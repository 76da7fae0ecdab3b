#!/usr/bin/env python3
"""Markdown tables from acceptance.sh CSVs: test accuracy mean ± sample sd per dataset, setting and method,
the mean selection score, the number of runs and how often each value of each tuned option was chosen.
Usage: summarize.py FILE.csv [FILE.csv ...]"""
import csv
import statistics
import sys
from collections import Counter, OrderedDict

rows = []
for f in sys.argv[1:]:
    with open(f, newline="") as fh:
        rows.extend(csv.DictReader(fh))
groups = OrderedDict()
for r in rows:
    groups.setdefault((r["dataset"], r["setting"]), OrderedDict()).setdefault(r["method"], []).append(r)


def ms(values):
    values = [float(v) for v in values]
    if len(values) == 1:
        return f"{values[0]:.4f}"
    return f"{statistics.mean(values):.4f} ± {statistics.stdev(values):.4f}"


for (dataset, setting), methods in groups.items():
    print(f"\n### {dataset}, {setting}\n")
    print("| method | runs | test accuracy | per seed | selection score | epochs run | chosen (count of runs) |")
    print("|---|---:|---|---|---|---:|---|")
    for method, rs in methods.items():
        rs = sorted(rs, key=lambda r: int(r["seed"]))
        chosen = Counter()
        for r in rs:
            for kv in r["chosen"].split():
                chosen[kv] += 1
        by_option = OrderedDict()
        for kv, n in sorted(chosen.items()):
            k, v = kv.split("=", 1)
            by_option.setdefault(k, []).append(f"{v} ×{n}")
        choice = "; ".join(f"{k}: {', '.join(v)}" for k, v in by_option.items())
        per_seed = " ".join(f'{float(r["test_acc"]):.3f}' for r in rs)
        epochs = statistics.mean(int(r["epochs_run"]) for r in rs)
        print(f'| {method} | {len(rs)} | {ms(r["test_acc"] for r in rs)} | {per_seed} | '
              f'{rs[0]["select_metric"]} {ms(r["select_score"] for r in rs)} | {epochs:.0f} | {choice} |')
