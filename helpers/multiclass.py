"""Multiclass metrics assembled from binary pieces, to show what the averages mean.

scikit-learn computes all of these in one call (``f1_score(average=...)``,
``roc_auc_score(multi_class=..., average=...)``). The functions here spell the
same numbers out from per-class counts and from binary AUCs, so notebook 10 can
put the formula next to the library's answer.

One-vs-rest (Provost & Domingos 2000): class ``j`` against all the others,
scored with column ``j`` of the probabilities::

    macro    = (1/c) * sum_j AUC(j, rest)
    weighted =         sum_j p(j) * AUC(j, rest),   p(j) = n_j / n   (weights sum to 1)

One-vs-one (Hand & Till 2001): only the samples of classes ``j`` and ``k``;
``A(j|k)`` is the AUC of column ``j`` with ``j`` as the positive class::

    M = 1/(c(c-1)) * sum_j sum_{k != j} A(j|k)  =  2/(c(c-1)) * sum_{j<k} (A(j|k) + A(k|j)) / 2
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

__all__ = ["per_class_counts", "ovr_auc_table", "ovr_auc", "ovo_auc_table", "ovo_auc"]

_AVERAGES = ("macro", "weighted")


def _check_average(average: str) -> str:
    if average not in _AVERAGES:
        raise ValueError(f"average must be 'macro' or 'weighted', got {average!r}")
    return average


def _check_proba(y_true, proba, labels):
    labels_given = labels
    y = np.asarray(y_true)
    try:
        p = np.asarray(proba, dtype=float)
    except (TypeError, ValueError):
        shown = repr(proba)[:40]
        raise ValueError(f"proba must be an array of probabilities (n_samples, n_classes), got {shown}") from None
    if y.ndim != 1:
        raise ValueError(f"y_true must be one-dimensional, got shape {y.shape}")
    if p.ndim != 2 or p.shape[0] != y.size:
        raise ValueError(f"proba must have shape (n_samples, n_classes) = ({y.size}, c), got {p.shape}")
    labels = np.unique(y) if labels is None else np.asarray(labels)
    if labels.size < 3:
        where = "y_true" if labels_given is None else "labels"
        raise ValueError(f"{where} must hold at least 3 classes for a multiclass AUC, found {labels.size}")
    if p.shape[1] != labels.size:
        raise ValueError(f"proba has {p.shape[1]} columns but there are {labels.size} classes")
    missing = np.setdiff1d(labels, np.unique(y))
    if missing.size:
        raise ValueError(f"y_true has no sample of class {missing[0]!r}")
    unknown = np.setdiff1d(np.unique(y), labels)
    if unknown.size:
        raise ValueError(f"y_true holds class {unknown[0]!r}, which is not in labels")
    return y, p, labels


def per_class_counts(matrix, labels=None) -> pd.DataFrame:
    """One binary confusion matrix per class, read off a multiclass one.

    With ``C`` the confusion matrix (rows = truth, columns = prediction)::

        tp_j = C[j, j]    fp_j = column sum - tp_j    fn_j = row sum - tp_j    tn_j = n - tp_j - fp_j - fn_j

    Returns a DataFrame indexed by class with columns ``tp, fp, fn, tn,
    support, precision, recall, f1`` (``nan`` where a ratio is 0/0). The index
    is unnamed and the columns are named ``"class"``, so that the HTML table
    has one header row with no empty header cell.
    """
    c = np.asarray(matrix)
    if c.ndim != 2 or c.shape[0] != c.shape[1]:
        raise ValueError(f"matrix must be square (classes x classes), got shape {c.shape}")
    if not np.issubdtype(c.dtype, np.number) or np.any(c < 0):
        raise ValueError("matrix must hold counts >= 0")
    if labels is not None and len(labels) != c.shape[0]:
        raise ValueError(f"labels must name the {c.shape[0]} classes of matrix, got {len(labels)} labels")
    tp = np.diag(c).astype(int)
    fp = c.sum(axis=0) - tp
    fn = c.sum(axis=1) - tp
    tn = c.sum() - tp - fp - fn
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = tp / (tp + fp)
        recall = tp / (tp + fn)
        f1 = 2 * tp / (2 * tp + fp + fn)
    index = pd.Index(range(c.shape[0]) if labels is None else list(labels))
    columns = {"tp": tp, "fp": fp, "fn": fn, "tn": tn, "support": tp + fn}
    columns.update(precision=precision, recall=recall, f1=f1)
    return pd.DataFrame(columns, index=index).rename_axis(columns="class")


def ovr_auc_table(y_true, proba, labels=None) -> pd.DataFrame:
    """AUC of each class against the rest, with its prevalence ``p(j) = n_j / n``.

    One row per class (unnamed index; the columns are named ``"class"``, so the
    HTML table has no empty header cell): ``n``, ``prevalence``, ``auc_vs_rest``.
    """
    y, p, labels = _check_proba(y_true, proba, labels)
    rows = []
    for j, label in enumerate(labels):
        rows.append({"class": label, "n": int(np.sum(y == label)), "auc_vs_rest": roc_auc_score(y == label, p[:, j])})
    table = pd.DataFrame(rows).set_index("class").rename_axis(index=None, columns="class")
    table.insert(1, "prevalence", table["n"] / y.size)
    return table


def ovr_auc(y_true, proba, *, average: str = "macro", labels=None) -> float:
    """One-vs-rest AUC: ``(1/c) sum_j AUC(j, rest)`` (macro) or ``sum_j p(j) AUC(j, rest)`` (weighted).

    Equals ``roc_auc_score(y_true, proba, multi_class="ovr", average=average)``.
    """
    table = ovr_auc_table(y_true, proba, labels)
    if _check_average(average) == "macro":
        return float(table["auc_vs_rest"].mean())
    return float((table["prevalence"] * table["auc_vs_rest"]).sum())


def ovo_auc_table(y_true, proba, labels=None) -> pd.DataFrame:
    """One row per pair ``j < k``: ``A(j|k)``, ``A(k|j)``, their mean, and the pair's share of samples.

    ``A(j|k)`` uses only samples of classes ``j`` and ``k``, column ``j`` of
    ``proba`` as the score and ``j`` as the positive class. ``pair_prevalence``
    is ``(n_j + n_k) / n``, the weight scikit-learn uses for ``average="weighted"``.
    """
    y, p, labels = _check_proba(y_true, proba, labels)
    rows = []
    for a in range(labels.size):
        for b in range(a + 1, labels.size):
            keep = (y == labels[a]) | (y == labels[b])
            a_given_b = roc_auc_score(y[keep] == labels[a], p[keep, a])
            b_given_a = roc_auc_score(y[keep] == labels[b], p[keep, b])
            rows.append(
                {
                    "j": labels[a],
                    "k": labels[b],
                    "A(j|k)": a_given_b,
                    "A(k|j)": b_given_a,
                    "pair_auc": (a_given_b + b_given_a) / 2,
                    "pair_prevalence": keep.mean(),
                }
            )
    return pd.DataFrame(rows)


def ovo_auc(y_true, proba, *, average: str = "macro", labels=None) -> float:
    """Hand & Till's one-vs-one AUC: the mean over pairs of ``(A(j|k) + A(k|j)) / 2``.

    ``average="weighted"`` weights each pair by ``(n_j + n_k) / n``. Equals
    ``roc_auc_score(y_true, proba, multi_class="ovo", average=average)``.
    """
    table = ovo_auc_table(y_true, proba, labels)
    if _check_average(average) == "macro":
        return float(table["pair_auc"].mean())
    return float(np.average(table["pair_auc"], weights=table["pair_prevalence"]))
