"""The analyses of notebook 13 ("your own predictions"), vectorised for big files.

Notebook 13 and the HTML report (``python -m helpers.report``) run every
analysis of the course on a practitioner's CSV file of labels and scores. The
pieces that are not already in ``helpers`` live here: where the file is,
the threshold that maximises F1 at the deployment prevalence, the metrics
that change with the prevalence, and thinning a curve of a million points to
a few thousand for plotting. Everything is counted once, by
:func:`helpers.roc_table` (scikit-learn's counting kernel), and derived from
those counts without Python loops, so a file of 10**6 rows takes about a
second. The metrics at the deployment prevalence are those of the weighted
counts of :func:`helpers.counts.counts_at_prevalence`, taken by
:func:`helpers.metric_zoo`: no formula of a metric is written here.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.stats import binom

from ._arguments import Cell, resolve_counts, takes_counts
from ._validate import check_count, check_probability_open
from .counts import PREVALENCE_FREE, Counts, WeightedCounts, counts_at_prevalence, metric_zoo
from .curves import counts_at_threshold
from .delong import delong_auc_difference, delong_auc_interval
from .intervals import clopper_pearson_interval, precision_interval
from .roc import roc_table
from .threshold_choice import ThresholdRule, choose_threshold

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
]

# The notebooks folder of the repository this package is installed from.
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


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
    tp = rows["tp"].to_numpy(dtype=float)
    fp = rows["fp"].to_numpy(dtype=float)
    n_pos, n_neg = tp[-1], fp[-1]
    at_pi = counts_at_prevalence(Counts(tn=n_neg - fp, fp=fp, fn=n_pos - tp, tp=tp), pi)
    deployed = metric_zoo(at_pi, keys=["precision", "f1"])
    return pd.DataFrame(
        {
            "threshold": rows["threshold"].to_numpy(),
            "tp": rows["tp"].to_numpy(),
            "fp": rows["fp"].to_numpy(),
            "tpr": rows["tpr"].to_numpy(),
            "fpr": rows["fpr"].to_numpy(),
            "precision": deployed["precision"],
            "f1": deployed["f1"],
        }
    )


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
    precision, low, high, flagged_per_1000``.
    """
    is_pos = np.asarray(y_true)
    y_score = np.asarray(y_score)
    masks = []
    for name, mask in (("choose_rows", choose_rows), ("count_rows", count_rows)):
        mask = np.asarray(mask)
        if mask.dtype != bool or mask.shape != is_pos.shape:
            raise ValueError(f"{name} must be a boolean mask with one entry per row of y_true ({is_pos.size})")
        masks.append(mask)
    choose, count = masks
    rows = []
    for rule, pi in choices:
        if not isinstance(rule, ThresholdRule):
            raise ValueError(f"choices must hold (rule, prevalence) pairs, got a rule {rule!r:.40}")
        pi = check_probability_open(pi, "prevalence")
        t = choose_threshold(is_pos[choose], y_score[choose], rule, prevalence=pi)
        c = counts_at_threshold(is_pos[count], y_score[count], t)
        d = deployment_metrics(c, deploy_prevalence=pi)
        low, high = precision_interval(c, deploy_prevalence=pi, confidence=confidence)
        recall_low, recall_high = clopper_pearson_interval(c.tp, c.tp + c.fn, confidence=confidence)
        flagged = pi * d["recall"] + (1 - pi) * d["fpr"]
        rows.append({
            "rule": rule.describe(), "prevalence": pi, "threshold": t, "tp": c.tp, "fn": c.fn, "fp": c.fp,
            "tn": c.tn, "recall": d["recall"], "recall_low": recall_low, "recall_high": recall_high,
            "fpr": d["fpr"], "precision": d["precision"], "low": low, "high": high,
            "flagged_per_1000": 1000 * flagged,
        })
    return pd.DataFrame(rows)


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

    :func:`helpers.precision_interval` is an interval for the *expected*
    precision ``PPV`` at the deployment prevalence ``pi``, the share of real
    cases among flagged ones in the long run. One real batch of ``n =
    batch`` flagged cases holds ``X ~ Binomial(n, PPV)`` real ones, so its
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


def _score_columns(scores: object) -> dict[str, np.ndarray]:
    if not isinstance(scores, Mapping) or not scores:
        raise ValueError(f"scores must be a non-empty mapping of model name -> scores, got {type(scores).__name__}")
    return {str(name): np.asarray(s) for name, s in scores.items()}


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
    there is nothing to choose.
    """
    columns = _score_columns(scores)
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    rows = []
    for name, s in columns.items():
        auc, low, high = delong_auc_interval(y_true, s, confidence=confidence)
        row = {"model": name, "auc": auc, "auc_low": low, "auc_high": high}
        if rule is not None:
            at = rule_table(y_true, s, [(rule, pi)], choose_rows=choose_rows, count_rows=count_rows,
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
    """
    columns = _score_columns(scores)
    names = list(columns)
    rows = []
    for name in names[1:]:
        diff, low, high, p = delong_auc_difference(y_true, columns[names[0]], columns[name], confidence=confidence)
        rows.append({"comparison": f"{names[0]} - {name}", "difference": diff, "low": low, "high": high,
                     "p_value": p})
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
        table = deployment_table(roc_table(y_true, s), deploy_prevalence=pi)
        parts.append(pd.DataFrame({
            "model": name, "threshold": table["threshold"], "tp": table["tp"], "fp": table["fp"],
            "recall": table["tpr"], "fpr": table["fpr"], "precision": table["precision"], "f1": table["f1"],
            "flagged_per_1000": 1000 * (pi * table["tpr"] + (1 - pi) * table["fpr"]),
        }))
    return pd.concat(parts, ignore_index=True)
