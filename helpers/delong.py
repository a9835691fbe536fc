"""ROC AUC with DeLong's 95 % interval, and the paired difference of two models' AUCs.

The ROC AUC is the Mann–Whitney statistic: the share of (positive, negative)
pairs that the scores put in the right order, ties counting one half.
DeLong, DeLong & Clarke-Pearson (1988, *Biometrics* 44:837) estimate its
variance from each example's *placement*: how a positive's score places among
the negatives, and a negative's among the positives. With the same examples
scored by two models, the placements of one example under both models are
correlated, which gives the variance of the *difference* of the two AUCs
(a paired comparison, like McNemar's test in :mod:`helpers.paired`). The
placements come from mid-ranks (Sun & Xu 2014, *IEEE Signal Process. Lett.*
21:1389), so the cost is a sort, ``O(n log n)``, not ``O(P N)``. With one
positive or one negative the variance is undefined, and with a few dozen it
is poorly estimated: :mod:`helpers.small_sample_auc` has the interval for
those.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import norm, rankdata

from ._validate import check_probability_open

__all__ = ["delong_auc_interval", "delong_auc_difference"]


def _labels_and_scores(y_true, scores: dict[str, object]) -> tuple[np.ndarray, np.ndarray]:
    """``is_pos`` (bool) and a ``(models, n)`` float array of finite scores, checked (``scores``: name -> scores)."""
    y = np.asarray(y_true)
    if y.ndim != 1:
        raise ValueError(f"y_true must be a one-dimensional array of 0/1 labels, got shape {y.shape}")
    if y.dtype != bool and not np.all(np.isin(y, [0, 1])):
        raise ValueError("y_true must hold 0/1 (or True/False) labels, 1 = positive")
    is_pos = y.astype(bool)
    if is_pos.all() or not is_pos.any():
        raise ValueError("y_true must hold both classes (at least one positive and one negative)")
    out = []
    for name, score in scores.items():
        try:
            s = np.asarray(score, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must hold numbers") from None
        if s.shape != y.shape:
            raise ValueError(f"{name} must have one score per row of y_true ({y.size}), got shape {s.shape}")
        if not np.all(np.isfinite(s)):
            raise ValueError(f"{name} must hold finite numbers (no NaN or infinity)")
        out.append(s)
    return is_pos, np.vstack(out)


def _placements(is_pos: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """AUCs ``(k,)``, positives' placements ``(k, P)`` and negatives' ``(k, N)`` for ``k`` score rows."""
    n_pos, n_neg = int(is_pos.sum()), int((~is_pos).sum())
    v10 = np.empty((scores.shape[0], n_pos))
    v01 = np.empty((scores.shape[0], n_neg))
    for k, s in enumerate(scores):
        all_ranks = rankdata(s)  # mid-ranks: a tie shares the mean of its ranks
        pos_ranks, neg_ranks = all_ranks[is_pos], all_ranks[~is_pos]
        v10[k] = (pos_ranks - rankdata(s[is_pos])) / n_neg  # negatives below, ties one half
        v01[k] = 1.0 - (neg_ranks - rankdata(s[~is_pos])) / n_pos  # positives above, ties one half
    return v10.mean(axis=1), v10, v01


def _two_of_each(is_pos: np.ndarray, function: str, instead: str) -> None:
    """Refuse one positive or one negative: the sample variance of that class's placements is undefined."""
    n_pos = int(is_pos.sum())
    for count, word in ((n_pos, "positive"), (is_pos.size - n_pos, "negative")):
        if count < 2:
            raise ValueError(
                f"y_true has one {word}: {function} needs at least two positives and two negatives (DeLong's "
                f"variance of a class with one member is undefined); {instead}"
            )


def _covariance(v10: np.ndarray, v01: np.ndarray) -> np.ndarray:
    """DeLong's covariance matrix of the ``k`` AUCs: ``S10 / P + S01 / N`` (each class has two members or more)."""
    return np.atleast_2d(np.cov(v10)) / v10.shape[1] + np.atleast_2d(np.cov(v01)) / v01.shape[1]


def delong_auc_interval(y_true, y_score, *, confidence: float = 0.95) -> tuple[float, float, float]:
    """ROC AUC and its DeLong confidence interval: ``(auc, low, high)``.

    With ``P`` positives (scores ``x_i``), ``N`` negatives (scores ``y_j``)
    and ``psi(x, y) = 1 if x > y, 1/2 if x == y, 0 otherwise``, the placements
    and the AUC are::

        V10_i = (1/N) sum_j psi(x_i, y_j)        (positive i against every negative)
        V01_j = (1/P) sum_i psi(x_i, y_j)        (negative j against every positive)
        AUC   = mean_i V10_i = mean_j V01_j      (= sklearn's roc_auc_score)

    and DeLong's variance and the Wald interval are::

        Var(AUC) = S10 / P + S01 / N,   S10 = sample variance of V10,  S01 = of V01
        low, high = AUC -/+ z sqrt(Var(AUC)),  z = Phi^-1((1 + confidence) / 2), clipped to [0, 1]

    The interval is for the AUC of the population the rows were drawn from;
    the AUC does not depend on the prevalence, so it carries over to
    deployment under prior shift. ``y_true`` holds 0/1 labels (1 positive),
    ``y_score`` finite numbers, higher = more likely positive. With one
    positive or one negative ``S10`` or ``S01`` is undefined, and the call
    is refused. With a few dozen, or a perfect separation (zero width), the
    normal approximation covers the true AUC too rarely: below about 50 in
    the smaller class use
    :func:`helpers.small_sample_auc.newcombe_auc_interval` instead.

    >>> auc, low, high = delong_auc_interval([0, 0, 1, 0, 1, 1], [0.1, 0.4, 0.35, 0.2, 0.8, 0.9])
    >>> round(auc, 4), round(low, 4), round(high, 4)
    (0.8889, 0.5809, 1.0)
    """
    conf = check_probability_open(confidence, "confidence")
    is_pos, scores = _labels_and_scores(y_true, {"y_score": y_score})
    _two_of_each(is_pos, "delong_auc_interval", "use helpers.small_sample_auc.newcombe_auc_interval")
    auc, v10, v01 = _placements(is_pos, scores)
    se = math.sqrt(max(float(_covariance(v10, v01)[0, 0]), 0.0))
    z = float(norm.ppf((1 + conf) / 2))
    a = float(auc[0])
    return a, max(0.0, a - z * se), min(1.0, a + z * se)


def delong_auc_difference(y_true, score_a, score_b, *, confidence: float = 0.95) -> tuple[float, float, float, float]:
    """Paired difference of two models' ROC AUCs on the same rows: ``(diff, low, high, p_value)``.

    ``diff = AUC_a - AUC_b``. With the placements ``V10``, ``V01`` of each
    model (as in :func:`delong_auc_interval`) and ``S10_ab`` the sample
    covariance of the two models' ``V10`` over the positives (``S01_ab`` over
    the negatives)::

        Var(diff) = Var(AUC_a) + Var(AUC_b) - 2 Cov(AUC_a, AUC_b),
        Cov(AUC_a, AUC_b) = S10_ab / P + S01_ab / N
        low, high = diff -/+ z sqrt(Var(diff)),   z = Phi^-1((1 + confidence) / 2)
        p_value   = 2 (1 - Phi(|diff| / sqrt(Var(diff))))     (1 when Var(diff) = 0)

    (DeLong, DeLong & Clarke-Pearson 1988). Scoring both models on the same
    rows makes their errors correlated, so the paired interval is much
    narrower than one built from two separate AUC intervals.

    >>> d, low, high, p = delong_auc_difference([0, 0, 1, 0, 1, 1], [0.1, 0.4, 0.35, 0.2, 0.8, 0.9],
    ...                                         [0.3, 0.1, 0.35, 0.4, 0.8, 0.2])
    >>> round(d, 4), round(low, 4), round(high, 4), round(p, 3)
    (0.2222, -0.5001, 0.9445, 0.546)
    """
    conf = check_probability_open(confidence, "confidence")
    is_pos, scores = _labels_and_scores(y_true, {"score_a": score_a, "score_b": score_b})
    _two_of_each(is_pos, "delong_auc_difference", "collect more cases of that class to compare the models")
    auc, v10, v01 = _placements(is_pos, scores)
    cov = _covariance(v10, v01)
    var = float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    se = math.sqrt(max(var, 0.0))
    diff = float(auc[0] - auc[1])
    z = float(norm.ppf((1 + conf) / 2))
    p = 1.0 if se == 0 else float(2 * norm.sf(abs(diff) / se))
    return diff, diff - z * se, diff + z * se, p
