"""Texts: one text per task from several transcripts (ROVER) or by answer embeddings (RASA, HRRASA).

ROVER's data: columns ``task``, ``worker``, ``text``; ``texts_`` a Series indexed by task named
``agg_text``. RASA's and HRRASA's: columns ``task``, ``worker``, ``embedding`` (one numpy vector
per answer) and ``output`` (the text); ``embeddings_and_outputs_`` a DataFrame indexed by task with
columns ``embedding`` and ``output``.
"""

import numpy as np
import pandas as pd

from . import _columns, _jvm
from ._base import Method
from ._columns import Encoded

_SEPARATOR = " "


class _TextAggregator(Method):
    text_column = "output"

    def _texts(self, data):
        return [str(t) for t in data[self.text_column]]

    def _fit(self, data, true_embeddings=None, embeddings=True):
        if not isinstance(data, pd.DataFrame):
            raise ValueError("data must be a pandas DataFrame")
        if self.text_column not in data.columns:
            raise ValueError("the data has no column '%s' (columns: %s)" % (self.text_column, list(data.columns)))
        if len(data) == 0:
            raise ValueError("no answers")
        tasks, workers = Encoded(data, "task"), Encoded(data, "worker")
        dim, flat = 0, np.zeros(0)
        if embeddings:
            if "embedding" not in data.columns:
                raise ValueError("the data has no column 'embedding' (one vector per answer)")
            try:
                matrix = np.vstack([np.asarray(e, dtype=np.float64).ravel() for e in data["embedding"]])
            except ValueError as e:
                raise ValueError("the embeddings differ in length: %s" % e) from None
            if not np.isfinite(matrix).all():
                raise ValueError("an embedding holds a value that is not finite")
            dim, flat = matrix.shape[1], matrix.ravel()
        true_tasks, true_flat = [], np.zeros(0)
        if true_embeddings is not None:
            true_tasks = [str(t) for t in true_embeddings.index]
            true_flat = np.vstack([np.asarray(e, dtype=np.float64).ravel() for e in true_embeddings]).ravel()
        fit = _columns.call(
            _jvm.frames().texts, self.method_,
            *self._option_arrays(),
            tasks.java_names(), tasks.java_codes(), workers.java_names(), workers.java_codes(),
            _columns.string_array(self._texts(data)), dim, _columns.double_array(flat),
            _columns.string_array(true_tasks), _columns.double_array(true_flat))
        order = _columns.sorted_positions(tasks.index)
        task_index = tasks.index.take(order).rename("task")
        texts = np.asarray([str(t) for t in fit.texts()], dtype=object)[order]
        skills = _columns.numpy(fit.skills())
        if skills is not None:
            self.skills_ = pd.Series(skills, index=workers.index.rename("worker"), name="skill")
        self.loss_history_ = [float(x) for x in _columns.numpy(fit.objective())]
        return fit, task_index, texts, order


class ROVER(_TextAggregator):
    """ROVER (Fiscus 1997): the transcripts aligned into a word transition network, the most voted
    word kept in each slot. ``tokenizer``/``detokenizer``: as crowd-kit's (default: split on and join
    with spaces); a token may not hold a space."""

    method_ = "rover"
    text_column = "text"

    def __init__(self, tokenizer=None, detokenizer=None, silent=True, **options):
        super().__init__(**options)
        self.tokenizer, self.detokenizer, self.silent = tokenizer, detokenizer, silent

    def _texts(self, data):
        if self.tokenizer is None:
            return [str(t) for t in data["text"]]
        out = []
        for text in data["text"]:
            tokens = list(self.tokenizer(text))
            if any(_SEPARATOR in t for t in tokens):
                raise ValueError("the tokenizer gave a token with a space in %r" % text)
            out.append(_SEPARATOR.join(tokens))
        return out

    def fit(self, data):
        """Fits to ``data`` (columns task, worker, text); returns ``self``."""
        _, task_index, texts, _ = self._fit(data, embeddings=False)
        if self.detokenizer is not None:
            texts = np.asarray([self.detokenizer(t.split(_SEPARATOR)) if t else self.detokenizer([])
                                for t in texts], dtype=object)
        self.texts_ = pd.Series(texts, index=task_index, name="agg_text")
        return self

    def fit_predict(self, data):
        """Fits and returns ``texts_``."""
        return self.fit(data).texts_


class _EmbeddingAggregator(_TextAggregator):
    def fit(self, data, true_embeddings=None):
        """Fits to ``data`` (columns task, worker, embedding, output); ``true_embeddings``: a Series
        task -> vector of known embeddings. Returns ``self``."""
        fit, task_index, texts, order = self._fit(data, true_embeddings=true_embeddings)
        dim = int(fit.dim())
        chosen = _columns.numpy(fit.chosen(), np.int64)[order]
        # as crowd-kit's: the chosen answer's own embedding beside its text
        self.embeddings_and_outputs_ = pd.DataFrame(
            {"embedding": list(data["embedding"].iloc[chosen]), "output": texts}, index=task_index)
        # the reliability-weighted mean embedding each choice was made by
        self.aggregated_embeddings_ = pd.Series(
            list(_columns.numpy(fit.embeddings()).reshape(-1, dim)[order]), index=task_index, name="embedding")
        return self

    def fit_predict(self, data, true_embeddings=None):
        """Fits and returns ``embeddings_and_outputs_``."""
        return self.fit(data, true_embeddings=true_embeddings).embeddings_and_outputs_


class RASA(_EmbeddingAggregator):
    """RASA (Li & Fukumoto 2019): the answer closest to the reliability-weighted mean embedding."""

    method_ = "rasa"

    def __init__(self, n_iter=100, tol=1e-9, alpha=0.05, **options):
        super().__init__(**options)
        self.n_iter, self.tol, self.alpha = n_iter, tol, alpha

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol, alpha=self.alpha), **self.options)


class HRRASA(_EmbeddingAggregator):
    """HRRASA (Li 2020): RASA with local (answer) and global (worker) reliabilities."""

    method_ = "hrrasa"

    def __init__(self, n_iter=100, tol=1e-9, lambda_emb=0.5, lambda_out=0.5, alpha=0.05, **options):
        super().__init__(**options)
        self.n_iter, self.tol, self.alpha = n_iter, tol, alpha
        self.lambda_emb, self.lambda_out = lambda_emb, lambda_out

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol, alpha=self.alpha,
                         lambdaEmb=self.lambda_emb, lambdaOut=self.lambda_out), **self.options)


class ClosestToAverage(_EmbeddingAggregator):
    """The answer whose embedding is closest to the mean embedding of its task's answers.

    ``distance``: ``"cosine"`` (default) or ``"euclidean"`` (crowd-kit takes a callable; these are the
    two the Java method offers).
    """

    method_ = "closest-to-average"

    def __init__(self, distance="cosine", **options):
        super().__init__(**options)
        if callable(distance):
            raise ValueError("distance is 'cosine' or 'euclidean' here, not a function")
        self.distance = distance

    def _crowd4j_options(self):
        return dict(dict(distance=str(self.distance).upper()), **self.options)
