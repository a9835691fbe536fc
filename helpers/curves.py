"""Counting along PR and ROC curves for notebooks 03 and 04: one threshold, AUC by pairs.

scikit-learn computes the curves (``roc_curve``, ``precision_recall_curve``)
and :func:`helpers.roc_table` lays them out as a table; this module adds what
the two notebooks and their widgets share:

* :func:`counts_at_threshold`: the confusion matrix at one threshold, with
  either rule (``score >= t`` as in scikit-learn's curves, or ``score > t``
  as in the cheat sheet);
* :func:`pair_counts` / :func:`pairwise_auc`: the slow, obviously correct
  definition of ROC AUC, the share of (positive, negative) pairs ranked the
  right way round, ties counting one half;
* :func:`cheat_sheet_roc_table`: a :func:`helpers.roc_table` in the column names of the
  cheat sheet's table (P, Yp, Yn, FP, TP, FPR, TPR, AUC, predicted class).

The plots of these curves are in :mod:`helpers.curve_plots`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np
import pandas as pd

from ._validate import check_binary_labels, check_same_length, check_scores
from .counts import Counts
from .roc import roc_table

__all__ = [
    "PairCounts",
    "counts_at_threshold",
    "pair_counts",
    "pairwise_auc",
    "cheat_sheet_roc_table",
]


def _labels_scores(y_true, y_score) -> tuple[np.ndarray, np.ndarray]:
    y_score = check_scores(y_score)
    y_true = np.asarray(y_true)
    check_same_length(y_true, y_score, "y_true", "y_score")
    return check_binary_labels(y_true), y_score


def _one_line(value: object) -> str:
    """``repr(value)`` on one line (a masked array's repr spans three)."""
    return re.sub(r"\s*\n\s*", " ", repr(value))


def _threshold(value: object, name: str = "threshold") -> float:
    """A threshold: any number but nan (``inf`` allowed: nothing reaches it)."""
    if isinstance(value, (bool, str)) or np.ndim(value) != 0:
        raise ValueError(f"{name} must be a number, got {_one_line(value)}")
    try:
        t = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {_one_line(value)}") from None
    if np.isnan(t):
        raise ValueError(f"{name} must be a number, got nan")
    return t


def counts_at_threshold(y_true, y_score, threshold: float, *, strict: bool = False) -> Counts:
    """Confusion counts when everything scoring at or above the threshold is called positive.

    ::

        y_pred = y_score >= threshold     (strict=False, scikit-learn's curves)
        y_pred = y_score >  threshold     (strict=True, the cheat sheet's rule)

    Positives are the 1s of ``y_true``. The point ``(FP/N, TP/P)`` lies on
    ``roc_curve``'s curve, ``(TP/P, TP/(TP+FP))`` on ``precision_recall_curve``'s.

    >>> counts_at_threshold([0, 1, 0, 1], [0.2, 0.5, 0.5, 0.9], 0.5)
    Counts(tn=1, fp=1, fn=0, tp=2)
    >>> counts_at_threshold([0, 1, 0, 1], [0.2, 0.5, 0.5, 0.9], 0.5, strict=True)
    Counts(tn=2, fp=0, fn=1, tp=1)
    """
    is_pos, y_score = _labels_scores(y_true, y_score)
    t = _threshold(threshold)
    pred = y_score > t if strict else y_score >= t
    tp = int(np.count_nonzero(pred & is_pos))
    fp = int(np.count_nonzero(pred & ~is_pos))
    n_pos = int(np.count_nonzero(is_pos))
    return Counts(tn=is_pos.size - n_pos - fp, fp=fp, fn=n_pos - tp, tp=tp)


class PairCounts(NamedTuple):
    """(positive, negative) pairs by how the score orders them."""

    wins: int  # positive scored higher than the negative
    ties: int  # same score
    losses: int  # negative scored higher
    n_pairs: int  # n_pos * n_neg

    @property
    def auc(self) -> float:
        """(wins + ties / 2) / n_pairs, the ROC AUC."""
        return (self.wins + 0.5 * self.ties) / self.n_pairs


def pair_counts(y_true, y_score, *, chunk: int = 2048) -> PairCounts:
    """Compare every positive with every negative, the slow way (time O(P * N)).

    ::

        wins   = #{(i, j): y_i = 1, y_j = 0, s_i > s_j}
        ties   = #{(i, j): y_i = 1, y_j = 0, s_i = s_j}
        losses = #{(i, j): y_i = 1, y_j = 0, s_i < s_j}

    ``wins + ties / 2`` is the Mann-Whitney U statistic of the positive
    scores. A reference for tests and small examples; use
    ``roc_auc_score`` for real data.

    >>> pair_counts([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.4])
    PairCounts(wins=2, ties=1, losses=1, n_pairs=4)
    """
    if isinstance(chunk, bool) or not isinstance(chunk, (int, np.integer)) or chunk < 1:
        raise ValueError(f"chunk must be a whole number >= 1, got {chunk!r}")
    is_pos, y_score = _labels_scores(y_true, y_score)
    pos = y_score[is_pos]
    neg = y_score[~is_pos]
    wins = ties = 0
    for start in range(0, pos.size, chunk):
        block = pos[start : start + chunk, None]
        wins += int(np.count_nonzero(block > neg))
        ties += int(np.count_nonzero(block == neg))
    n_pairs = pos.size * neg.size
    return PairCounts(wins=wins, ties=ties, losses=n_pairs - wins - ties, n_pairs=n_pairs)


def pairwise_auc(y_true, y_score) -> float:
    """ROC AUC as P(score of a random positive > score of a random negative), ties 1/2.

    ``(wins + ties / 2) / (n_pos * n_neg)`` from :func:`pair_counts`; equals
    ``sklearn.metrics.roc_auc_score``.

    >>> pairwise_auc([1, 1, 1, 0, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
    0.85
    """
    return pair_counts(y_true, y_score).auc


def cheat_sheet_roc_table(y_true, y_score, *, threshold: float = 0.5, strict: bool = True) -> pd.DataFrame:
    """:func:`helpers.roc_table` with the cheat sheet's column names, plus the predicted class.

    Columns ``P`` (the score of the row, ``inf`` for the artificial (0, 0)
    row), ``Yp`` and ``Yn`` (positives and negatives with that score: 1/0 when
    scores are distinct), ``FP``, ``TP`` (counted with the threshold at this
    row, i.e. "one row below" the previous one), ``FPR``, ``TPR``, ``AUC``
    (area piece added by the row) and ``predicted`` (``1`` when ``P > threshold``,
    or ``P >= threshold`` with ``strict=False``; empty for the artificial row).
    """
    threshold = _threshold(threshold)
    t = roc_table(y_true, y_score)
    pred = t.threshold > threshold if strict else t.threshold >= threshold
    predicted = pred.astype(int).astype(str)
    predicted.iloc[0] = ""
    return pd.DataFrame(
        {
            "P": t.threshold,
            "Yp": t.n_pos,
            "Yn": t.n_neg,
            "FP": t.fp,
            "TP": t.tp,
            "FPR": t.fpr,
            "TPR": t.tpr,
            "AUC": t.auc_piece,
            "predicted": predicted,
        }
    )
