"""Exact coverage of :func:`~helpers.intervals.precision_interval`, by enumerating the counts.

A confidence interval's coverage is the probability, over the studies that
could have been drawn, that the interval contains its target. For the
precision interval the study is a test set's TP and FP (TP + FN and FP + TN
fixed), so the coverage is a finite sum over every possible ``(TP, FP)``::

    coverage = sum over tp, fp of  P(TP = tp) * P(FP = fp) * [low(tp, fp) <= PPV* <= high(tp, fp)]
    PPV* = TPR pi / (TPR pi + FPR (1 - pi))

:func:`binomial_coverage` draws TP and FP binomially (every test case an
independent draw from an infinite population); :func:`finite_population_coverage`
draws the test set without replacement from a finite labelled set
(hypergeometric TP and FP), as notebook 07 does. No simulation noise: the
sums leave out only counts whose probability is below ``1e-12`` in each tail.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import binom, hypergeom

from ._arguments import Cell, resolve_counts, takes_counts
from ._validate import check_count, check_probability_open, check_rate
from .counts import Counts
from .intervals import precision_interval
from .prior_shift import precision_at_prevalence

__all__ = ["binomial_coverage", "finite_population_coverage"]

_TAIL = 1e-12


def _support(dist) -> tuple[np.ndarray, np.ndarray]:
    """The values of a discrete distribution outside its two ``1e-12`` tails, and their probabilities."""
    lo, hi = int(dist.ppf(_TAIL)), int(dist.isf(_TAIL)) + 1
    lo, hi = max(lo - 1, int(dist.support()[0])), min(hi, int(dist.support()[1]))
    values = np.arange(lo, hi + 1)
    return values, dist.pmf(values)


def _coverage(tp_dist, fp_dist, n_pos: int, n_neg: int, truth: float, pi: float, confidence, rate_interval) -> float:
    tp, p_tp = _support(tp_dist)
    fp, p_fp = _support(fp_dist)
    TP, FP = np.meshgrid(tp, fp, indexing="ij")
    low, high = precision_interval(
        tp=TP, fn=n_pos - TP, fp=FP, tn=n_neg - FP, deploy_prevalence=pi,
        confidence=confidence, rate_interval=rate_interval,
    )  # fmt: skip
    covers = (low <= truth) & (truth <= high)
    return float(np.sum(np.outer(p_tp, p_fp) * covers))


def binomial_coverage(
    *,
    n_pos: int,
    n_neg: int,
    tpr: float,
    fpr: float,
    deploy_prevalence: float,
    confidence: float = 0.95,
    rate_interval: str = "clopper-pearson",
) -> float:
    """Exact coverage of :func:`~helpers.intervals.precision_interval` when TP and FP are binomial.

    A test set of ``n_pos`` positives and ``n_neg`` negatives, each case an
    independent draw: ``TP ~ Binomial(n_pos, tpr)``, ``FP ~ Binomial(n_neg, fpr)``.
    Returns the probability that the interval at ``deploy_prevalence``
    (``confidence``, ``rate_interval`` passed on) contains
    ``PPV* = tpr pi / (tpr pi + fpr (1 - pi))``::

        coverage = sum_{tp, fp} Binom(tp; n_pos, tpr) Binom(fp; n_neg, fpr) [low <= PPV* <= high]

    Since precision increases with ``LR+ = TPR / FPR`` at any prevalence,
    the coverage does not depend on ``deploy_prevalence``.

    >>> round(binomial_coverage(n_pos=50, n_neg=2000, tpr=0.9, fpr=0.15 / 2000, deploy_prevalence=0.01,
    ...                         rate_interval="wilson"), 3)
    0.861
    """
    n_pos, n_neg = check_count(n_pos, "n_pos"), check_count(n_neg, "n_neg")
    if n_pos < 1:
        raise ValueError("n_pos must be >= 1: precision needs at least one positive in the test set")
    if n_neg < 1:
        raise ValueError("n_neg must be >= 1: precision needs at least one negative in the test set")
    tpr, fpr = check_rate(tpr, "tpr"), check_rate(fpr, "fpr")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    truth = precision_at_prevalence(tpr, fpr, pi)
    return _coverage(binom(n_pos, tpr), binom(n_neg, fpr), n_pos, n_neg, truth, pi, confidence, rate_interval)


@takes_counts()
def finite_population_coverage(
    counts: Counts | None = None,
    *,
    n_test_pos: int,
    n_test_neg: int,
    deploy_prevalence: float,
    confidence: float = 0.95,
    rate_interval: str = "clopper-pearson",
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> float:
    """Exact coverage of :func:`~helpers.intervals.precision_interval` for test sets drawn from a finite labelled set.

    ``counts`` (a :class:`~helpers.Counts`, or ``tp=, fn=, fp=, tn=``) is
    the confusion matrix of the whole labelled set: ``P = tp + fn``
    positives, ``N = fp + tn`` negatives. A test set takes ``n_test_pos``
    positives and ``n_test_neg`` negatives from it at random, without
    replacement, so TP and FP are hypergeometric::

        TP ~ Hypergeometric(P, tp, n_test_pos),   FP ~ Hypergeometric(N, fp, n_test_neg)
        coverage = sum_{t, f} P(TP = t) P(FP = f) [low(t, f) <= PPV* <= high(t, f)]

    with ``PPV*`` the precision of the labelled set's rates at the
    deployment prevalence, ``precision_at_prevalence(tp / P, fp / N, pi)``.
    As ``P`` and ``N`` grow this tends to :func:`binomial_coverage`. A test
    set that takes a large share of a finite set varies less than a binomial
    one, so the interval (built for binomial counts) covers more often.

    >>> round(finite_population_coverage(tp=116, fn=10, fp=18, tn=1114, n_test_pos=80, n_test_neg=240,
    ...                                  deploy_prevalence=0.02), 3)
    0.982
    """
    c, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="finite_population_coverage")
    for name in Counts._fields:
        if np.ndim(getattr(c, name)) != 0:
            raise ValueError(f"{at}{name} must be one count (one labelled set), not an array")
    c = Counts(*(int(v) for v in c))
    n_test_pos, n_test_neg = check_count(n_test_pos, "n_test_pos"), check_count(n_test_neg, "n_test_neg")
    n_pos, n_neg = c.tp + c.fn, c.fp + c.tn
    if not 1 <= n_test_pos <= n_pos:
        raise ValueError(f"n_test_pos must be between 1 and the {n_pos} positives of the counts, got {n_test_pos}")
    if not 1 <= n_test_neg <= n_neg:
        raise ValueError(f"n_test_neg must be between 1 and the {n_neg} negatives of the counts, got {n_test_neg}")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    truth = precision_at_prevalence(c.tp / n_pos, c.fp / n_neg, pi)
    return _coverage(
        hypergeom(n_pos, c.tp, n_test_pos), hypergeom(n_neg, c.fp, n_test_neg),
        n_test_pos, n_test_neg, truth, pi, confidence, rate_interval,
    )  # fmt: skip
