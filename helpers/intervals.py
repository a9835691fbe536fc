"""Confidence intervals for rates and for precision at a known prevalence."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from ._validate import check_count_array, check_probability_open

__all__ = ["wilson_interval", "precision_interval"]


def _z(confidence: float) -> float:
    c = check_probability_open(confidence, "confidence")
    return float(norm.ppf(0.5 + c / 2.0))


def _pair(low, high):
    if np.ndim(low) == 0:
        return float(low), float(high)
    return low, high


def wilson_interval(successes, trials, *, confidence: float = 0.95):
    """Wilson score interval for a proportion ``successes / trials``.

    ::

        p = k / n,   z = Phi^-1((1 + confidence) / 2)
        centre = (p + z^2 / 2n) / (1 + z^2 / n)
        half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)

    Works elementwise on arrays. Use it for recall (k = TP, n = TP + FN) or
    for FPR (k = FP, n = FP + TN).
    """
    k = check_count_array(successes, "successes").astype(float)
    n = check_count_array(trials, "trials").astype(float)
    if np.any(k > n):
        raise ValueError("successes cannot exceed trials")
    if np.any(n == 0):
        raise ValueError("trials must be > 0: a rate needs at least one case")
    z = _z(confidence)
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return _pair(np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0))


def precision_interval(tp, fn, fp, tn, *, deploy_prevalence: float, confidence: float = 0.95):
    """Confidence interval for precision (PPV) at a known deployment prevalence.

    At prevalence ``pi`` precision depends on the test set only through the
    positive likelihood ratio ``LR+ = TPR / FPR``::

        PPV = pi * LR+ / (pi * LR+ + 1 - pi)

    which increases with LR+. So an interval for LR+ maps to one for PPV.
    TPR (= TP / (TP + FN)) and FPR (= FP / (FP + TN)) come from independent
    samples; each gets a Wilson interval ``(l1, u1)`` and ``(l2, u2)``, and the
    ratio ``LR+ = p1 / p2`` gets the MOVER-R interval of Donner & Zou (2012,
    *Stat Methods Med Res* 21:347)::

        L = (p1 p2 - sqrt((p1 p2)^2 - l1 u2 (2 p1 - l1)(2 p2 - u2))) / (u2 (2 p2 - u2))
        U = (p1 p2 + sqrt((p1 p2)^2 - u1 l2 (2 p1 - u1)(2 p2 - l2))) / (l2 (2 p2 - l2))

    With FP = 0 the upper end of LR+ is infinite and the upper end of PPV is 1.
    The interval stays defined with zero cells and keeps close to nominal
    coverage even with only a handful of false positives in the test set,
    where the logit interval of Mercaldo et al. (2007) falls far below it
    (``tests/test_intervals.py`` measures both on simulated studies). Works
    elementwise on arrays of counts.

    >>> low, high = precision_interval(88, 22, 100, 99_890, deploy_prevalence=1e-4)
    >>> round(low, 4), round(high, 4)
    (0.06, 0.0898)
    """
    tp, fn, fp, tn = (
        check_count_array(v, name).astype(float)
        for v, name in ((tp, "tp"), (fn, "fn"), (fp, "fp"), (tn, "tn"))
    )
    if np.any(tp + fn == 0):
        raise ValueError("tp + fn must be > 0: precision needs at least one positive in the test set")
    if np.any(fp + tn == 0):
        raise ValueError("fp + tn must be > 0: precision needs at least one negative in the test set")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    l1, u1 = wilson_interval(tp, tp + fn, confidence=confidence)
    l2, u2 = wilson_interval(fp, fp + tn, confidence=confidence)
    p1 = tp / (tp + fn)
    p2 = fp / (fp + tn)
    q = p1 * p2
    with np.errstate(divide="ignore", invalid="ignore"):
        den_low = u2 * (2 * p2 - u2)
        lr_low = (q - np.sqrt(np.maximum(q * q - l1 * u2 * (2 * p1 - l1) * (2 * p2 - u2), 0.0))) / den_low
        lr_low = np.where(den_low != 0, lr_low, l1 / u2)
        den_high = l2 * (2 * p2 - l2)
        lr_high = (q + np.sqrt(np.maximum(q * q - u1 * l2 * (2 * p1 - u1) * (2 * p2 - l2), 0.0))) / den_high
        lr_high = np.where(den_high > 0, lr_high, np.inf)
    lr_low = np.maximum(lr_low, 0.0)
    low = pi * lr_low / (pi * lr_low + 1 - pi)
    with np.errstate(invalid="ignore"):
        high = np.where(np.isinf(lr_high), 1.0, pi * lr_high / (pi * lr_high + 1 - pi))
    return _pair(low, high)
