"""Areas under a precision-recall curve: steps (AP), straight lines (trapezoids), achievable curve.

The points of a PR curve are the confusion counts at every distinct
threshold (``score >= t``), from the highest threshold down. Three ways of
joining neighbouring points ``A`` and ``B`` (``R_A < R_B``) give three areas:

* **average precision** keeps the precision of ``B`` over the whole step::

      AP = sum_k (R_k - R_{k-1}) P_k

* **trapezoids** (``sklearn.metrics.auc(recall, precision)``) join the points
  by straight lines::

      sum_k (R_k - R_{k-1}) (P_{k-1} + P_k) / 2

  so they lie above AP on a step where precision falls and below it on a step
  where precision rises;

* the **achievable interpolation** of Davis & Goadrich (2006, "The
  relationship between precision-recall and ROC curves", ICML) is what a
  classifier can actually reach between ``A`` and ``B`` by calling the items
  scored between the two thresholds positive at random: TP and FP move
  linearly together (a straight line in ROC space), and precision
  ``TP / (TP + FP)`` follows a hyperbola in recall. With
  ``x`` the extra true positives, ``s = (FP_B - FP_A) / (TP_B - TP_A)``::

      P(x) = (TP_A + x) / (TP_A + FP_A + (1 + s) x),   0 <= x <= TP_B - TP_A

  It lies below the straight line where precision falls and above it where
  precision rises (but below ``P_B``), so on every step it lies between the
  AP step and the trapezoid.

The curve starts where nothing is predicted positive (recall 0). Like
scikit-learn, the trapezoid puts precision 1 there; AP and the achievable
curve keep the precision of the first point (from zero counts, TP and FP grow
in proportion, so precision is constant).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix_at_thresholds

from .curves import _labels_scores

__all__ = ["pr_steps", "pr_areas", "achievable_pr_curve"]


def _counts(y_true, y_score) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """TP and FP at every distinct threshold (highest first), preceded by the zero counts."""
    is_pos, y_score = _labels_scores(y_true, y_score)
    _, fp, _, tp, thresholds = confusion_matrix_at_thresholds(is_pos.astype(int), y_score)
    tp = np.concatenate([[0.0], tp.astype(float)])
    fp = np.concatenate([[0.0], fp.astype(float)])
    return tp, fp, np.concatenate([[np.inf], thresholds]), int(np.count_nonzero(is_pos))


def _achievable_piece(tp_a: np.ndarray, fp_a: np.ndarray, tp_b: np.ndarray, fp_b: np.ndarray) -> np.ndarray:
    """Integral of the Davis-Goadrich precision over each step, in units of true positives.

    With a = TP_A, b = TP_A + FP_A, c = 1 + s and d = TP_B - TP_A::

        int_0^d (a + x) / (b + c x) dx = d / c + (a - b / c) / c * ln(1 + c d / b)

    and d / c when b = 0 (the first step, constant precision).
    """
    d = tp_b - tp_a
    out = np.zeros_like(d)
    step = d > 0
    a, b, d = tp_a[step], tp_a[step] + fp_a[step], d[step]
    c = 1.0 + (fp_b[step] - fp_a[step]) / d
    with np.errstate(divide="ignore", invalid="ignore"):
        log_term = np.where(b > 0, np.log1p(c * d / np.where(b > 0, b, 1.0)), 0.0)
    out[step] = d / c + (a - b / c) / c * log_term
    return out


def pr_steps(y_true, y_score) -> pd.DataFrame:
    """The points of the PR curve, with the area each way of joining them adds.

    One row per distinct score, highest first (recall growing); row ``k``
    describes the step from point ``k - 1`` to point ``k`` (row 0 starts at
    recall 0). Columns: ``threshold``, ``tp``, ``fp``, ``recall``,
    ``precision`` (of the point), ``ap_piece = (R_k - R_{k-1}) P_k``,
    ``trapezoid_piece = (R_k - R_{k-1}) (P_{k-1} + P_k) / 2`` (with ``P = 1``
    at recall 0, as scikit-learn) and ``achievable_piece`` (area under the
    Davis-Goadrich interpolation, see the module docstring). The columns of
    pieces sum to ``average_precision_score``, ``auc(recall, precision)`` of
    ``precision_recall_curve``, and the achievable area.

    >>> steps = pr_steps([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    >>> steps[["recall", "precision", "ap_piece", "trapezoid_piece"]].round(4).values.tolist()
    [[0.5, 1.0, 0.5, 0.5], [0.5, 0.5, 0.0, 0.0], [1.0, 0.6667, 0.3333, 0.2917], [1.0, 0.5, 0.0, 0.0]]
    """
    tp, fp, thresholds, n_pos = _counts(y_true, y_score)
    recall = tp / n_pos
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(tp + fp > 0, tp / np.where(tp + fp > 0, tp + fp, 1.0), 1.0)
    width = np.diff(recall)
    return pd.DataFrame(
        {
            "threshold": thresholds[1:],
            "tp": tp[1:].astype(int),
            "fp": fp[1:].astype(int),
            "recall": recall[1:],
            "precision": precision[1:],
            "ap_piece": width * precision[1:],
            "trapezoid_piece": width * (precision[:-1] + precision[1:]) / 2,
            "achievable_piece": _achievable_piece(tp[:-1], fp[:-1], tp[1:], fp[1:]) / n_pos,
        }
    )


def pr_areas(y_true, y_score) -> dict[str, float]:
    """Average precision, trapezoidal area and achievable (Davis-Goadrich) area of the PR curve.

    Keys ``"average precision"``, ``"trapezoids"``, ``"achievable"``; the sums
    of the piece columns of :func:`pr_steps`.

    >>> {k: round(v, 4) for k, v in pr_areas([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1]).items()}
    {'average precision': 0.8333, 'trapezoids': 0.7917, 'achievable': 0.7973}
    """
    steps = pr_steps(y_true, y_score)
    return {
        "average precision": float(steps["ap_piece"].sum()),
        "trapezoids": float(steps["trapezoid_piece"].sum()),
        "achievable": float(steps["achievable_piece"].sum()),
    }


def achievable_pr_curve(y_true, y_score, *, points_per_step: int = 20) -> tuple[np.ndarray, np.ndarray]:
    """The Davis-Goadrich interpolation of the PR curve, sampled for plotting.

    Returns ``(precision, recall)`` with recall increasing (from 0): on each
    step where recall grows, ``points_per_step + 1`` points of the hyperbola
    ``P(x) = (TP_A + x) / (TP_A + FP_A + (1 + s) x)``, from the point where
    the step starts to the next point of the curve. Where only negatives
    pass the threshold, precision drops at constant recall (a vertical line).

    >>> precision, recall = achievable_pr_curve([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1], points_per_step=2)
    >>> [round(float(p), 3) for p in precision], recall.tolist()
    ([1.0, 1.0, 1.0, 0.5, 0.5, 0.6, 0.667, 0.5], [0.0, 0.25, 0.5, 0.5, 0.5, 0.75, 1.0, 1.0])
    """
    if isinstance(points_per_step, bool) or not isinstance(points_per_step, (int, np.integer)) or points_per_step < 1:
        raise ValueError(f"points_per_step must be a positive integer, got {points_per_step!r}")
    tp, fp, _, n_pos = _counts(y_true, y_score)
    precisions, recalls = [], []
    frac = np.arange(points_per_step + 1) / points_per_step
    for k in range(1, tp.size):
        d = tp[k] - tp[k - 1]
        if d == 0:  # only negatives passed: precision drops at constant recall
            recalls.append(tp[k : k + 1] / n_pos)
            precisions.append(tp[k : k + 1] / (tp[k] + fp[k]))
            continue
        x = frac * d
        t = tp[k - 1] + x
        f = fp[k - 1] + (fp[k] - fp[k - 1]) / d * x
        with np.errstate(divide="ignore", invalid="ignore"):
            # from zero counts (the first step) precision is constant: that of the step's end
            p = np.where(t + f > 0, t / np.where(t + f > 0, t + f, 1.0), tp[k] / (tp[k] + fp[k]))
        recalls.append(t / n_pos)
        precisions.append(p)
    return np.concatenate(precisions), np.concatenate(recalls)
