"""Bad input and bad options become ValueError with the command line's messages."""

import pandas as pd
import pytest

import crowd4j

DATA = pd.DataFrame({"task": ["t1", "t1", "t2"], "worker": ["a", "b", "a"], "label": ["x", "y", "x"]})


def test_a_missing_column_is_named():
    with pytest.raises(ValueError, match="no column 'label'"):
        crowd4j.DawidSkene().fit(DATA.drop(columns="label"))


def test_a_missing_value_is_named_with_its_row():
    bad = DATA.copy()
    bad.loc[2, "task"] = None
    with pytest.raises(ValueError, match="column 'task' has a missing value in row 2"):
        crowd4j.MajorityVote().fit(bad)


def test_an_unknown_option_is_named():
    with pytest.raises(ValueError, match="nope"):
        crowd4j.DawidSkene(nope=3).fit(DATA)


def test_a_bad_option_value_is_refused():
    with pytest.raises(ValueError, match="maxIterations"):
        crowd4j.DawidSkene(n_iter=-1).fit(DATA)


def test_unknown_gold_tasks_are_an_error():
    with pytest.raises(ValueError, match="gold tasks have no answers"):
        crowd4j.DawidSkene().fit(DATA, true_labels=pd.Series({"t9": "x"}))


def test_gold_labels_outside_the_answers_are_an_error():
    with pytest.raises(ValueError, match="not among the answers' labels"):
        crowd4j.DawidSkene().fit(DATA, true_labels=pd.Series({"t1": "zzz"}))


def test_gold_majority_vote_needs_gold():
    with pytest.raises(ValueError, match="true_labels"):
        crowd4j.GoldMajorityVote().fit(DATA)


def test_values_that_read_the_same_are_refused():
    bad = pd.DataFrame({"task": [1, "1"], "worker": ["a", "b"], "label": ["x", "y"]})
    with pytest.raises(ValueError, match="read the same"):
        crowd4j.MajorityVote().fit(bad)


def test_not_a_frame():
    with pytest.raises(ValueError, match="DataFrame"):
        crowd4j.MajorityVote().fit([("t1", "a", "x")])


def test_help_explains_the_method():
    assert "Dawid" in crowd4j.DawidSkene.__doc__
    assert "n_iter" in str(crowd4j.DawidSkene.__init__.__code__.co_varnames)
