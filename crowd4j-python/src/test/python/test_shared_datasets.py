"""The same DataFrame code as crowd-kit's on the real crowds: each class, with crowd-kit's defaults,
against crowd-kit 1.4.1's own outputs on them (../shared/expected/crowdkit/<crowd>/<METHOD>.csv).

Writes the table to target/python-peer-agreement.md. Must agree: majority vote and Wawa on ≥ 99 % of
tasks (ties broken alike), Dawid–Skene on ≥ 99.9 % (crowd-kit's stopping rule is the default here).
"""

import os

import pandas as pd
import pytest

import crowd4j
from conftest import SHARED

PEER = os.path.join(SHARED, "expected", "crowdkit")
DATASETS = os.path.join(SHARED, "datasets")
CLASSES = {"MV": crowd4j.MajorityVote, "WAWA": crowd4j.Wawa, "ZBS": crowd4j.ZeroBasedSkill,
           "DS": crowd4j.DawidSkene, "ODS": crowd4j.OneCoinDawidSkene, "GLAD": crowd4j.GLAD,
           "MACE": crowd4j.MACE, "MMSR": crowd4j.MMSR, "KOS": crowd4j.KOS}
MUST_AGREE = {"MV": 0.99, "WAWA": 0.99, "DS": 0.999}
# GLAD's and MACE's fits on the two largest crowds take most of this test's time: they run with
# CROWD4J_PYTHON_FULL=1 (the table in docs/python.md comes from such a run)
SLOW = {("adult", "GLAD"), ("adult", "MACE"), ("fact-eval", "GLAD"), ("fact-eval", "MACE")}
FULL = os.environ.get("CROWD4J_PYTHON_FULL") == "1"
ROWS = []


def crowds():
    if not os.path.isdir(PEER):
        return []
    return sorted(d for d in os.listdir(PEER)
                  if os.path.isdir(os.path.join(PEER, d)) and os.path.exists(os.path.join(DATASETS, d, "answers.csv")))


def test_all_seventeen_crowds_are_there():
    if not os.path.isdir(PEER):
        if os.environ.get("CI") == "true":
            pytest.fail("missing under CI=true: " + PEER)
        pytest.skip("../shared is absent")
    assert len(crowds()) == 17, crowds()


@pytest.mark.parametrize("crowd", crowds())
def test_labels_agree_with_crowd_kit(crowd):
    data = pd.read_csv(os.path.join(DATASETS, crowd, "answers.csv"))
    gold = pd.read_csv(os.path.join(DATASETS, crowd, "gold.csv")).set_index("task")["label"]
    failures = []
    for name, cls in CLASSES.items():
        peer_file = os.path.join(PEER, crowd, name + ".csv")
        if not os.path.exists(peer_file) or ((crowd, name) in SLOW and not FULL):
            continue
        peer = pd.read_csv(peer_file).set_index("task").iloc[:, 0]
        ours = cls().fit_predict(data)
        common = peer.index.intersection(ours.index)
        agreement = float((ours.loc[common].astype(str) == peer.loc[common].astype(str)).mean())
        scored = gold.index.intersection(ours.index)
        ours_acc = float((ours.loc[scored].astype(str) == gold.loc[scored].astype(str)).mean())
        peer_acc = float((peer.loc[scored].astype(str) == gold.loc[scored].astype(str)).mean())
        ROWS.append((crowd, name, len(common), ours_acc, peer_acc, agreement))
        if agreement < MUST_AGREE.get(name, 0):
            failures.append("%s %s: agreement %.4f" % (crowd, name, agreement))
    write_table()
    assert not failures, failures


def write_table():
    target = os.path.join(os.path.dirname(__file__), "..", "..", "..", "target")
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, "python-peer-agreement.md"), "w") as f:
        f.write("| crowd | class | tasks | crowd4j accuracy | crowd-kit accuracy | label agreement |\n")
        f.write("|---|---|---:|---:|---:|---:|\n")
        for crowd, name, n, ours, peer, agreement in ROWS:
            f.write("| %s | %s | %d | %.4f | %.4f | %.2f %% |\n" % (crowd, name, n, ours, peer, 100 * agreement))
