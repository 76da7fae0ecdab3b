"""Shared fixtures: the peer's test fixtures in ../shared/expected/crowdkit-suite (skipped where
../shared is absent, a failure under CI=true)."""

import os

import pandas as pd
import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
SHARED = os.environ.get("CROWD4J_SHARED", os.path.join(ROOT, "..", "shared"))
SUITE = os.path.join(SHARED, "expected", "crowdkit-suite")


def suite_path(relative):
    path = os.path.join(SUITE, relative)
    if not os.path.exists(path):
        if os.environ.get("CI") == "true":
            pytest.fail("missing under CI=true: " + path)
        pytest.skip("../shared is absent: " + path)
    return path


def read(relative, **kwargs):
    return pd.read_csv(suite_path(relative), keep_default_na=False, **kwargs)


def series(relative):
    """A peer series file (index,value) as a dict of text -> value."""
    frame = pd.read_csv(suite_path(relative), dtype=str, keep_default_na=False)
    return dict(zip(frame.iloc[:, 0], frame.iloc[:, 1]))


def answers(fixture):
    names = {"toy": "toy_answers", "simple": "simple_answers", "ds_step": "ds_step_answers",
             "bool": "bool_answers"}
    return read("data/%s.csv" % names.get(fixture, fixture))
