"""The labels an exercise factory takes from its notebook: 0/1 labels (with their scores) and class labels.

A factory gets the notebook's data; a wrong kind of data fails when the checker is built, not later when a
student's answer is checked, with a one-line ``ValueError`` that names the argument. Every other argument of a
factory is checked by :mod:`helpers._validate` (numbers, rates, counts, arrays, lengths) or by
:func:`helpers.counts.check_counts_object` (a confusion matrix); this module adds only what is particular to the
exercises, on top of ``_validate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral

import numpy as np

from .._validate import _describe, check_binary_labels, check_same_length, check_scores


def labels01(value: object, name: str) -> np.ndarray:
    """Labels as a 0/1 int array (1 = positive, as ``check_binary_labels``'s ``pos_label=1``), both classes present."""
    return check_binary_labels(value, name).astype(int)


def labels_scores(y_true: object, y_score: object, name_y: str = "y_true", name_s: str = "y_score"):
    """0/1 labels (:func:`labels01`) and finite scores (``check_scores``) of the same length."""
    y = labels01(y_true, name_y)
    s = check_scores(y_score, name_s)
    check_same_length(y, s, name_y, name_s)
    return y, s


def classes(value: object, name: str) -> list[int]:
    """A non-empty list of distinct whole-number class labels, else ``ValueError`` naming ``name``."""
    if isinstance(value, str) or not isinstance(value, Sequence | range | np.ndarray) or len(value) == 0:
        raise ValueError(f"{name} must be a list of class labels such as [0, 1, 2], got {_describe(value)}")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, Integral):
            raise ValueError(f"{name} must hold whole-number class labels, found {_describe(v)}")
        out.append(int(v))
    if len(set(out)) != len(out):
        raise ValueError(f"{name} must not repeat a class, got {_describe(out)}")
    return out
