"""Multi-label answers by binary relevance: one yes/no question per label, each answered by any
classification method (crowd-kit's ``BinaryRelevance``)."""

import copy

import numpy as np
import pandas as pd

from .classification import MajorityVote, _Classifier


class BinaryRelevance:
    """Binary relevance over ``base_aggregator`` (any classification class of this package).

    Data: columns ``task``, ``worker``, ``label``, where a label is a list (or tuple, or set) of the
    labels the worker chose. ``labels_``: a Series indexed by task of the sorted lists of labels
    whose question came out True; ``aggregators_``: the fitted aggregator of each label.
    """

    def __init__(self, base_aggregator=None):
        self.base_aggregator = base_aggregator if base_aggregator is not None else MajorityVote()
        if not isinstance(self.base_aggregator, _Classifier):
            raise ValueError("base_aggregator must be a classification aggregator of crowd4j")

    def fit(self, data):
        """Fits one aggregator per label; returns ``self``."""
        if not isinstance(data, pd.DataFrame) or "label" not in data.columns:
            raise ValueError("data must be a pandas DataFrame with columns task, worker, label")
        chosen = [_as_set(v, data.index[j]) for j, v in enumerate(data["label"])]
        universe = sorted(set().union(*chosen)) if chosen else []
        self.aggregators_ = {}
        tasks = data["task"].drop_duplicates()
        result = {t: [] for t in tasks}
        for label in universe:
            binary = pd.DataFrame({"task": data["task"].to_numpy(), "worker": data["worker"].to_numpy(),
                                   "label": np.fromiter((label in c for c in chosen), dtype=bool,
                                                        count=len(chosen))})
            aggregator = copy.deepcopy(self.base_aggregator).fit(binary)
            self.aggregators_[label] = aggregator
            for task, value in aggregator.labels_.items():
                if bool(value):
                    result[task].append(label)
        index = pd.Index(list(result.keys()), name="task")
        self.labels_ = pd.Series(list(result.values()), index=index, name="agg_label").sort_index()
        return self

    def fit_predict(self, data):
        """Fits and returns ``labels_``."""
        return self.fit(data).labels_


def _as_set(value, row):
    if isinstance(value, str):
        raise ValueError("row %s: a multi-label answer is a list of labels, not the text %r" % (row, value))
    try:
        return frozenset(value)
    except TypeError:
        raise ValueError("row %s: a multi-label answer is a list of labels, not %r" % (row, value)) from None
