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

from .counts import METRIC_FORMULAS, Counts, metric_zoo

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


def _as_counts(counts) -> Counts:
    if len(counts) != 4:
        raise ValueError("counts must be four numbers (tn, fp, fn, tp)")
    return Counts(*(int(v) for v in counts))


def fraction_parts(key: str, counts) -> tuple[int, int] | None:
    """``(numerator, denominator)`` in counts for a metric that is a ratio of counts, else ``None``.

    >>> fraction_parts("precision", Counts(tn=72, fp=18, fn=2, tp=8))
    (8, 26)
    """
    if key not in METRIC_FORMULAS:
        raise ValueError(f"key must be one of the metric_zoo keys, got {key!r}")
    if key not in _FRACTIONS:
        return None
    c = _as_counts(counts)
    num, den, _ = _FRACTIONS[key]
    return int(num(c)), int(den(c))


def format_metric(key: str, value: float, digits: int = 3) -> str:
    """The value with ``digits`` decimals, or a short reason when it is undefined (nan).

    >>> format_metric("precision", float("nan"))
    'undefined (0/0)'
    """
    if key not in METRIC_FORMULAS:
        raise ValueError(f"key must be one of the metric_zoo keys, got {key!r}")
    if math.isnan(value):
        return _UNDEFINED_WHY.get(key, "undefined (0/0)")
    return f"{value:.{digits}f}"


def zoo_table(counts, digits: int = 3) -> pd.DataFrame:
    """Every metric of :func:`~helpers.metric_zoo` with its formula and, where it is one, its fraction.

    Columns: ``name`` (short name), ``also called``, ``formula``
    (:data:`~helpers.METRIC_FORMULAS`), ``fraction`` (e.g. ``"8 / 26"``, empty
    for metrics that are not a ratio of counts), ``denominator`` (which row or
    column sum), ``value`` (float, nan when undefined) and ``shown`` (the value
    as text, or why it is undefined). The index holds the ``metric_zoo`` keys.
    """
    c = _as_counts(counts)
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
    return pd.DataFrame(rows, index=pd.Index(list(METRIC_NAMES), name="key"))
