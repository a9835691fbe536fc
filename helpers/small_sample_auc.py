"""An interval for the ROC AUC that holds with few positives or few negatives (Newcombe 2006).

DeLong's interval (:mod:`helpers.delong`) estimates the AUC's variance from
the spread of each class's placements: with one positive that spread is
undefined, and with a handful of positives, or a perfect separation, it is
so poorly estimated that the interval is far too narrow (down to zero
width). Newcombe (2006, *Statistics in Medicine* 25:559) takes the variance
from a model instead, Hanley & McNeil's (1982, *Radiology* 143:29) formula
written as a function of the AUC itself, and keeps every AUC ``theta`` that
lies within ``z`` standard errors of the estimate, the standard error being
the one ``theta`` itself would give: the construction of Wilson's score
interval for a proportion. The interval
needs only the AUC and the two class sizes, so it works from the rows or
from a table of counts per distinct score (a ``GROUP BY score``) alike.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

from ._validate import check_count, check_count_array, check_probability_open, check_rate, check_scores
from .delong import _labels_and_scores

__all__ = ["newcombe_auc_bounds", "newcombe_auc_interval", "newcombe_auc_interval_from_counts"]


def _shape(theta: float, positives: int, negatives: int) -> float:
    """``P N V(theta) / (theta (1 - theta))``: the bracket of Hanley & McNeil's variance, with Newcombe's ``N*``."""
    n_star = (positives + negatives) / 2
    return 1 + (n_star - 1) * ((1 - theta) / (2 - theta) + theta / (1 + theta))


def newcombe_auc_bounds(auc: float, positives: int, negatives: int, *, confidence: float = 0.95) -> tuple[float, float]:
    """Newcombe's (2006) score interval for an AUC estimated from ``positives`` and ``negatives``: ``(low, high)``.

    With ``P`` positives, ``N`` negatives, ``N* = (P + N) / 2`` and
    ``z = Phi^-1((1 + confidence) / 2)``, the variance of the estimated AUC
    at a true AUC ``theta`` (Hanley & McNeil 1982, with ``N*`` for both
    class sizes as Newcombe proposes) is::

        V(theta) = theta (1 - theta) [1 + (N* - 1) ((1 - theta) / (2 - theta) + theta / (1 + theta))] / (P N)

    and the interval holds every ``theta`` with ``|auc - theta| <= z sqrt(V(theta))``.
    ``(theta - auc) / sqrt(V(theta))`` increases with ``theta``, so each end
    is the one root of ``(auc - theta)^2 = z^2 V(theta)`` on its side of
    ``auc``. ``V`` vanishes at 0 and 1 only, so ``low = 0`` exactly when
    ``auc = 0``, ``high = 1`` exactly when ``auc = 1``, and the interval
    never has zero width; no end is clipped. ``auc`` is the Mann–Whitney
    AUC (ties count one half); it should come from ``P`` positives and ``N``
    negatives.

    >>> low, high = newcombe_auc_bounds(1.0, 1, 50)
    >>> round(low, 4), high
    (0.4299, 1.0)
    """
    theta_hat = check_rate(auc, "auc")
    p = check_count(positives, "positives")
    n = check_count(negatives, "negatives")
    if p == 0:
        raise ValueError("positives must be at least 1: an AUC needs a positive and a negative")
    if n == 0:
        raise ValueError("negatives must be at least 1: an AUC needs a positive and a negative")
    z2 = float(norm.ppf((1 + check_probability_open(confidence, "confidence")) / 2)) ** 2

    k = z2 / (p * n)
    if theta_hat == 0:  # (theta - 0)^2 = k theta (1 - theta) shape: divide by theta
        return 0.0, float(brentq(lambda t: t - k * (1 - t) * _shape(t, p, n), 0.0, 1.0))
    if theta_hat == 1:  # (1 - theta)^2 = k theta (1 - theta) shape: divide by 1 - theta
        return float(brentq(lambda t: 1 - t - k * t * _shape(t, p, n), 0.0, 1.0)), 1.0

    def excess(theta: float) -> float:  # theta_hat^2 > 0 at 0, < 0 at theta_hat, (1 - theta_hat)^2 > 0 at 1
        return (theta_hat - theta) ** 2 - k * theta * (1 - theta) * _shape(theta, p, n)

    low = brentq(excess, 0.0, theta_hat)
    high = brentq(excess, theta_hat, 1.0)
    return float(low), float(high)


def newcombe_auc_interval(y_true, y_score, *, confidence: float = 0.95) -> tuple[float, float, float]:
    """ROC AUC and Newcombe's (2006) small-sample interval from the rows: ``(auc, low, high)``.

    ``auc`` is scikit-learn's ``roc_auc_score(y_true, y_score)`` (the
    Mann–Whitney statistic, ties one half); ``(low, high)`` is
    :func:`newcombe_auc_bounds` for it, with ``P`` and ``N`` the numbers of
    positives and negatives. Unlike DeLong's interval it is defined with a
    single positive or negative and never has zero width: prefer it when the
    smaller class has fewer than about 50 members, where DeLong's interval
    covers the true AUC too rarely. ``y_true`` holds 0/1 labels (1
    positive), ``y_score`` finite numbers, higher = more likely positive.

    >>> auc, low, high = newcombe_auc_interval([1, 0, 0, 0], [0.9, 0.1, 0.5, 0.3])
    >>> auc, round(low, 4), high
    (1.0, 0.3216, 1.0)
    """
    conf = check_probability_open(confidence, "confidence")
    is_pos, scores = _labels_and_scores(y_true, {"y_score": y_score})
    auc = float(roc_auc_score(is_pos, scores[0]))
    n_pos = int(is_pos.sum())
    return (auc, *newcombe_auc_bounds(auc, n_pos, is_pos.size - n_pos, confidence=conf))


def newcombe_auc_interval_from_counts(score, n_pos, n_neg, *, confidence: float = 0.95) -> tuple[float, float, float]:
    """ROC AUC and Newcombe's (2006) interval from counts per score: ``(auc, low, high)``.

    ``score``, ``n_pos`` and ``n_neg`` are equal-length arrays, one entry
    per score as ``SELECT score, SUM(y), SUM(1 - y) ... GROUP BY score``
    gives them (any order; a score may repeat, its entries add up). With
    ``P = sum n_pos`` and ``N = sum n_neg``::

        AUC = sum_j n_pos_j (negatives scored below score_j + n_neg_j / 2) / (P N)

    (scikit-learn's ``roc_auc_score`` with the counts as sample weights),
    the same number as :func:`newcombe_auc_interval` on the rows, and
    ``(low, high)`` is :func:`newcombe_auc_bounds`.

    >>> auc, low, high = newcombe_auc_interval_from_counts([0.9, 0.5, 0.1], [1, 0, 0], [0, 1, 2])
    >>> auc, round(low, 4), high
    (1.0, 0.3216, 1.0)
    """
    conf = check_probability_open(confidence, "confidence")
    s = check_scores(score, "score")
    counts = []
    for values, name in ((n_pos, "n_pos"), (n_neg, "n_neg")):
        c = check_count_array(values, name)
        if c.shape != s.shape:
            raise ValueError(f"{name} must have one count per score ({s.size}), got shape {c.shape}")
        counts.append(c)
    pos, neg = counts
    big_p, big_n = float(pos.sum()), float(neg.sum())
    if big_p == 0 or big_n == 0:
        raise ValueError(f"{'n_pos' if big_p == 0 else 'n_neg'} must count at least one row: an AUC needs both classes")
    labels = np.r_[np.ones(s.size), np.zeros(s.size)]  # a score's zero counts weigh nothing: kept as they are
    auc = float(roc_auc_score(labels, np.r_[s, s], sample_weight=np.r_[pos, neg]))
    return (auc, *newcombe_auc_bounds(auc, round(big_p), round(big_n), confidence=conf))
