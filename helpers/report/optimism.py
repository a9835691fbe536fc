"""The threshold chosen on all rows, and its recall and precision at deployment with the choice's uncertainty.

A rule that looks at the rows (a recall target, the lowest expected cost, the
highest F1) is applied to **all** rows of the file: that threshold ``t`` is
the one a user deploys. Its recall and precision counted on the same rows
flatter it (the rule picked ``t`` because these rows looked good there), and a
plain interval on those counts ignores that ``t`` itself would have come out
elsewhere on another sample. Both are handled by the *optimism-corrected
bootstrap* (Efron 1983, *JASA* 78:316; Harrell, Lee & Mark 1996, *Stat Med*
15:361), here on the score-count table alone, so that every engine gives the
same numbers:

1. draw ``B`` resampled files from the table: the ``P`` positives drawn with
   replacement among the positives, the ``N`` negatives among the negatives
   (a stratified bootstrap: each class's counts per score are
   ``Multinomial(P, n_pos / P)`` and ``Multinomial(N, n_neg / N)``);
2. in each, apply the rule, giving ``t_b``, and count ``t_b`` twice: on the
   resampled file (where it was chosen, "apparent") and on the original file
   (which stands in for new cases);
3. the difference ``e_b = apparent_b - original_b`` (on the logit scale, with
   half a case added to each count so that 0 and 1 stay finite) is one draw
   of the error ``apparent - truth`` that choosing and counting on the same
   rows makes. The estimate is the apparent value on the file minus the mean
   error (Harrell's optimism correction, which corrects the point estimate);
   the interval is the apparent value minus the ``(1 + c) / 2`` and
   ``(1 - c) / 2`` quantiles of ``e_b``: the *basic bootstrap interval*
   (Davison & Hinkley 1997, *Bootstrap Methods and their Application*,
   eq. 5.6)::

       g = logit((TP + 1/2) / (P + 1))                                   (recall)
       h = log((TP + 1/2) / (P + 1)) - log((FP + 1/2) / (N + 1))          (log LR+)
       estimate = g_file - mean(e),   interval = [g_file - q_(1+c)/2(e), g_file - q_(1-c)/2(e)]

   The half case is taken back out before anything is reported: recall
   ``r = (sigmoid(g) (P + 1) - 1/2) / P``; the false positive rate is
   corrected alike on the log scale of ``(FP + 1/2) / (N + 1)`` and
   unsmoothed, ``FPR = (FPR_s (N + 1) - 1/2) / N``; precision at ``pi`` is
   Bayes' rule on the two, ``pi r / (pi r + (1 - pi) FPR)``, and its interval
   moves ``h`` of that estimate by the errors' quantiles less their mean
   (``h_est - (q - mean(e))``), each end unsmoothed the same way. With no
   correction (every error zero) this gives back the file's own counts
   exactly.

The estimand is the recall and the precision at the deployment prevalence
``pi`` that the deployed threshold ``t`` has on new cases (prior shift: the
scores of positives and of negatives are distributed as in the file), and the
share of cases it flags there, ``pi TPR + (1 - pi) FPR``.

The bootstrap alone cannot see the false positives that new cases will bring
when the file has none (or one) above ``t``: every resample then draws none
either, and its interval has no width. So each reported interval is the
**union** of two (the smallest interval holding both):

* the bootstrap's basic interval above (the choice's spread: where ``t``
  would have fallen on another sample, and the counting there), and
* the exact interval of the counts at ``t`` on the file: Clopper–Pearson
  (1934) for recall, :func:`helpers.precision_interval` (Clopper–Pearson
  rates combined by the MOVER-R of Donner & Zou 2012) for precision, and the
  MOVER for a weighted sum (Zou & Donner 2008) of the two Clopper–Pearson
  rates for the share flagged.

For a recall target the second one is nearly exact on its own: the threshold
is the ``k``-th highest positive score, which the negatives do not move, so
given ``t`` the false positives are ``Binomial(N, FPR(t))``, and the true
recall at the ``k``-th highest of ``P`` continuous scores is distributed as
``Beta(k, P - k + 1)`` (the uniform order statistics, e.g. David & Nagaraja
2003, *Order Statistics*, section 2.5), whose quantiles lie inside the
Clopper–Pearson interval of ``k / P``. The union can only cover more than
either part; what it covers on simulated files with a known truth, and how
wide it and each part are, is measured by ``bench/coverage_grid.py`` (the
table is in ``bench/README.md`` and notebook 13).

``recall_target_chance`` comes from the same order statistics, not from the
resamples: the rule "recall at least ``r``" flags the ``k`` highest of the
``P`` positives (``k = ceil(r P)``, or the margin's ``k``), so over files of
``P`` positives drawn like this one the share whose threshold reaches the
target on new cases is::

    chance = P(Beta(k, P - k + 1) >= r) = P(Binomial(P, r) <= k - 1)

exact for continuous scores whatever their distribution; 0 for a target of 1
(no finite file can promise that every new case is found). When positives
are tied at the threshold the recall there is stochastically larger
(coupling each score to a uniform through its quantile function), so the
formula is a lower bound, and ``recall_target_chance_exact`` is False.

Only a window of the table around the chosen threshold is resampled cell by
cell: the cells above and below it are each merged into one (a merged cell of
a multinomial is the multinomial of its sum, so the draws have the same
distribution), and every resample is checked to have chosen inside the window
(or it is widened and drawn again), so the result is that of the whole table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..threshold_rules import ThresholdRule
from .metrics import _choose_from_counts, _Counted, _rule_k

__all__ = ["RESAMPLES", "ChoiceEstimate", "optimism_bootstrap", "recall_target_chance"]

RESAMPLES = 400
"""Resampled files drawn by default: the Monte Carlo error of the estimate is about 1/20 of the errors' spread."""

_CHUNK_CELLS = 4_000_000  # resamples drawn at once: about this many cells of counts in memory per class


@dataclass(frozen=True)
class ChoiceEstimate:
    """What :func:`optimism_bootstrap` finds for one model and one rule.

    ``threshold``: the rule on all rows (``inf``: nobody is flagged);
    ``tp, fn, fp, tn``: the counts there on the file; ``recall`` and
    ``precision`` (at ``prevalence``) are ``(estimate, low, high)``, corrected
    for the choice (for a threshold fixed in advance: the counts' own
    estimates with Clopper–Pearson and :func:`helpers.precision_interval`
    intervals); ``optimism``: the mean errors ``(recall, precision)`` on the
    logit scale; ``thresholds``: the resamples' thresholds (empty when fixed);
    ``resamples``: how many were drawn; ``window``: the table cells resampled
    one by one; ``flagged``: the share of cases flagged at ``prevalence``,
    ``(low, high)`` (its estimate is :attr:`flagged_share`);
    ``recall_target_chance``: for a recall target, the share of files with
    this many positives whose threshold reaches the target on new cases,
    ``P(Beta(k, P - k + 1) >= r)`` (None for other rules), exact when
    ``recall_target_chance_exact`` (no positives tied at the threshold), a
    lower bound otherwise; ``bootstrap``: the bootstrap's own intervals
    ``{"recall": (low, high), "precision": (low, high)}`` before the union
    with the exact ones (empty when nothing was resampled), and ``exact``
    the exact intervals of the counts at the threshold (same keys, and
    ``flagged``), to show what each part gives; ``fpr_estimate``: the
    corrected false positive rate behind the precision (:attr:`fpr`).
    """

    threshold: float
    tp: int
    fn: int
    fp: int
    tn: int
    prevalence: float
    recall: tuple[float, float, float]
    precision: tuple[float, float, float]
    optimism: tuple[float, float]
    thresholds: np.ndarray
    resamples: int
    window: int
    flagged: tuple[float, float] = (float("nan"), float("nan"))
    recall_target_chance: float | None = None
    bootstrap: dict = field(default_factory=dict)
    exact: dict = field(default_factory=dict)
    fpr_estimate: float | None = None
    recall_target_chance_exact: bool | None = None

    @property
    def nobody_flagged(self) -> bool:
        """True when the rule flags nobody on the file (its threshold is above every score)."""
        return self.tp + self.fp == 0

    @property
    def everyone_flagged(self) -> bool:
        """True when the rule flags every case of the file (its threshold is at or below every score)."""
        return self.fn + self.tn == 0

    @property
    def fpr(self) -> float:
        """The corrected false positive rate at the threshold, in [0, 1] (0 when nobody is flagged).

        The bootstrap's estimate (:attr:`fpr_estimate`, the rate behind the
        corrected precision, so that Bayes' rule with the corrected recall
        gives that precision back); for an estimate made without it, the rate
        Bayes' rule solved for the FPR gives,
        ``FPR = pi recall (1 - precision) / ((1 - pi) precision)``.
        """
        if self.nobody_flagged:
            return 0.0
        if self.fpr_estimate is not None:
            return float(min(max(self.fpr_estimate, 0.0), 1.0))
        pi, r, p = self.prevalence, min(max(self.recall[0], 0.0), 1.0), self.precision[0]
        value = pi * r * (1 - p) / ((1 - pi) * p) if p > 0 else self.fp / (self.fp + self.tn)
        return float(min(max(value, 0.0), 1.0))

    @property
    def flagged_share(self) -> float:
        """The share of cases flagged at ``prevalence``: ``pi recall + (1 - pi) FPR`` (corrected, in [0, 1])."""
        return 0.0 if self.nobody_flagged else self.prevalence * min(max(self.recall[0], 0.0), 1.0) + (
            1 - self.prevalence) * self.fpr


def _smoothed(count: np.ndarray, total: int) -> np.ndarray:
    return (np.asarray(count, dtype=float) + 0.5) / (total + 1)


def _recall_scale(tp: np.ndarray, big_p: int) -> np.ndarray:
    r = _smoothed(tp, big_p)
    return np.log(r) - np.log1p(-r)


def _lr_scale(tp: np.ndarray, fp: np.ndarray, big_p: int, big_n: int) -> np.ndarray:
    return np.log(_smoothed(tp, big_p)) - np.log(_smoothed(fp, big_n))


def _flagged_scale(tp: np.ndarray, fp: np.ndarray, big_p: int, big_n: int, pi: float) -> np.ndarray:
    return np.log(pi * _smoothed(tp, big_p) + (1 - pi) * _smoothed(fp, big_n))


def _flagged_from_scale(f: float, pi: float, big_p: int, big_n: int) -> float:
    """The share flagged from its smoothed log, the half case of each count taken back out (clipped to [0, 1])."""
    smooth = pi * 0.5 / (big_p + 1) + (1 - pi) * 0.5 / (big_n + 1)
    raw = (math.exp(f) - smooth) / (pi * big_p / (big_p + 1) + (1 - pi) * big_n / (big_n + 1))
    return min(1.0, max(0.0, raw))


def _exact_at_threshold(tp: int, fn: int, fp: int, tn: int, pi: float, confidence: float) -> dict[str, tuple]:
    """The exact intervals of the counts at a threshold fixed before the rows were seen: ``recall``,
    ``precision`` (at ``pi``) and ``flagged`` (the share flagged at ``pi``), each ``(low, high)``.

    Recall: Clopper–Pearson of ``TP / P``; precision:
    :func:`helpers.precision_interval`; the share flagged ``pi TPR + (1 - pi)
    FPR``: the MOVER for a weighted sum of independent proportions (Zou &
    Donner 2008, *Stat Med* 27:1693) on the two Clopper–Pearson rates::

        low  = f - sqrt((pi (TPR - l1))^2 + ((1 - pi) (FPR - l2))^2)
        high = f + sqrt((pi (u1 - TPR))^2 + ((1 - pi) (u2 - FPR))^2)        clipped to [0, 1]
    """
    from ..intervals import clopper_pearson_interval, precision_interval

    big_p, big_n = tp + fn, fp + tn
    l1, u1 = (float(v) for v in clopper_pearson_interval(tp, big_p, confidence=confidence))
    l2, u2 = (float(v) for v in clopper_pearson_interval(fp, big_n, confidence=confidence))
    if tp + fp:
        p_low, p_high = (float(v) for v in precision_interval(tp=tp, fn=fn, fp=fp, tn=tn, deploy_prevalence=pi,
                                                               confidence=confidence))
    else:
        p_low, p_high = 0.0, 1.0  # nobody flagged: nothing is known of the precision of the cases it would flag
    tpr, fpr = tp / big_p, fp / big_n
    f = pi * tpr + (1 - pi) * fpr
    low = f - math.hypot(pi * (tpr - l1), (1 - pi) * (fpr - l2))
    high = f + math.hypot(pi * (u1 - tpr), (1 - pi) * (u2 - fpr))
    return {"recall": (l1, u1), "precision": (p_low, p_high), "flagged": (max(0.0, low), min(1.0, high))}


def _union(estimate: float, *intervals: tuple[float, float]) -> tuple[float, float, float]:
    """``(estimate, low, high)``: the smallest interval holding every one of ``intervals`` and the estimate."""
    return (estimate, min(estimate, *(i[0] for i in intervals)), max(estimate, *(i[1] for i in intervals)))


def _clean_rate(rate: float) -> float:
    """A rate in [0, 1], with floating-point dust at its ends removed (0.9999999999999998 is 1, 2e-16 is 0)."""
    rate = min(1.0, max(0.0, rate))
    return 1.0 if rate > 1 - 1e-12 else 0.0 if rate < 1e-12 else rate


def _recall_from_scale(g: float, big_p: int) -> float:
    r = 1 / (1 + math.exp(-g))
    return _clean_rate((r * (big_p + 1) - 0.5) / big_p)


def _unsmoothed_fpr(fpr_s: float, big_n: int) -> float:
    """The false positive rate with the half case taken back out of its smoothed value, clipped to [0, 1]."""
    return _clean_rate((fpr_s * (big_n + 1) - 0.5) / big_n)


def _bayes(recall: float, fpr: float, pi: float) -> float:
    """Precision at ``pi`` from the rates: ``pi r / (pi r + (1 - pi) FPR)`` (1 when FPR is 0)."""
    found, false = pi * recall, (1 - pi) * fpr
    return 1.0 if false == 0 else found / (found + false)


def _precision_from_scale(h: float, recall: float, pi: float, big_p: int, big_n: int) -> tuple[float, float]:
    """``(precision at pi, FPR)`` at the log LR+ ``h`` of the smoothed rates, with the corrected recall ``r``.

    The half case is taken out of the false positive rate before Bayes' rule
    (as it is from recall): ``TPR_s = (r P + 1/2) / (P + 1)``, ``FPR_s =
    TPR_s e^-h``, ``FPR = (FPR_s (N + 1) - 1/2) / N`` clipped to [0, 1], and
    ``precision = pi r / (pi r + (1 - pi) FPR)``.
    """
    tpr_s = (recall * big_p + 0.5) / (big_p + 1)
    fpr = _unsmoothed_fpr(tpr_s * math.exp(-h), big_n)
    return _bayes(recall, fpr, pi), fpr


def _window_bounds(rule: ThresholdRule, tp_cum: np.ndarray, fp_cum: np.ndarray, j_hat: int, k: int | None,
                   width: float) -> tuple[int, int]:
    """Cells ``lo..hi`` (inclusive) resampled one by one; ``width`` grows when a resample chose at an edge."""
    m = tp_cum.size
    if rule.kind == "recall":
        big_p = int(tp_cum[-1])
        spread = width * (math.sqrt(k * (1 - k / big_p)) + 1) + 5
        lo = int(np.searchsorted(tp_cum, max(k - spread, 0), side="left"))
        hi = int(np.searchsorted(tp_cum, min(k + spread, big_p), side="left"))
        return max(0, lo - 1), min(m - 1, hi + 1)
    # cost and F1 rules: from the top; far enough below the chosen cell that the false positives' cost rules it out
    flagged = int(tp_cum[max(j_hat, 0)] + fp_cum[max(j_hat, 0)])
    reach = (flagged + 10) * (1 + width)
    hi = int(np.searchsorted(tp_cum + fp_cum, reach, side="left"))
    return 0, min(m - 1, hi)


def _choices(rule: ThresholdRule, pi: float, tp: np.ndarray, fp: np.ndarray, big_p: int, big_n: int,
             k: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Per resample (rows), the chosen column of the running counts ``tp, fp`` (column 0: nobody) and whether
    the choice is certain to be the rule's choice on the whole table (not at the window's edge)."""
    last = tp.shape[1] - 1
    if rule.kind == "recall":
        hit = tp >= k
        col = np.argmax(hit, axis=1)
        ok = hit[:, -1] & (col > 1)  # column 1 holds every cell above the window: its choice could lie higher
        return col, ok
    if rule.kind == "cost":
        cost = rule.cost_fp * (1 - pi) * fp / big_n + rule.cost_fn * pi * (1 - tp / big_p)
        col = np.argmin(cost, axis=1)
        best = cost[np.arange(cost.shape[0]), col]
        # below the window: at least its last false positives, at most every positive
        bound = rule.cost_fp * (1 - pi) * fp[:, last] / big_n
        return col, (col < last) & (bound > best)
    # F1 at pi from the rates (Bayes' rule for precision at pi, then the harmonic mean with recall)
    tpr, fpr = tp / big_p, fp / big_n
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = pi * tpr / (pi * tpr + (1 - pi) * fpr)
        f1 = np.where(tp > 0, 2 * precision * tpr / (precision + tpr), 0.0)
    col = np.argmax(f1, axis=1)
    best = f1[np.arange(f1.shape[0]), col]
    # below the window: recall at most 1, false positive rate at least its last one
    top = pi / (pi + (1 - pi) * fpr[:, last])
    bound = 2 * top / (top + 1)
    return col, (col < last) & (bound < best)


def optimism_bootstrap(table: pd.DataFrame, rule: ThresholdRule, *, deploy_prevalence: float,
                       resamples: int = RESAMPLES, confidence: float = 0.95, rng=0) -> ChoiceEstimate:
    """The rule's threshold on all rows, and its recall and precision at deployment corrected for the choice.

    ``table`` is a score-count table (``score, n_pos, n_neg``, highest score
    first; runs without positives may be merged, see
    :func:`helpers.report.metrics.merge_negative_runs`, and the result is the
    same). The threshold is the rule applied to every row of ``table``; recall
    and precision at ``deploy_prevalence`` are estimated by the optimism-
    corrected stratified bootstrap described in the module's docstring, from
    ``resamples`` resampled files drawn with ``rng`` (an int seed, ``None`` or a
    ``numpy.random.Generator``), with intervals
    at ``confidence``. A threshold fixed in advance is counted on every row
    with plain intervals (no choice to correct for).
    """
    from .._arguments import as_generator
    from .._validate import check_count, check_probability_open
    from .metrics import _count_table

    table = _count_table(table, "table")
    if not isinstance(rule, ThresholdRule):
        raise TypeError(f"rule must be a ThresholdRule (helpers.threshold_rules.threshold_rule), got "
                        f"{type(rule).__name__}")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    confidence = check_probability_open(confidence, "confidence")
    if check_count(resamples, "resamples") < 20:
        raise ValueError(f"resamples must be at least 20 (the interval's ends are quantiles), got {resamples!r}")
    gen = as_generator(rng)
    counted = _Counted(table)
    score, n_pos, n_neg, tp_cum, fp_cum = counted.present
    big_p, big_n = int(tp_cum[-1]), int(fp_cum[-1])
    t = _choose_from_counts(counted, rule, pi)
    j_hat = int(np.searchsorted(-score, -t, side="right")) - 1  # the last flagged cell; -1: nobody
    tp0 = int(tp_cum[j_hat]) if j_hat >= 0 else 0
    fp0 = int(fp_cum[j_hat]) if j_hat >= 0 else 0
    counts = {"tp": tp0, "fn": big_p - tp0, "fp": fp0, "tn": big_n - fp0}
    exact = _exact_at_threshold(tp0, big_p - tp0, fp0, big_n - fp0, pi, confidence)
    nan = float("nan")
    if not rule.looks_at_rows:
        found, false = pi * tp0 / big_p, (1 - pi) * fp0 / big_n
        p = (found / (found + false) if false else 1.0) if tp0 + fp0 else nan
        precision = (p, *exact["precision"]) if tp0 + fp0 else (nan, nan, nan)  # nobody flagged: no precision
        return ChoiceEstimate(t, **counts, prevalence=pi, recall=(tp0 / big_p, *exact["recall"]),
                              precision=precision, optimism=(0.0, 0.0), thresholds=np.empty(0), resamples=0,
                              window=0, flagged=exact["flagged"], exact=exact, fpr_estimate=fp0 / big_n)
    if j_hat < 0:  # nobody flagged: recall 0, no precision (nothing to resample)
        return ChoiceEstimate(t, **counts, prevalence=pi, recall=(0.0, 0.0, 0.0), precision=(nan, nan, nan),
                              optimism=(0.0, 0.0), thresholds=np.empty(0), resamples=0, window=0,
                              flagged=(0.0, 0.0), recall_target_chance=0.0 if rule.kind == "recall" else None,
                              recall_target_chance_exact=True if rule.kind == "recall" else None, fpr_estimate=0.0)
    k = _rule_k(rule, big_p) if rule.kind == "recall" else None
    width = 5.0
    while True:
        lo, hi = _window_bounds(rule, tp_cum, fp_cum, j_hat, k, width)
        drawn = _draw(n_pos, n_neg, lo, hi, big_p, big_n, rule, pi, k, resamples, gen)
        if drawn is not None or (lo == 0 and hi == score.size - 1):
            break
        width *= 4
    if drawn is None:
        raise RuntimeError("the resampling window could not be placed")  # cannot happen: the whole table is exact
    cells = drawn[0]  # the chosen cell per resample (-1: nobody flagged)
    tp_b, fp_b = drawn[1], drawn[2]
    tp_o = np.where(cells >= 0, tp_cum[np.maximum(cells, 0)], 0)
    fp_o = np.where(cells >= 0, fp_cum[np.maximum(cells, 0)], 0)
    alpha = 1 - confidence
    e_r = _recall_scale(tp_b, big_p) - _recall_scale(tp_o, big_p)
    e_p = _lr_scale(tp_b, fp_b, big_p, big_n) - _lr_scale(tp_o, fp_o, big_p, big_n)
    g = float(_recall_scale(tp0, big_p))
    e_f = _flagged_scale(tp_b, fp_b, big_p, big_n, pi) - _flagged_scale(tp_o, fp_o, big_p, big_n, pi)
    f = float(_flagged_scale(tp0, fp0, big_p, big_n, pi))
    qr = np.quantile(e_r, [alpha / 2, 1 - alpha / 2])
    qp = np.quantile(e_p, [alpha / 2, 1 - alpha / 2])
    qf = np.quantile(e_f, [alpha / 2, 1 - alpha / 2])
    # recall on the logit scale; the false positive rate on the log scale, its own error removed; precision by
    # Bayes' rule from the two, its interval the spread of the errors of log LR+ around that estimate
    r_est = _recall_from_scale(g - float(e_r.mean()), big_p)
    e_n = np.log(_smoothed(fp_b, big_n)) - np.log(_smoothed(fp_o, big_n))
    fpr_est = _unsmoothed_fpr(float(_smoothed(fp0, big_n)) * math.exp(-float(e_n.mean())), big_n)
    p_est = _bayes(r_est, fpr_est, pi)
    tpr_s = (r_est * big_p + 0.5) / (big_p + 1)
    h_est = math.log(tpr_s) - math.log((fpr_est * big_n + 0.5) / (big_n + 1))
    spread = float(e_p.mean())
    boot = {"recall": (_recall_from_scale(g - qr[1], big_p), _recall_from_scale(g - qr[0], big_p)),
            "precision": (_precision_from_scale(h_est - (qp[1] - spread), r_est, pi, big_p, big_n)[0],
                          _precision_from_scale(h_est - (qp[0] - spread), r_est, pi, big_p, big_n)[0])}
    share = [_flagged_from_scale(f - x, pi, big_p, big_n) for x in (float(e_f.mean()), qf[1], qf[0])]
    if fp0 == big_n and tp0 == big_p:  # everyone flagged: recall 1 and precision pi, as flagging without a model
        r_est, p_est, fpr_est, share[0] = 1.0, pi, 1.0, 1.0
    recall = _union(r_est, boot["recall"], exact["recall"])
    precision = _union(p_est, boot["precision"], exact["precision"])
    flagged = _union(share[0], (share[1], share[2]), exact["flagged"])[1:]
    chance, chance_exact = None, None
    if rule.kind == "recall":
        chance, chance_exact = recall_target_chance(k, big_p, rule.at_recall), bool(n_pos[j_hat] <= 1)
    thresholds = np.where(cells >= 0, score[np.maximum(cells, 0)], np.inf)
    return ChoiceEstimate(t, **counts, prevalence=pi, recall=recall, precision=precision,
                          optimism=(float(e_r.mean()), float(e_p.mean())), thresholds=thresholds,
                          resamples=resamples, window=hi - lo + 1, flagged=flagged, recall_target_chance=chance,
                          bootstrap=boot, exact=exact, fpr_estimate=fpr_est, recall_target_chance_exact=chance_exact)


def recall_target_chance(k: int, positives: int, target: float) -> float:
    """The share of files of ``positives`` positives whose ``k``-th highest positive score, as a threshold, has a
    true recall of at least ``target``: ``P(Beta(k, P - k + 1) >= r) = P(Binomial(P, r) <= k - 1)``.

    Exact for continuous scores of any distribution (the true recall at the
    ``k``-th highest of ``P`` scores is the ``k``-th smallest of ``P``
    uniforms; David & Nagaraja 2003, section 2.5), a lower bound when scores
    tie; 0 for a target of 1.

    >>> [round(recall_target_chance(k, p, r), 3) for k, p, r in ((3, 3, 0.8), (1, 1, 0.8), (5, 5, 1.0))]
    [0.488, 0.2, 0.0]
    """
    from scipy.stats import binom

    from .._validate import check_count, check_number

    positives = check_count(positives, "positives")
    if positives < 1:
        raise ValueError(f"positives must be at least 1, got {positives!r}")
    k = check_count(k, "k")
    if not 1 <= k <= positives:
        raise ValueError(f"k must be between 1 and positives ({positives}), got {k!r}")
    target = check_number(target, "target")
    if not 0 < target <= 1:
        raise ValueError(f"target must be a recall in (0, 1], got {target!r}")
    if target >= 1:
        return 0.0
    return float(binom.cdf(k - 1, positives, target))


def _draw(n_pos: np.ndarray, n_neg: np.ndarray, lo: int, hi: int, big_p: int, big_n: int, rule: ThresholdRule,
          pi: float, k: int | None, resamples: int,
          gen: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The resamples' chosen cells and their counts there, or ``None`` when one chose at the window's edge."""
    def categories(n: np.ndarray) -> np.ndarray:  # above the window, its cells, below it
        return np.concatenate(([n[:lo].sum()], n[lo:hi + 1], [n[hi + 1:].sum()])).astype(np.int64)

    pos, neg = categories(n_pos), categories(n_neg)
    width = pos.size
    chunk = max(1, min(resamples, _CHUNK_CELLS // width))
    cells, tps, fps = [], [], []
    done = 0
    while done < resamples:
        size = min(chunk, resamples - done)
        draw_pos = gen.multinomial(big_p, pos / big_p, size=size)
        draw_neg = gen.multinomial(big_n, neg / big_n, size=size)
        # running counts with a first column of zeros (nobody flagged); column c + 1 flags categories 0..c
        tp = np.zeros((size, width), dtype=np.int64)
        fp = np.zeros((size, width), dtype=np.int64)
        np.cumsum(draw_pos[:, :-1], axis=1, out=tp[:, 1:])
        np.cumsum(draw_neg[:, :-1], axis=1, out=fp[:, 1:])
        col, ok = _choices(rule, pi, tp, fp, big_p, big_n, k)
        if not ok.all() and not (lo == 0 and hi == n_pos.size - 1):
            return None
        rows = np.arange(size)
        tps.append(tp[rows, col])
        fps.append(fp[rows, col])
        # column 0: nobody; column 1: the cells above the window (all flagged: its last cell is lo - 1);
        # column c >= 2: cell lo + c - 2
        cells.append(np.where(col == 0, -1, lo + col - 2))
        done += size
    return np.concatenate(cells), np.concatenate(tps), np.concatenate(fps)
