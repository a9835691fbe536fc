"""The analyses of notebook 13 ("your own predictions"), vectorised for big files.

Notebook 13 and the HTML report (``python -m helpers.report``) run every
analysis of the course on a practitioner's CSV file of labels and scores. The
pieces that are not already in ``helpers`` live here: where the file is,
the threshold that maximises F1 at the deployment prevalence, the metrics
that change with the prevalence, and thinning a curve of a million points to
a few thousand for plotting. Everything is counted once per model, by
:func:`scored_rows` (one sort: the score-count table of
:mod:`helpers.report.count`, with the rows kept so that a half of them is
counted on the same table), and derived from those counts without Python
loops: the ROC table, the rules' thresholds, the counts at a threshold,
DeLong's placements. The functions named ``counts_*`` and
:func:`split_counts` need the score-count table only, so they also serve a
table counted by a data engine (the report's ``--engine duckdb``). The metrics at
the deployment prevalence are those of the weighted
counts of :func:`helpers.counts.counts_at_prevalence`, taken by
:func:`helpers.metric_zoo`: no formula of a metric is written here.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.stats import binom, norm

from .._arguments import Cell, as_generator, takes_counts
from .._validate import check_binary_labels, check_count, check_probability_open, check_same_length, check_scores
from ..costs import cheapest_row, cost_table
from ..counts import (
    _NO_TN,
    PREVALENCE_FREE,
    Counts,
    WeightedCounts,
    _at_prevalence_unchecked,
    _zoo_at_prevalence,
    counts_at_prevalence,
    metric_zoo,
    resolve_counts,
)
from ..course_files import notebooks_dir
from ..curves import counts_at_threshold
from ..intervals import clopper_pearson_interval, precision_interval
from ..threshold_rules import ThresholdRule
from .count import _count_table, merge_negative_runs, roc_from_score_counts

__all__ = [
    "NOTEBOOKS",
    "resolve_predictions_path",
    "deployment_table",
    "best_f1_threshold",
    "counts_at_threshold",
    "deployment_metrics",
    "thin_indices",
    "rule_table",
    "real_in_batch_interval",
    "model_table",
    "auc_differences",
    "threshold_table",
    "ScoredRows",
    "scored_rows",
    "deployment_cost_curve",
    "split_counts",
    "counts_rule_table",
    "counts_auc_interval",
    "merge_negative_runs",
]

# The course's notebooks folder (a checkout's notebooks/, or the copy a wheel ships).
NOTEBOOKS = notebooks_dir()


def resolve_predictions_path(path: str | os.PathLike[str], *, base: str | os.PathLike[str] | None = None) -> Path:
    """Where the predictions file is: ``path`` itself, made absolute.

    An absolute path is returned as it is. A relative path is looked up first
    in the current folder (where you started ``papermill``, or ``--cwd``, or
    the notebook's folder in JupyterLab), then relative to ``base`` (default:
    the course's ``notebooks/`` folder, so the notebook's default
    ``../data/example_predictions.csv`` is found wherever it is run from).
    When neither exists the current-folder version is returned, so that
    :func:`helpers.load_predictions` reports "no such file" with that path.
    """
    try:
        given = Path(os.fsdecode(path)).expanduser()
    except TypeError:
        raise TypeError(f"path must be a file path (str, bytes or os.PathLike), got {type(path).__name__}") from None
    if given.is_absolute():
        return given
    here = Path.cwd() / given
    if here.exists():
        return here
    there = Path(base if base is not None else NOTEBOOKS) / given
    if there.exists():
        return there.resolve()
    return here


def deployment_table(roc: pd.DataFrame, *, deploy_prevalence: float) -> pd.DataFrame:
    """Precision, recall and F1 at the deployment prevalence for every threshold.

    ``roc`` is a :func:`helpers.roc_table` (one row per distinct score,
    highest first; its row 0, the artificial point with threshold ``+inf``,
    is dropped here). With ``P`` positives, ``N`` negatives and the weight
    ``w = negative_weight(P, N, pi)`` that gives the negatives the deployment
    prevalence ``pi``::

        recall       = TP / P                            (does not move)
        precision_pi = TP / (TP + w FP)                   (nan when TP = FP = 0)
        f1_pi        = 2 TP / (2 TP + w FP + FN)          FN = P - TP

    Both are ``metric_zoo(counts_at_prevalence(counts, pi))`` of the counts
    at each threshold (:func:`helpers.counts.counts_at_prevalence`, the
    single definition). ``precision_pi`` equals
    ``precision_at_prevalence(tpr, fpr, pi)`` and ``f1_pi`` is the harmonic
    mean of ``precision_pi`` and recall. Returns a DataFrame with columns
    ``threshold, tp, fp, tpr, fpr, precision, f1`` (the last two at the
    deployment prevalence).
    """
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    rows = roc.iloc[1:]
    tp = rows["tp"].to_numpy(dtype=np.int64)  # whole counts: checked without a float round trip
    fp = rows["fp"].to_numpy(dtype=np.int64)
    n_pos, n_neg = tp[-1], fp[-1]
    deployed = _deployed(n_neg - fp, fp, n_pos - tp, tp, pi, ["precision", "f1"], totals=(n_pos, n_neg))
    return pd.DataFrame(
        {
            "threshold": rows["threshold"].to_numpy(),
            "tp": rows["tp"].to_numpy(),
            "fp": rows["fp"].to_numpy(),
            "tpr": rows["tpr"].to_numpy(),
            "fpr": rows["fpr"].to_numpy(),
            "precision": deployed["precision"],
            "f1": deployed["f1"],
        },
        copy=False,  # each column its own block: no copy of a million-row curve (nothing here is written to)
    )


def _deployed(tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray, pi: float, keys: list[str], *,
              totals: tuple[int, int] | None = None) -> dict:
    """``metric_zoo(counts_at_prevalence(Counts(tn, fp, fn, tp), pi), keys=keys)`` for long int64 arrays.

    Checked once here (whole counts >= 0, both classes in every entry), then
    the unchecked path of :mod:`helpers.counts`: the same numbers, without
    validating every array again at each step. Anything the check refuses
    goes through the public functions, which raise their own messages.
    ``totals = (P, N)``: the caller built ``fn = P - tp`` and ``tn = N - fp``
    (every entry counts the same rows), so ``tp + fn == P`` and ``tn + fp ==
    N`` everywhere (see :func:`_plain_counts`).
    """
    if _plain_counts(tn, fp, fn, tp, totals):
        exact = _float_totals(totals)
        unused = exact is not None and set(keys) <= _NO_TN  # then TN is not looked at: not converted
        return _zoo_at_prevalence(None if unused else tn.astype(float), fp.astype(float), fn.astype(float),
                                  tp.astype(float), pi, keys, totals=exact)
    return metric_zoo(counts_at_prevalence(Counts(tn=tn, fp=fp, fn=fn, tp=tp), pi), keys=keys)


def _weighted(tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray, pi: float, *,
              totals: tuple[int, int] | None = None) -> WeightedCounts:
    """``counts_at_prevalence(Counts(tn, fp, fn, tp), pi)`` for long int64 arrays, checked once (as ``_deployed``)."""
    if _plain_counts(tn, fp, fn, tp, totals):
        return _at_prevalence_unchecked(tn.astype(float), fp.astype(float), fn.astype(float), tp.astype(float), pi,
                                        totals=_float_totals(totals))
    return counts_at_prevalence(Counts(tn=tn, fp=fp, fn=fn, tp=tp), pi)


def _plain_counts(tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray,
                  totals: tuple[int, int] | None = None) -> bool:
    """Integer arrays of one shape, not empty, counts >= 0, both classes in every entry: nothing to check later.

    With ``totals = (P, N)`` the caller guarantees ``tp + fn == P`` and
    ``tn + fp == N`` in every entry (it computed ``fn = P - tp``, ``tn = N - fp``:
    exact in int64), so both classes are there when ``P > 0`` and ``N > 0``.
    """
    arrays = (tn, fp, fn, tp)
    if not all(isinstance(a, np.ndarray) and a.dtype.kind in "iu" and a.shape == tp.shape for a in arrays):
        return False
    if not (tp.size and min(a.min() for a in arrays) >= 0):
        return False
    if totals is not None:
        return bool(totals[0] > 0 and totals[1] > 0)
    return bool((tp + fn).min() > 0 and (tn + fp).min() > 0)


def _float_totals(totals: tuple[int, int] | None) -> tuple[float, float] | None:
    """``(P, N)`` as floats when ``tp + fn`` and ``tn + fp`` are exactly ``P`` and ``N`` in float64 too.

    Whole counts >= 0 that add up to less than ``2**53`` are exact in float64,
    and so is their sum: then the weight computed once from ``(P, N)`` is the
    weight computed per entry, bit for bit. Otherwise ``None`` (per entry).
    """
    if totals is None or int(totals[0]) + int(totals[1]) >= 2**53:
        return None
    return float(totals[0]), float(totals[1])


def best_f1_threshold(table: pd.DataFrame) -> tuple[float, float]:
    """``(threshold, f1)`` of the row of a :func:`deployment_table` with the highest F1.

    "Predicted positive" means ``score >= threshold``. Among equal F1 values
    the highest threshold (the first row) wins. Raises ``ValueError`` when
    ``table`` lacks the columns ``threshold`` and ``f1`` or has no F1 at all.
    """
    missing = [c for c in ("threshold", "f1") if c not in getattr(table, "columns", ())]
    if missing:
        raise ValueError(
            "table must be a deployment_table (a DataFrame with columns threshold and f1); "
            f"missing {', '.join(missing)}"
        )
    f1 = table["f1"].to_numpy(dtype=float)
    if not np.any(~np.isnan(f1)):
        raise ValueError("table has no F1 value (its f1 column is empty or all nan)")
    best = int(np.nanargmax(f1))
    return float(table["threshold"].iloc[best]), float(f1[best])


@takes_counts()
def deployment_metrics(
    counts: Counts | None = None,
    *,
    deploy_prevalence: float,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> dict[str, float]:
    """The metric zoo at the deployment prevalence ``pi``, same keys as :func:`helpers.metric_zoo`.

    TPR, FPR, TNR and FNR come from the counts and do not move (nor do
    balanced accuracy, LR+, LR- and DOR, built from them only: the keys of
    :data:`helpers.counts.PREVALENCE_FREE`, taken from ``metric_zoo(counts)``).
    The others are ``metric_zoo`` of the expected counts at deployment, the
    file's negatives weighted by ``w = negative_weight(P, N, pi)``
    (``counts_at_prevalence(counts, pi)`` = TP, FN, w FP, w TN, the single
    definition); by Bayes' rule::

        precision = TP / (TP + w FP) = TPR pi / (TPR pi + FPR (1 - pi))     fdr = 1 - precision
        npv       = w TN / (w TN + FN) = TNR (1 - pi) / (TNR (1 - pi) + FNR pi)    for = 1 - npv
        accuracy  = TPR pi + TNR (1 - pi)
        f1        = 2 TP / (2 TP + w FP + FN)
        mcc       = MCC of (TP, FN, w FP, w TN)

    and ``prevalence`` is ``pi`` itself. Undefined values (nobody predicted
    positive, say) are ``nan``. ``counts`` is a :class:`~helpers.Counts` (or
    a :class:`~helpers.counts.WeightedCounts`), or leave it out and give the
    four counts as keywords ``tp=, fn=, fp=, tn=`` (never by position).
    """
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    weighted = isinstance(counts, WeightedCounts)
    c, _ = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="deployment_metrics", whole=not weighted)
    c = WeightedCounts(*c) if weighted else c
    out = metric_zoo(counts_at_prevalence(c, pi))
    zoo = metric_zoo(c)
    out.update({key: zoo[key] for key in PREVALENCE_FREE})
    out["prevalence"] = pi
    return out


def thin_indices(n: int, max_points: int = 2000) -> np.ndarray:
    """At most ``max_points`` indices of ``range(n)``, evenly spread, first and last included.

    For plotting a curve of millions of points: the picture is the same and
    the figure stays small. All indices when ``n <= max_points``.
    """
    if n < 0 or max_points < 2:
        raise ValueError("n must be >= 0 and max_points >= 2")
    if n <= max_points:
        return np.arange(n)
    return np.unique(np.linspace(0, n - 1, max_points).round().astype(np.int64))


# --------------------------------------------------------------------------- counted once


@dataclass(frozen=True, eq=False)
class ScoredRows:
    """One model's labelled scores counted once: the score-count table, and the rows to count a subset of them.

    Made by :func:`scored_rows`. ``table`` has one row per distinct score,
    highest first, with columns ``score, n_pos, n_neg`` (the positives and
    negatives at exactly that score: the table of
    :func:`helpers.report.count.count_scores`). ``score`` and ``is_pos`` are
    the rows' scores and labels (a private copy), so that a subset of the
    rows (one half of a split) is counted on the same table rows by
    :meth:`counts_of`, and the other half from it by subtraction.
    """

    table: pd.DataFrame
    score: np.ndarray
    is_pos: np.ndarray
    _cache: dict = field(default_factory=dict, repr=False)

    @property
    def row_index(self) -> np.ndarray:
        """Each row's table row: ``table.score[row_index[i]]`` is row ``i``'s score (one ``argsort``, kept)."""
        if "row_index" not in self._cache:
            order = np.argsort(self.score)
            run = np.empty(order.size, dtype=np.int64)  # run[k]: the ascending run number of the k-th sorted row
            run[0] = 0
            ranked = self.score[order]
            np.not_equal(ranked[1:], ranked[:-1], out=run[1:], casting="unsafe")
            del ranked
            np.cumsum(run, out=run)
            row_index = np.empty(order.size, dtype=np.int64)
            row_index[order] = (len(self.table) - 1) - run  # highest score first
            self._cache["row_index"] = row_index
        return self._cache["row_index"]

    def counts_of(self, rows) -> pd.DataFrame:
        """The score-count table of the rows where the boolean mask ``rows`` is True (same scores, zeros kept).

        ``n_pos[j] = #{i : rows[i], y_i = 1, score_i = s_j}``, and ``n_neg``
        likewise: the scores of those rows sorted and tallied against the
        table's. The complement of a mask counted before is its table minus
        that one's counts, with no pass over the rows.
        """
        mask = np.asarray(rows)
        if mask.dtype != bool or mask.shape != self.score.shape:
            raise ValueError(f"rows must be a boolean mask with one entry per row ({self.score.size})")
        key = _mask_key(mask)
        if key not in self._cache:
            if mask.all():
                return self.table
            other = self._cache.get(_mask_key(~mask))
            if other is not None:  # the other half: everything minus that half
                pos = self.table["n_pos"].to_numpy() - other["n_pos"].to_numpy()
                neg = self.table["n_neg"].to_numpy() - other["n_neg"].to_numpy()
            else:
                ascending = self.table["score"].to_numpy()[::-1]
                pos = _tally(ascending, self.score[mask & self.is_pos])[::-1]
                neg = _tally(ascending, self.score[mask > self.is_pos])[::-1]  # mask > is_pos: in rows, negative
            self._cache[key] = pd.DataFrame({"score": self.table["score"].to_numpy(), "n_pos": pos, "n_neg": neg},
                                            copy=False)
        return self._cache[key]

    def counted(self, rows) -> _Counted:
        """The arrays a rule needs from :meth:`counts_of` ``(rows)``, derived once per table (private)."""
        table = self.counts_of(rows)
        key = ("counted", id(table))
        if key not in self._cache:
            self._cache[key] = _Counted(table)
        return self._cache[key]

    def roc(self, rows=None) -> pd.DataFrame:
        """The :func:`helpers.roc_table` of all the rows (or of those where the mask ``rows`` is True), from the counts.

        Same columns and numbers as ``roc_table(y_true[rows], y_score[rows])``:
        table rows that hold none of these rows are left out, then
        ``tp, fp`` are the running sums of ``n_pos, n_neg``.
        """
        table = self.table if rows is None else self.counts_of(rows)
        key = ("roc", id(table))
        if key not in self._cache:
            self._cache[key] = _roc_from_counts(table)
        return self._cache[key]


def _mask_key(mask: np.ndarray) -> bytes:
    return hashlib.blake2b(np.packbits(mask).tobytes(), digest_size=16).digest()


def _runs(ranked: np.ndarray) -> np.ndarray:
    """Where each run of equal values begins in the sorted, non-empty array ``ranked``."""
    new_run = np.empty(ranked.size, dtype=bool)
    new_run[0] = True
    np.not_equal(ranked[1:], ranked[:-1], out=new_run[1:])
    return np.flatnonzero(new_run)


def _tally(distinct: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``n[j] = #{i : values_i = distinct_j}`` for ``distinct`` ascending and holding every one of ``values``.

    One sort of ``values``: each run of equal values is found in
    ``distinct`` by bisection (``-0.0`` finds ``0.0``).
    """
    n = np.zeros(distinct.size, dtype=np.int64)
    if values.size:
        ranked = np.sort(values)
        starts = _runs(ranked)
        n[np.searchsorted(distinct, ranked[starts])] = np.diff(starts, append=ranked.size)
    return n


def scored_rows(y_true, y_score) -> ScoredRows:
    """Count one model's labelled scores once, keeping the rows: a :class:`ScoredRows`.

    One sort of the scores (``numpy.sort``) gives the distinct scores
    ``s_1 > s_2 > ... > s_m`` as runs of equal values, and how many rows
    each holds; one sort of the positives' scores counts them::

        n_pos[j] = #{i : y_i = 1, score_i = s_j}     n_neg[j] = #{i : score_i = s_j} - n_pos[j]

    ``y_true`` holds 0/1 (or booleans), ``y_score`` finite numbers. The
    table equals :func:`helpers.report.count.count_scores` (``-0.0`` counts as
    ``0.0``); the rows kept with it let a split of the rows be counted, and
    DeLong's per-row placements of several models be found, on the same
    table.
    """
    score = check_scores(y_score)
    labels = np.asarray(y_true)
    check_same_length(labels, score, "y_true", "y_score")
    is_pos = check_binary_labels(labels)
    if score.size == 0:
        raise ValueError("y_score is empty")
    score = np.array(score, dtype=np.float64)  # a copy: the counts must not change with the caller's array
    ranked = np.sort(score)
    starts = _runs(ranked)
    distinct = ranked[starts] + 0.0  # ascending; -0.0 becomes 0.0
    del ranked
    n_all = np.diff(starts, append=score.size)
    n_pos = _tally(distinct, score[is_pos])
    n_all -= n_pos
    table = pd.DataFrame({"score": distinct[::-1], "n_pos": n_pos[::-1], "n_neg": n_all[::-1]}, copy=False)
    return ScoredRows(table=table, score=score, is_pos=np.array(is_pos, dtype=bool))


def _scored(y_true, y_score) -> ScoredRows:
    return y_score if isinstance(y_score, ScoredRows) else scored_rows(y_true, y_score)


def _present(table: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``score, n_pos, n_neg`` of the rows of a score-count table that hold at least one row of data."""
    score = table["score"].to_numpy()
    n_pos = table["n_pos"].to_numpy(dtype=np.int64)
    n_neg = table["n_neg"].to_numpy(dtype=np.int64)
    keep = (n_pos + n_neg) > 0
    if keep.all():
        return score, n_pos, n_neg
    return score[keep], n_pos[keep], n_neg[keep]


def _roc_from_counts(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`helpers.roc_table`'s frame from a score-count table (rows without data dropped)."""
    score, n_pos, n_neg = _present(table)
    return roc_from_score_counts(pd.DataFrame({"score": score, "n_pos": n_pos, "n_neg": n_neg}, copy=False))


def _both_classes(n_pos: np.ndarray, n_neg: np.ndarray) -> None:
    if not (n_pos.sum() > 0 and n_neg.sum() > 0):
        raise ValueError("y_true must hold both classes (at least one 1 and one 0)")


class _Counted:
    """A checked score-count table's arrays, each derived once when first needed (for several rules in a row).

    ``present``: ``score, n_pos, n_neg`` of the rows that hold data, and
    their running sums ``tp, fp`` (where a rule chooses); ``columns`` and
    ``totals``: every row's counts and their sums (where counts at a
    threshold are read, by summing the rows above it: no running sums kept).
    A :class:`ScoredRows` keeps one per table it counted, so the
    notebook's many rule tables on the same half derive them once.
    """

    def __init__(self, table: pd.DataFrame) -> None:
        self.table = table

    @cached_property
    def present(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        score, n_pos, n_neg = _present(self.table)
        _both_classes(n_pos, n_neg)
        return score, n_pos, n_neg, np.cumsum(n_pos), np.cumsum(n_neg)

    @cached_property
    def cost_rows(self) -> Counts:
        """The counts at ``+inf`` (nobody flagged) and at every score of :attr:`present`, where costs are compared."""
        _, _, _, tp, fp = self.present
        big_p, big_n = int(tp[-1]), int(fp[-1])
        return Counts(tn=np.r_[big_n, big_n - fp], fp=np.r_[0, fp], fn=np.r_[big_p, big_p - tp], tp=np.r_[0, tp])

    @cached_property
    def columns(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``score, n_pos, n_neg`` over every row (int64 counts), where counts at a threshold are read."""
        n_pos, n_neg = (self.table[c].to_numpy(dtype=np.int64) for c in ("n_pos", "n_neg"))
        return self.table["score"].to_numpy(), n_pos, n_neg

    @cached_property
    def totals(self) -> tuple[int, int]:
        """``P, N``: the positives and negatives the table counts."""
        _, n_pos, n_neg = self.columns
        return int(n_pos.sum()), int(n_neg.sum())


def _choose_from_counts(table: pd.DataFrame | _Counted, rule: ThresholdRule, pi: float) -> float:
    """:func:`helpers.threshold_choice.choose_threshold` on the rows a score-count table counts."""
    if rule.kind == "fixed":
        return float(rule.threshold)
    counted = table if isinstance(table, _Counted) else _Counted(table)
    score, _, _, tp, fp = counted.present
    big_p, big_n = int(tp[-1]), int(fp[-1])
    if rule.kind == "recall":  # the k-th highest positive score (recall_target_threshold)
        k = _rule_k(rule, big_p)
        return float(score[int(np.searchsorted(tp, k, side="left"))])
    if rule.kind == "cost":  # cost_threshold: +inf and every distinct score, ties to the highest
        priced = cost_table(_weighted(*counted.cost_rows, pi, totals=(big_p, big_n)), cost_fp=rule.cost_fp,
                            cost_fn=rule.cost_fn)
        row = cheapest_row(priced)
        return float(np.inf if row == 0 else score[row - 1])
    # f1: f1_best_threshold with the negatives weighted to pi; the first maximum is the highest threshold
    f1 = _deployed(big_n - fp, fp, big_p - tp, tp, pi, ["f1"], totals=(big_p, big_n))["f1"]
    return float(score[int(np.argmax(f1))])


def _rule_k(rule: ThresholdRule, big_p: int) -> int:
    """How many of the ``P`` positives a recall rule flags: ``ceil(r P)``, or with ``recall_confidence`` ``c`` the
    fewest ``k`` that meet the target ``r`` with probability ``c`` on new cases: ``P(Beta(k, P - k + 1) >= r) >= c``,
    i.e. the one-sided lower Clopper–Pearson limit ``B^-1(1 - c; k, P - k + 1) >= r``
    (:func:`helpers.threshold_choice.recall_target_threshold`)."""
    if rule.recall_confidence is None:
        return max(1, math.ceil(round(rule.at_recall * big_p, 9)))
    from scipy.stats import beta

    def low(k: int) -> float:  # increases with k: the smallest k reaching the target by bisection
        return float(beta.ppf(1 - rule.recall_confidence, k, big_p - k + 1))

    if low(big_p) < rule.at_recall:
        raise ValueError(
            f"recall {rule.at_recall:g} cannot be shown at confidence {rule.recall_confidence:g} with "
            f"{big_p} positive{'' if big_p == 1 else 's'}: even all of them give a lower limit of "
            f"{low(big_p):.3g}; lower the confidence or the target"
        )
    below, k = 0, big_p  # low(below) < target <= low(k)
    while k - below > 1:
        middle = (below + k) // 2
        below, k = (below, middle) if low(middle) >= rule.at_recall else (middle, k)
    return k


def _counts_from_table(table: pd.DataFrame | _Counted, threshold: float) -> Counts:
    """The confusion counts at ``score >= threshold`` of the rows a score-count table counts."""
    counted = table if isinstance(table, _Counted) else _Counted(table)
    score, n_pos, n_neg = counted.columns
    k = _at_or_above(score, threshold)  # scores are descending: rows 0..k-1 flagged
    tp, fp = int(n_pos[:k].sum()), int(n_neg[:k].sum())  # whole numbers: any order of adding gives the same
    big_p, big_n = counted.totals
    return Counts(tn=big_n - fp, fp=fp, fn=big_p - tp, tp=tp)


def _at_or_above(score: np.ndarray, threshold: float) -> int:
    """``#{j : score_j >= threshold}`` for distinct scores in decreasing order: a bisection, no array made.

    The same count as ``searchsorted(-score, -threshold, side="right")``.
    """
    t = float(threshold)
    if math.isnan(t):
        return int(np.searchsorted(-score, -t, side="right"))
    lo, hi = 0, score.size
    while lo < hi:  # score[:lo] >= t > score[hi:]
        mid = (lo + hi) // 2
        if score[mid] >= t:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _placement_values(table: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's placements per table row: ``V10`` of a positive and ``V01`` of a negative with that score.

    ``V10 = (negatives below + n_neg / 2) / N``, ``V01 = (positives above + n_pos / 2) / P``.
    """
    return _placements(table["n_pos"].to_numpy(dtype=float), table["n_neg"].to_numpy(dtype=float))


def _placements(n_pos: np.ndarray, n_neg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_placement_values` from the float counts: the same operations in the same order, in place."""
    big_p, big_n = n_pos.sum(), n_neg.sum()
    half = np.multiply(n_neg, 0.5)
    v10 = np.cumsum(n_neg)  # negatives at or above
    np.subtract(big_n, v10, out=v10)
    v10 += half
    v10 /= big_n
    np.multiply(n_pos, 0.5, out=half)
    v01 = np.cumsum(n_pos)  # positives at or above
    v01 -= half
    v01 /= big_p
    return v10, v01


def _delong_from_counts(table: pd.DataFrame, confidence: float) -> tuple[float, float, float]:
    """:func:`helpers.delong.delong_auc_interval` from a score-count table (placements weighted by the counts)."""
    n_pos = table["n_pos"].to_numpy(dtype=float)
    n_neg = table["n_neg"].to_numpy(dtype=float)
    _both_classes(n_pos, n_neg)
    big_p, big_n = n_pos.sum(), n_neg.sum()
    v10, v01 = _placements(n_pos, n_neg)
    auc = float(np.dot(n_pos, v10) / big_p)
    for v in (v10, v01):  # (v - auc) ** 2, in place
        v -= auc
        np.square(v, out=v)
    s10 = float(np.dot(n_pos, v10) / (big_p - 1)) if big_p > 1 else 0.0
    s01 = float(np.dot(n_neg, v01) / (big_n - 1)) if big_n > 1 else 0.0
    se = math.sqrt(max(s10 / big_p + s01 / big_n, 0.0))
    z = float(norm.ppf((1 + confidence) / 2))
    return auc, max(0.0, auc - z * se), min(1.0, auc + z * se)


# --------------------------------------------------------------------------- from the score-count table alone


def _half(counts: np.ndarray, gen: np.random.Generator, exact_limit: int) -> np.ndarray:
    """How many of each cell's ``counts`` units fall in a random half of all units."""
    cells = np.flatnonzero(counts)
    out = np.zeros(counts.size, dtype=np.int64)
    if cells.size <= exact_limit:  # exactly half of the units, every subset of that size equally likely
        out[cells] = gen.multivariate_hypergeometric(counts[cells].astype(np.int64), int(counts.sum()) // 2,
                                                     method="marginals")
    else:  # each unit in the half with probability 1/2, independently
        out[cells] = gen.binomial(counts[cells], 0.5)
    return out


def split_counts(table: pd.DataFrame, *, rng=0, exact_limit: int = 10**6) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A random stratified split of the counted rows into two halves, drawn from a score-count table alone.

    The rows that share a score and a class are exchangeable, so a random
    half of the rows is a random half of the units each cell counts. Of the
    ``P`` positives exactly ``P // 2`` go to the first half, every subset of
    that size equally likely (as :func:`helpers.threshold_choice.stratified_halves`
    takes them from rows), drawn cell by cell from the multivariate
    hypergeometric distribution::

        (a_1, ..., a_m) ~ MultivariateHypergeometric(colors = n_pos, nsample = P // 2)
        first half: n_pos = a,   second half: n_pos - a

    and the same for the negatives. When a class fills more than
    ``exact_limit`` cells (10**6: the exact draw costs about a microsecond
    per cell), each of its rows goes to the first half with probability 1/2
    instead, ``a_j ~ Binomial(n_j, 1/2)``: with that many rows the half
    differs from an exact half by about ``sqrt(n) / 2`` rows. ``rng`` is an
    int seed, ``None`` or a ``numpy.random.Generator``. Returns the two
    score-count tables (same scores as ``table``, zeros kept).
    """
    table = _count_table(table, "table")
    gen = as_generator(rng)
    limit = check_count(exact_limit, "exact_limit")
    n_pos = table["n_pos"].to_numpy(dtype=np.int64)
    n_neg = table["n_neg"].to_numpy(dtype=np.int64)
    pos, neg = _half(n_pos, gen, limit), _half(n_neg, gen, limit)
    score = table["score"].to_numpy()
    return (pd.DataFrame({"score": score, "n_pos": pos, "n_neg": neg}, copy=False),
            pd.DataFrame({"score": score, "n_pos": n_pos - pos, "n_neg": n_neg - neg}, copy=False))


def counts_rule_table(choices, *, choose: pd.DataFrame, count: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """:func:`rule_table` from score-count tables: each rule chosen on the rows ``choose`` counts, judged on ``count``.

    ``choose`` and ``count`` are score-count tables (``score, n_pos, n_neg``,
    highest score first, e.g. the two halves of :func:`split_counts`). Each
    ``(rule, pi)`` of ``choices`` picks its threshold ``t`` on ``choose``
    exactly as :func:`helpers.threshold_choice.choose_threshold` does on the
    rows (a recall target: the ``k``-th highest positive score, ``k =
    ceil(r P)``; costs: the lowest ``cost_fp (1 - pi) FPR + cost_fn pi (1 -
    TPR)``, ties to the highest threshold; F1 at ``pi``), and ``count`` gives
    the counts at ``score >= t``::

        TP = sum of n_pos over scores >= t,   FP = sum of n_neg over scores >= t

    then the columns of :func:`rule_table` (recall with its Clopper–Pearson
    interval, precision at ``pi`` with :func:`helpers.precision_interval`,
    ``flagged_per_1000``).
    """
    choose = _count_table(choose, "choose")
    count = _count_table(count, "count")
    conf = check_probability_open(confidence, "confidence")
    return _rule_rows(choices, _Counted(choose), _Counted(count), conf)


def _rule_rows(choices, choose: _Counted, count: _Counted, conf: float) -> pd.DataFrame:
    """The rows of :func:`counts_rule_table` from checked tables (``conf`` checked too)."""
    rows = []
    for rule, pi in choices:
        if not isinstance(rule, ThresholdRule):
            raise ValueError(f"choices must hold (rule, prevalence) pairs, got a rule {rule!r:.40}")
        pi = check_probability_open(pi, "prevalence")
        t = _choose_from_counts(choose, rule, pi)
        c = _counts_from_table(count, t)
        d = deployment_metrics(c, deploy_prevalence=pi)
        low, high = precision_interval(c, deploy_prevalence=pi, confidence=conf)
        recall_low, recall_high = clopper_pearson_interval(c.tp, c.tp + c.fn, confidence=conf)
        flagged = pi * d["recall"] + (1 - pi) * d["fpr"]
        rows.append({
            "rule": rule.describe(), "prevalence": pi, "threshold": t, "tp": c.tp, "fn": c.fn, "fp": c.fp,
            "tn": c.tn, "recall": d["recall"], "recall_low": recall_low, "recall_high": recall_high,
            "fpr": d["fpr"], "precision": d["precision"], "low": low, "high": high,
            "flagged_per_1000": 1000 * flagged,
        })
    return pd.DataFrame(rows)


def counts_auc_interval(table: pd.DataFrame, *, confidence: float = 0.95) -> tuple[float, float, float]:
    """ROC AUC and DeLong's interval from a score-count table alone: ``(auc, low, high)``.

    A positive's placement depends only on its score, so each table row
    ``j`` gives the placement of all its positives and of all its negatives::

        V10_j = (negatives below s_j + n_neg_j / 2) / N     V01_j = (positives above s_j + n_pos_j / 2) / P
        AUC   = sum_j n_pos_j V10_j / P
        S10   = sum_j n_pos_j (V10_j - AUC)^2 / (P - 1),   S01 = sum_j n_neg_j (V01_j - AUC)^2 / (N - 1)
        low, high = AUC -/+ z sqrt(S10 / P + S01 / N),     z = Phi^-1((1 + confidence) / 2), clipped to [0, 1]

    the same numbers as :func:`helpers.delong.delong_auc_interval` on the rows.
    """
    table = _count_table(table, "table")
    return _delong_from_counts(table, check_probability_open(confidence, "confidence"))


def rule_table(
    y_true,
    y_score,
    choices,
    *,
    choose_rows,
    count_rows,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Each threshold rule chosen on some rows and counted on others, at its deployment prevalence.

    ``choices`` is a sequence of ``(rule, prevalence)`` pairs (a
    :func:`helpers.threshold_choice.threshold_rule` and the deployment
    prevalence ``pi`` it is chosen and judged at). ``choose_rows`` and
    ``count_rows`` are boolean masks of the rows: the threshold is chosen on
    the first (:func:`helpers.threshold_choice.choose_threshold`) and the
    confusion counts are taken on the second. A threshold fixed in advance
    looks at no row. With ``P, N`` the counted positives and negatives::

        recall    = TP / P,   fpr = FP / N
        precision = pi TPR / (pi TPR + (1 - pi) FPR)       (at deployment)
        flagged_per_1000 = 1000 (pi TPR + (1 - pi) FPR)   (cases flagged per 1000 at deployment)

    and ``low, high`` the :func:`helpers.precision_interval` at ``pi``,
    ``recall_low, recall_high`` the Clopper–Pearson interval of ``TP / P``
    (:func:`helpers.intervals.clopper_pearson_interval`), both at
    ``confidence``. Those intervals assume the threshold fixed before the
    counted rows were seen: true when ``choose_rows`` and ``count_rows`` do
    not overlap or the rule is fixed, optimistic otherwise (a recall target
    is met exactly on the rows that chose it). Columns ``rule, prevalence,
    threshold, tp, fn, fp, tn, recall, recall_low, recall_high, fpr,
    precision, low, high, flagged_per_1000``. ``y_score`` may be a
    :class:`ScoredRows` of these rows (:func:`scored_rows`): then nothing is
    sorted again, the rows of each mask are counted on its table.
    """
    scored = _scored(y_true, y_score)
    masks = []
    for name, mask in (("choose_rows", choose_rows), ("count_rows", count_rows)):
        mask = np.asarray(mask)
        if mask.dtype != bool or mask.shape != scored.score.shape:
            raise ValueError(f"{name} must be a boolean mask with one entry per row of y_true ({scored.score.size})")
        masks.append(mask)
    conf = check_probability_open(confidence, "confidence")
    choose_table, count_table = (scored.counted(mask) for mask in masks)  # built here: no need to check them
    return _rule_rows(choices, choose_table, count_table, conf)


@takes_counts()
def real_in_batch_interval(
    counts: Counts | None = None,
    *,
    deploy_prevalence: float,
    batch: int = 1000,
    confidence: float = 0.95,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
):
    """How many real cases one batch of ``batch`` flagged cases at deployment holds: a prediction interval.

    :func:`helpers.precision_interval` is an interval for the population
    precision ``PPV`` at the deployment prevalence ``pi``: the precision of
    the expected counts, the share of real cases among all flagged ones in the
    long run (not the average of the precisions of single batches). One real
    batch of ``n = batch`` flagged cases holds ``X ~ Binomial(n, PPV)`` real ones, so its
    count varies around ``n PPV`` even when ``PPV`` is known, and ``PPV`` is
    only estimated. The two sources are combined as independent errors,
    side by side, by the MOVER for a sum (Zou & Donner 2008, *Stat Med*
    27:1693)::

        p = PPV at pi (from the counts),   (L, U) = precision_interval(counts, pi, confidence)
        b_low, b_high = the (1 - confidence) / 2 and (1 + confidence) / 2 quantiles of Binomial(n, p)
        low  = floor(n p - sqrt((n (p - L))^2 + (n p - b_low)^2))
        high = ceil(n p + sqrt((n (U - p))^2 + (b_high - n p)^2))

    clipped to ``[0, n]``. The range holds the count of one batch with
    probability about ``confidence`` (``tests/test_own_predictions.py``
    checks it by simulation); it is always wider than ``(n L, n U)``. When
    nobody is flagged among the counted rows (TP = FP = 0) nothing is known
    and the range is ``(0, n)``. ``counts`` is a :class:`~helpers.Counts`,
    or the four counts as keywords ``tp=, fn=, fp=, tn=``; cells may be
    arrays (one study per entry). Returns ``(low, high)``.

    >>> real_in_batch_interval(tp=110, fn=40, fp=1454, tn=8396, deploy_prevalence=0.01)
    (33.0, 62.0)
    """
    c, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="real_in_batch_interval")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    n = check_count(batch, "batch")
    if n < 1:
        raise ValueError(f"batch must be at least 1 (flagged cases in one batch), got {batch!r}")
    conf = check_probability_open(confidence, "confidence")
    tp_, fn_, fp_, tn_ = (np.asarray(v, dtype=float) for v in (c.tp, c.fn, c.fp, c.tn))
    low_p, high_p = precision_interval(tp=tp_, fn=fn_, fp=fp_, tn=tn_, deploy_prevalence=pi, confidence=conf)
    with np.errstate(divide="ignore", invalid="ignore"):
        tpr, fpr = tp_ / (tp_ + fn_), fp_ / (fp_ + tn_)
        p = pi * tpr / (pi * tpr + (1 - pi) * fpr)  # Bayes' rule; nan when TP = FP = 0
    nobody = np.isnan(p)
    p = np.where(nobody, 0.5, p)
    alpha = 1 - conf
    b_low, b_high = binom.ppf(alpha / 2, n, p), binom.ppf(1 - alpha / 2, n, p)
    low = n * p - np.hypot(n * (p - np.asarray(low_p)), n * p - b_low)
    high = n * p + np.hypot(n * (np.asarray(high_p) - p), b_high - n * p)
    low = np.where(nobody, 0.0, np.clip(np.floor(low + 1e-9), 0, n))
    high = np.where(nobody, float(n), np.clip(np.ceil(high - 1e-9), 0, n))
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def _score_columns(scores: object) -> dict[str, np.ndarray | ScoredRows]:
    if not isinstance(scores, Mapping) or not scores:
        raise ValueError(f"scores must be a non-empty mapping of model name -> scores, got {type(scores).__name__}")
    return {str(name): s if isinstance(s, ScoredRows) else np.asarray(s) for name, s in scores.items()}


def model_table(
    y_true,
    scores: Mapping[str, object],
    rule: ThresholdRule | None,
    *,
    deploy_prevalence: float,
    choose_rows,
    count_rows,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Several models side by side: each one's ROC AUC with its interval, and its numbers at its own threshold.

    ``scores`` maps a model's name to its scores on the rows of ``y_true``.
    Per model (one row, indexed by name)::

        auc, auc_low, auc_high = delong_auc_interval(y_true, scores[model], confidence)   (all rows)

    and, when ``rule`` is a :func:`helpers.threshold_choice.threshold_rule`,
    the columns of :func:`rule_table` for that model: its threshold chosen by
    the rule on ``choose_rows`` at the deployment prevalence ``pi``, and
    counted on ``count_rows`` (``recall = TP / P`` with its Clopper–Pearson
    interval, ``precision = pi TPR / (pi TPR + (1 - pi) FPR)`` with
    :func:`helpers.precision_interval`, ``flagged_per_1000``). Each model
    gets the threshold *it* needs to meet the rule. With ``rule=None`` only
    the AUC columns. The AUC uses every row: it involves no threshold, so
    there is nothing to choose. The scores may be :class:`ScoredRows`
    (:func:`scored_rows`), counted once; DeLong's placements come from the
    score-count table, weighted by its counts.
    """
    columns = _score_columns(scores)
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    conf = check_probability_open(confidence, "confidence")
    rows = []
    for name, s in columns.items():
        scored = _scored(y_true, s)
        auc, low, high = _delong_from_counts(scored.table, conf)
        row = {"model": name, "auc": auc, "auc_low": low, "auc_high": high}
        if rule is not None:
            at = rule_table(y_true, scored, [(rule, pi)], choose_rows=choose_rows, count_rows=count_rows,
                            confidence=confidence).iloc[0]
            row.update(at.drop(["rule", "prevalence"]).to_dict())
        rows.append(row)
    return pd.DataFrame(rows).set_index("model")


def auc_differences(y_true, scores: Mapping[str, object], *, confidence: float = 0.95) -> pd.DataFrame:
    """Every model's ROC AUC against the first model's, paired on the same rows (DeLong).

    One row per model after the first in ``scores`` (name -> scores), with
    ``difference = AUC_first - AUC_model``, its interval ``low, high`` and
    the two-sided ``p_value`` of :func:`helpers.delong.delong_auc_difference`::

        Var(difference) = Var(AUC_first) + Var(AUC_model) - 2 Cov(AUC_first, AUC_model)

    Positive = the first model ranks better. Empty when there is one model.
    Each row's placements are read from its model's score-count table
    (scores given as :class:`ScoredRows` are not sorted again), the same
    numbers as :func:`helpers.delong.delong_auc_difference`'s mid-ranks.
    """
    columns = _score_columns(scores)
    conf = check_probability_open(confidence, "confidence")
    names = list(columns)
    if len(names) < 2:
        rows = []
    else:
        counted = {name: _scored(y_true, s) for name, s in columns.items()}
        first = counted[names[0]]
        for scored in counted.values():
            if scored.is_pos.shape != first.is_pos.shape or not np.array_equal(scored.is_pos, first.is_pos):
                raise ValueError("scores must all be scored on the rows of y_true")
        _both_classes(first.is_pos, ~first.is_pos)
        is_pos = first.is_pos
        v10, v01, aucs = [], [], []
        for scored in counted.values():  # each row's placement, gathered from its table row: no sort
            table_v10, table_v01 = _placement_values(scored.table)
            v10.append(table_v10[scored.row_index[is_pos]])
            v01.append(table_v01[scored.row_index[~is_pos]])
            aucs.append(float(v10[-1].mean()))
        rows = []
        z = float(norm.ppf((1 + conf) / 2))
        for k, name in enumerate(names[1:], start=1):
            pair10, pair01 = np.vstack([v10[0], v10[k]]), np.vstack([v01[0], v01[k]])
            s10 = np.cov(pair10) if pair10.shape[1] > 1 else np.zeros((2, 2))
            s01 = np.cov(pair01) if pair01.shape[1] > 1 else np.zeros((2, 2))
            cov = s10 / pair10.shape[1] + s01 / pair01.shape[1]
            se = math.sqrt(max(float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]), 0.0))
            diff = aucs[0] - aucs[k]
            p = 1.0 if se == 0 else float(2 * norm.sf(abs(diff) / se))
            rows.append({"comparison": f"{names[0]} - {name}", "difference": diff, "low": diff - z * se,
                         "high": diff + z * se, "p_value": p})
    return pd.DataFrame(rows, columns=["comparison", "difference", "low", "high", "p_value"]).set_index("comparison")


def threshold_table(y_true, scores: Mapping[str, object], *, deploy_prevalence: float) -> pd.DataFrame:
    """Every model's every threshold at the deployment prevalence, one table (the report's ``--table``).

    One row per model and distinct score (highest first), counted on every
    row from one :func:`helpers.roc_table` per model. With ``P``
    positives, ``N`` negatives, ``TP, FP`` at ``score >= threshold`` and the
    deployment prevalence ``pi``::

        recall = TP / P,   fpr = FP / N
        precision = pi recall / (pi recall + (1 - pi) fpr)        (at deployment; nan when TP = FP = 0)
        f1 = 2 precision recall / (precision + recall)            (at deployment)
        flagged_per_1000 = 1000 (pi recall + (1 - pi) fpr)

    (precision and F1 from :func:`deployment_table`). Columns ``model,
    threshold, tp, fp, recall, fpr, precision, f1, flagged_per_1000``.
    """
    columns = _score_columns(scores)
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    parts = []
    for name, s in columns.items():
        table = deployment_table(_scored(y_true, s).roc(), deploy_prevalence=pi)
        parts.append(pd.DataFrame({
            "model": name, "threshold": table["threshold"], "tp": table["tp"], "fp": table["fp"],
            "recall": table["tpr"], "fpr": table["fpr"], "precision": table["precision"], "f1": table["f1"],
            "flagged_per_1000": 1000 * (pi * table["tpr"] + (1 - pi) * table["fpr"]),
        }, copy=False))
    return pd.concat(parts, ignore_index=True)


def deployment_cost_curve(
    roc: pd.DataFrame, *, cost_fp: float, cost_fn: float, deploy_prevalence: float
) -> pd.DataFrame:
    """:func:`helpers.costs.cost_curve` at the deployment prevalence, from a :func:`helpers.roc_table` (no rows).

    Row ``i`` of ``roc`` (threshold ``t_i``; row 0 is ``+inf``, nobody
    flagged) gives the counts ``TP = tp_i, FP = fp_i, FN = P - TP, TN = N - FP``,
    reweighted to the deployment prevalence ``pi`` by
    :func:`helpers.counts.counts_at_prevalence` and priced by
    :func:`helpers.costs.cost_table`::

        mean_cost(t) = pi cost_fn (1 - TPR(t)) + (1 - pi) cost_fp FPR(t)     (expected cost per case)

    Columns ``threshold, tn, fp, fn, tp, cost, mean_cost``, the same numbers
    as ``cost_curve(y_true, y_score, cost_fp=, cost_fn=, deploy_prevalence=)``
    on the rows the table counts.
    """
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    missing = [c for c in ("threshold", "tp", "fp") if c not in getattr(roc, "columns", ())]
    if missing:
        raise ValueError(f"roc must be a roc_table (a DataFrame with columns threshold, tp, fp); missing "
                         f"{', '.join(missing)}")
    tp = roc["tp"].to_numpy(dtype=np.int64)
    fp = roc["fp"].to_numpy(dtype=np.int64)
    big_p, big_n = int(tp[-1]), int(fp[-1])
    counts = _weighted(big_n - fp, fp, big_p - tp, tp, pi, totals=(big_p, big_n))
    table = pd.DataFrame({"threshold": roc["threshold"].to_numpy(), **counts._asdict()}, copy=False)
    return cost_table(table, cost_fp=cost_fp, cost_fn=cost_fn)
