"""Comparing two classifiers on the same labeled examples: McNemar's exact test.

When two models are scored on one shared test set, their hit rates are not
independent: most examples are found by both or missed by both. Only the
examples where they disagree say which is better (McNemar 1947). Under "no
difference" each disagreement goes either way with probability 1/2, which
gives an exact binomial test (notebook 09 uses it on 18 test positives).
"""

from __future__ import annotations

import numpy as np
from scipy.stats import binom

__all__ = ["mcnemar_exact"]


def _check_hits(value, name: str) -> np.ndarray:
    arr = np.asarray(value)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty one-dimensional array of True/False, got shape {arr.shape}")
    if arr.dtype != bool and not np.all(np.isin(arr, [0, 1])):
        raise ValueError(f"{name} must hold True/False (or 1/0) per example")
    return arr.astype(bool)


def mcnemar_exact(hits_a, hits_b) -> tuple[int, int, float]:
    """Exact McNemar test of two models' hit rates on the same examples.

    With ``b`` the examples only model A gets right and ``c`` those only model
    B gets right, under equal hit rates ``b ~ Binomial(b + c, 1/2)``; the
    two-sided p-value is::

        p = min(1, 2 * P(Binomial(b + c, 1/2) <= min(b, c)))

    (1 when the two never disagree). Returns ``(b, c, p)``.

    >>> mcnemar_exact([1, 1, 1, 0, 1], [1, 0, 0, 0, 1])
    (2, 0, 0.5)
    """
    a = _check_hits(hits_a, "hits_a")
    b_ = _check_hits(hits_b, "hits_b")
    if a.size != b_.size:
        raise ValueError(f"hits_a and hits_b must have the same length, got {a.size} and {b_.size}")
    only_a = int(np.sum(a & ~b_))
    only_b = int(np.sum(b_ & ~a))
    n = only_a + only_b
    p = 1.0 if n == 0 else min(1.0, 2 * float(binom.cdf(min(only_a, only_b), n, 0.5)))
    return only_a, only_b, p
