"""Pairwise comparisons: scores for items from "left or right is better" answers.

Data: a DataFrame with columns ``worker``, ``left``, ``right``, ``label`` (the item that won), as
crowd-kit's. ``scores_``: a Series indexed by item (``label``), named ``agg_score``. ``stderrs_``: the
standard errors of the log-scores, by default the cheap diagonal lower bound; ``standardErrors="exact"``
inverts the information matrix (O(items³)), ``standardErrors="none"`` leaves them NaN (docs/pairwise.md).
"""

import numpy as np
import pandas as pd

from . import _columns, _jvm
from ._base import Method
from ._columns import Encoded


class _Ranker(Method):

    def fit(self, data):
        """Fits the method to ``data`` (columns worker, left, right, label); returns ``self``."""
        if not isinstance(data, pd.DataFrame):
            raise ValueError("data must be a pandas DataFrame with columns worker, left, right, label")
        for column in ("left", "right", "label"):
            if column not in data.columns:
                raise ValueError("the data has no column '%s' (columns: %s)" % (column, list(data.columns)))
        if len(data) == 0:
            raise ValueError("no comparisons")
        codes, items = pd.factorize(pd.concat([data["left"], data["right"]], ignore_index=True), sort=False)
        if codes.min() < 0:
            raise ValueError("a comparison has a missing item")
        n = len(data)
        left, right = codes[:n], codes[n:]
        label = data["label"].to_numpy()
        left_won = label == data["left"].to_numpy()
        right_won = label == data["right"].to_numpy()
        bad = ~(left_won | right_won)
        if bad.any():
            row = int(np.argmax(bad))
            raise ValueError("row %s: the label %r is neither item (%r, %r)" % (
                data.index[row], label[row], data["left"].iloc[row], data["right"].iloc[row]))
        same = left == right
        if same.any():
            row = int(np.argmax(same))
            raise ValueError("row %s compares item %r with itself" % (data.index[row], data["left"].iloc[row]))
        workers = Encoded(data, "worker")
        item_names = [str(v) for v in items]
        if len(set(item_names)) != len(item_names):
            raise ValueError("two items read the same as text")
        fit = _columns.call(
            _jvm.frames().rank, self.method_,
            *self._option_arrays(),
            _columns.string_array(item_names), _columns.int_array(left), _columns.int_array(right),
            _jvm.start().JArray(_jvm.start().JBoolean)(np.ascontiguousarray(left_won, dtype=bool)),
            workers.java_names(), workers.java_codes())
        item_index = pd.Index(items)
        self.scores_ = pd.Series(_columns.numpy(fit.scores()), index=item_index.rename("label"), name="agg_score")
        self.stderrs_ = pd.Series(_columns.numpy(fit.stderrs()), index=item_index.rename("label"), name="stderr")
        skills = _columns.numpy(fit.skills())
        if skills is not None:
            worker_index = workers.index.rename("worker")
            self.skills_ = pd.Series(skills, index=worker_index, name="skill")
            self.biases_ = pd.Series(_columns.numpy(fit.biases()), index=worker_index, name="bias")
        self.loss_history_ = [float(x) for x in _columns.numpy(fit.objective())]
        self.notes_ = [str(x) for x in fit.notes()]
        return self

    def fit_predict(self, data):
        """Fits and returns ``scores_``."""
        return self.fit(data).scores_


class BradleyTerry(_Ranker):
    """Bradley–Terry (1952) scores by minorisation–maximisation (Hunter 2004), with standard errors.

    ``n_iter`` and ``tol`` as crowd-kit's; unlike crowd-kit 1.4.1 (which stops after two updates
    whenever ``tol > 0``), the change is measured properly, so with ``tol > 0`` the scores are the
    converged ones.
    """

    method_ = "bt"

    def __init__(self, n_iter=100, tol=1e-5, **options):
        super().__init__(**options)
        self.n_iter, self.tol = n_iter, tol

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol), **self.options)


class NoisyBT(_Ranker):
    """Bradley–Terry with a skill and a position bias per worker (``skills_``, ``biases_``)."""

    method_ = "noisy-bt"

    def __init__(self, n_iter=100, tol=1e-5, random_state=0, **options):
        super().__init__(**options)
        self.n_iter, self.tol, self.random_state = n_iter, tol, random_state

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol), **self.options)
