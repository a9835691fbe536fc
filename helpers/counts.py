"""The confusion matrix as four counts, and every metric built from them.

Orientation follows scikit-learn: ``confusion_matrix(y_true, y_pred)`` has the
truth in rows and the prediction in columns, negatives first::

                 predicted 0   predicted 1
    truth 0   [[     TN            FP     ]
    truth 1    [     FN            TP     ]]

so ``confusion_matrix(...).ravel()`` is ``(tn, fp, fn, tp)``, the order of
:class:`Counts`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from sklearn.metrics import confusion_matrix

from ._validate import check_count_array, check_same_length

__all__ = ["Counts", "confusion_counts", "metric_zoo", "METRIC_FORMULAS"]


class Counts(NamedTuple):
    """The four cells of a binary confusion matrix, in ``ravel()`` order."""

    tn: int
    fp: int
    fn: int
    tp: int

    @property
    def n(self):
        """Everybody: TN + FP + FN + TP."""
        return self.tn + self.fp + self.fn + self.tp

    @property
    def n_pos(self):
        """Condition positive: TP + FN."""
        return self.tp + self.fn

    @property
    def n_neg(self):
        """Condition negative: TN + FP."""
        return self.tn + self.fp

    def as_matrix(self) -> np.ndarray:
        """2x2 array in scikit-learn's orientation ``[[TN, FP], [FN, TP]]``."""
        return np.array([[self.tn, self.fp], [self.fn, self.tp]])


def confusion_counts(y_true, y_pred, *, pos_label=1) -> Counts:
    """Count TN, FP, FN, TP of predictions against the truth.

    ``TP = #{y_true = pos, y_pred = pos}``, ``FP = #{y_true != pos, y_pred = pos}``,
    and so on. Equal to ``sklearn.metrics.confusion_matrix(y_true, y_pred).ravel()``
    for 0/1 labels; ``pos_label`` names the positive class otherwise.

    >>> confusion_counts([0, 0, 1, 1], [0, 1, 1, 1])
    Counts(tn=1, fp=1, fn=0, tp=2)
    """
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    if y_true.ndim != 1 or y_pred.ndim != 1:
        raise ValueError("y_true and y_pred must be one-dimensional")
    check_same_length(y_true, y_pred, "y_true", "y_pred")
    if y_true.size == 0:
        raise ValueError("y_true is empty")
    labels = np.unique(np.concatenate([np.unique(y_true), np.unique(y_pred)]))
    others = [v for v in labels.tolist() if v != pos_label]
    if len(others) > 1:
        raise ValueError(
            f"y_true and y_pred must hold two classes, pos_label={pos_label!r} and one other; "
            f"found {labels.tolist()}"
        )
    matrix = confusion_matrix(y_true == pos_label, y_pred == pos_label, labels=[False, True])
    tn, fp, fn, tp = (int(v) for v in matrix.ravel())
    return Counts(tn, fp, fn, tp)


METRIC_FORMULAS: dict[str, str] = {
    "accuracy": "(TP + TN) / (TP + TN + FP + FN)",
    "precision": "TP / (TP + FP)",
    "recall": "TP / (TP + FN)",
    "specificity": "TN / (TN + FP)",
    "fpr": "FP / (FP + TN)",
    "fnr": "FN / (FN + TP)",
    "npv": "TN / (TN + FN)",
    "fdr": "FP / (FP + TP)",
    "for": "FN / (FN + TN)",
    "f1": "2 TP / (2 TP + FP + FN)",
    "balanced_accuracy": "(recall + specificity) / 2",
    "mcc": "(TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))",
    "prevalence": "(TP + FN) / (TP + TN + FP + FN)",
    "lr_plus": "TPR / FPR",
    "lr_minus": "FNR / TNR",
    "dor": "LR+ / LR-",
}
"""Formula of every key of :func:`metric_zoo`, for tables in the notebooks."""


def _ratio(num, den):
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(den != 0, num / np.where(den != 0, den, 1.0), np.nan)
    return out


def metric_zoo(counts) -> dict[str, float]:
    """Every common binary metric from the four counts.

    Formulas (see :data:`METRIC_FORMULAS`)::

        accuracy          = (TP + TN) / N
        precision (PPV)   = TP / (TP + FP)          fdr = FP / (FP + TP) = 1 - precision
        recall (TPR)      = TP / (TP + FN)          fnr = FN / (FN + TP) = 1 - recall
        specificity (TNR) = TN / (TN + FP)          fpr = FP / (FP + TN) = 1 - specificity
        npv               = TN / (TN + FN)          for = FN / (FN + TN) = 1 - npv
        f1                = 2 TP / (2 TP + FP + FN)
        balanced_accuracy = (TPR + TNR) / 2
        mcc               = (TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))
        prevalence        = (TP + FN) / N
        lr_plus  = TPR / FPR,   lr_minus = FNR / TNR,   dor = LR+ / LR-

    ``counts`` is a :class:`Counts` or any ``(tn, fp, fn, tp)`` sequence; the
    cells may also be equal-length arrays (one study per entry), and then every
    value is an array. A ratio whose denominator is 0 is ``nan``: no exception,
    and no silent 0. That includes LR+ when FPR = 0 (it grows without bound as
    FPR shrinks, but a single number cannot say so) and the DOR built from it;
    ``sklearn.metrics.matthews_corrcoef`` returns 0 where MCC is ``nan`` here.

    >>> round(metric_zoo(Counts(tn=72, fp=18, fn=2, tp=8))["precision"], 3)
    0.308
    """
    if len(counts) != 4:
        raise ValueError("counts must be four numbers (tn, fp, fn, tp)")
    tn, fp, fn, tp = (
        check_count_array(v, name).astype(float) for v, name in zip(counts, Counts._fields, strict=True)
    )
    if tn.shape != fp.shape or tn.shape != fn.shape or tn.shape != tp.shape:
        raise ValueError("tn, fp, fn and tp must have the same shape")
    n = tn + fp + fn + tp
    if np.any(n == 0):
        raise ValueError("counts are all zero: there is nobody to evaluate")
    tpr = _ratio(tp, tp + fn)
    tnr = _ratio(tn, tn + fp)
    fpr = _ratio(fp, fp + tn)
    fnr = _ratio(fn, fn + tp)
    lr_plus = _ratio(tpr, fpr)
    lr_minus = _ratio(fnr, tnr)
    out = {
        "accuracy": _ratio(tp + tn, n),
        "precision": _ratio(tp, tp + fp),
        "recall": tpr,
        "specificity": tnr,
        "fpr": fpr,
        "fnr": fnr,
        "npv": _ratio(tn, tn + fn),
        "fdr": _ratio(fp, fp + tp),
        "for": _ratio(fn, fn + tn),
        "f1": _ratio(2 * tp, 2 * tp + fp + fn),
        "balanced_accuracy": (tpr + tnr) / 2,
        "mcc": _ratio(tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
        "prevalence": _ratio(tp + fn, n),
        "lr_plus": lr_plus,
        "lr_minus": lr_minus,
        "dor": _ratio(lr_plus, lr_minus),
    }
    if out["accuracy"].ndim == 0:
        return {k: float(v) for k, v in out.items()}
    return out
