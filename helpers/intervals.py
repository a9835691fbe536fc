"""Confidence intervals for rates and for precision at a known prevalence."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from ._arguments import Cell, resolve_counts, takes_counts
from ._validate import check_count, check_count_array, check_prevalence_array, check_probability_open
from .counts import Counts

__all__ = ["wilson_interval", "precision_interval", "precision_interval_estimated_prevalence"]


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


@takes_counts()
def precision_interval(
    counts: Counts | None = None,
    *,
    deploy_prevalence: float,
    confidence: float = 0.95,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
):
    """Confidence interval for precision (PPV) at a known deployment prevalence.

    ``counts`` is the test set's confusion matrix: a :class:`~helpers.Counts`,
    or the four counts as keywords ``tp=, fn=, fp=, tn=`` instead (never by
    position). Each cell may be a number or an array (one study per entry);
    ``deploy_prevalence`` is a number or an array of the same shape, strictly
    between 0 and 1. Returns ``(low, high)``.

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
    elementwise on arrays of counts, and of prevalences (one per study).

    The prevalence is taken as *known exactly*: the interval holds only the
    uncertainty of TPR and FPR. When the prevalence is itself estimated from
    a sample, use :func:`precision_interval_estimated_prevalence`.

    >>> low, high = precision_interval(Counts(tn=99_890, fp=100, fn=22, tp=88), deploy_prevalence=1e-4)
    >>> round(low, 4), round(high, 4)
    (0.06, 0.0898)
    >>> precision_interval(tp=88, fn=22, fp=100, tn=99_890, deploy_prevalence=1e-4) == (low, high)
    True
    """
    tp, fn, fp, tn = _check_counts(counts, tp, fn, fp, tn, function="precision_interval")
    pi = _check_prevalence(deploy_prevalence, "deploy_prevalence")
    _, lr_low, lr_high = _likelihood_ratio_interval(tp, fn, fp, tn, confidence)
    low = pi * lr_low / (pi * lr_low + 1 - pi)
    with np.errstate(invalid="ignore"):
        high = np.where(np.isinf(lr_high), 1.0, pi * lr_high / (pi * lr_high + 1 - pi))
    return _pair(low, high)


def _check_counts(counts, tp, fn, fp, tn, *, function: str):
    """The four cells as float arrays, with at least one positive and one negative in each study."""
    c, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function=function)
    tp, fn, fp, tn = (np.asarray(v, dtype=float) for v in (c.tp, c.fn, c.fp, c.tn))
    if np.any(tp + fn == 0):
        raise ValueError(f"{at}tp + {at}fn must be > 0: precision needs at least one positive in the test set")
    if np.any(fp + tn == 0):
        raise ValueError(f"{at}fp + {at}tn must be > 0: precision needs at least one negative in the test set")
    return tp, fn, fp, tn


def _check_prevalence(value, name: str):
    """A prevalence in (0, 1): a number, or an array of them (one per study)."""
    if np.ndim(value) == 0:
        return check_probability_open(value, name)
    return check_prevalence_array(value, name)


def _likelihood_ratio_interval(tp, fn, fp, tn, confidence: float):
    """``(LR+, low, high)``: the estimate ``TPR / FPR`` and its MOVER-R interval (see :func:`precision_interval`).

    ``LR+`` is ``inf`` when FP = 0 and ``nan`` when TP = FP = 0; ``high`` is ``inf`` when FP = 0.
    """
    l1, u1 = wilson_interval(tp, tp + fn, confidence=confidence)
    l2, u2 = wilson_interval(fp, fp + tn, confidence=confidence)
    p1 = tp / (tp + fn)
    p2 = fp / (fp + tn)
    q = p1 * p2
    with np.errstate(divide="ignore", invalid="ignore"):
        lr = p1 / p2
        den_low = u2 * (2 * p2 - u2)
        lr_low = (q - np.sqrt(np.maximum(q * q - l1 * u2 * (2 * p1 - l1) * (2 * p2 - u2), 0.0))) / den_low
        lr_low = np.where(den_low != 0, lr_low, l1 / u2)
        den_high = l2 * (2 * p2 - l2)
        lr_high = (q + np.sqrt(np.maximum(q * q - u1 * l2 * (2 * p1 - u1) * (2 * p2 - l2), 0.0))) / den_high
        lr_high = np.where(den_high > 0, lr_high, np.inf)
    return lr, np.maximum(lr_low, 0.0), lr_high


@takes_counts()
def precision_interval_estimated_prevalence(
    counts: Counts | None = None,
    *,
    sample_pos,
    sample_size,
    confidence: float = 0.95,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
):
    """Confidence interval for precision (PPV) when the prevalence is estimated from a sample too.

    ``counts`` is the test set's confusion matrix, as in
    :func:`precision_interval`: a :class:`~helpers.Counts`, or the four
    counts as keywords ``tp=, fn=, fp=, tn=`` (never by position).
    ``sample_pos`` positives were found among ``sample_size`` people of the
    deployment population. Every count may be a number or an array (one
    study per entry). Returns ``(low, high)``.

    The prevalence is estimated as ``pi_hat = sample_pos / sample_size``,
    the share of positives in a random sample of ``sample_size`` people from
    the deployment population (for instance the sick people found by
    screening it). Precision depends on the data through two quantities, the
    positive likelihood ratio and the prior odds::

        PPV = theta / (1 + theta),   theta = LR+ * odds,
        LR+ = TPR / FPR,             odds = pi / (1 - pi)

    ``LR+`` gets the MOVER-R interval of :func:`precision_interval` (Wilson
    intervals for TPR and FPR, Donner & Zou 2012); ``odds`` gets the Wilson
    interval of ``pi`` mapped through ``pi / (1 - pi)``. The two estimates
    come from different counts, so on the log scale their uncertainties add
    as for a sum of independent estimates, by the MOVER of Zou & Donner
    (2008, *Stat Med* 27:1693)::

        a = log LR+_hat,  b = log odds_hat,  (la, ua), (lb, ub) their log limits
        log theta_low  = a + b - sqrt((a - la)^2 + (b - lb)^2)
        log theta_high = a + b + sqrt((ua - a)^2 + (ub - b)^2)

    (The population's own positives may also be among the ``tp + fn``
    positives of the test set, as in an enriched study: given how many
    there are, the TPR estimate is centred on TPR whatever ``sample_pos``
    is, so the two estimates are uncorrelated.) Where an estimate or a limit
    is 0 or infinite (TP = 0, FP = 0, ``sample_pos`` = 0), the limits of the
    product are the products of the limits, which is conservative. The
    interval always contains :func:`precision_interval` at ``pi_hat``, and
    tends to it as ``sample_size`` grows. Works elementwise on arrays.

    >>> low, high = precision_interval_estimated_prevalence(
    ...     Counts(tn=99_890, fp=100, fn=22, tp=88), sample_pos=10, sample_size=100_000)
    >>> round(low, 4), round(high, 4)
    (0.0401, 0.1323)
    """
    tp, fn, fp, tn = _check_counts(counts, tp, fn, fp, tn, function="precision_interval_estimated_prevalence")
    k = check_count_array(sample_pos, "sample_pos").astype(float)
    n = np.asarray(check_count(sample_size, "sample_size") if np.ndim(sample_size) == 0
                   else check_count_array(sample_size, "sample_size"), dtype=float)
    if np.any(n == 0):
        raise ValueError("sample_size must be > 0: the prevalence needs at least one person in its sample")
    if np.any(k > n):
        raise ValueError("sample_pos cannot exceed sample_size")
    lr, lr_low, lr_high = _likelihood_ratio_interval(tp, fn, fp, tn, confidence)
    pi_low, pi_high = wilson_interval(k, n, confidence=confidence)
    pi_low = np.where(k == 0, 0.0, pi_low)  # exactly, not a rounding error away from it
    pi_high = np.where(k == n, 1.0, pi_high)
    with np.errstate(divide="ignore", invalid="ignore"):
        odds, odds_low, odds_high = k / (n - k), pi_low / (1 - pi_low), pi_high / (1 - pi_high)
        a, la, ua = np.log(lr), np.log(lr_low), np.log(lr_high)
        b, lb, ub = np.log(odds), np.log(odds_low), np.log(odds_high)
        mover_low = np.exp(a + b - np.hypot(a - la, b - lb))
        mover_high = np.exp(a + b + np.hypot(ua - a, ub - b))
        finite = np.isfinite(a) & np.isfinite(b) & np.isfinite(la) & np.isfinite(lb)
        theta_low = np.where(finite, mover_low, lr_low * odds_low)
        finite = np.isfinite(a) & np.isfinite(b) & np.isfinite(ua) & np.isfinite(ub)
        theta_high = np.where(finite, mover_high, lr_high * odds_high)
        theta_high = np.where(np.isnan(theta_high), np.inf, theta_high)  # 0 * inf: nothing bounds it
        low = theta_low / (1 + theta_low)
        high = np.where(np.isinf(theta_high), 1.0, theta_high / (1 + theta_high))
    return _pair(low, high)
