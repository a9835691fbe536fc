"""Confidence intervals for rates and for precision at a known prevalence."""

from __future__ import annotations

import numpy as np
from scipy.special import betaincinv
from scipy.stats import norm

from ._arguments import Cell, takes_counts
from ._validate import check_count, check_count_array, check_prevalence_array, check_probability_open
from .counts import Counts, resolve_counts

__all__ = [
    "RATE_INTERVALS",
    "wilson_interval",
    "clopper_pearson_interval",
    "precision_interval",
    "precision_interval_estimated_prevalence",
]

RATE_INTERVALS = ("clopper-pearson", "wilson")
"""The intervals for TPR, FPR (and the prevalence) the precision intervals can build on; the first is the default."""


def _z(confidence: float) -> float:
    c = check_probability_open(confidence, "confidence")
    return float(norm.ppf(0.5 + c / 2.0))


def _pair(low, high):
    if np.ndim(low) == 0:
        return float(low), float(high)
    return low, high


def _successes_and_trials(successes, trials):
    """``(k, n)`` as arrays, checked: counts, ``k <= n``, ``n > 0``; ``n`` as floats (``4 n^2`` overflows int64)."""
    k = check_count_array(successes, "successes")
    n = np.asarray(check_count_array(trials, "trials"), dtype=float)
    if np.any(k > n):
        raise ValueError("successes cannot exceed trials")
    if np.any(n == 0):
        raise ValueError("trials must be > 0: a rate needs at least one case")
    return k, n


def wilson_interval(successes, trials, *, confidence: float = 0.95):
    """Wilson score interval for a proportion ``successes / trials``.

    ::

        p = k / n,   z = Phi^-1((1 + confidence) / 2)
        centre = (p + z^2 / 2n) / (1 + z^2 / n)
        half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)

    ``low = 0`` exactly when ``k = 0`` and ``high = 1`` exactly when
    ``k = n``, as the formula gives them in exact arithmetic (in floating
    point ``centre - half`` is a rounding error away from 0 there, on either
    side); for ``0 < k < n`` both ends lie strictly inside ``(0, 1)``. Works
    elementwise on arrays. Use it for recall (k = TP, n = TP + FN) or for
    FPR (k = FP, n = FP + TN).

    >>> wilson_interval(0, 7)[0], wilson_interval(10, 10)[1]
    (0.0, 1.0)
    """
    k, n = _successes_and_trials(successes, trials)
    z = _z(confidence)
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return _pair(np.where(k == 0, 0.0, centre - half), np.where(k == n, 1.0, centre + half))


def clopper_pearson_interval(successes, trials, *, confidence: float = 0.95):
    """Clopper–Pearson ("exact") interval for a proportion ``successes / trials``.

    ::

        alpha = 1 - confidence,   B^-1(q; a, b) the q-quantile of a Beta(a, b) distribution
        low  = B^-1(alpha / 2; k, n - k + 1)        (0 when k = 0)
        high = B^-1(1 - alpha / 2; k + 1, n - k)    (1 when k = n)

    These are the proportions at which seeing ``k`` or more (for ``low``),
    or ``k`` or fewer (for ``high``), successes has probability
    ``alpha / 2`` exactly (Clopper & Pearson, 1934): each end errs with
    probability at most ``alpha / 2``, whatever the true proportion, so the
    interval covers at least ``confidence`` (typically more). Unlike
    :func:`wilson_interval` it has no dip near ``k = 1`` or ``k = n - 1``,
    where Wilson's lower (upper) limit lies above (below) the true rate too
    often (Brown, Cai & DasGupta, 2001, *Stat Sci* 16:101). Works
    elementwise on arrays.

    >>> low, high = clopper_pearson_interval(1, 2000)
    >>> round(low * 2000, 4), round(high * 2000, 3)
    (0.0253, 5.565)
    """
    k, n = _successes_and_trials(successes, trials)
    alpha = 1.0 - check_probability_open(confidence, "confidence")
    # both branches are computed: the max(., 1) keeps the unused one a valid quantile, so nothing warns
    low = np.where(k > 0, betaincinv(np.maximum(k, 1.0), n - k + 1, alpha / 2), 0.0)
    high = np.where(k < n, betaincinv(k + 1, np.maximum(n - k, 1.0), 1 - alpha / 2), 1.0)
    return _pair(low, high)


def _rate_interval(successes, trials, confidence: float, method: str):
    """The interval ``method`` (one of :data:`RATE_INTERVALS`) for ``successes / trials``."""
    if method == "wilson":
        return wilson_interval(successes, trials, confidence=confidence)
    return clopper_pearson_interval(successes, trials, confidence=confidence)


def _check_rate_interval(value: object) -> str:
    if not isinstance(value, str) or value not in RATE_INTERVALS:
        raise ValueError(f"rate_interval must be one of {RATE_INTERVALS}, got {value!r}")
    return value


@takes_counts()
def precision_interval(
    counts: Counts | None = None,
    *,
    deploy_prevalence: float,
    confidence: float = 0.95,
    rate_interval: str = "clopper-pearson",
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
    samples; each gets an interval ``(l1, u1)`` and ``(l2, u2)``, and the
    ratio ``LR+ = p1 / p2`` gets the MOVER-R interval of Donner & Zou (2012,
    *Stat Methods Med Res* 21:347)::

        L = (p1 p2 - sqrt((p1 p2)^2 - l1 u2 (2 p1 - l1)(2 p2 - u2))) / (u2 (2 p2 - u2))
        U = (p1 p2 + sqrt((p1 p2)^2 - u1 l2 (2 p1 - u1)(2 p2 - l2))) / (l2 (2 p2 - l2))

    MOVER ("method of variance estimates recovery") reads each rate's
    variance off the distances from its estimate to its own limits, on each
    side separately, and combines them as for a ratio of independent
    estimates; so the ratio keeps the skew of a rate near 0 (an FPR's upper
    limit is much further from the estimate than its lower one).

    The rate intervals are Clopper–Pearson (:func:`clopper_pearson_interval`)
    by default. ``rate_interval="wilson"`` uses Wilson intervals instead,
    which is what this function did before: with about 0.15 expected false
    positives in the test set (a specificity of 0.9999 on 1 500 negatives)
    one observed false positive puts Wilson's lower FPR limit above the
    true rate too often, and the coverage of PPV falls to 86 % (Wilson's dip
    near ``x = 1``, Brown, Cai & DasGupta 2001). Exact coverage, enumerated
    over the binomial distributions of TP and FP (see
    :mod:`helpers.interval_coverage` and ``tests/test_intervals.py``), for
    10 to 200 positives and 200 to 20 000 negatives, expected false
    positives from 0.02 to 20 and expected false negatives from 0.05 to 5:
    with Clopper–Pearson rates the lowest coverage is 95.3 % and the typical
    one about 98.5 %; with Wilson rates the coverage stays near 95 % from
    about 3 expected false positives on, but falls to 84-86 % near 0.16
    expected false positives. The Clopper–Pearson guarantee (each end errs
    at most ``alpha / 2``) holds for each rate's interval; for their MOVER-R
    combination the coverage above is measured, not guaranteed.

    The price is width, and the width in PPV depends on ``pi`` (the map from
    LR+ to PPV is not linear), so it is stated at a named prevalence. At
    ``pi = 1 %``, averaged over the same grid (expected width under the
    binomial distributions of TP and FP), the interval is 4 % wider than
    with Wilson rates, and up to 28 % wider (10 positives, 20 000
    negatives, TPR 0.5, 7 expected false positives; at that point 55 %
    wider at ``pi = 0.1`` and 59 % at ``pi = 0.5``). In notebook 07's
    design (80 positives, 240 negatives, ``pi = 2 %``) the mean width over
    its 200 splits is 0.495 against 0.440, 12.5 % wider.

    The logit interval of Mercaldo, Lau & Zhou (2007, *Stat Med* 26:2170) in
    its *standard* form (the one they recommend, printed by R's CIfinder)
    is ``logit PPV = log(sens pi / ((1 - spec)(1 - pi)))`` plus or minus
    ``z sqrt((1 - sens) / (sens n1) + spec / ((1 - spec) n0))``. On their
    70-gene signature example (31 of 34 cases and 12 of 44 controls test
    positive, prevalence 7 %) it gives 0.2010 [0.1331, 0.2919]; this function
    gives [0.1339, 0.3153] (with Wilson rates [0.1367, 0.2963]; the exact
    rates are wider with only 34 and 44 people). The two part ways when
    false positives are few: the standard logit interval is undefined at
    FP = 0 (and at TP = 0), which happens in a fifth of the studies when 1.5
    false positives are expected; its *adjusted* form (``z^2 / 2`` added to
    each cell) is always defined but collapses, covering under 85 % when
    about 3 false positives are expected (``tests/test_intervals.py``
    measures both). With FP = 0 the upper end of LR+ here is infinite and
    the upper end of PPV is 1. Works elementwise on arrays of counts, and of
    prevalences (one per study).

    The prevalence is taken as *known exactly*: the interval holds only the
    uncertainty of TPR and FPR. When the prevalence is itself estimated from
    a sample, use :func:`precision_interval_estimated_prevalence`.

    >>> low, high = precision_interval(Counts(tn=99_890, fp=100, fn=22, tp=88), deploy_prevalence=1e-4)
    >>> round(low, 4), round(high, 4)
    (0.0599, 0.0908)
    >>> precision_interval(tp=88, fn=22, fp=100, tn=99_890, deploy_prevalence=1e-4) == (low, high)
    True
    """
    tp, fn, fp, tn = _check_counts(counts, tp, fn, fp, tn, function="precision_interval")
    pi = _check_prevalence(deploy_prevalence, "deploy_prevalence")
    method = _check_rate_interval(rate_interval)
    _, lr_low, lr_high = _likelihood_ratio_interval(tp, fn, fp, tn, confidence, method)
    low = pi * lr_low / (pi * lr_low + 1 - pi)
    with np.errstate(invalid="ignore"):
        high = np.where(np.isinf(lr_high), 1.0, pi * lr_high / (pi * lr_high + 1 - pi))
    return _pair(low, high)


def _check_counts(counts, tp, fn, fp, tn, *, function: str):
    """The four cells as arrays of whole counts, with at least one positive and one negative in each study."""
    c, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function=function)
    tp, fn, fp, tn = c.tp, c.fn, c.fp, c.tn
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


def _likelihood_ratio_interval(tp, fn, fp, tn, confidence: float, method: str):
    """``(LR+, low, high)``: the estimate ``TPR / FPR`` and its MOVER-R interval (see :func:`precision_interval`).

    ``LR+`` is ``inf`` when FP = 0 and ``nan`` when TP = FP = 0; ``high`` is ``inf`` when FP = 0. ``L`` is
    computed as ``B / (p1 p2 + sqrt((p1 p2)^2 - B u2 (2 p2 - u2)))`` with ``B = l1 (2 p1 - l1)``, the
    same number without the cancellation of the two terms of its numerator near ``u2 = 2 p2`` (0 when ``B = 0``).
    """
    l1, u1 = _rate_interval(tp, tp + fn, confidence, method)
    l2, u2 = _rate_interval(fp, fp + tn, confidence, method)
    p1 = tp / (tp + fn)
    p2 = fp / (fp + tn)
    q = p1 * p2
    with np.errstate(divide="ignore", invalid="ignore"):
        lr = p1 / p2
        b = l1 * (2 * p1 - l1)
        lr_low = np.where(b > 0, b / (q + np.sqrt(np.maximum(q * q - b * u2 * (2 * p2 - u2), 0.0))), 0.0)
        den_high = l2 * (2 * p2 - l2)
        lr_high = (q + np.sqrt(np.maximum(q * q - u1 * l2 * (2 * p1 - u1) * (2 * p2 - l2), 0.0))) / den_high
        lr_high = np.where(den_high > 0, lr_high, np.inf)
    return lr, lr_low, lr_high


@takes_counts()
def precision_interval_estimated_prevalence(
    counts: Counts | None = None,
    *,
    sample_pos,
    sample_size,
    confidence: float = 0.95,
    rate_interval: str = "clopper-pearson",
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

    ``LR+`` gets the MOVER-R interval of :func:`precision_interval`
    (Clopper–Pearson intervals for TPR and FPR, Donner & Zou 2012); ``odds``
    gets the Clopper–Pearson interval of ``pi`` mapped through
    ``pi / (1 - pi)``. (``rate_interval="wilson"`` uses Wilson intervals for
    all three, as this function did before; with one or two positives in the
    prevalence sample Wilson's lower limit for ``pi`` sits above the true
    prevalence too often, the dip :func:`precision_interval` describes.) The two estimates
    come from different counts, so on the log scale their uncertainties add
    as for a sum of independent estimates, by the MOVER of Zou & Donner
    (2008, *Stat Med* 27:1693)::

        a = log LR+_hat,  b = log odds_hat,  (la, ua), (lb, ub) their log limits
        log theta_low  = a + b - sqrt((a - la)^2 + (b - lb)^2)
        log theta_high = a + b + sqrt((ua - a)^2 + (ub - b)^2)

    (The population's own positives may also be among the ``tp + fn``
    positives of the test set, as in an enriched study, and its negatives
    among the ``fp + tn``: given how many there are, the TPR estimate is
    centred on TPR and the FPR estimate ``FP / (FP + TN)`` on FPR whatever
    ``sample_pos`` is, so both are uncorrelated with the prevalence
    estimate.) Where an estimate or a limit
    is 0 or infinite (TP = 0, FP = 0, ``sample_pos`` = 0), the limits of the
    product are the products of the limits, which is conservative. The
    interval always contains :func:`precision_interval` at ``pi_hat``, and
    tends to it as ``sample_size`` grows. Works elementwise on arrays.

    >>> low, high = precision_interval_estimated_prevalence(
    ...     Counts(tn=99_890, fp=100, fn=22, tp=88), sample_pos=10, sample_size=100_000)
    >>> round(low, 4), round(high, 4)
    (0.0357, 0.1327)
    """
    tp, fn, fp, tn = _check_counts(counts, tp, fn, fp, tn, function="precision_interval_estimated_prevalence")
    k = check_count_array(sample_pos, "sample_pos").astype(float)
    n = np.asarray(check_count(sample_size, "sample_size") if np.ndim(sample_size) == 0
                   else check_count_array(sample_size, "sample_size"), dtype=float)
    if np.any(n == 0):
        raise ValueError("sample_size must be > 0: the prevalence needs at least one person in its sample")
    if np.any(k > n):
        raise ValueError("sample_pos cannot exceed sample_size")
    method = _check_rate_interval(rate_interval)
    lr, lr_low, lr_high = _likelihood_ratio_interval(tp, fn, fp, tn, confidence, method)
    # both rate intervals end at exactly 0 when k = 0 and exactly 1 when k = n
    pi_low, pi_high = (np.asarray(end) for end in _rate_interval(k, n, confidence, method))
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
