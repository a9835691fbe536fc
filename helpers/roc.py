"""The ROC curve as a table: one row per distinct score, with its area piece.

The counting is scikit-learn's (``confusion_matrix_at_thresholds``, the kernel
behind ``roc_curve`` and ``precision_recall_curve``); this module only lays the
counts out the way a student builds the table by hand.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix_at_thresholds

from ._validate import check_binary_labels, check_same_length, check_scores

__all__ = ["roc_table", "ROC_COLUMNS"]

ROC_COLUMNS = ["threshold", "n_pos", "n_neg", "tp", "fp", "tpr", "fpr", "auc_piece"]


def _count_dtype(n: int) -> type:
    return np.int32 if n < np.iinfo(np.int32).max else np.int64


def roc_table(y_true, y_score) -> pd.DataFrame:
    """ROC curve as a table, one row per distinct score, highest first.

    Row 0 is the artificial point (0, 0) with threshold ``+inf``. Row ``i``
    (threshold ``t_i``, the i-th largest distinct score) counts everything
    with ``score >= t_i`` as predicted positive::

        n_pos, n_neg = positives and negatives whose score equals t_i
        tp_i = sum of n_pos over rows 1..i     fp_i = sum of n_neg over rows 1..i
        tpr_i = tp_i / P                        fpr_i = fp_i / N
        auc_piece_i = (fpr_i - fpr_{i-1}) * (tpr_i + tpr_{i-1}) / 2    (trapezoid)

    so ``auc_piece.sum()`` is the area under the ROC curve and equals
    ``sklearn.metrics.roc_auc_score(y_true, y_score)``. Tied scores share one
    row: the curve takes one diagonal step there, and its trapezoid counts each
    tied positive-negative pair as one half. ``y_true`` holds 0/1 (or
    booleans), ``y_score`` any finite numbers (probabilities or decision
    function values); positives are the 1s.

    >>> float(roc_table([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1]).auc_piece.sum())
    0.75
    """
    y_score = check_scores(y_score)
    y_true = np.asarray(y_true)
    check_same_length(y_true, y_score, "y_true", "y_score")
    is_pos = check_binary_labels(y_true)
    _, fps, _, tps, thresholds = confusion_matrix_at_thresholds(is_pos.view(np.int8), y_score, pos_label=1)
    n_pos_total, n_neg_total = float(tps[-1]), float(fps[-1])
    dtype = _count_dtype(y_score.size)
    m = thresholds.size + 1
    # Fill each column in place and drop the kernel's arrays as soon as they are
    # copied: the table is as large as the input, so temporaries count.
    threshold = np.empty(m)
    threshold[0] = np.inf
    threshold[1:] = thresholds
    del thresholds
    tp = np.zeros(m, dtype=dtype)
    tp[1:] = tps
    del tps
    fp = np.zeros(m, dtype=dtype)
    fp[1:] = fps
    del fps
    n_pos = np.zeros(m, dtype=dtype)
    np.subtract(tp[1:], tp[:-1], out=n_pos[1:])
    n_neg = np.zeros(m, dtype=dtype)
    np.subtract(fp[1:], fp[:-1], out=n_neg[1:])
    tpr = np.divide(tp, n_pos_total)
    fpr = np.divide(fp, n_neg_total)
    auc_piece = np.zeros(m)  # (fpr_i - fpr_{i-1}) * (tpr_i + tpr_{i-1}) / 2
    np.subtract(fpr[1:], fpr[:-1], out=auc_piece[1:])
    half_height = np.add(tpr[1:], tpr[:-1])
    half_height *= 0.5
    auc_piece[1:] *= half_height
    del half_height
    return pd.DataFrame(
        {
            "threshold": threshold,
            "n_pos": n_pos,
            "n_neg": n_neg,
            "tp": tp,
            "fp": fp,
            "tpr": tpr,
            "fpr": fpr,
            "auc_piece": auc_piece,
        },
        copy=False,
    )
