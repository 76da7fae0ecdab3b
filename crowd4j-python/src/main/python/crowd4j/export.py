"""Results back into the labelling platforms (as ``crowd4j export``): Label Studio predictions to
review, a Toloka-style results table, and the annotators of a fit as a CSV table."""

import os

import numpy as np
import pandas as pd

from . import _columns, _jvm


def _labels_and_scores(result, probas):
    """The labels Series and each label's posterior (NaN when unknown) of a fit or a Series."""
    if hasattr(result, "labels_"):
        labels, probas = result.labels_, getattr(result, "probas_", None) if probas is None else probas
    else:
        labels = result
    if not isinstance(labels, pd.Series):
        raise ValueError("give a fitted classification aggregator, or a Series task -> label")
    scores = np.full(len(labels), np.nan)
    if probas is not None:
        for i, (task, label) in enumerate(labels.items()):
            if task in probas.index and label in probas.columns:
                scores[i] = float(probas.at[task, label])
    tasks = [str(t) for t in labels.index]
    values = ["|".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) for v in labels]
    return tasks, values, scores


def to_label_studio(result, path, probas=None, from_name="choice", to_name="text",
                    model_version="crowd4j", task_field="task"):
    """Writes Label Studio predictions (pre-annotations with the posterior as score) to ``path``.

    ``result``: a fitted classification aggregator, or a Series task -> label (with ``probas``, a
    DataFrame task x label, for the scores). ``from_name``/``to_name``: the choices control of the
    labelling config and the object it labels. crowd4j's Label Studio reader reads the file back.
    """
    tasks, labels, scores = _labels_and_scores(result, probas)
    jpype = _jvm.start()
    writer = jpype.JClass("org.crowd4j.io.platform.LabelStudioPredictions")
    options = writer.Options(from_name, to_name, model_version, task_field)
    _columns.call(writer.write, jpype.JClass("java.nio.file.Path").of(os.fspath(path), []),
                  _columns.string_array(tasks), _columns.string_array(labels),
                  _columns.double_array(scores), options)


def to_toloka(result, path, probas=None, task_field="task", answer_field="result"):
    """Writes a Toloka-style results TSV (``INPUT:``, ``OUTPUT:``, ``CONFIDENCE:`` columns) to ``path``."""
    tasks, labels, scores = _labels_and_scores(result, probas)
    jpype = _jvm.start()
    writer = jpype.JClass("org.crowd4j.io.platform.TolokaResults")
    _columns.call(writer.write, jpype.JClass("java.nio.file.Path").of(os.fspath(path), []),
                  _columns.string_array(tasks), _columns.string_array(labels),
                  _columns.double_array(scores), task_field, answer_field)


def annotators_csv(result, path):
    """Writes the annotators of a fitted classification aggregator (``annotators_``) as CSV."""
    if getattr(result, "_fit", None) is None:
        raise ValueError("give a fitted classification aggregator")
    jpype = _jvm.start()
    _columns.call(result._fit.annotators().write, jpype.JClass("java.nio.file.Path").of(os.fspath(path), []))
