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
:func:`realised_precision_coverage` scores the same interval against a
different target: the precision realised in one deployment pool.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import binom, hypergeom

from ._arguments import Cell, takes_counts
from ._validate import check_count, check_probability_open, check_rate
from .counts import Counts, resolve_counts
from .intervals import precision_interval
from .prior_shift import precision_at_prevalence

__all__ = ["binomial_coverage", "finite_population_coverage", "realised_precision_coverage"]

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


@takes_counts()
def realised_precision_coverage(
    counts: Counts | None = None,
    *,
    n_test_pos: int,
    n_test_neg: int,
    n_pool_pos: int,
    design: str = "finite",
    confidence: float = 0.95,
    rate_interval: str = "clopper-pearson",
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> float:
    """Exact probability that :func:`~helpers.intervals.precision_interval` holds the precision one pool realises.

    ``counts`` (a :class:`~helpers.Counts`, or ``tp=, fn=, fp=, tn=``) is
    the confusion matrix of a labelled set of ``P = tp + fn`` positives and
    ``N = fp + tn`` negatives, split as in notebook 07: a test set of
    ``n_test_pos`` positives and ``n_test_neg`` negatives, and a deployment
    pool of ``n_pool_pos`` positives and the ``M = N - n_test_neg`` other
    negatives, at prevalence ``pi = n_pool_pos / (n_pool_pos + M)``. The
    interval is computed from the test set at ``pi``; its target here is
    the pool's own precision ``PT / (PT + PF)`` (PT, PF the pool's flagged
    positives and negatives), not the population precision PPV*::

        coverage = sum_{t, f, a} P(TP = t, FP = f, PT = a) [low(t, f) <= a / (a + PF) <= high(t, f)]

    ``design="finite"`` (notebook 07's splits): every draw is without
    replacement from the labelled set, so ``TP ~ Hypergeometric(P, tp,
    n_test_pos)``, ``FP ~ Hypergeometric(N, fp, n_test_neg)``, and the pool,
    which keeps every negative the test set did not take, has
    ``PF = fp - FP`` and ``PT ~ Hypergeometric(P - n_test_pos, tp - TP,
    n_pool_pos)`` given ``TP``. ``design="fresh"``: the test set and the pool
    are independent samples of the same sizes from an endless population
    with the labelled set's rates ``TPR = tp / P``, ``FPR = fp / N``:
    ``TP ~ Binomial(n_test_pos, TPR)``, ``FP ~ Binomial(n_test_neg, FPR)``,
    ``PT ~ Binomial(n_pool_pos, TPR)``, ``PF ~ Binomial(M, FPR)``. A pool that
    flags nothing has no precision: it counts as a miss. Counts whose
    probability is below ``1e-12`` in a tail are left out.

    >>> round(realised_precision_coverage(tp=116, fn=10, fp=18, tn=1114, n_test_pos=80, n_test_neg=240,
    ...                                   n_pool_pos=18), 3)
    0.95
    """
    c, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="realised_precision_coverage")
    for name in Counts._fields:
        if np.ndim(getattr(c, name)) != 0:
            raise ValueError(f"{at}{name} must be one count (one labelled set), not an array")
    c = Counts(*(int(v) for v in c))
    n_test_pos, n_test_neg = check_count(n_test_pos, "n_test_pos"), check_count(n_test_neg, "n_test_neg")
    n_pool_pos = check_count(n_pool_pos, "n_pool_pos")
    n_pos, n_neg = c.tp + c.fn, c.fp + c.tn
    if not 1 <= n_test_pos < n_pos:
        raise ValueError(
            f"n_test_pos must be between 1 and {n_pos - 1} (the counts hold {n_pos} positives), got {n_test_pos}"
        )
    if not 1 <= n_test_neg < n_neg:
        raise ValueError(
            f"n_test_neg must be between 1 and {n_neg - 1} (the counts hold {n_neg} negatives), got {n_test_neg}"
        )
    if not 1 <= n_pool_pos <= n_pos - n_test_pos:
        raise ValueError(
            f"n_pool_pos must be between 1 and the {n_pos - n_test_pos} positives the test set leaves, got {n_pool_pos}"
        )
    if design not in ("finite", "fresh"):
        raise ValueError(f"design must be 'finite' or 'fresh', got {design!r}")
    n_pool_neg = n_neg - n_test_neg
    pi = n_pool_pos / (n_pool_pos + n_pool_neg)
    tpr, fpr = c.tp / n_pos, c.fp / n_neg
    if design == "finite":
        t, p_t = _support(hypergeom(n_pos, c.tp, n_test_pos))
        f, p_f = _support(hypergeom(n_neg, c.fp, n_test_neg))
    else:
        t, p_t = _support(binom(n_test_pos, tpr))
        f, p_f = _support(binom(n_test_neg, fpr))
    T, F = np.meshgrid(t, f, indexing="ij")
    low, high = precision_interval(
        tp=T, fn=n_test_pos - T, fp=F, tn=n_test_neg - F, deploy_prevalence=pi,
        confidence=confidence, rate_interval=rate_interval,
    )  # fmt: skip
    a = np.arange(n_pool_pos + 1)
    if design == "finite":
        # P(PT = a | TP = t): the pool's positives come from the P - n_test_pos the test set left
        p_a = hypergeom(n_pos - n_test_pos, c.tp - t[:, None], n_pool_pos).pmf(a[None, :])
        pf = (c.fp - F)[:, :, None]
        with np.errstate(invalid="ignore", divide="ignore"):
            prec = a[None, None, :] / (a[None, None, :] + pf)
        hit = (low[:, :, None] <= prec) & (prec <= high[:, :, None])
        return float(np.sum(p_t[:, None, None] * p_f[None, :, None] * p_a[:, None, :] * hit))
    # fresh pool: for each a, the PF that put a / (a + PF) in [low, high] form a range of integers
    p_a = binom(n_pool_pos, tpr).pmf(a)
    pf_dist = binom(n_pool_neg, fpr)
    lo, hi = low[:, :, None], high[:, :, None]
    aa = a[None, None, :].astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        pf_min = np.where(hi > 0, np.ceil(aa * (1 - hi) / hi - 1e-9), np.inf)  # a / (a + PF) <= high
        pf_max = np.where(lo > 0, np.floor(aa * (1 - lo) / lo + 1e-9), np.inf)  # a / (a + PF) >= low
    pf_min = np.where(aa == 0, 1.0, np.maximum(pf_min, 0.0))  # a = 0: precision 0 needs PF >= 1
    pf_max = np.where((aa == 0) & (lo > 0), -1.0, pf_max)  # precision 0 below a positive low
    p_pf = np.where(pf_max >= pf_min, pf_dist.cdf(pf_max) - pf_dist.cdf(pf_min - 1), 0.0)
    return float(np.sum(p_t[:, None, None] * p_f[None, :, None] * p_a[None, None, :] * p_pf))
