"""The cheat sheet's two worked 90/10 matrices, their eight figures, and counts from per-class accuracy.

The cheat sheet lists, for each example, accuracy, misclassification rate, recall,
balanced accuracy, specificity, false positive rate, precision and F1;
:func:`cheat_sheet_figures` computes exactly those from the counts.
"""

from __future__ import annotations

import numpy as np

from ._arguments import Cell, takes_counts
from ._validate import check_count, check_rate
from .counts import Counts, metric_zoo, resolve_counts
from .simulation import simulate_counts

__all__ = [
    "CHEAT_SHEET_EXAMPLES",
    "CHEAT_SHEET_FIGURES",
    "counts_from_rates",
    "cheat_sheet_figures",
]

CHEAT_SHEET_EXAMPLES: dict[str, Counts] = {
    "example 1: predicts 0 for 99 of 100": Counts(tn=90, fp=0, fn=9, tp=1),
    "example 2: 80 % right in each class": Counts(tn=72, fp=18, fn=2, tp=8),
}
"""The two 90/10 worked examples of the cheat sheet (90 negatives, 10 positives each)."""

CHEAT_SHEET_FIGURES: tuple[str, ...] = (
    "accuracy",
    "misclassification rate",
    "recall",
    "balanced accuracy",
    "specificity",
    "false positive rate",
    "precision",
    "F1",
)
"""The figures the cheat sheet lists for each example, in its order."""


@takes_counts()
def cheat_sheet_figures(
    counts: Counts | None = None, *, tp: Cell = None, fn: Cell = None, fp: Cell = None, tn: Cell = None
) -> dict[str, float]:
    """The eight figures of the cheat sheet for one matrix (nan where undefined).

    ``counts`` is a :class:`~helpers.Counts`, or the four counts as keywords
    ``tp=, fn=, fp=, tn=`` instead (never by position); cells may be arrays
    (one matrix per entry). ``misclassification rate = 1 - accuracy = (FP + FN) / N``,
    and the rest as in :func:`~helpers.metric_zoo`::

        accuracy = (TP + TN) / N,   recall = TP / (TP + FN),   specificity = TN / (TN + FP),
        balanced accuracy = (recall + specificity) / 2,   false positive rate = FP / (FP + TN),
        precision = TP / (TP + FP),   F1 = 2 TP / (2 TP + FP + FN)

    >>> round(cheat_sheet_figures(Counts(tn=90, fp=0, fn=9, tp=1))["F1"], 3)
    0.182
    >>> round(cheat_sheet_figures(tp=1, fn=9, fp=0, tn=90)["accuracy"], 3)
    0.91
    """
    c, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="cheat_sheet_figures")
    if np.any(c.tn + c.fp + c.fn + c.tp == 0):
        raise ValueError(f"{at}tn + {at}fp + {at}fn + {at}tp is 0: there is nobody to evaluate")
    z = metric_zoo(c)
    return {
        "accuracy": z["accuracy"],
        "misclassification rate": 1.0 - z["accuracy"],
        "recall": z["recall"],
        "balanced accuracy": z["balanced_accuracy"],
        "specificity": z["specificity"],
        "false positive rate": z["fpr"],
        "precision": z["precision"],
        "F1": z["f1"],
    }


def counts_from_rates(n: int, share_negative: float, acc_negative: float, acc_positive: float) -> Counts:
    """Counts of ``n`` people of whom a share ``share_negative`` are negatives, given per-class accuracy.

    ``n_neg = round(n * share_negative)``, ``n_pos = n - n_neg``; then
    ``TN = round(n_neg * acc_negative)`` (specificity) and
    ``TP = round(n_pos * acc_positive)`` (recall), as in
    :func:`~helpers.simulate_counts`. ``n`` is a whole number >= 1, the three
    shares are in [0, 1].

    >>> counts_from_rates(100, 0.9, 0.8, 0.8)
    Counts(tn=72, fp=18, fn=2, tp=8)
    """
    n = check_count(n, "n")
    if n == 0:
        raise ValueError("n must be at least 1")
    share_negative = check_rate(share_negative, "share_negative")
    acc_negative = check_rate(acc_negative, "acc_negative")
    acc_positive = check_rate(acc_positive, "acc_positive")
    n_neg = round(n * share_negative)
    return simulate_counts(n - n_neg, n_neg, acc_positive, acc_negative)
