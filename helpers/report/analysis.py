"""The one analysis of the report and of notebook 13, on the score-count tables alone.

Every engine hands over one score-count table per model (``score, n_pos,
n_neg``, highest score first; :mod:`helpers.report.count`), and for several
models the *pair table* of :func:`helpers.report.pairs.pair_table`. Everything
here is computed from those tables, so the same file, rule and seed give the
same numbers on pandas, DuckDB and Spark:

* the ROC AUC of each model with its interval;
* the threshold the rule gives on **all** rows, and its recall and precision
  at the deployment prevalence corrected for the choice by the optimism-
  corrected bootstrap (:mod:`helpers.report.optimism`), with the spread of the
  threshold across resampled files;
* the expected confusion matrix per 1000 cases at deployment, and the counts
  on the file behind every rate;
* calibration at the deployment prevalence, the expected cost (only with the
  user's prices), what to do next, and the warnings that matter (reversed
  labels or scores, too few positives, nobody or everyone flagged, a model
  that does not rank better than chance: never recommended for deployment);
* for several models, every pair compared: the paired difference of AUCs
  (DeLong) and of precision at equal recall (the bootstrap, paired).

:func:`analyse` returns an :class:`Analysis`; :meth:`Analysis.to_json` gives
the numbers a pipeline gates on. :mod:`helpers.report.page` writes the page.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..rare_rates import decimals_for
from ..threshold_rules import ThresholdRule
from .metrics import _count_table, _delong_from_counts, merge_negative_runs
from .optimism import RESAMPLES, ChoiceEstimate, optimism_bootstrap

__all__ = ["FEW_NEGATIVES", "FEW_POSITIVES", "Analysis", "ClearDifference", "Decision", "ModelAnalysis", "analyse",
           "canonical_table"]

FEW_POSITIVES = 50
"""Below this many positives the page warns first: every interval is wide, and the resampled ones cover less.
Below this many positives or negatives the AUC's interval is Newcombe's, not DeLong's (:func:`auc_interval`)."""

FEW_NEGATIVES = FEW_POSITIVES
"""Below this many negatives the page warns and does not decide, as for positives: the same cut-off as
:data:`FEW_POSITIVES`, for the same reason. The false positive rate is a share of the negatives, so with fewer than 50
one false alarm more or less moves it by more than two points, and at a low deployment prevalence precision hinges on
it; it is also where the AUC's interval leaves DeLong's for Newcombe's. This cut-off ignores the prevalence: a file
with more negatives can still be too small for precision at a low one, which :func:`precision_undetermined` catches
(zero false alarms among fewer than about ``ln(2 / alpha) (1 - pi) / (pi r)`` negatives, some 460 at 1 %)."""


GRID_FEWEST = 20
"""The fewest positives (median) of a scenario of the coverage grid (``bench/coverage_grid.py``): below this the
recall and precision intervals' coverage is not measured, and the page says so."""


PRECISION_FACTOR = 2.0
"""Precision is *undetermined* when the lower end of its interval lies below its estimate divided by this: the file
cannot pin it within a factor of two (:func:`precision_undetermined`)."""


def precision_undetermined(choice: ChoiceEstimate | None) -> bool:
    """Whether the file cannot pin the precision at the threshold within a factor of two: ``low < estimate / 2``.

    Read from the interval itself, whatever made it wide. Then the page leads
    with the interval's ends, not with the estimate, and the recommendation is
    not to decide yet (:func:`decide`). With ``F`` false positives among ``N``
    negatives the width comes mostly from them: for ``F = 0`` the exact upper
    end of the false positive rate is ``1 - (alpha / 2)^(1 / N) ~ ln(2 / alpha) / N``
    and, with recall ``r`` and an estimate near 1, precision's lower end falls
    below one half while::

        N < ln(2 / alpha) (1 - pi) / (pi r)      (about 460 at pi = 0.01, r = 0.8, alpha = 0.05)

    so a file far from that many negatives cannot show, even without a false
    alarm, that most of the cases flagged at a low prevalence are real
    (:func:`negatives_for_precision` gives the count for the estimate at hand).
    """
    if choice is None or choice.nobody_flagged:
        return False
    est, low, _ = choice.precision
    return bool(low < est / PRECISION_FACTOR)


def _precision(pi: float, recall: float, fpr: float) -> float:
    """Bayes' rule: ``pi r / (pi r + (1 - pi) FPR)`` (1 when nothing is flagged but a real case)."""
    found, false = pi * recall, (1 - pi) * fpr
    return 1.0 if found + false == 0 else found / (found + false)


def negatives_limit_precision(choice: ChoiceEstimate, confidence: float = 0.95) -> bool:
    """Whether the negatives, not the positives, make precision's interval wide.

    Two one-sided views of the lower end at the prevalence ``pi``: the false
    positive rate at the exact (Clopper–Pearson) upper end of ``fp`` of
    ``fp + tn`` with recall at its estimate, against recall at the exact lower
    end of ``tp`` of ``tp + fn`` with the false positive rate at its estimate::

        P_neg = pi r / (pi r + (1 - pi) FPR_high),    P_pos = pi r_low / (pi r_low + (1 - pi) FPR)

    The negatives limit precision when ``P_neg <= P_pos``.
    """
    from ..intervals import clopper_pearson_interval

    c = choice
    fpr_high = float(clopper_pearson_interval(c.fp, c.fp + c.tn, confidence=confidence)[1])
    recall_low = float(clopper_pearson_interval(c.tp, c.tp + c.fn, confidence=confidence)[0])
    p_neg = _precision(c.prevalence, c.recall[0], fpr_high)
    p_pos = _precision(c.prevalence, recall_low, c.fpr)
    return p_neg <= p_pos


def negatives_for_precision(choice: ChoiceEstimate, confidence: float = 0.95) -> int | None:
    """How many negatives would pin precision within a factor of two at this recall (None: no count would).

    With recall ``r``, estimate ``P`` and prevalence ``pi``, the lower end
    ``pi r / (pi r + (1 - pi) f)`` stays at or above ``P / 2`` while the false
    positive rate's upper end ``f`` is at most
    ``f* = pi r (2 - P) / (P (1 - pi))``. With no false positive among ``N``
    negatives that end is ``1 - (alpha / 2)^(1 / N)`` (Clopper-Pearson), so::

        N >= ln(alpha / 2) / ln(1 - f*)     (about ln(2 / alpha) (1 - pi) / (pi r) for P near 1)

    With ``F > 0`` false positives among the file's negatives, the smallest
    ``N`` (on a grid 1 % apart, up to 10^8) at which the Clopper-Pearson
    upper end of ``round(q N)`` of ``N``, ``q = F / (F + TN)`` the file's
    share, is at most ``f*``: the negatives needed if false alarms keep their
    share. Either count is a least: the negatives alone, with recall at its
    estimate; recall's own uncertainty and the threshold's may keep the
    interval wide a little longer.
    """
    c = choice
    pi, r, est = c.prevalence, max(c.recall[0], 1e-12), max(c.precision[0], 1e-12)
    alpha = 1 - confidence
    f_star = min(pi * r * (2 - est) / (est * (1 - pi)), 1 - 1e-12)
    if c.fp == 0:
        return int(math.ceil(math.log(alpha / 2) / math.log1p(-f_star)))
    from ..intervals import clopper_pearson_interval

    share = c.fp / (c.fp + c.tn)
    if share >= f_star:
        return None
    grid = np.unique(np.ceil((c.fp + c.tn) * 1.01 ** np.arange(0, 1900)).astype(np.int64))
    grid = grid[grid <= 10**8]
    upper = np.asarray(clopper_pearson_interval(np.round(share * grid), grid, confidence=confidence)[1])
    reached = np.flatnonzero(upper <= f_star)
    return int(grid[reached[0]]) if reached.size else None


def _collect_negatives(c: ChoiceEstimate, confidence: float) -> str:
    """``"more labelled other cases (negatives), at least 452 even if none is a false alarm"``, or with false alarms
    ``"..., at least about 900 if false alarms keep their share"`` (:func:`negatives_for_precision`)."""
    need = negatives_for_precision(c, confidence)
    if need is None:
        return "more labelled other cases (negatives)"
    if c.fp == 0:
        return f"more labelled other cases (negatives), at least {need:,} even if none is a false alarm"
    return f"more labelled other cases (negatives), at least about {need:,} if false alarms keep their share"


def batch_interval(share: tuple[float, float], batch: int = 1000, confidence: float = 0.95) -> tuple[int, int]:
    """How many of one batch of ``batch`` new cases are flagged: a binomial prediction interval.

    A batch flags ``Binomial(batch, s)`` cases, ``s`` the long-run share
    flagged, known only to lie in ``(s_low, s_high)``; the interval runs from
    the ``alpha / 2`` quantile of ``Binomial(batch, s_low)`` to the
    ``1 - alpha / 2`` quantile of ``Binomial(batch, s_high)``, so it holds
    both the chance of one batch and the uncertainty of the share.
    """
    from scipy.stats import binom

    alpha = 1 - confidence
    low, high = (min(max(float(x), 0.0), 1.0) for x in share)
    return int(binom.ppf(alpha / 2, batch, low)), int(binom.ppf(1 - alpha / 2, batch, high))


AUC_INTERVAL = "DeLong (normal approximation, clipped to [0, 1])"
AUC_INTERVAL_SMALL = (f"Newcombe's score interval (fewer than {FEW_POSITIVES} positives or negatives, or every "
                      "score tied or the classes fully separated, where DeLong's variance is too small or zero)")


def canonical_table(table: pd.DataFrame, rule: ThresholdRule | None) -> pd.DataFrame:
    """The table every engine's counts become before the analysis: runs of scores without positives merged.

    :func:`helpers.report.metrics.merge_negative_runs` (kept apart at a
    threshold fixed in advance). Every number of the analysis is the same on
    the merged table, and the resampling draws from it, so a table handed over
    whole (pandas, Spark) and one handed over merged (DuckDB) give the same
    draws.
    """
    if rule is not None and not isinstance(rule, ThresholdRule):
        raise TypeError(f"rule must be a ThresholdRule or None, got {type(rule).__name__}")
    keep = () if rule is None or rule.kind != "fixed" else (rule.threshold,)
    return merge_negative_runs(_count_table(table, "table"), keep=keep)


@dataclass
class ModelAnalysis:
    """One model's numbers: see :func:`analyse`."""

    name: str
    table: pd.DataFrame
    auc: tuple[float, float, float]
    choice: ChoiceEstimate | None
    auc_method: str = ""
    calibration: pd.DataFrame | None = None
    threshold_probability: float | None = None
    calibration_note: str | None = None
    calibrated: bool | None = None
    cost: dict | None = None
    confidence: float = 0.95

    @property
    def flag_if(self) -> str | None:
        """The deployment rule as code, ``"score >= T"`` with ``T`` exact (:func:`flag_rule`); None when nobody is
        flagged or no threshold was chosen."""
        c = self.choice
        return None if c is None or c.nobody_flagged else flag_rule(c.threshold)

    @property
    def per_1000(self) -> dict[str, float] | None:
        """The expected confusion matrix per 1000 cases at deployment (from the corrected recall and precision).

        With ``r`` the corrected recall and ``FPR`` the one its precision implies
        (:attr:`ChoiceEstimate.fpr`), both in [0, 1]::

            TP = 1000 pi r,   FN = 1000 pi (1 - r),   FP = 1000 (1 - pi) FPR,   TN = 1000 (1 - pi) (1 - FPR)

        so each cell lies in [0, 1000] and the four add up to 1000.
        """
        c = self.choice
        if c is None:
            return None
        pi, recall, fpr = c.prevalence, _snap(min(max(c.recall[0], 0.0), 1.0)), _snap(c.fpr)
        if c.nobody_flagged:
            recall = 0.0
        return {"tp": 1000 * pi * recall, "fn": 1000 * pi * (1 - recall), "fp": 1000 * (1 - pi) * fpr,
                "tn": 1000 * (1 - pi) * (1 - fpr)}

    @property
    def flagged_per_1000(self) -> float | None:
        """Expected cases flagged per 1000 at deployment: ``1000 (pi recall + (1 - pi) FPR)``."""
        m = self.per_1000
        return None if m is None else min(m["tp"] + m["fp"], 1000.0)  # rounding may add a hair above 1000

    @property
    def flagged_interval(self) -> tuple[float, float, float] | None:
        """``(estimate, low, high)`` of the cases flagged per 1000 at deployment (:attr:`ChoiceEstimate.flagged`
        times 1000, widened to hold the estimate)."""
        est = self.flagged_per_1000
        if est is None:
            return None
        low, high = self.choice.flagged
        return est, min(est, 1000 * low), min(1000.0, max(est, 1000 * high))


    @property
    def per_1000_interval(self) -> dict[str, tuple[float, float]] | None:
        """The false alarms and true negatives per 1000 at deployment, ``{"fp": (low, high), "tn": (low, high)}``,
        from precision's interval at the estimated cases found (``TP``, :attr:`per_1000`)::

            FP = TP (1 - P) / P  at P = precision's high end, then its low end,   TN = 1000 (1 - pi) - FP

        each clipped to [0, 1000 (1 - pi)] and widened to hold the estimate."""
        c, per = self.choice, self.per_1000
        if per is None:
            return None
        negatives = 1000 * (1 - c.prevalence)
        if c.nobody_flagged:
            return {"fp": (0.0, 0.0), "tn": (negatives, negatives)}

        def false_alarms(p: float) -> float:
            return negatives if p <= 0 else min(negatives, per["tp"] * (1 - p) / p)

        fp_low = min(per["fp"], false_alarms(c.precision[2]))
        fp_high = max(per["fp"], false_alarms(c.precision[1]))
        return {"fp": (fp_low, fp_high), "tn": (negatives - fp_high, negatives - fp_low)}

    @property
    def batch_flagged(self) -> tuple[int, int] | None:
        """How many of one batch of 1000 new cases would be flagged: :func:`batch_interval` of the share flagged
        (its interval, :attr:`flagged_interval`), at the analysis' confidence."""
        flagged = self.flagged_interval
        if flagged is None:
            return None
        return batch_interval((flagged[1] / 1000, flagged[2] / 1000), 1000, self.confidence)


@dataclass
class Analysis:
    """The analysis of one file: made by :func:`analyse`."""

    models: list[ModelAnalysis]
    positives: int
    negatives: int
    deploy_prevalence: float
    rule: ThresholdRule | None
    seed: int
    confidence: float
    resamples: int
    comparisons: pd.DataFrame | None = None
    warnings: list[str] = field(default_factory=list)
    dropped: int = 0
    auc_method: str = AUC_INTERVAL

    @property
    def rows(self) -> int:
        """Rows analysed (after any dropped for a missing value)."""
        return self.positives + self.negatives

    @property
    def file_prevalence(self) -> float:
        """The share of positives in the file."""
        return self.positives / self.rows

    def to_json(self) -> dict:
        """Every headline number, for a pipeline to gate on (``--json``); see the README for the keys."""

        def trio(values: tuple[float, float, float]) -> dict:
            return {"estimate": _finite(_snap(values[0])), "low": _finite(_snap(values[1])),
                    "high": _finite(_snap(values[2]))}

        models = []
        for m in self.models:
            entry: dict = {"name": m.name, "auc": trio(m.auc), "auc_interval": m.auc_method, "threshold": None,
                           "flag_if": None, "recall_target_met_on_file": None, "recall_target_chance": None,
                           "recall_target_chance_exact": None, "recall": None, "precision": None,
                           "flagged_per_1000": None, "flagged_per_1000_interval": None, "counts_on_file": None,
                           "per_1000": None, "nobody_flagged": None, "everyone_flagged": None,
                           "threshold_across_resamples": None, "cost_per_1000": None,
                           "precision_undetermined": None, "per_1000_interval": None,
                           "flagged_per_1000_one_batch": None,
                           "ranks": not_ranking(m, self.deploy_prevalence) is None}
            if m.choice is not None:
                c = m.choice
                target_met = None
                if self.rule is not None and self.rule.kind == "recall" and not c.nobody_flagged:
                    target_met = c.tp / (c.tp + c.fn) >= self.rule.at_recall
                flagged = m.flagged_interval
                entry.update({
                    "threshold": _finite(c.threshold), "flag_if": m.flag_if, "recall_target_met_on_file": target_met,
                    "recall_target_chance": _finite(c.recall_target_chance),
                    "recall_target_chance_exact": c.recall_target_chance_exact,
                    "recall": trio(c.recall), "precision": trio(c.precision),
                    "flagged_per_1000": _finite(m.flagged_per_1000),
                    "flagged_per_1000_interval": {"low": _finite(flagged[1]), "high": _finite(flagged[2])},
                    "counts_on_file": {"tp": c.tp, "fn": c.fn, "fp": c.fp, "tn": c.tn},
                    "per_1000": {k: _finite(_snap(v)) for k, v in m.per_1000.items()},
                    "nobody_flagged": c.nobody_flagged, "everyone_flagged": c.everyone_flagged,
                    "precision_undetermined": precision_undetermined(c),
                    "per_1000_interval": {k: {"low": _finite(_snap(lo)), "high": _finite(_snap(hi))}
                                          for k, (lo, hi) in m.per_1000_interval.items()},
                    "flagged_per_1000_one_batch": dict(zip(("low", "high"), m.batch_flagged, strict=True)),
                })
                if c.thresholds.size:
                    low, mid, high = np.quantile(c.thresholds, [0.025, 0.5, 0.975], method="inverted_cdf")
                    entry["threshold_across_resamples"] = {"low": _finite(low), "median": _finite(mid),
                                                           "high": _finite(high)}
            if m.cost is not None:
                entry["cost_per_1000"] = {k: _finite(v) for k, v in m.cost.items()}
            models.append(entry)
        out = {
            "rows": self.rows, "positives": self.positives, "dropped_rows": self.dropped,
            "deploy_prevalence": self.deploy_prevalence, "seed": self.seed, "confidence": self.confidence,
            "resamples": self.resamples, "rule": None if self.rule is None else self.rule.describe(),
            "auc_interval": self.auc_method, "recall_precision_interval": interval_method(self.rule),
            "warnings": list(self.warnings), "models": models,
        }
        decision = decide(self)
        deployed = None if decision.model is None else next(m for m in self.models if m.name == decision.model)
        out["recommendation"] = {"decision": decision.kind, "model": decision.model, "better_model": decision.leader,
                                 "flag_if": None if deployed is None else deployed.flag_if, "text": decision.text}
        if self.comparisons is not None:
            out["comparisons"] = [{k: (_finite(v) if isinstance(v, float) else v) for k, v in row.items()}
                                  for row in self.comparisons.reset_index().to_dict("records")]
        return out


def auc_interval(table: pd.DataFrame, confidence: float = 0.95) -> tuple[tuple[float, float, float], str]:
    """The ROC AUC from a score-count table with its interval, and which interval that is.

    DeLong's (DeLong, DeLong & Clarke-Pearson 1988: placements weighted by the
    counts, a normal approximation) with at least ``FEW_POSITIVES`` (50)
    positives and negatives; below that, or where DeLong's variance is zero
    (every score equal, or the classes fully separated: its interval would
    have no width), Newcombe's (2006) score interval
    (:func:`helpers.small_sample_auc.newcombe_auc_bounds`), which holds its
    coverage with few positives, stays inside [0, 1] without clipping and
    never has zero width.
    """
    auc, low, high = _delong_from_counts(table, confidence)
    big_p, big_n = int(table["n_pos"].sum()), int(table["n_neg"].sum())
    if min(big_p, big_n) < FEW_POSITIVES or not high > low:
        from ..small_sample_auc import newcombe_auc_bounds

        low, high = newcombe_auc_bounds(auc, big_p, big_n, confidence=confidence)
        return (auc, float(low), float(high)), AUC_INTERVAL_SMALL
    return (auc, low, high), AUC_INTERVAL


METHOD = ("the union (smallest interval holding both) of two intervals: the basic bootstrap interval (Davison & "
          "Hinkley 1997) of the optimism-corrected stratified bootstrap (Efron 1983; Harrell, Lee & Mark 1996), "
          "the rule applied to every resampled file and the error of counting where it chose removed; and the exact "
          "interval of the counts at the threshold (Clopper-Pearson 1934 for recall; Clopper-Pearson rates combined "
          "by the MOVER-R of Donner & Zou 2012 for precision; the MOVER for a sum, Zou & Donner 2008, for the share "
          "flagged)")
METHOD_FIXED = ("threshold fixed in advance, counted on every row, nothing resampled: Clopper-Pearson (1934) for "
                "recall; Clopper-Pearson rates combined by the MOVER-R of Donner & Zou (2012) for precision; the MOVER "
                "for a sum (Zou & Donner 2008) for the share flagged")


def interval_method(rule: ThresholdRule | None) -> str | None:
    """How the recall, precision and flagged intervals were computed for ``rule`` (None: no rule, no interval)."""
    if rule is None:
        return None
    return METHOD if rule.looks_at_rows else METHOD_FIXED


def _finite(x: float | None) -> float | None:
    return None if x is None or not math.isfinite(float(x)) else float(x)


def _snap(x: float | None, scale: float = 1.0) -> float | None:
    """``x`` with floating-point dust removed: a value within ``1e-9 scale`` of a whole multiple of ``scale`` (0 and 1
    for a rate, whole cases per 1000) is that multiple, so 0.9999999999999998 reads 1 and 7e-16 reads 0."""
    if x is None or not math.isfinite(float(x)):
        return x
    whole = round(float(x) / scale) * scale
    return float(whole) if abs(float(x) - whole) <= 1e-9 * max(scale, 1.0) else float(x)


def analyse(
    tables: Mapping[str, pd.DataFrame],
    *,
    deploy_prevalence: float,
    rule: ThresholdRule | None,
    seed: int = 0,
    resamples: int = RESAMPLES,
    confidence: float = 0.95,
    pairs: pd.DataFrame | None = None,
    dropped: int = 0,
) -> Analysis:
    """The report's analysis of one or more models' score-count tables, counted on the same rows.

    ``tables`` maps each model's name to its score-count table; ``rule`` is a
    :func:`helpers.threshold_rules.threshold_rule` (``None``: no threshold is
    chosen). Per model: the ROC AUC with DeLong's interval from the counts;
    with a rule, :func:`helpers.report.optimism.optimism_bootstrap` (the
    threshold on all rows, recall and precision at ``deploy_prevalence``
    corrected for the choice, seeded by ``seed``); the expected confusion
    matrix per 1000 cases at deployment::

        TP = 1000 pi recall,  FN = 1000 pi (1 - recall),  FP = 1000 (1 - pi) FPR,  TN = 1000 (1 - pi) - FP

    with ``FPR = pi recall (1 - precision) / ((1 - pi) precision)``; the
    calibration table and the threshold as a probability at deployment when
    the scores lie in [0, 1]; and, for a cost rule, the expected cost per 1000
    cases there, for flagging nobody and for flagging everybody. With several
    models and their ``pairs`` table, every pair is compared
    (:func:`helpers.report.pairs.compare_pairs`). ``dropped`` is the number
    of rows left out for a missing value (said in the warnings).
    """
    from .._validate import check_count, check_probability_open

    if not isinstance(tables, Mapping) or not tables:
        raise ValueError("tables must be a non-empty mapping of model name -> score-count table")
    check_probability_open(deploy_prevalence, "deploy_prevalence")
    check_probability_open(confidence, "confidence")
    check_count(seed, "seed")
    check_count(dropped, "dropped")
    if rule is not None and not isinstance(rule, ThresholdRule):
        raise TypeError(f"rule must be a ThresholdRule or None, got {type(rule).__name__}")
    canonical = {str(name): canonical_table(_count_table(t, f"tables[{name!r}]"), rule) for name, t in tables.items()}
    totals = {name: (int(t["n_pos"].sum()), int(t["n_neg"].sum())) for name, t in canonical.items()}
    if len(set(totals.values())) > 1:
        raise ValueError(f"the models must be counted on the same rows; positives and negatives differ: {totals}")
    big_p, big_n = next(iter(totals.values()))
    if big_p == 0 or big_n == 0:
        raise ValueError("the file must hold both classes (at least one positive and one negative)")
    pi = float(deploy_prevalence)
    models = []
    methods = []
    for name, table in canonical.items():
        auc, method = auc_interval(table, confidence)
        methods.append(method)
        choice = None
        if rule is not None:
            choice = optimism_bootstrap(table, rule, deploy_prevalence=pi, resamples=resamples,
                                        confidence=confidence, rng=seed)
        model = ModelAnalysis(name, table, auc, choice, method, confidence=float(confidence))
        _calibration(model, big_p / (big_p + big_n), pi)
        if rule is not None and rule.kind == "cost":
            model.cost = _cost(model, rule, pi)
        models.append(model)
    result = Analysis(models, big_p, big_n, pi, rule, int(seed), confidence,
                      resamples if rule is not None and rule.looks_at_rows else 0,
                      dropped=int(dropped), auc_method=AUC_INTERVAL_SMALL if AUC_INTERVAL_SMALL in methods
                      else AUC_INTERVAL)
    if len(models) > 1 and pairs is not None:
        from .pairs import compare_pairs

        result.comparisons = compare_pairs(pairs, canonical, rule=rule, deploy_prevalence=pi, seed=seed,
                                           resamples=resamples, confidence=confidence)
    result.warnings = _warnings(result)
    return result


# --------------------------------------------------------------------------- calibration and cost


def _calibration(model: ModelAnalysis, file_prevalence: float, pi: float, bins: int = 10) -> None:
    """When the scores lie in [0, 1]: a reliability table in ``bins`` groups of about equal size (fewer when ties leave
    fewer distinct cells), each group's share of real cases set against its mean score, and the threshold read as a
    probability at the deployment prevalence (Bayes' rule: the odds times ``odds(pi) / odds(file)``).

    A calibrated model's share of real cases in a group equals the group's mean score. The count table keeps a run
    of scores without positives as one row at its lowest score (those scores reach up to the row above), so the mean
    is bounded, not known: ``mean_low = sum(n_i s_i) / n`` with each row at its own score, ``mean_high`` the same with
    each row without positives at the score of the row above (1 for the top row); a row with positives is one score.
    A group is off beyond chance when the 95 % Clopper-Pearson interval of its share lies wholly below ``mean_low``
    (the scores overstate) or above ``mean_high`` (they understate). The table also gives each group's lowest and
    highest score."""
    table = model.table
    score = table["score"].to_numpy()
    if score.min() < 0 or score.max() > 1:
        return
    n = (table["n_pos"] + table["n_neg"]).to_numpy()
    pos = table["n_pos"].to_numpy()
    # the rows run from the highest score down; a row without positives may be a merged run whose scores reach up to
    # the row above it (to 1 for the top row)
    reach = np.where(pos > 0, score, np.r_[1.0, score[:-1]])
    cum = np.cumsum(n)
    total = int(cum[-1])
    # group g holds the cells whose running count ends in ((g - 1) total / bins, g total / bins]
    group = np.minimum((cum - 1) * bins // total, bins - 1)
    frame = pd.DataFrame({"group": group, "score": score, "reach": reach, "n": n, "pos": pos})
    rows = []
    for _, part in frame.groupby("group", sort=True):
        count = int(part["n"].sum())
        rows.append({"scores from": float(part["score"].min()), "scores to": float(part["reach"].iloc[0]),
                     "mean score from": float((part["n"] * part["score"]).sum() / count),
                     "mean score to": float((part["n"] * part["reach"]).sum() / count),
                     "cases": count, "positives": int(part["pos"].sum()),
                     "share positive": int(part["pos"].sum()) / count})
    model.calibration = pd.DataFrame(rows)
    cal = model.calibration
    from ..intervals import clopper_pearson_interval

    low, high = clopper_pearson_interval(cal["positives"].to_numpy(), cal["cases"].to_numpy())
    below = int((high < cal["mean score from"].to_numpy()).sum())
    above = int((low > cal["mean score to"].to_numpy()).sum())
    model.calibrated = below + above == 0
    if below + above == 0:
        model.calibration_note = ("In every group the share of real cases is within chance (its 95 % "
                                  "Clopper-Pearson interval) of the group's mean score: the scores look "
                                  "calibrated on this file.")
    else:
        model.calibration_note = (
            f"In {below + above} of {len(cal)} groups the share of real cases lies, beyond chance (its 95 % "
            f"Clopper-Pearson interval), away from the group's mean score ({below} below, {above} above): the "
            "scores are not calibrated probabilities on this file"
            + (", they overstate the chance of a real case" if below > above else
               ", they understate the chance of a real case" if above > below else "")
            + ". Read them as a ranking, and any probability from them with care.")
    if model.choice is not None and 0 <= model.choice.threshold <= 1:  # a threshold outside [0, 1] is no probability
        from ..prior_shift import adjust_posteriors

        model.threshold_probability = float(adjust_posteriors(model.choice.threshold,
                                                              train_prevalence=file_prevalence,
                                                              deploy_prevalence=pi))


def _cost(model: ModelAnalysis, rule: ThresholdRule, pi: float) -> dict:
    """Expected cost per 1000 cases at deployment: at the threshold (corrected rates), flagging nobody, everybody."""
    per = model.per_1000
    return {"at_threshold": rule.cost_fp * per["fp"] + rule.cost_fn * per["fn"],
            "flag_nobody": 1000 * pi * rule.cost_fn, "flag_everybody": 1000 * (1 - pi) * rule.cost_fp}


# --------------------------------------------------------------------------- a model that does not rank


def not_ranking(model: ModelAnalysis, pi: float) -> str | None:
    """Why ``model`` does no better than flagging everyone or flagging at random, in words; None when it does.

    Three cases, each said of the threshold the rule chose or of the ranking:

    * the threshold flags everyone (every case of the file scores at least it);
    * the ROC AUC's interval holds 0.5: on this file the scores are not shown
      to rank a real case above another better than a coin would;
    * the precision's interval at ``pi`` reaches down to ``pi`` itself: the
      cases flagged are not shown to be real more often than cases picked at
      random (the positive likelihood ratio's interval holds 1), which is also
      the precision of flagging everyone.
    """
    c = model.choice
    if c is not None and not c.nobody_flagged and c.everyone_flagged:
        return (f"at this rule everyone is flagged (every case of the file scores at least "
                f"{exact_threshold(c.threshold)}), which is no better than flagging everyone without a model")
    auc, low, high = model.auc
    if low <= 0.5 <= high:
        return (f"its ROC AUC interval ({low:.3f} to {high:.3f}) holds 0.5: on this file its scores are not shown to "
                "rank a real case above another better than flagging at random")
    if c is not None and not c.nobody_flagged and c.precision[1] <= pi:
        return (f"at this rule its precision's interval reaches down to {c.precision[1]:.3g}, no more than the "
                f"prevalence ({pi:g}): the cases it flags are not shown to be real more often than cases flagged at "
                "random, or than flagging everyone")
    return None


# --------------------------------------------------------------------------- warnings


def _warnings(result: Analysis) -> list[str]:
    out = []
    if result.dropped:
        rows = "1 row" if result.dropped == 1 else f"{result.dropped:,} rows"
        out.append(f"{rows} with a missing label or score {'was' if result.dropped == 1 else 'were'} left out "
                   f"(--drop-missing); every number here counts the other {result.rows:,}.")
    if result.positives < FEW_POSITIVES:
        out.append(
            f"Only {result.positives} positive{'s' if result.positives != 1 else ''} in the file (fewer than "
            f"{FEW_POSITIVES}): every number below is very uncertain. The AUC's interval is therefore Newcombe's, "
            "which holds with few positives. "
            + (f"The coverage of the recall and precision intervals was checked by simulation down to about "
               f"{GRID_FEWEST} positives, not below: with {result.positives} they may cover less than their 95 %. "
               if result.positives < GRID_FEWEST else "")
            + "Collect more positives before deciding."
        )
    if result.negatives < FEW_NEGATIVES:
        out.append(
            f"Only {result.negatives} negative{'s' if result.negatives != 1 else ''} (cases that are not real) in the "
            f"file (fewer than {FEW_NEGATIVES}): the false positive rate is a share of them, so one false alarm more "
            f"or less moves it by {100 / result.negatives:.0f} points, and at a deployment prevalence of "
            f"{_pct(result.deploy_prevalence)} every precision below hinges on it. The AUC's interval is therefore "
            "Newcombe's. Collect more negatives before deciding."
        )
    for m in result.models:
        c = m.choice
        if (precision_undetermined(c) and result.positives >= FEW_POSITIVES and result.negatives >= FEW_NEGATIVES
                and not_ranking(m, result.deploy_prevalence) is None):
            collect = (_collect_negatives(c, result.confidence)
                       if negatives_limit_precision(c, result.confidence) else "more labelled real cases")
            collect += "," if any(ch.isdigit() for ch in collect) else ""
            out.append(f"{m.name}: {_short_of(result, c)} at the threshold, precision at "
                       f"{_pct(result.deploy_prevalence)} prevalence could be anywhere from {_percent(c.precision[1])} "
                       f"to {_percent(c.precision[2])}: collect {collect} before deciding.")
        auc, low, high = m.auc
        if high < 0.5:
            out.append(
                f"{m.name}: the AUC is {auc:.3f} (95 % interval {low:.3f} to {high:.3f}), below 0.5 by more than "
                "chance: the labels or the scores look reversed. If the positive class is the other label, give "
                "--pos-label; if a higher score means less likely positive, negate the scores."
            )
        if m.choice is not None and m.choice.nobody_flagged:
            out.append(f"{m.name}: at this rule nobody is flagged: the threshold lies above every score, so there "
                       "is no precision to report.")
        why = not_ranking(m, result.deploy_prevalence)
        if why is not None and high >= 0.5:
            out.append(f"{m.name}: {why}. Do not deploy it as it stands.")
    return out


NEAR_CHANCE = 0.55
"""A model whose AUC interval reaches below this is called close to chance (0.5) when another ranks clearly
better: its ranking may be barely better than a coin's."""


def exact_threshold(threshold: float) -> str:
    """The threshold written exactly: the shortest decimal that reads back as the same float (Python's ``repr``).

    Flagging ``score >= float(exact_threshold(t))`` flags exactly the cases
    ``score >= t`` flags; a rounded value may flag more or fewer.
    """
    return repr(float(threshold))


def flag_rule(threshold: float, name: str = "score") -> str:
    """The deployment rule as code: ``"score >= T"`` with ``T`` exact (:func:`exact_threshold`).

    The report counts a case as flagged when its score is at least the
    threshold (``>=``), on every engine.
    """
    return f"{name} >= {exact_threshold(threshold)}"


@dataclass(frozen=True)
class Decision:
    """What the page recommends: ``kind`` (``check_labels``, ``do_not_decide``, ``no_rule``, ``nobody_flagged``,
    ``does_not_pay``, ``deploy_if_workable``, ``deploy_cheapest``), the model it deploys (``model``, or None), the
    model that ranks clearly better than every other (``leader``, or None) and the sentence (``text``)."""

    kind: str
    model: str | None
    leader: str | None
    text: str


@dataclass(frozen=True)
class ClearDifference:
    """A pair whose AUCs differ beyond chance after Holm's adjustment: ``better`` ranks the cases better than
    ``worse`` by ``difference`` (``low`` to ``high``, the paired interval), Holm-adjusted p-value ``p_holm``."""

    better: str
    worse: str
    difference: float
    low: float
    high: float
    p_holm: float


def clear_differences(result: Analysis) -> list[ClearDifference]:
    """The pairs of models whose AUC difference is beyond chance: Holm-adjusted p-value below ``1 - confidence``.

    The pairs come from :func:`helpers.report.pairs.compare_pairs`, in the
    order of the models (``a - b``, ``AUC_a - AUC_b`` with its paired
    DeLong interval); each is turned so that the difference is positive.
    """
    if result.comparisons is None or len(result.models) < 2:
        return []
    import itertools

    names = [m.name for m in result.models]
    out = []
    for (a, b), (_, r) in zip(itertools.combinations(names, 2), result.comparisons.iterrows(), strict=True):
        if not r.p_holm < 1 - result.confidence:
            continue
        if r.auc_difference > 0:
            out.append(ClearDifference(a, b, float(r.auc_difference), float(r.auc_low), float(r.auc_high),
                                       float(r.p_holm)))
        else:
            out.append(ClearDifference(b, a, -float(r.auc_difference), -float(r.auc_high), -float(r.auc_low),
                                       float(r.p_holm)))
    return out


def _leader(result: Analysis, clear: list[ClearDifference]) -> str | None:
    """The model that ranks clearly better than every other model, if there is one."""
    others = len(result.models) - 1
    for m in result.models:
        if others and sum(d.better == m.name for d in clear) == others:
            return m.name
    return None


def _model(result: Analysis, name: str) -> ModelAnalysis:
    return next(m for m in result.models if m.name == name)


def _ranking_sentences(result: Analysis, clear: list[ClearDifference]) -> str:
    """The clear AUC differences in words, and which of the worse models rank close to chance."""
    out = []
    near = []
    for d in clear:
        better, worse = _model(result, d.better), _model(result, d.worse)
        k = decimals_for(d.difference, d.low, d.high, least=3)
        out.append(f"{d.better} ranks the real cases clearly better than {d.worse}: ROC AUC {better.auc[0]:.3f} "
                   f"against {worse.auc[0]:.3f}, a difference of {d.difference:.{k}f} ({100 * result.confidence:g} % "
                   f"interval {d.low:.{k}f} to {d.high:.{k}f}, Holm-adjusted p = {d.p_holm:.3g}).")
        if worse not in near and worse.auc[1] < NEAR_CHANCE:
            near.append(worse)
    for m in near:
        auc, low, high = m.auc
        if low <= 0.5:
            out.append(f"{m.name}'s ROC AUC interval ({low:.3f} to {high:.3f}) includes 0.5: on this file it is not "
                       "shown to rank the cases better than chance.")
        else:
            out.append(f"{m.name}'s ROC AUC interval ({low:.3f} to {high:.3f}) reaches down to {low:.3f}, close to "
                       "0.5 (chance): it may rank the cases barely better than chance.")
    return " ".join(out)


def percent_decimals_against(value: float, target: float) -> int:
    """Decimals of a percentage that keep ``value`` on its side of ``target`` (79.7 %, not 80 %, against 80 %).

    The fewest ``k`` in 0..4 with ``round(100 value, k) < 100 target`` exactly when ``value < target``.

    >>> percent_decimals_against(0.797, 0.8), percent_decimals_against(0.84, 0.8), percent_decimals_against(0.79, 0.8)
    (1, 0, 0)
    """
    for k in range(5):
        shown = round(100 * value, k)
        if (shown < round(100 * target, 6)) == (value < target):
            return k
    return 4


def recall_target_sentence(model: ModelAnalysis, rule: ThresholdRule | None, confidence: float = 0.95) -> str | None:
    """When the recall target is met on the file but the estimate for new cases falls below it, say so.

    Recall on the file is ``TP / (TP + FN)`` at the threshold; the estimate
    for new cases is the corrected one (:mod:`helpers.report.optimism`). None
    when the rule is not a recall target, nobody is flagged, the target is not
    met on the file, or the estimate is not below the target.
    """
    c = model.choice if isinstance(model, ModelAnalysis) else None
    if rule is None or rule.kind != "recall" or c is None or c.nobody_flagged:
        return None
    target, on_file, (est, low, high) = rule.at_recall, c.tp / (c.tp + c.fn), c.recall
    if on_file < target or not est < target:
        return None
    k = percent_decimals_against(est, target)
    kt = percent_decimals_against(target, target)
    return (f"Recall target {100 * target:.{kt}f} %: met on this file ({c.tp:,} of {c.tp + c.fn:,} real cases found, "
            f"{100 * on_file:.1f} %); for new cases the estimate is {100 * est:.{k}f} % ({100 * confidence:g} % "
            f"interval {100 * low:.{k}f} % to {100 * high:.{k}f} %), which may fall short of it"
            + ("." if c.recall_target_chance is None else ". " + chance_sentence(c, rule)))


def chance_sentence(choice: ChoiceEstimate, rule: ThresholdRule) -> str:
    """The chance that recall on new cases reaches the target, in words, with what it is a share of.

    A target of 1 is said to be out of reach: no finite file can promise that every new real case scores above
    the threshold (:func:`helpers.report.optimism.recall_target_chance` is 0).
    """
    target = rule.at_recall
    if target >= 1:
        return ("No finite file can promise a recall of 100 % on new cases: a new real case may always score below "
                "every real case in the file (with continuous scores the chance that recall on new cases reaches "
                "100 % is 0). Choose a target below 1.")
    kt = percent_decimals_against(target, target)
    positives = choice.tp + choice.fn
    bound = "at least " if choice.recall_target_chance_exact is False else ""
    return (f"The chance that recall on new cases reaches the {100 * target:.{kt}f} % target is "
            f"{bound}{chance_words(choice.recall_target_chance)}: of files with {positives:,} real "
            f"case{'s' if positives != 1 else ''} scored like this one, the share in which this rule's threshold "
            "reaches it"
            + (" (real cases tie at the threshold, so it may be higher)." if bound else "."))


def chance_words(chance: float) -> str:
    """A chance in whole per cent: ``"52 %"``, ``"below 1 %"``, ``"above 99 %"`` (``"0 %"`` when it is 0)."""
    if chance == 0:
        return "0 %"
    if chance < 0.005:
        return "below 1 %"
    if chance > 0.995:
        return "above 99 %"
    return f"{100 * chance:.0f} %"


def one_in(precision: float) -> str:
    """The share of flagged cases that are real, in words: ``"about 1 in 40"`` below one half, else ``"about 74 %"``."""
    return f"about 1 in {1 / precision:,.0f}" if precision < 0.5 else f"about {100 * precision:.0f} %"


def verdict(result: Analysis) -> list[str]:
    """The page's opening sentences: what deploying each model with its threshold would do, in words.

    Each names its deployment rule exactly (flag a case when its score is at
    least the threshold, written with every digit: :func:`exact_threshold`)
    and, for a recall target met on the file whose estimate for new cases
    falls below it, says both (:func:`recall_target_sentence`).
    """
    pi = result.deploy_prevalence
    lines = []
    if result.rule is None:
        for m in result.models:
            lines.append(f"{m.name} ranks a random positive above a random negative {m.auc[0]:.0%} of the time "
                         f"(ROC AUC {m.auc[0]:.3f}). No threshold was chosen: give a rule to get a decision.")
        return lines
    for m in result.models:
        c = m.choice
        if c.nobody_flagged:
            lines.append(f"{m.name}: at this rule the threshold flags nobody, so deploying it changes nothing.")
            continue
        r, p = c.recall[0], c.precision[0]
        k = decimals_for(p, c.precision[1], c.precision[2], least=2)
        k = max(k, _distinct_decimals(c.precision[1], c.precision[2], start=k))
        flagged, f_low, f_high = m.flagged_interval
        kf = _flagged_decimals(flagged, f_low, f_high)
        if c.everyone_flagged:
            head = (f"{m.name}, flagging a case when its score is ≥ {exact_threshold(c.threshold)}: everyone is "
                    "flagged, every case of the file scores at least that. That is no model at all: ")
        else:
            head = f"{m.name}, flagging a case when its score is ≥ {exact_threshold(c.threshold)}: "
        b_low, b_high = m.batch_flagged
        conf = f"{100 * result.confidence:g} %"
        if precision_undetermined(c):
            line = (head + f"of every 1000 cases at {_pct(pi)} prevalence it would flag between {f_low:,.{kf}f} and "
                    f"{f_high:,.{kf}f} on average ({conf} interval; any one batch of 1000, {b_low:,} to {b_high:,}), "
                    f"and between {_percent(c.precision[1])} and {_percent(c.precision[2])} of those flagged would be "
                    f"real cases (precision's {conf} interval {c.precision[1]:.{k}f} to {c.precision[2]:.{k}f}); "
                    f"{_short_of(result, c)} the file cannot say more.")
        else:
            line = (head + f"of every 1000 cases at {_pct(pi)} prevalence it would flag about {flagged:,.{kf}f} on "
                    f"average ({conf} interval {f_low:,.{kf}f} to {f_high:,.{kf}f}; any one batch of 1000, "
                    f"{b_low:,} to {b_high:,}), and {one_in(p)} of those flagged would be a real case (precision "
                    f"{p:.{k}f}, {conf} interval {c.precision[1]:.{k}f} to {c.precision[2]:.{k}f}).")
        short = recall_target_sentence(m, result.rule, result.confidence)
        if short is not None:
            line += " " + short
        else:
            target = result.rule.at_recall
            kr = 0 if result.rule.kind != "recall" else max(percent_decimals_against(r, target),
                                                            percent_decimals_against(c.recall[1], target))
            kr = max(kr, _distinct_decimals(100 * c.recall[1], 100 * c.recall[2]))
            line += (f" It would find {100 * r:.{kr}f} % of the real cases (95 % interval {100 * c.recall[1]:.{kr}f} % "
                     f"to {100 * c.recall[2]:.{kr}f} %).")
            if result.rule.kind == "recall" and c.recall_target_chance is not None:
                line += " " + chance_sentence(c, result.rule)
        if m.cost is not None:
            cost = m.cost
            cheaper = min(cost["flag_nobody"], cost["flag_everybody"])
            what = "flagging nobody" if cost["flag_nobody"] <= cost["flag_everybody"] else "flagging everybody"
            if cost["at_threshold"] < cheaper:
                line += (f" At your prices it costs about {cost['at_threshold']:,.4g} per 1000 cases against "
                         f"{cheaper:,.4g} for {what}.")
            else:
                line += (f" At your prices it costs about {cost['at_threshold']:,.4g} per 1000 cases, no less than "
                         f"{what} ({cheaper:,.4g}): the model does not pay for itself at these prices.")
        lines.append(line)
    return lines


def _percent(rate: float) -> str:
    """A share in whole per cent, with more decimals only where a share above 0 would read 0: ``"12 %"``,
    ``"0.4 %"``."""
    k = 0
    while 0 < rate and round(100 * rate, k) == 0 and k < 4:
        k += 1
    return f"{100 * rate:.{k}f} %"


def _short_of(result: Analysis, c: ChoiceEstimate) -> str:
    """What the file lacks for precision, in words: ``"with 0 false alarms among 60 other cases"`` when the negatives
    limit it (:func:`negatives_limit_precision`), else ``"with 60 real cases"``."""
    if negatives_limit_precision(c, result.confidence):
        return (f"with {c.fp:,} false alarm{'s' if c.fp != 1 else ''} among {c.fp + c.tn:,} other "
                f"case{'s' if c.fp + c.tn != 1 else ''}")
    return f"with {c.tp + c.fn:,} real case{'s' if c.tp + c.fn != 1 else ''}"


def _undetermined_text(result: Analysis, m: ModelAnalysis) -> str:
    """The recommendation for a model whose precision the file cannot pin within a factor of two: the interval's
    ends first, what the file lacks, and what to collect."""
    c = m.choice
    text = (f"Recommendation: do not decide on this file alone. Between {_percent(c.precision[1])} and "
            f"{_percent(c.precision[2])} of the cases {m.name} flags at {_pct(result.deploy_prevalence)} prevalence "
            f"would be real: {_short_of(result, c)}, the file cannot pin its precision within a factor of two. ")
    if negatives_limit_precision(c, result.confidence):
        return text + f"Collect {_collect_negatives(c, result.confidence)}, and run the report again."
    return text + "Collect more labelled real cases and run the report again."


def _flagged_decimals(flagged: float, low: float, high: float) -> int:
    """Decimals of cases flagged per 1000 and their interval: none when the estimate is whole and the ends stay apart
    ("1,000 (998 to 1,000)", not "1,000.0"), none for an interval 5 or more wide, else one, more where the ends would
    read the same."""
    if float(flagged).is_integer() and (low == high or round(low) != round(high)):
        return 0
    return _distinct_decimals(low, high, start=0 if high - low >= 5 else 1)


def _distinct_decimals(low: float, high: float, start: int = 0, most: int = 6) -> int:
    """The fewest decimals (``start`` to ``most``) that keep two different numbers apart when written: no interval
    reads "100 to 100" unless its ends are equal."""
    for k in range(start, most + 1):
        if low == high or round(low, k) != round(high, k):
            return k
    return most


def _pct(rate: float) -> str:
    from ..rare_rates import fixed_percent

    return fixed_percent(rate).replace(".00%", "%")


def decide(result: Analysis) -> Decision:
    """The page's recommendation: what to do with the verdict, which model (if any) and the sentence saying it.

    Several models whose AUCs differ beyond chance (:func:`clear_differences`)
    are named, the better first, whatever the order they were given in; a
    model that ranks clearly better than every other is the ``leader``. A
    model that would be deployed but whose precision the file cannot pin
    within a factor of two (:func:`precision_undetermined`) gets
    ``do_not_decide``, led by its interval's ends and what to collect.
    """
    clear = clear_differences(result)
    leader = _leader(result, clear)
    ranking = _ranking_sentences(result, clear)

    def made(kind: str, text: str, model: str | None = None, then: str = "") -> Decision:
        return Decision(kind, model, leader, text + (" " + ranking if ranking else "") + then)

    if any("look reversed" in w for w in result.warnings):
        return Decision("check_labels", None, None,
                        "Recommendation: check the labels and the scores first (see the warning): as they stand, the "
                        "model ranks the real cases below the others.")
    weak = {m.name: not_ranking(m, result.deploy_prevalence) for m in result.models}

    def not_deployed() -> Decision:
        names = [name for name, why in weak.items() if why is not None]
        text = ("Recommendation: do not deploy " + (names[0] if len(result.models) == 1 else "any of the models")
                + ". " + " ".join((f"{name}: {why}." if len(result.models) > 1 else f"{why[0].upper()}{why[1:]}.")
                                  for name, why in weak.items() if why is not None)
                + " Check that the score column is the model's output for these cases (--y-score) and that the "
                  "labels are right (--pos-label); "
                + (f"then collect more labelled real cases: with only {result.positives} this may be too little "
                   "evidence rather than a useless model." if result.positives < FEW_POSITIVES else
                   "a model whose scores rank the real cases higher is needed before deciding."))
        return made("does_not_rank", text)

    if all(why is not None for why in weak.values()):
        return not_deployed()
    if result.positives < FEW_POSITIVES or result.negatives < FEW_NEGATIVES:
        few = ([f"{result.positives} real cases"] if result.positives < FEW_POSITIVES else []) + (
            [f"{result.negatives} other cases"] if result.negatives < FEW_NEGATIVES else [])
        collect = " and ".join((["labelled real cases"] if result.positives < FEW_POSITIVES else [])
                               + (["labelled other cases"] if result.negatives < FEW_NEGATIVES else []))
        text = (f"Recommendation: do not decide on this file alone. With {' and '.join(few)} every number above is too "
                f"uncertain to deploy on; collect more {collect} and run the report again.")
        then = ""
        if leader is not None:
            others = [m.name for m in result.models if m.name != leader]
            then = (f" With the new cases, confirm {leader} rather than "
                    + (others[0] if len(others) == 1 else "the others") + ".")
        return made("do_not_decide", text, then=then)
    if result.rule is None:
        return made("no_rule", "Recommendation: state a rule (a recall target, your prices, or a threshold) to get a "
                               "decision.")
    usable = [m for m in result.models if not m.choice.nobody_flagged and weak[m.name] is None]
    if not any(not m.choice.nobody_flagged for m in result.models):
        return made("nobody_flagged", "Recommendation: at this rule no model flags anyone (nobody is flagged); "
                                      "deploying changes nothing.")
    if not usable:
        return not_deployed()
    if result.rule.kind == "cost":
        best = min(usable, key=lambda m: m.cost["at_threshold"])
        cost = best.cost
        cheaper = min(cost["flag_nobody"], cost["flag_everybody"])
        if cost["at_threshold"] >= cheaper:
            return made("does_not_pay", "Recommendation: at your prices no model pays for itself; do not deploy, or "
                                        "check the prices and the deployment prevalence.")
        kind = "deploy_cheapest"
        line = (f"Recommendation: deploy {best.name}, the cheapest at your prices: flag a case when its score is "
                f"≥ {exact_threshold(best.choice.threshold)} (this exact value; a rounded one may flag other cases).")
    else:
        best = max(usable, key=lambda m: m.choice.precision[0])
        c = best.choice
        kind = "deploy_if_workable"
        kr = 0 if result.rule.kind != "recall" else percent_decimals_against(c.recall[0], result.rule.at_recall)
        flagged, f_low, f_high = best.flagged_interval
        kf = _flagged_decimals(flagged, f_low, f_high)
        line = (f"Recommendation: if reviewing about {flagged:,.{kf}f} flagged cases per 1000 on average "
                f"({f_low:,.{kf}f} to {f_high:,.{kf}f}) to find {100 * c.recall[0]:.{kr}f} % of the real cases "
                f"({one_in(c.precision[0])} of those flagged being real) is workable, deploy {best.name}: flag a case "
                "when its score is "
                f"≥ {exact_threshold(c.threshold)} "
                "(this exact value; a rounded one may flag other cases).")
        if result.rule.kind == "recall" and result.rule.at_recall >= 1:
            line += " It will not find every real case: no finite file can promise a recall of 100 %."
    if precision_undetermined(best.choice):
        then = ""
        if leader is not None:
            others = [m.name for m in result.models if m.name != leader]
            then = (f" With the new cases, confirm {leader} rather than "
                    + (others[0] if len(others) == 1 else "the others") + ".")
        return made("do_not_decide", _undetermined_text(result, best), then=then)
    if result.comparisons is not None and len(result.models) > 1:
        import itertools

        names = [m.name for m in result.models]
        for (a, b), (_, r) in zip(itertools.combinations(names, 2), result.comparisons.iterrows(), strict=True):
            if best.name not in (a, b):
                continue
            other = b if best.name == a else a
            low = r.lr_low if best.name == a else 1 / r.lr_high
            if low > 1:
                line += f" At equal recall it raises fewer false alarms than {other}, beyond chance."
            else:
                line += (f" Its advantage over {other} at equal recall is within chance (the interval of the ratio "
                         "includes 1): either would do, on this file.")
    return made(kind, line, best.name)


def recommendation(result: Analysis) -> str:
    """One sentence that says what to do with the verdict: the page's recommendation (:func:`decide`)."""
    return decide(result).text


def _shift_precision(precision: float, pi: float, q: float) -> float:
    """A precision at prevalence ``pi`` moved to prevalence ``q``: its odds times ``odds(q) / odds(pi)`` (the
    likelihood ratio of being flagged is the same at both)."""
    if precision >= 1 or precision <= 0:
        return float(precision)
    odds = precision / (1 - precision) * (q / (1 - q)) / (pi / (1 - pi))
    return odds / (1 + odds)


def margin_feasible(target: float, positives: int, confidence: float = 0.95) -> bool:
    """Whether ``--recall-confidence confidence`` can meet the recall ``target`` with this many positives: the lower
    one-sided Clopper–Pearson limit of all of them found, ``(1 - confidence)^(1 / P)``, reaches it (never for a target
    of 1)."""
    return target < 1 and (1 - confidence) ** (1 / positives) >= target


def next_steps(result: Analysis) -> list[str]:
    """What to do next, from the numbers: confirm the prevalence, the recall margin, more positives, monitoring.

    The steps follow the recommendation (:func:`decide`), never the order of
    the models: they speak of the model it deploys; else of the model that
    ranks clearly better than the others; else of each model. Monitoring
    applies only to a model the recommendation deploys.
    """
    pi = result.deploy_prevalence
    decision = decide(result)
    usable = [m for m in result.models if m.choice is not None and not m.choice.nobody_flagged]
    named = decision.model or decision.leader
    focus = [m for m in usable if m.name == named] if named is not None else usable
    if not focus or decision.kind in ("does_not_rank", "check_labels"):
        return []  # nothing to tune before the model ranks, or before the labels are checked
    steps = []

    def precision_at(m: ModelAnalysis, q: float) -> float:
        tpr, fpr = m.choice.recall[0], m.choice.fpr
        return q * tpr / (q * tpr + (1 - q) * fpr)

    halves = [precision_at(m, pi / 2) for m in focus]
    doubles = [precision_at(m, min(2 * pi, 0.999)) for m in focus]
    k = decimals_for(*halves, *doubles, least=2)
    if len(focus) == 1 and precision_undetermined(focus[0].choice):
        # the estimate says nothing here: the interval's ends moved to the other prevalence (Bayes' rule on the odds)
        ends = focus[0].choice.precision[1:]
        half, double = (tuple(_shift_precision(p, pi, q) for p in ends) for q in (pi / 2, min(2 * pi, 0.999)))
        k = max(2, _distinct_decimals(*half, start=2), _distinct_decimals(*double, start=2))
        at = (f"at half of it {focus[0].name}'s precision would lie between {half[0]:.{k}f} and {half[1]:.{k}f}, at "
              f"double between {double[0]:.{k}f} and {double[1]:.{k}f}")
    elif len(focus) == 1:
        at = (f"at half of it {focus[0].name}'s precision would be about {halves[0]:.{k}f}, at double about "
              f"{doubles[0]:.{k}f}")
    else:
        at = ("at half of it the precision would be about "
              + ", ".join(f"{h:.{k}f} for {m.name}" for h, m in zip(halves, focus, strict=True))
              + "; at double about "
              + ", ".join(f"{d:.{k}f} for {m.name}" for d, m in zip(doubles, focus, strict=True)))
    steps.append(f"Confirm the deployment prevalence ({_pct(pi)}). Every precision here depends on it: {at}. The "
                 "correction assumes only the share of positives changes between this file and deployment.")
    rule = result.rule
    if rule.kind == "recall" and rule.recall_confidence is None and margin_feasible(rule.at_recall, result.positives) \
            and any(m.choice.recall[1] < rule.at_recall for m in focus):
        steps.append(
            "New cases may fall short of the recall target: the lower end of recall's 95 % interval (above) lies "
            "below it. To meet it with 95 % confidence on new cases, run again with --recall-confidence 0.95: it "
            "takes a lower threshold, at the price of more cases flagged."
        )
    def wide(m: ModelAnalysis) -> bool:
        low, high = m.choice.precision[1:]
        return low <= 0 or high / low > 1.5

    short_negatives = [m for m in focus if wide(m) and negatives_limit_precision(m.choice, result.confidence)]
    if short_negatives:
        c = short_negatives[0].choice
        kp = max(decimals_for(*c.precision[1:], least=2), _distinct_decimals(*c.precision[1:], start=2))
        steps.append(
            f"Collect more labelled negatives (other cases): precision's interval ({c.precision[1]:.{kp}f} to "
            f"{c.precision[2]:.{kp}f}) is wide mostly because of them. The file has {result.negatives:,}, "
            f"{c.fp:,} of them false alarms at the threshold, and at {_pct(pi)} prevalence the false positive rate "
            "they measure decides the precision; more positives alone would not narrow it much."
        )
    if result.positives < 4 * FEW_POSITIVES or any(wide(m) for m in focus if m not in short_negatives):
        steps.append(
            f"Collect more positives: the file has {result.positives:,}. The recall interval narrows roughly with the "
            "square root of the number of positives (four times as many halve it)."
        )
    if decision.model is not None:
        m = _model(result, decision.model)
        flagged, low, high = m.flagged_interval
        b_low, b_high = m.batch_flagged
        steps.append(
            f"Monitor {decision.model} after deployment: expect about {flagged:,.1f} cases flagged per 1000 on "
            f"average (the long-run share; {100 * result.confidence:g} % interval {low:,.1f} to {high:,.1f}). "
            f"Any one batch of 1000 cases varies by chance around it: it would flag between {b_low:,} and "
            f"{b_high:,} ({100 * result.confidence:g} % binomial prediction interval, the share's uncertainty "
            "included). Only a batch outside that range, or a share that keeps drifting over several batches, means "
            "the prevalence or the scores have changed; check the labels of a sample of flagged cases to confirm "
            "the precision."
        )
    else:
        steps.append("Monitoring: not applicable until a model is chosen for deployment.")
    return steps
