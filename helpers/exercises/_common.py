"""Shared pieces of the exercise factories of notebooks 00-06: argument checks and per-part mistakes."""

from __future__ import annotations

from collections.abc import Callable
from numbers import Real

import numpy as np

from .._arguments import check_counts_object
from .._validate import check_binary_labels, check_same_length, check_scores
from ..counts import Counts
from .core import Compare, Mistake


def counts_arg(value: object, name: str) -> Counts:
    """``value`` as a :class:`~helpers.Counts`, else a one-line ``ValueError`` naming ``name``."""
    return check_counts_object(value, name)


def labels_scores(y_true: object, y_score: object, name_y: str = "y_true", name_s: str = "y_score"):
    """0/1 labels (both classes present) and finite scores of the same length."""
    y = check_binary_labels(y_true, name_y).astype(int)
    s = check_scores(y_score, name_s)
    check_same_length(y, s, name_y, name_s)
    return y, s


def real_arg(value: object, name: str, low: float = -np.inf, high: float = np.inf) -> float:
    """A number in ``[low, high]``, else a one-line ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, Real) or not (low <= float(value) <= high) \
            or not np.isfinite(float(value)):
        if np.isinf(low) and np.isinf(high):
            raise ValueError(f"{name} must be a finite number")
        if np.isinf(high):
            raise ValueError(f"{name} must be a number >= {low:g}")
        raise ValueError(f"{name} must be a number between {low:g} and {high:g}")
    return float(value)


def part_mistake(index: int, wrong: Callable[[], object], message: str, compare: Compare) -> Mistake:
    """The mistake in part ``index`` of a several-part answer: that part equals ``wrong()``."""

    part = compare.each[index] if hasattr(compare, "each") else compare

    def matches(answer: object) -> bool:
        if isinstance(answer, dict):
            answer = list(answer.values())
        return part.same(answer[index], wrong())

    return Mistake(matches, message)
