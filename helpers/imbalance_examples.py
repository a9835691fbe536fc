"""Small imbalanced examples: the cheat sheet's two 90/10 matrices, counts from per-class accuracy, costs.

The cheat sheet lists, for each example, accuracy, misclassification rate, recall,
balanced accuracy, specificity, false positive rate, precision and F1;
:func:`cheat_sheet_figures` computes exactly those from the counts.
"""

from __future__ import annotations

import numpy as np

from ._arguments import Cell, check_counts_object, resolve_counts, takes_counts
from ._validate import check_count, check_rate
from .counts import Counts, metric_zoo
from .simulation import simulate_counts

__all__ = [
    "CHEAT_SHEET_EXAMPLES",
    "CHEAT_SHEET_FIGURES",
    "break_even_cost_ratio",
    "counts_from_rates",
    "cheat_sheet_figures",
    "total_cost",
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


@takes_counts()
def total_cost(
    counts: Counts | None = None,
    *,
    cost_fp: float,
    cost_fn: float,
    cost_tp: float = 0.0,
    cost_tn: float = 0.0,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> float:
    """Total cost of a confusion matrix with a price per cell.

    ``cost = cost_tn TN + cost_fp FP + cost_fn FN + cost_tp TP``; a negative
    price is a gain. ``counts`` is a :class:`~helpers.Counts`, or the four
    counts as keywords ``tp=, fn=, fp=, tn=`` instead (never by position).
    The cells may be expected counts (finite numbers >= 0, not necessarily
    whole) and arrays (one total per entry).

    >>> total_cost(Counts(tn=72, fp=18, fn=2, tp=8), cost_fp=10, cost_fn=100)
    380.0
    >>> total_cost(tp=8, fn=2, fp=18, tn=72, cost_fp=10, cost_fn=100)
    380.0
    """
    prices = [
        _finite_number(value, name)
        for name, value in (("cost_tn", cost_tn), ("cost_fp", cost_fp), ("cost_fn", cost_fn), ("cost_tp", cost_tp))
    ]
    c, _ = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="total_cost", whole=False)
    tn, fp, fn, tp = (np.asarray(v, dtype=float) for v in c)
    out = prices[0] * tn + prices[1] * fp + prices[2] * fn + prices[3] * tp
    return float(out) if out.ndim == 0 else out


def _finite_number(value: object, name: str) -> float:
    if isinstance(value, (bool, str)) or np.ndim(value) != 0:
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a finite number, got {value!r}") from None
    if not np.isfinite(x):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return x


@takes_counts(keywords=False)
def break_even_cost_ratio(a: Counts, b: Counts) -> float:
    """The cost ratio ``r = cost_fn / cost_fp`` at which the matrices ``a`` and ``b`` cost the same.

    ``a`` and ``b`` are :class:`~helpers.Counts` (named fields, so the cells
    cannot be mixed up).

    With correct decisions free, a false positive costing 1 and a false
    negative costing ``r``, ``cost(a) = FP_a + r FN_a``. The two lines cross at

    ``r* = (FP_b - FP_a) / (FN_a - FN_b)``;

    for ``r > r*`` the matrix with fewer false negatives is the cheaper one,
    for ``r < r*`` the other. A negative ``r*`` means one matrix is cheaper at
    every positive ratio. ``nan`` when ``FN_a == FN_b``: the lines are parallel
    (equal at every ratio if ``FP_a == FP_b``, never otherwise).

    >>> break_even_cost_ratio(Counts(tn=90, fp=0, fn=9, tp=1), Counts(tn=72, fp=18, fn=2, tp=8))
    2.5714285714285716
    """
    a = check_counts_object(a, "a")
    b = check_counts_object(b, "b")
    for name, c in (("a", a), ("b", b)):
        for field in ("fp", "fn"):
            _finite_number(getattr(c, field), f"{name}.{field}")
    if a.fn == b.fn:
        return float("nan")
    return float((b.fp - a.fp) / (a.fn - b.fn))
