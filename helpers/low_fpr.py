"""The low-FPR end of the ROC curve, where rare positives are screened: partial AUC and TPR at a fixed FPR.

Both are read off :func:`helpers.roc_table` (scikit-learn's counting kernel),
so notebook 04 can show them as sums over the rows of the table it builds by
hand, and check them against ``roc_auc_score(max_fpr=...)`` and
``roc_curve``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._arguments import as_generator
from ._validate import check_binary_labels, check_same_length, check_scores
from .roc import roc_table

__all__ = ["PartialAUC", "TPRAtFPR", "TPRInterval", "partial_auc", "tpr_at_fpr", "tpr_at_fpr_bootstrap"]


class PartialAUC(NamedTuple):
    """The area under the ROC curve left of ``max_fpr``, and McClish's standardisation of it."""

    raw: float  # area under the ROC curve for FPR in [0, max_fpr]
    min_area: float  # the chance diagonal's area there: max_fpr**2 / 2
    max_area: float  # a perfect ranking's area there: max_fpr
    standardized: float  # (1 + (raw - min_area) / (max_area - min_area)) / 2, sklearn's roc_auc_score(max_fpr=...)


class TPRAtFPR(NamedTuple):
    """The best operating point whose FPR does not exceed a limit."""

    tpr: float
    fpr: float
    threshold: float  # predicted positive: score >= threshold (inf: nobody)
    tp: int
    fp: int


class TPRInterval(NamedTuple):
    """A bootstrap percentile interval for the TPR at an FPR cap, the threshold chosen again in each resample."""

    low: float
    high: float
    sd: float  # the standard deviation of the resampled TPRs
    resamples: int


def _check_max_fpr(value: object) -> float:
    if isinstance(value, (bool, str)) or np.ndim(value) != 0:
        raise ValueError(f"max_fpr must be a number in (0, 1], got {value!r}")
    x = float(value)
    if not 0 < x <= 1:
        raise ValueError(f"max_fpr must be a number in (0, 1], got {value!r}")
    return x


def _table(y_true, y_score):
    y_score = check_scores(y_score)
    y_true = np.asarray(y_true)
    check_same_length(y_true, y_score, "y_true", "y_score")
    return roc_table(check_binary_labels(y_true), y_score)


def partial_auc(y_true, y_score, *, max_fpr: float) -> PartialAUC:
    """Partial area under the ROC curve up to ``max_fpr``, raw and standardised (McClish, 1989).

    The ROC curve of :func:`helpers.roc_table` is cut at ``FPR = max_fpr``
    (the TPR there by a straight line between the two rows around it, the
    trapezoid rule's line) and the trapezoids left of the cut are summed::

        raw = sum of (fpr_i - fpr_{i-1}) (tpr_i + tpr_{i-1}) / 2  over FPR in [0, max_fpr]
        min_area = max_fpr**2 / 2        (chance: the diagonal TPR = FPR)
        max_area = max_fpr               (a perfect ranking: TPR = 1 from FPR 0 on)
        standardized = (1 + (raw - min_area) / (max_area - min_area)) / 2

    McClish's standardisation maps chance to 0.5 and perfection to 1, like a
    full AUC; it is what ``sklearn.metrics.roc_auc_score(max_fpr=...)``
    returns. (A curve below the diagonal gives less than 0.5.) With
    ``max_fpr = 1`` the raw area is the ROC AUC and the standardised value
    equals it.

    >>> p = partial_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=0.5)
    >>> round(p.raw, 4), p.min_area, p.max_area, round(p.standardized, 4)
    (0.25, 0.125, 0.5, 0.6667)
    """
    m = _check_max_fpr(max_fpr)
    table = _table(y_true, y_score)
    fpr, tpr = table["fpr"].to_numpy(), table["tpr"].to_numpy()
    stop = int(np.searchsorted(fpr, m, side="right"))  # rows 0..stop-1 have FPR <= max_fpr
    x, y = fpr[:stop], tpr[:stop]
    if stop < fpr.size and x[-1] < m:  # cut the next trapezoid at max_fpr
        y_cut = np.interp(m, fpr[stop - 1:stop + 1], tpr[stop - 1:stop + 1])
        x, y = np.append(x, m), np.append(y, y_cut)
    raw = float(np.sum(np.diff(x) * (y[1:] + y[:-1]) / 2))
    min_area, max_area = m * m / 2, m
    return PartialAUC(raw, min_area, max_area, 0.5 * (1 + (raw - min_area) / (max_area - min_area)))


def tpr_at_fpr(y_true, y_score, *, max_fpr: float) -> TPRAtFPR:
    """The highest TPR of a threshold whose FPR is at most ``max_fpr`` (a row of :func:`helpers.roc_table`).

    ::

        i* = the last row with fpr_i <= max_fpr     (TPR grows down the table)
        TPR = tp_i* / P,   FPR = fp_i* / N,   allowed false positives = floor(max_fpr N)

    so ``max_fpr = 0.001`` with 5 000 negatives allows 5 false positives. No
    random interpolation between thresholds: the point is one a threshold
    really reaches. Row 0 (threshold ``+inf``, nobody flagged) is returned
    when even the top score's row has too many false positives.

    >>> tpr_at_fpr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=0.5)
    TPRAtFPR(tpr=1.0, fpr=0.5, threshold=0.35, tp=2, fp=1)
    """
    m = _check_max_fpr(max_fpr)
    table = _table(y_true, y_score)
    i = int(np.searchsorted(table["fpr"].to_numpy(), m, side="right")) - 1
    r = table.iloc[i]
    return TPRAtFPR(float(r["tpr"]), float(r["fpr"]), float(r["threshold"]), int(r["tp"]), int(r["fp"]))


def tpr_at_fpr_bootstrap(y_true, y_score, *, max_fpr: float, resamples: int = 400, level: float = 0.95,
                         rng: int | np.random.Generator | None = None) -> TPRInterval:
    """Percentile interval for the TPR at FPR <= ``max_fpr`` when the threshold is chosen on the same negatives.

    A stratified bootstrap: each resample draws ``P`` positives and ``N`` negatives with replacement (in that
    order, ``rng.integers(0, P, P)`` then ``rng.integers(0, N, N)``), chooses its threshold again with
    :func:`tpr_at_fpr` and keeps its TPR; the interval is the resampled TPRs' ``(1 - level) / 2`` and
    ``(1 + level) / 2`` quantiles::

        TPR*_b = tpr_at_fpr(resample b, max_fpr).tpr,    interval = quantiles of TPR*_1 ... TPR*_B

    Unlike a binomial interval for ``TP / P`` at a fixed threshold, it carries the threshold's own noise:
    the cap is a quantile of the negatives' scores, estimated from them (Pepe, 2003, section 5.2).

    >>> y = np.r_[np.ones(50, int), np.zeros(500, int)]
    >>> s = np.r_[np.linspace(0.3, 1, 50), np.linspace(0, 0.8, 500)]
    >>> ci = tpr_at_fpr_bootstrap(y, s, max_fpr=0.05, resamples=200, rng=0)
    >>> bool(ci.low <= tpr_at_fpr(y, s, max_fpr=0.05).tpr <= ci.high), ci.resamples
    (True, 200)
    """
    m = _check_max_fpr(max_fpr)
    if isinstance(resamples, bool) or not isinstance(resamples, int | np.integer) or resamples < 2:
        raise ValueError(f"resamples must be a whole number >= 2, got {resamples!r}")
    if isinstance(level, bool) or not isinstance(level, float | int) or not 0 < level < 1:
        raise ValueError(f"level must be a number in (0, 1), got {level!r}")
    y_score = check_scores(y_score)
    y_true = np.asarray(y_true)
    check_same_length(y_true, y_score, "y_true", "y_score")
    is_pos = check_binary_labels(y_true)
    pos, neg = y_score[is_pos], y_score[~is_pos]
    gen = as_generator(rng)
    # tpr_at_fpr's point, found without the ROC table: at most k = max{k : k / N <= m} negatives may score at
    # or above the threshold, so the lowest threshold allowed lies just above the (k+1)-th highest negative v,
    # and TPR = #{positives > v} / P (every case flagged when k = N).
    n = neg.size
    k = int(np.floor(m * n))
    while k < n and (k + 1) / n <= m:
        k += 1
    while k > 0 and k / n > m:
        k -= 1
    tprs = np.empty(int(resamples))
    for b in range(int(resamples)):
        p_b, n_b = pos[gen.integers(0, pos.size, pos.size)], neg[gen.integers(0, n, n)]
        if k >= n:
            tprs[b] = 1.0
            continue
        v = np.partition(n_b, n - 1 - k)[n - 1 - k]  # the (k+1)-th highest negative score
        tprs[b] = np.count_nonzero(p_b > v) / p_b.size
    low, high = np.quantile(tprs, [(1 - level) / 2, (1 + level) / 2])
    return TPRInterval(float(low), float(high), float(np.std(tprs, ddof=1)), int(resamples))
