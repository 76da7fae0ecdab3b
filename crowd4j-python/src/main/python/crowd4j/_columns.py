"""Columns in, arrays out: factorised pandas columns become Java primitive arrays, results come back
as numpy arrays wrapped in pandas objects with crowd-kit's index and column names."""

import numpy as np
import pandas as pd
import jpype

from . import _jvm


class Encoded:
    """One factorised column: an int32 code per row and the distinct values (as given and as text)."""

    def __init__(self, frame, column, missing_ok=False):
        if column not in frame.columns:
            raise ValueError("the data has no column '%s' (columns: %s)" % (column, list(frame.columns)))
        values = frame[column]
        if isinstance(values.dtype, pd.CategoricalDtype):
            # a categorical column is factorised already: its codes, its used categories
            used = np.unique(values.cat.codes[values.cat.codes >= 0])
            remap = np.full(len(values.cat.categories) + 1, -1, dtype=np.int64)
            remap[used] = np.arange(len(used))
            codes = remap[values.cat.codes.to_numpy()]
            uniques = values.cat.categories.take(used)
        else:
            codes, uniques = pd.factorize(values, sort=False)
        if not missing_ok and len(codes) and codes.min() < 0:
            row = int(np.argmax(codes < 0))
            raise ValueError("column '%s' has a missing value in row %s" % (column, frame.index[row]))
        self.codes = codes.astype(np.int32, copy=False)
        self.values = uniques
        self.index = pd.Index(uniques)
        self.names = [str(v) for v in uniques]
        if len(set(self.names)) != len(self.names):
            seen = set()
            for v, n in zip(uniques, self.names):
                if n in seen:
                    raise ValueError(
                        "column '%s' holds two values that read the same as text: %r" % (column, n))
                seen.add(n)

    def java_codes(self):
        return int_array(self.codes)

    def java_names(self):
        return string_array(self.names)


def int_array(values):
    _jvm.start()
    return jpype.JArray(jpype.JInt)(np.ascontiguousarray(values, dtype=np.int32))


def double_array(values):
    _jvm.start()
    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(values, dtype=np.float64))


def string_array(values):
    _jvm.start()
    return jpype.JArray(jpype.JString)([str(v) for v in values])


def numpy(java_array, dtype=np.float64):
    """A Java primitive array as a numpy array (one bulk copy), or None."""
    if java_array is None:
        return None
    return np.array(java_array, dtype=dtype)


def strings(java_array):
    return [str(s) for s in java_array]


def sorted_positions(index):
    """The order that sorts ``index`` as pandas' groupby does; first appearance if it does not sort."""
    try:
        return index.argsort(kind="stable")
    except TypeError:
        return np.arange(len(index))


def call(function, *args):
    """Calls into Java; a Java error about the input or the options becomes a ValueError with its text."""
    try:
        return function(*args)
    except jpype.JException as e:
        java_lang = jpype.JPackage("java").lang
        message = str(e.getMessage()) if e.getMessage() is not None else str(e)
        if isinstance(e, (java_lang.IllegalArgumentException, java_lang.IllegalStateException)):
            raise ValueError(message) from None
        if isinstance(e, java_lang.ArithmeticException):
            raise ArithmeticError(message) from None
        raise RuntimeError("%s: %s" % (e.getClass().getName(), message)) from None
