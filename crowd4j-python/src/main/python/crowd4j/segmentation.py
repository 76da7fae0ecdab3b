"""Segmentation: one binary mask per image from several annotators' masks.

Data: columns ``task``, ``worker``, ``segmentation`` (a 2-d boolean numpy array per answer), as
crowd-kit's. ``segmentations_``: a Series indexed by task named ``agg_segmentation``, one boolean
array per task. The masks travel packed, 8 pixels a byte.
"""

import numpy as np
import pandas as pd

from . import _columns, _jvm
from ._base import Method
from ._columns import Encoded


class _SegmentationAggregator(Method):

    def _skill_arrays(self):
        return [], []

    def fit(self, data):
        """Fits to ``data`` (columns task, worker, segmentation); returns ``self``."""
        if not isinstance(data, pd.DataFrame):
            raise ValueError("data must be a pandas DataFrame with columns task, worker, segmentation")
        if "segmentation" not in data.columns:
            raise ValueError("the data has no column 'segmentation' (columns: %s)" % list(data.columns))
        if len(data) == 0:
            raise ValueError("no answers")
        tasks, workers = Encoded(data, "task"), Encoded(data, "worker")
        n = len(data)
        heights = np.empty(n, dtype=np.int32)
        widths = np.empty(n, dtype=np.int32)
        chunks, offsets, at = [], np.empty(n, dtype=np.int64), 0
        for j, mask in enumerate(data["segmentation"]):
            m = np.asarray(mask)
            if m.ndim != 2:
                raise ValueError("row %s: a segmentation must be a 2-d array, not %d-d" % (data.index[j], m.ndim))
            heights[j], widths[j] = m.shape
            packed = np.packbits(m.astype(bool, copy=False).ravel(), bitorder="little")
            padded = -len(packed) % 8
            if padded:
                packed = np.concatenate([packed, np.zeros(padded, dtype=np.uint8)])
            offsets[j] = at
            at += len(packed)
            chunks.append(packed)
        flat = np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.uint8)
        jpype = _jvm.start()
        fit = _columns.call(
            _jvm.frames().masks, self.method_,
            *self._option_arrays(),
            tasks.java_names(), tasks.java_codes(), workers.java_names(), workers.java_codes(),
            _columns.int_array(heights), _columns.int_array(widths),
            jpype.JArray(jpype.JLong)(offsets), jpype.JArray(jpype.JByte)(flat.view(np.int8)),
            _columns.string_array(self._skill_arrays()[0]),
            _columns.double_array(np.asarray(self._skill_arrays()[1], dtype=np.float64)))
        out_h = _columns.numpy(fit.heights(), np.int64)
        out_w = _columns.numpy(fit.widths(), np.int64)
        out_off = _columns.numpy(fit.offsets(), np.int64)
        out = np.frombuffer(bytes(fit.packed()), dtype=np.uint8)
        masks = []
        for h, w, o in zip(out_h, out_w, out_off):
            bits = np.unpackbits(out[o: o + (h * w + 7) // 8], bitorder="little")[: h * w]
            masks.append(bits.reshape(h, w).astype(bool))
        order = _columns.sorted_positions(tasks.index)
        self.segmentations_ = pd.Series(
            [masks[i] for i in order], index=tasks.index.take(order).rename("task"), name="agg_segmentation")
        scores = _columns.numpy(fit.answerScores())
        if scores is not None:
            self.answer_scores_ = pd.Series(scores, index=data.index, name="score")
        return self

    def fit_predict(self, data):
        """Fits and returns ``segmentations_``."""
        return self.fit(data).segmentations_


class SegmentationMajorityVote(_SegmentationAggregator):
    """A pixel is set where most (skill-weighted, with ``skills``) annotators set it."""

    method_ = "mv"

    def __init__(self, on_missing_skill="error", default_skill=None, **options):
        super().__init__(**options)
        self.on_missing_skill, self.default_skill = on_missing_skill, default_skill
        self._skills = None

    def _crowd4j_options(self):
        options = dict(self.options)
        if self._skills is not None:
            options["onMissing"] = str(self.on_missing_skill).upper()
            if self.default_skill is not None:
                options["defaultSkill"] = self.default_skill
        return options

    def _skill_arrays(self):
        if self._skills is None:
            return [], []
        return [str(w) for w in self._skills.index], list(self._skills.astype(float))

    def fit(self, data, skills=None):
        """Fits to ``data``; ``skills``: a Series worker -> weight. Returns ``self``."""
        self._skills = skills
        try:
            return super().fit(data)
        finally:
            self._skills = None

    def fit_predict(self, data, skills=None):
        return self.fit(data, skills=skills).segmentations_


class SegmentationEM(_SegmentationAggregator):
    """EM over each annotator's probability of marking a pixel right (per image)."""

    method_ = "em"

    def __init__(self, n_iter=10, tol=1e-5, **options):
        super().__init__(**options)
        self.n_iter, self.tol = n_iter, tol

    def _crowd4j_options(self):
        return dict(dict(maxIterations=self.n_iter, tol=self.tol), **self.options)


class SegmentationRASA(SegmentationEM):
    """Segmentation RASA: masks weighted by their agreement with the weighted mean mask."""

    method_ = "rasa"
