"""The metric zoo as a table: name, formula, the fraction with the counts, the value.

The cheat sheet's hint for reading the matrix: the count of correct (or wrong)
decisions goes on top, and a *row* sum (everyone with that true class) or a
*column* sum (everyone with that prediction) goes below. :func:`zoo_table`
writes that fraction out for every metric that is a plain ratio of counts, and
names which sum is the denominator.
"""

from __future__ import annotations

import math

import pandas as pd

from ._arguments import Cell, takes_counts
from .counts import METRIC_FORMULAS, Counts, metric_zoo, resolve_counts

__all__ = ["METRIC_NAMES", "format_metric", "fraction_parts", "zoo_table"]

METRIC_NAMES: dict[str, tuple[str, str]] = {
    "recall": ("TPR", "recall, sensitivity, hit rate"),
    "fnr": ("FNR", "miss rate"),
    "fpr": ("FPR", "fall-out, false alarm rate"),
    "specificity": ("TNR", "specificity, selectivity"),
    "precision": ("PPV", "precision"),
    "fdr": ("FDR", "false discovery rate = 1 - PPV"),
    "for": ("FOR", "false omission rate = 1 - NPV"),
    "npv": ("NPV", "negative predictive value"),
    "accuracy": ("ACC", "accuracy"),
    "prevalence": ("prevalence", "share of actual positives (TP + FN) in the data"),
    "lr_plus": ("LR+", "positive likelihood ratio"),
    "lr_minus": ("LR-", "negative likelihood ratio"),
    "dor": ("DOR", "diagnostic odds ratio"),
    "f1": ("F1", "harmonic mean of PPV and TPR"),
    "balanced_accuracy": ("BA", "balanced accuracy, mean of TPR and TNR"),
    "mcc": ("MCC", "Matthews correlation coefficient"),
}
"""Short name and other names of every :func:`~helpers.metric_zoo` key, in table order."""

# numerator, denominator (as functions of the counts) and which sum the denominator is
_FRACTIONS = {
    "recall": (lambda c: c.tp, lambda c: c.tp + c.fn, "row sum: truth = positive"),
    "fnr": (lambda c: c.fn, lambda c: c.tp + c.fn, "row sum: truth = positive"),
    "fpr": (lambda c: c.fp, lambda c: c.fp + c.tn, "row sum: truth = negative"),
    "specificity": (lambda c: c.tn, lambda c: c.fp + c.tn, "row sum: truth = negative"),
    "precision": (lambda c: c.tp, lambda c: c.tp + c.fp, "column sum: predicted positive"),
    "fdr": (lambda c: c.fp, lambda c: c.tp + c.fp, "column sum: predicted positive"),
    "for": (lambda c: c.fn, lambda c: c.fn + c.tn, "column sum: predicted negative"),
    "npv": (lambda c: c.tn, lambda c: c.fn + c.tn, "column sum: predicted negative"),
    "accuracy": (lambda c: c.tp + c.tn, lambda c: c.n, "everyone"),
    "prevalence": (lambda c: c.tp + c.fn, lambda c: c.n, "everyone"),
    "f1": (lambda c: 2 * c.tp, lambda c: 2 * c.tp + c.fp + c.fn, "2 TP + FP + FN"),
}

_UNDEFINED_WHY = {
    "lr_plus": "undefined (FPR is 0 or undefined)",
    "lr_minus": "undefined (TNR is 0 or undefined)",
    "dor": "undefined (LR+ or LR- is 0 or undefined)",
    "balanced_accuracy": "undefined (a class is empty)",
    "mcc": "undefined (0/0: a row or column sum is 0)",
}


def _as_counts(counts, tp, fn, fp, tn, *, function: str) -> tuple[Counts, str]:
    """One matrix of whole numbers (no arrays), and the prefix that names its cells in messages."""
    c, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function=function)
    for field, value in zip(Counts._fields, c, strict=True):
        if value.ndim != 0:
            raise ValueError(f"{at}{field} must be one number (one matrix), got an array of shape {value.shape}")
    return Counts(*(int(v) for v in c)), at


def _check_key(key: object) -> str:
    if not isinstance(key, str) or key not in METRIC_FORMULAS:
        raise ValueError(f"key must be one of the metric_zoo keys, got {key!r}")
    return key


@takes_counts()
def fraction_parts(
    key: str, counts: Counts | None = None, *, tp: Cell = None, fn: Cell = None, fp: Cell = None, tn: Cell = None
) -> tuple[int, int] | None:
    """``(numerator, denominator)`` in counts for a metric that is a ratio of counts, else ``None``.

    ``key`` is a :func:`~helpers.metric_zoo` key; ``counts`` a
    :class:`~helpers.Counts`, or the four counts as keywords ``tp=, fn=, fp=, tn=``
    instead (never by position). For precision, ``TP / (TP + FP)`` gives
    ``(TP, TP + FP)``; see :data:`~helpers.METRIC_FORMULAS` for the others.

    >>> fraction_parts("precision", Counts(tn=72, fp=18, fn=2, tp=8))
    (8, 26)
    >>> fraction_parts("recall", tp=8, fn=2, fp=18, tn=72)
    (8, 10)
    """
    _check_key(key)
    c, _ = _as_counts(counts, tp, fn, fp, tn, function="fraction_parts")
    if key not in _FRACTIONS:
        return None
    num, den, _ = _FRACTIONS[key]
    return int(num(c)), int(den(c))


def format_metric(key: str, value: float, digits: int = 3) -> str:
    """The value with ``digits`` decimals, or a short reason when it is undefined (nan).

    >>> format_metric("precision", float("nan"))
    'undefined (0/0)'
    """
    _check_key(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:
            value = float(value)  # a numpy scalar or 0-d array
        except (TypeError, ValueError):
            raise ValueError(f"value must be a number, got {value!r}") from None
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise ValueError(f"digits must be a whole number >= 0, got {digits!r}")
    if math.isnan(value):
        return _UNDEFINED_WHY.get(key, "undefined (0/0)")
    return f"{value:.{digits}f}"


@takes_counts()
def zoo_table(
    counts: Counts | None = None, digits: int = 3, *, tp: Cell = None, fn: Cell = None, fp: Cell = None, tn: Cell = None
) -> pd.DataFrame:
    """Every metric of :func:`~helpers.metric_zoo` with its formula and, where it is one, its fraction.

    ``counts`` is a :class:`~helpers.Counts`, or the four counts as keywords
    ``tp=, fn=, fp=, tn=`` instead (never by position); one matrix of whole
    numbers. Columns: ``name`` (short name), ``also called``, ``formula``
    (:data:`~helpers.METRIC_FORMULAS`), ``fraction`` (e.g. ``"8 / 26"``, empty
    for metrics that are not a ratio of counts), ``denominator`` (which row or
    column sum), ``value`` (float, nan when undefined) and ``shown`` (the value
    as text, or why it is undefined). The index holds the ``metric_zoo`` keys;
    it is unnamed and the columns are named ``"metric"``, so that the HTML table
    has one header row with no empty header cell (the word heads the keys).
    """
    c, at = _as_counts(counts, tp, fn, fp, tn, function="zoo_table")
    if c.n == 0:
        raise ValueError(f"{at}tn + {at}fp + {at}fn + {at}tp is 0: there is nobody to evaluate")
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise ValueError(f"digits must be a whole number >= 0, got {digits!r}")
    zoo = metric_zoo(c)
    rows = []
    for key, (short, other) in METRIC_NAMES.items():
        parts = fraction_parts(key, c)
        rows.append(
            {
                "name": short,
                "also called": other,
                "formula": METRIC_FORMULAS[key],
                "fraction": "" if parts is None else f"{parts[0]} / {parts[1]}",
                "denominator": _FRACTIONS[key][2] if key in _FRACTIONS else "",
                "value": zoo[key],
                "shown": format_metric(key, zoo[key], digits),
            }
        )
    return pd.DataFrame(rows, index=list(METRIC_NAMES)).rename_axis(columns="metric")
