"""Classification: one true label per task from several annotators' labels.

Every class takes a DataFrame with columns ``task``, ``worker``, ``label`` (crowd-kit's layout) and
offers ``fit``, ``fit_predict`` and ``fit_predict_proba``. The crowd-kit classes take crowd-kit's
constructor arguments with crowd-kit's defaults and reproduce its results (the ``errors_``,
``probas_``, ``skills_`` ... it documents); any crowd4j option of the method (its catalogue name in
``method_``) can be passed as a keyword too, e.g. ``DawidSkene(stopping="likelihood")``.
"""

import numpy as np
import pandas as pd

from . import _columns, _jvm
from ._base import Method
from ._columns import Encoded


class _Classifier(Method):
    """The contract every classification method follows (crowd-kit's ``BaseClassificationAggregator``)."""

    def fit(self, data, true_labels=None, skills=None):
        """Fits the method to ``data`` (columns task, worker, label).

        ``true_labels``: a Series task -> label of known tasks (gold), used by the methods that
        learn from it; ``skills``: a Series worker -> skill (majority vote weighs votes by it).
        Returns ``self``.
        """
        if not isinstance(data, pd.DataFrame):
            raise ValueError("data must be a pandas DataFrame with columns task, worker, label")
        if len(data) == 0:
            return self._empty(data)
        tasks = Encoded(data, "task")
        workers = Encoded(data, "worker")
        labels = Encoded(data, "label")
        gold_tasks, gold_labels = _pairs(true_labels, "true_labels")
        skill_workers, skill_values = _pairs(skills, "skills")
        fit = _columns.call(
            _jvm.frames().classify,
            self.method_ if skills is None else "wmv",
            *self._option_arrays(),
            tasks.java_names(), tasks.java_codes(),
            workers.java_names(), workers.java_codes(),
            labels.java_names(), labels.java_codes(),
            _columns.string_array(gold_tasks), _columns.string_array(gold_labels),
            _columns.string_array(skill_workers),
            _columns.double_array(np.asarray(skill_values, dtype=np.float64)))
        self._read(fit, tasks, workers, labels)
        return self

    def _empty(self, data):
        """No answers: empty results with crowd-kit's names, as crowd-kit gives."""
        for column in ("task", "worker", "label"):
            if column not in data.columns:
                raise ValueError("the data has no column '%s' (columns: %s)" % (column, list(data.columns)))
        tasks = pd.Index([], name="task", dtype=object)
        self.labels_ = pd.Series([], index=tasks, name="agg_label", dtype=float)
        self.probas_ = pd.DataFrame(index=tasks, columns=pd.Index([], name="label"), dtype=float)
        self.priors_ = pd.Series([], index=pd.Index([], name="label", dtype=object), name="prior", dtype=float)
        self.loss_history_ = []
        return self

    def fit_predict(self, data, true_labels=None, skills=None):
        """Fits and returns ``labels_``: a Series indexed by task, named ``agg_label``."""
        return self.fit(data, true_labels=true_labels, skills=skills).labels_

    def fit_predict_proba(self, data, true_labels=None, skills=None):
        """Fits and returns ``probas_``: a DataFrame task x label of posterior probabilities."""
        return self.fit(data, true_labels=true_labels, skills=skills).probas_

    def answer_quality(self, data):
        """The probability that each answer (row of ``data``, columns task and label) is right under
        the fit: the posterior of its own label. The lowest are the answers most likely wrong. A
        Series aligned with ``data``'s index, named ``quality``."""
        if getattr(self, "probas_", None) is None:
            raise AttributeError("answer_quality needs a fit first")
        rows = self.probas_.index.get_indexer(data["task"])
        cols = self.probas_.columns.get_indexer(data["label"])
        if (rows < 0).any() or (cols < 0).any():
            raise ValueError("data has tasks or labels the fit did not see")
        return pd.Series(self.probas_.to_numpy()[rows, cols], index=data.index, name="quality")

    # ---- reading the fit back -------------------------------------------------------------------

    @property
    def annotators_(self):
        """One row per worker (index ``worker``): answers, the method's skill, an accuracy estimate,
        a spammer score (0: answers follow the truth, 1: they do not depend on it) and the largest
        confusion ``true→answer`` with its probability; as ``crowd4j export --to annotators``."""
        if getattr(self, "_annotators", None) is None:
            if getattr(self, "_fit", None) is None:
                raise AttributeError("annotators_ is there after fit")
            t = self._fit.annotators()
            labels = [str(x) for x in t.labels()]
            true, answer = _columns.numpy(t.confusedTrue(), np.int64), _columns.numpy(t.confusedAnswer(), np.int64)
            frame = pd.DataFrame({
                "answers": _columns.numpy(t.answers(), np.int64),
                "skill": _columns.numpy(t.skills()),
                "accuracy": _columns.numpy(t.accuracy()),
                "spammer_score": _columns.numpy(t.spammerScore()),
                "largest_confusion": [labels[a] + "→" + labels[b] if a >= 0 else "" for a, b in zip(true, answer)],
                "largest_confusion_p": _columns.numpy(t.confusion()),
            }, index=self._workers.index.rename("worker"))
            self._annotators = frame.iloc[_columns.sorted_positions(frame.index)]
        return self._annotators

    @property
    def errors_(self):
        """Each worker's confusion, as crowd-kit's ``errors_``: a row per (worker, observed label)
        pair that occurs in the answers, a column per true label (built on first access)."""
        if getattr(self, "_errors", None) is None:
            matrices = self._error_matrices() if getattr(self, "_fit", None) is not None else None
            if matrices is None:
                raise AttributeError("%s has no errors_" % type(self).__name__)
            self._errors = _errors_frame(matrices, self._workers, self._labels, self._fit)
        return self._errors

    def _error_matrices(self):
        """The confusions (workers, true, answered) of the fit, or None for a method without."""
        errors = _columns.numpy(self._fit.errors())
        if errors is None:
            return None
        k = int(self._fit.numLabels())
        return errors.reshape(-1, k, k)[: len(self._workers.values)]

    def _read(self, fit, tasks, workers, labels):
        self._fit, self._workers, self._labels, self._annotators = fit, workers, labels, None
        label_codes = _label_codes(fit, labels)
        k = len(label_codes)
        label_index = labels.index.take(label_codes).rename("label")
        task_order = _columns.sorted_positions(tasks.index)
        task_index = tasks.index.take(task_order).rename("task")
        chosen = _columns.numpy(fit.labels(), np.int64)[task_order]
        self.labels_ = pd.Series(label_index.take(chosen).to_numpy(), index=task_index, name="agg_label")
        probas = _columns.numpy(fit.probas()).reshape(-1, k)[task_order]
        self.probas_ = pd.DataFrame(probas, index=task_index, columns=label_index)
        priors = _columns.numpy(fit.priors())
        if priors is not None and len(priors) == k:
            self.priors_ = pd.Series(priors, index=label_index, name="prior")

        worker_order = _columns.sorted_positions(workers.index)
        worker_index = workers.index.take(worker_order).rename("worker")
        skills = _columns.numpy(fit.skills())
        if skills is not None and len(skills) >= len(workers.values):
            self.skills_ = pd.Series(skills[: len(workers.values)][worker_order], index=worker_index, name="skill")
        self._errors = None
        alphas = _columns.numpy(fit.alphas())
        if alphas is not None:
            self.alphas_ = pd.Series(alphas[worker_order], index=worker_index, name="alpha")
            self.betas_ = pd.Series(_columns.numpy(fit.betas())[task_order], index=task_index, name="beta")
        spamming = _columns.numpy(fit.spamming())
        if spamming is not None:
            # crowd-kit's thetas_: each worker's label distribution when spamming, rows in first-seen order
            self.thetas_ = spamming.reshape(-1, k)
        scores = _columns.numpy(fit.mmsrScores())
        if scores is not None:
            self.scores_ = pd.DataFrame(scores.reshape(-1, k)[task_order], index=task_index, columns=label_index)
        self.loss_history_ = [float(x) for x in _columns.numpy(fit.objective())]
        self.diagnostics_ = {
            "iterations": int(fit.iterations()),
            "converged": bool(fit.converged()),
            "stop_reason": str(fit.stopReason()),
            "objective": str(fit.objectiveName()),
            "fit_seconds": float(fit.result().provenance().elapsedMillis()) / 1000,
        }
        chosen_method = fit.chosenMethod()
        if chosen_method is not None:
            self.chosen_method_ = str(chosen_method)


def _label_codes(fit, labels):
    """For each label in the method's order, its code in the caller's distinct labels."""
    position = {n: c for c, n in enumerate(labels.names)}
    return np.array([position[str(n)] for n in fit.labelNames()], dtype=np.int64)


def _errors_frame(errors, workers, labels, fit):
    """crowd-kit's ``errors_``: one row per (worker, observed label) pair that occurs in the answers,
    sorted, one column per true label; ``errors[w, true, answered]`` in the method's label order."""
    k = errors.shape[1]
    label_codes = _label_codes(fit, labels)
    code_to_method = np.empty(k, dtype=np.int64)
    code_to_method[label_codes] = np.arange(k)
    valid = workers.codes >= 0
    seen = np.zeros(len(workers.index) * k, dtype=bool)
    seen[workers.codes[valid].astype(np.int64) * k + code_to_method[labels.codes[valid]]] = True
    pairs = np.flatnonzero(seen)
    w, answered = pairs // k, pairs % k
    label_index = labels.index.take(label_codes)
    frame = pd.DataFrame(errors[w, :, answered], columns=label_index.rename("label"))
    frame.index = pd.MultiIndex.from_arrays(
        [workers.index.take(w), label_index.take(answered)], names=["worker", "label"])
    try:
        return frame.sort_index()
    except TypeError:
        return frame


def _pairs(series, what):
    if series is None:
        return [], []
    if isinstance(series, dict):
        series = pd.Series(series)
    if not isinstance(series, pd.Series):
        raise ValueError("%s must be a pandas Series (index -> value)" % what)
    return [str(i) for i in series.index], list(series.values if what == "skills" else map(str, series.values))


class MajorityVote(_Classifier):
    """Majority vote: the most frequent label of each task; ``probas_`` are the vote shares.

    With ``skills`` (a Series worker -> skill) passed to ``fit``, each vote weighs its worker's skill
    (crowd-kit's weighted majority vote; ``on_missing_skill``: 'error', 'ignore' or 'value' with
    ``default_skill``). ``skills_``: each worker's agreement with the result. Ties go to the first
    label in sorted order, as in crowd-kit.
    """

    method_ = "soft-mv"

    def __init__(self, on_missing_skill="error", default_skill=None, **options):
        super().__init__(**options)
        self.on_missing_skill = on_missing_skill
        self.default_skill = default_skill

    def fit(self, data, true_labels=None, skills=None):
        if skills is not None:
            self.options = dict(self.options, missingSkill=str(self.on_missing_skill).upper())
            if self.default_skill is not None:
                self.options["defaultSkill"] = self.default_skill
        return super().fit(data, true_labels=None, skills=skills)


class Wawa(_Classifier):
    """Worker agreement with aggregate: majority vote re-weighted by each worker's agreement with it."""

    method_ = "wawa"


class ZeroBasedSkill(_Classifier):
    """Zero-based skill: a weighted vote whose skills are learnt towards agreement with it."""

    method_ = "zbs"

    def __init__(self, n_iter=100, lr_init=1.0, lr_steps_to_reduce=20, lr_reduce_factor=0.5, eps=1e-5,
                 **options):
        super().__init__(**options)
        self.n_iter, self.lr_init, self.lr_steps_to_reduce = n_iter, lr_init, lr_steps_to_reduce
        self.lr_reduce_factor, self.eps = lr_reduce_factor, eps

    def _crowd4j_options(self):
        return dict(maxIterations=self.n_iter, learningRate=self.lr_init,
                    lrStepsToReduce=self.lr_steps_to_reduce, lrReduceFactor=self.lr_reduce_factor,
                    eps=self.eps, **self.options)


class GoldMajorityVote(_Classifier):
    """Majority vote weighted by each worker's accuracy on the gold tasks (``true_labels``, required)."""

    method_ = "gold-mv"

    def fit(self, data, true_labels=None, skills=None):
        if true_labels is None:
            raise ValueError("GoldMajorityVote needs true_labels (a Series task -> label)")
        return super().fit(data, true_labels=true_labels)


class DawidSkene(_Classifier):
    """Dawid & Skene (1979): EM over a confusion matrix per worker and class priors.

    ``errors_`` (index worker, observed label; a column per true label), ``priors_``, ``probas_``,
    ``labels_``, ``loss_history_`` (the objective per iteration). By default the loop stops as
    crowd-kit's does (``stopping="crowdkit_elbo"``); ``stopping="likelihood"`` watches the
    log-likelihood instead (crowd4j's command-line default). ``true_labels`` clamps known tasks.
    """

    method_ = "ds"

    def __init__(self, n_iter=100, tol=1e-5, **options):
        super().__init__(**options)
        self.n_iter, self.tol = n_iter, tol

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol, stopping="CROWDKIT_ELBO"), **self.options)


class OneCoinDawidSkene(DawidSkene):
    """One-coin Dawid–Skene: one accuracy per worker, errors spread evenly over the other labels."""

    method_ = "one-coin-ds"

    def _error_matrices(self):
        k = int(self._fit.numLabels())
        skill = _columns.numpy(self._fit.skills())[: len(self._workers.values)]
        errors = np.repeat(((1.0 - skill) / max(k - 1, 1))[:, None, None], k, axis=1).repeat(k, axis=2)
        for j in range(k):
            errors[:, j, j] = skill
        return errors


class GLAD(_Classifier):
    """GLAD (Whitehill et al. 2009): worker ability ``alphas_`` and task difficulty ``betas_``."""

    method_ = "glad"

    def __init__(self, n_iter=100, tol=1e-5, silent=True, **options):
        super().__init__(**options)
        self.n_iter, self.tol, self.silent = n_iter, tol, silent

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol), **self.options)


class MACE(_Classifier):
    """MACE (Hovy et al. 2013): each worker's competence (``skills_``) and spamming strategy (``thetas_``).

    crowd-kit's argument names; the defaults are crowd4j's (more iterations, MACE's original
    smoothing 0.01), with which the labels equal crowd-kit's on its fixtures.
    """

    method_ = "mace"

    def __init__(self, n_restarts=10, n_iter=1000, method="vb", smoothing=0.01, default_noise=0.5,
                 alpha=0.5, beta=0.5, random_state=0, verbose=0, **options):
        super().__init__(**options)
        self.n_restarts, self.n_iter, self.method = n_restarts, n_iter, method
        self.smoothing, self.default_noise, self.alpha, self.beta = smoothing, default_noise, alpha, beta
        self.random_state, self.verbose = random_state, verbose

    def _crowd4j_options(self):
        return dict(dict(restarts=self.n_restarts, maxIterations=self.n_iter, method=str(self.method).upper(),
                         smoothing=self.smoothing, defaultNoise=self.default_noise, alpha=self.alpha,
                         beta=self.beta, seed=self.random_state), **self.options)


class KOS(_Classifier):
    """Karger, Oh & Shah (2011): message passing on the task-worker graph; two classes only."""

    method_ = "kos"

    def __init__(self, n_iter=100, random_state=0, **options):
        super().__init__(**options)
        self.n_iter, self.random_state = n_iter, random_state

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, seed=self.random_state), **self.options)


class MMSR(_Classifier):
    """M-MSR (Ma & Olshevsky 2020): worker skills from a robust rank-one completion; ``scores_``.

    Defaults reproduce crowd-kit (``signGraph="CROWDKIT"``, ``crowdKitLabels=True``); crowd4j's own
    defaults are ``signGraph="OBSERVED"``, ``crowdKitLabels=False``.
    """

    method_ = "mmsr"

    def __init__(self, n_iter=10000, tol=1e-10, random_state=0, **options):
        super().__init__(**options)
        self.n_iter, self.tol, self.random_state = n_iter, tol, random_state

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol, seed=self.random_state,
                         signGraph="CROWDKIT", crowdKitLabels=True), **self.options)


class _Crowd4jMethod(_Classifier):
    """A crowd4j method: keyword arguments are its catalogue options (``crowd4j methods``)."""


class Auto(_Crowd4jMethod):
    """Gold-free choice: every candidate scored on held-out answers, the best kept (``chosen_method_``)."""

    method_ = "auto"


class DawidSkeneMAP(_Crowd4jMethod):
    """Dawid–Skene with a Dirichlet prior on the confusions, its strength chosen on held-out answers."""

    method_ = "ds-map"


class IBCC(_Crowd4jMethod):
    """IBCC (Kim & Ghahramani 2012): Bayesian classifier combination by variational Bayes."""

    method_ = "ibcc"


class MMCE(_Crowd4jMethod):
    """Regularised minimax conditional entropy (Zhou et al. 2014)."""

    method_ = "mmce"


class CrowdMixture(_Crowd4jMethod):
    """Crowd mixture model (Mena & Ñanculef 2019): annotations explained by a few groups."""

    method_ = "crowd-mixture"


class CommonConfusionEM(_Crowd4jMethod):
    """EM with a common and individual confusions (Chu et al. 2021, appendix B)."""

    method_ = "common-confusion-em"


class ClassifierConsensus(_Classifier):
    """Consensus from the answers and a classifier's out-of-sample class probabilities.

    ``way``: 'classifier-annotator' (the classifier as one more annotator with a fitted confusion),
    'classifier-prior' (its probabilities as each task's class prior), 'crowdlab' (a weighted
    ensemble, weights from the answers alone) or 'auto' (the one that best predicts held-out
    answers; ``chosen_method_`` says which). ``fit(data, pred_probs)``: ``pred_probs`` a DataFrame
    indexed by task with one column per class (rows summing to 1), from a model that did not see
    those tasks' answers. ``answer_quality(data)`` scores every answer.
    """

    method_ = "auto"

    def __init__(self, way="auto", seed=0):
        super().__init__()
        self.way, self.seed = way, seed

    def fit(self, data, pred_probs=None, true_labels=None, skills=None):
        if pred_probs is None:
            raise ValueError("ClassifierConsensus needs pred_probs (a DataFrame task x class)")
        if skills is not None:
            raise ValueError("ClassifierConsensus takes no skills")
        if not isinstance(data, pd.DataFrame) or len(data) == 0:
            raise ValueError("data must be a non-empty DataFrame with columns task, worker, label")
        if not isinstance(pred_probs, pd.DataFrame):
            raise ValueError("pred_probs must be a DataFrame indexed by task, a column per class")
        tasks = Encoded(data, "task")
        workers = Encoded(data, "worker")
        labels = Encoded(data, "label")
        gold_tasks, gold_labels = _pairs(true_labels, "true_labels")
        probs = np.ascontiguousarray(pred_probs.to_numpy(dtype=np.float64)).ravel()
        fit = _columns.call(
            _jvm.frames().classifyWithPredictions,
            str(self.way), int(self.seed),
            tasks.java_names(), tasks.java_codes(),
            workers.java_names(), workers.java_codes(),
            labels.java_names(), labels.java_codes(),
            _columns.string_array([str(t) for t in pred_probs.index]),
            _columns.string_array([str(c) for c in pred_probs.columns]),
            _columns.double_array(probs),
            _columns.string_array(gold_tasks), _columns.string_array(gold_labels))
        self._read(fit, tasks, workers, labels)
        return self

    def fit_predict(self, data, pred_probs=None, true_labels=None, skills=None):
        return self.fit(data, pred_probs, true_labels=true_labels, skills=skills).labels_

    def fit_predict_proba(self, data, pred_probs=None, true_labels=None, skills=None):
        return self.fit(data, pred_probs, true_labels=true_labels, skills=skills).probas_
