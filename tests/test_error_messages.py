"""One vocabulary: every public function names a bad argument the way its signature spells it.

The table ``BAD_INPUTS`` holds, for every public function of ``helpers``
(``helpers.__all__`` and the ``__all__`` of every submodule, widgets
included), one or more calls that get exactly one argument wrong, and the
name of that argument. Each call must raise ``ValueError`` or ``TypeError``
whose message contains that name as a word (``counts.tn`` names ``counts``).
A row may also give ``start``, a regular expression the message must start
with: that pins its wording (the rows of counts, intervals, prior_shift,
curves, delong and small_sample_auc have one, so that mutation testing finds
no message whose words no test reads; tests/README.md).
A public function missing from the table fails ``test_every_public_function_is_in_the_table``:
a new function gets its row when it is written.

The same file checks the two rules of the vocabulary across the package:

* a confusion matrix is a ``Counts`` or the four keywords ``tp=, fn=, fp=, tn=``,
  never loose numbers by position;
* randomness is ``rng`` (``None``, an int seed or a ``numpy.random.Generator``);
  no helpers function has a ``random_state`` of its own.

Rows marked ``xfail`` are known wrong messages in modules this change could
not edit; the reason names the file. They are strict: once the message is
fixed, the row fails until its mark is removed.
"""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from sklearn.linear_model import LogisticRegression

import helpers
from helpers import Counts, threshold_choice

# A small score-count table (scores descending) for the report's functions.
_COUNT_TABLE = pd.DataFrame({"score": [0.9, 0.7, 0.5, 0.3, 0.1], "n_pos": [3, 2, 1, 1, 0], "n_neg": [0, 1, 2, 3, 5]})

# --------------------------------------------------------------------------- the public functions


def _public_modules() -> list:
    names = [m.name for m in pkgutil.walk_packages(helpers.__path__, prefix="helpers.")]
    return [helpers] + [importlib.import_module(n) for n in sorted(names) if not n.endswith("__main__")]


def _public_functions() -> dict[str, Callable]:
    """``"module.name" -> function`` for every function listed in an ``__all__`` (classes and constants aside)."""
    out = {}
    for module in _public_modules():
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                out[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return out


PUBLIC = _public_functions()

# --------------------------------------------------------------------------- inputs the table reuses

C = Counts(tn=72, fp=18, fn=2, tp=8)
Y = np.array([0, 0, 1, 1, 0, 1, 0, 0])
S = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.6])
Y3 = np.array([0, 1, 2, 0, 1, 2])


def _three_class_features() -> tuple[np.ndarray, np.ndarray]:
    """90 rows of two features, three classes shifted apart along the first (for a model fitted in a factory)."""
    y = np.tile([0, 1, 2], 30)
    X = np.random.default_rng(0).normal(size=(90, 2))
    X[:, 0] += y
    return X, y
P3 = np.array([[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7]] * 2)


def _splits() -> pd.DataFrame:
    from helpers.enriched_pool import COUNT_COLUMNS

    return pd.DataFrame([[8, 2, 10, 90, 5, 5, 50, 950]], columns=list(COUNT_COLUMNS))


@dataclass(frozen=True)
class Bad:
    """A call that gets one argument wrong, and the argument's name in the function's signature."""

    argument: str
    call: Callable[[Callable], object]
    xfail: str | None = None  # why the message is wrong today, naming the file to fix
    start: str | None = None  # a regular expression the message must start with (pins its wording)



BAD_INPUTS: dict[str, list[Bad]] = {
    # --- helpers.counts (helpers/counts.py)
    "helpers.counts.confusion_counts": [
        Bad("pos_label", lambda f: f([0, 1], [0, 1], pos_label=7),
            start=r"y_true and y_pred must hold two classes, pos_label=7 and one other; found \[0, 1\]$"),
    ],
    "helpers.counts.negative_weight": [
        Bad("n_neg", lambda f: f(10, -1, 0.1),
            start=r"n_neg must be a positive finite number, got -1\.0$"),
    ],
    "helpers.counts.weight_negatives": [
        Bad("weight", lambda f: f(C, -1), start=r"weight must be a finite number > 0, found -1\.0$"),
        Bad("counts", lambda f: f(Counts(tn=-1, fp=1, fn=1, tp=1), 2),
            start=r"counts\.tn must hold whole numbers >= 0, found a negative count$"),
    ],
    "helpers.counts.counts_at_prevalence": [
        Bad("prevalence", lambda f: f(C, 1.5), start=r"prevalence must be strictly between 0 and 1, found"),
        Bad("counts", lambda f: f(Counts(tn=-1, fp=1, fn=1, tp=1), 0.5),
            start=r"counts\.tn must hold whole numbers >= 0, found a negative count$"),
    ],
    "helpers.counts.metric_zoo": [
        Bad("counts", lambda f: f((1, 2)),
            start=r"counts must be a helpers\.Counts \(named fields tn, fp, fn, tp\), got tuple \(1, 2\)$"),
        Bad("counts", lambda f: f(Counts(tn=-1, fp=1, fn=1, tp=1)),
            start=r"counts\.tn must hold whole numbers >= 0, found a negative count$"),
    ],
    # --- helpers.intervals
    "helpers.intervals.wilson_interval": [
        Bad("trials", lambda f: f(3, 2), start=r"successes cannot exceed trials$"),
        Bad("confidence", lambda f: f(1, 2, confidence=2),
            start=r"confidence must be strictly between 0 and 1, got 2\.0$"),
    ],
    "helpers.intervals.precision_interval": [
        Bad("deploy_prevalence", lambda f: f(C, deploy_prevalence=1.5),
            start=r"deploy_prevalence must be strictly between 0 and 1, got 1\.5$"),
        Bad("counts", lambda f: f(Counts(tn=-1, fp=1, fn=1, tp=1), deploy_prevalence=0.1),
            start=r"counts\.tn must hold whole numbers >= 0, found a negative count$"),
        Bad("tn", lambda f: f(tp=1, fn=1, fp=1, tn=-1, deploy_prevalence=0.1),
            start=r"tn must hold whole numbers >= 0, found a negative count$"),
        Bad("counts", lambda f: f((72, 18, 2, 8), deploy_prevalence=0.1),
            start=r"counts must be a helpers\.Counts .*write Counts\(\*values\)$"),
        Bad("tn", lambda f: f(tp=1, fn=1, fp=1, deploy_prevalence=0.1),
            start=r"precision_interval\(\) got tp=, fn=, fp= but not tn="),
        Bad("confidence", lambda f: f(C, deploy_prevalence=0.1, confidence=0),
            start=r"confidence must be strictly between 0 and 1, got 0\.0$"),
        Bad("rate_interval", lambda f: f(C, deploy_prevalence=0.1, rate_interval="Wilson"),
            start=r"rate_interval must be one of \('clopper-pearson', 'wilson'\), got 'Wilson'$"),
    ],
    "helpers.intervals.clopper_pearson_interval": [
        Bad("trials", lambda f: f(3, 2), start=r"successes cannot exceed trials$"),
        Bad("trials", lambda f: f(0, 0), start=r"trials must be > 0: a rate needs at least one case$"),
        Bad("successes", lambda f: f(-1, 2), start=r"successes must hold whole numbers >= 0, found a negative count$"),
        Bad("confidence", lambda f: f(1, 2, confidence=1),
            start=r"confidence must be strictly between 0 and 1, got 1\.0$"),
    ],
    "helpers.interval_coverage.binomial_coverage": [
        Bad("n_pos", lambda f: f(n_pos=0, n_neg=100, tpr=0.9, fpr=0.01, deploy_prevalence=0.01)),
        Bad("fpr", lambda f: f(n_pos=10, n_neg=100, tpr=0.9, fpr=1.5, deploy_prevalence=0.01)),
        Bad("deploy_prevalence", lambda f: f(n_pos=10, n_neg=100, tpr=0.9, fpr=0.01, deploy_prevalence=0)),
        Bad("rate_interval", lambda f: f(n_pos=10, n_neg=100, tpr=0.9, fpr=0.01, deploy_prevalence=0.01,
                                         rate_interval="exact")),
    ],
    "helpers.interval_coverage.realised_precision_coverage": [
        Bad("n_pool_pos", lambda f: f(C, n_test_pos=5, n_test_neg=40, n_pool_pos=6)),
        Bad("n_test_neg", lambda f: f(C, n_test_pos=5, n_test_neg=90, n_pool_pos=2)),
        Bad("design", lambda f: f(C, n_test_pos=5, n_test_neg=40, n_pool_pos=2, design="binomial")),
        Bad("counts", lambda f: f(Counts(tn=72, fp=[1, 2], fn=2, tp=8), n_test_pos=5, n_test_neg=40, n_pool_pos=2)),
    ],
    "helpers.interval_coverage.finite_population_coverage": [
        Bad("n_test_neg", lambda f: f(C, n_test_pos=5, n_test_neg=91, deploy_prevalence=0.05)),
        Bad("n_test_pos", lambda f: f(C, n_test_pos=0, n_test_neg=40, deploy_prevalence=0.05)),
        Bad("counts", lambda f: f(Counts(tn=72, fp=[1, 2], fn=2, tp=8), n_test_pos=5, n_test_neg=40,
                                  deploy_prevalence=0.05)),
        Bad("deploy_prevalence", lambda f: f(C, n_test_pos=5, n_test_neg=40, deploy_prevalence=1)),
    ],
    "helpers.intervals.precision_interval_estimated_prevalence": [
        Bad("rate_interval", lambda f: f(C, sample_pos=1, sample_size=10, rate_interval="jeffreys"),
            start=r"rate_interval must be one of \('clopper-pearson', 'wilson'\), got 'jeffreys'$"),
        Bad("sample_pos", lambda f: f(C, sample_pos=11, sample_size=10),
            start=r"sample_pos cannot exceed sample_size$"),
        Bad("counts", lambda f: f(Counts(tn=1, fp=1, fn=1, tp=1.5), sample_pos=1, sample_size=10),
            start=r"counts\.tp must hold whole numbers >= 0, got 1\.5$"),
        Bad("fp", lambda f: f(tp=1, fn=1, fp=-2, tn=1, sample_pos=1, sample_size=10),
            start=r"fp must hold whole numbers >= 0, found a negative count$"),
    ],
    # --- helpers.simulation
    "helpers.simulation.simulate_counts": [Bad("tnr", lambda f: f(10, 90, 0.8, 1.2))],
    "helpers.simulation.simulate_labels": [Bad("rng", lambda f: f(10, 90, 0.8, 0.9, rng="seed"))],
    "helpers.simulation.simulate_studies": [
        Bad("n_studies", lambda f: f(10, 90, 0.8, 0.9, n_studies=-1)),
        Bad("rng", lambda f: f(10, 90, 0.8, 0.9, n_studies=2, rng=1.5)),
    ],
    "helpers.simulation.simulate_population_studies": [
        Bad("prevalence", lambda f: f(100, 0.0, 0.8, 0.9, n_studies=2)),
        Bad("rng", lambda f: f(100, 0.1, 0.8, 0.9, n_studies=2, rng=np.random.RandomState(0))),
    ],
    # --- helpers.prior_shift (helpers/prior_shift.py)
    "helpers.prior_shift.precision_at_prevalence": [
        Bad("fpr", lambda f: f(0.8, 1.5, 0.1),
            start=r"fpr must hold rates between 0 and 1, found"),
    ],
    "helpers.prior_shift.rebuilt_precision": [
        Bad("prevalence", lambda f: f(C, prevalence=1.0), start=r"prevalence must be in \[0, 1\), found 1\.0$"),
        Bad("counts", lambda f: f(Counts(tn=1, fp=-1, fn=1, tp=1), prevalence=0.1),
            start=r"counts\.fp must hold counts \(finite numbers >= 0\), got -1$"),
        Bad("fp", lambda f: f(tp=1, fn=1, fp=-1, tn=1, prevalence=0.1),
            start=r"fp must hold counts \(finite numbers >= 0\), got -1$"),
    ],
    "helpers.prior_shift.corrected_precision": [
        Bad("deploy_ratio", lambda f: f(tp=9, fp=1, test_ratio=1, deploy_ratio=0),
            start=r"deploy_ratio must be a positive finite number, got 0\.0$"),
        Bad("fp", lambda f: f(tp=9, fp=-1, test_ratio=1, deploy_ratio=2),
            start=r"fp must hold finite counts >= 0, found -1\.0$"),
    ],
    "helpers.prior_shift.corrected_pr_curve": [
        Bad("deploy_prevalence", lambda f: f(Y, S, deploy_prevalence=0),
            start=r"deploy_prevalence must be strictly between 0 and 1, got 0\.0$"),
    ],
    "helpers.prior_shift.adjust_posteriors": [
        Bad("train_prevalence", lambda f: f([0.5], train_prevalence=2, deploy_prevalence=0.1),
            start=r"train_prevalence must be strictly between 0 and 1, got 2\.0$")
    ],
    "helpers.prior_shift.estimate_prevalence_em": [
        Bad("proba", lambda f: f([1.5], train_prevalence=0.5),
            start=r"proba must be probabilities in \[0, 1\], found .*1\.5.* at position 0$"),
    ],
    "helpers.prior_shift.estimate_prevalence_acc": [
        Bad("tpr", lambda f: f([0, 1], tpr=1.5, fpr=0.1),
            start=r"tpr must hold rates between 0 and 1, found"),
    ],
    # --- helpers.roc, curves, curve_plots, pr_area
    "helpers.roc.roc_table": [Bad("y_score", lambda f: f([0, 1], [0.1, np.nan]))],
    "helpers.curves.counts_at_threshold": [
        Bad("threshold", lambda f: f(Y, S, "high"),
            start=r"threshold must be a number, got 'high'$"),
    ],
    "helpers.curves.pair_counts": [
        Bad("chunk", lambda f: f(Y, S, chunk=0),
            start=r"chunk must be a whole number >= 1, got 0$"),
    ],
    "helpers.curves.pairwise_auc": [
        Bad("y_true", lambda f: f([1, 1, 1], [0.1, 0.2, 0.3]),
            start=r"y_true has no negatives; both classes are needed$"),
    ],
    "helpers.curves.cheat_sheet_roc_table": [
        Bad("threshold", lambda f: f(Y, S, threshold="x"),
            start=r"threshold must be a number, got 'x'$"),
    ],
    "helpers.curve_plots.plot_pr_roc": [Bad("axes", lambda f: f(Y, S, axes=None))],
    "helpers.curve_plots.plot_roc_pieces": [Bad("table", lambda f: f(pd.DataFrame({"x": [1]}), ax=None))],
    "helpers.pr_area.pr_steps": [Bad("y_true", lambda f: f([0, 0], [0.1, 0.2]))],
    "helpers.pr_area.pr_areas": [Bad("y_score", lambda f: f([0, 1], [0.1]))],
    "helpers.pr_area.achievable_pr_curve": [Bad("points_per_step", lambda f: f(Y, S, points_per_step=0))],
    # --- helpers.unlabeled
    "helpers.unlabeled.recall_at_k_unlabeled": [Bad("unlabeled_scores", lambda f: f([0.5], []))],
    "helpers.unlabeled.precision_at_k_unlabeled": [Bad("class_size", lambda f: f([0.5, 1.0], class_size=0))],
    "helpers.unlabeled.f1_at_k_unlabeled": [Bad("recall_at_k", lambda f: f([1.5], class_size=3))],
    "helpers.unlabeled.precision_at_k_interval": [
        Bad("class_size", lambda f: f([0.5], [0.4], class_size=0)),
        Bad("confidence", lambda f: f([0.5], [0.4], class_size=3, confidence=1.0)),
        Bad("test_scores_pos", lambda f: f([], [0.4], class_size=3)),
    ],
    "helpers.unlabeled.class_size_from_audit": [
        Bad("audited", lambda f: f(0, 0, pool_size=10)),
        Bad("members", lambda f: f(6, 5, pool_size=10)),
        Bad("pool_size", lambda f: f(1, 20, pool_size=10)),
    ],
    "helpers.unlabeled.simultaneous_band": [
        Bad("curves", lambda f: f([[1.0, 2.0]])),
        Bad("confidence", lambda f: f([[1.0], [2.0]], confidence=0)),
    ],
    "helpers.unlabeled.precision_at_k_coverage": [
        Bad("recall", lambda f: f(1.5, n_test_pos=18, class_size=90)),
        Bad("n_test_pos", lambda f: f(0.9, n_test_pos=0, class_size=90)),
        Bad("target", lambda f: f(0.9, n_test_pos=18, class_size=90, target="pool")),
        Bad("audited", lambda f: f(0.9, n_test_pos=18, class_size=90, pool_size=100, audited=200)),
    ],
    "helpers.unlabeled.class_size_interval_coverage": [
        Bad("class_size", lambda f: f(200, pool_size=100, audited=10)),
        Bad("audited", lambda f: f(20, pool_size=100, audited=0)),
    ],
    "helpers.unlabeled.ideal_ranking_p_value": [
        Bad("below", lambda f: f(5, n_test_pos=4, class_size=10)),
        Bad("class_size", lambda f: f(1, n_test_pos=4, class_size=0)),
    ],
    "helpers.paired.mcnemar_exact": [
        Bad("hits_b", lambda f: f([1, 0], [1, 2])),
        Bad("hits_a", lambda f: f([], [1])),
    ],
    "helpers.binned.binned_means": [
        Bad("bins", lambda f: f([1.0, 2.0], [1.0, 2.0], bins=0)),
        Bad("values", lambda f: f([1.0, 2.0], [1.0])),
        Bad("x", lambda f: f([1.0, np.nan], [1.0, 2.0])),
    ],
    # --- helpers.robust_se (helpers/robust_se.py)
    "helpers.robust_se.slope_standard_error_hc3": [
        Bad("x", lambda f: f([1.0, 1.0, 1.0], [1.0, 2.0, 3.0])),
        Bad("y", lambda f: f([1.0, 2.0, 3.0], [1.0, np.nan, 3.0])),
    ],
    # --- helpers.calibration (helpers/calibration.py)
    "helpers.calibration.reliability_table": [
        Bad("edges", lambda f: f(Y, S, edges=[0, 0.5, 0.4, 1])),
        Bad("proba", lambda f: f(Y, S * 2)),
        Bad("confidence", lambda f: f(Y, S, confidence=1.0)),
        Bad("y_true", lambda f: f(np.zeros(8), S)),
    ],
    "helpers.calibration.calibrated_scores": [
        Bad("n", lambda f: f(0, prevalence=0.3, separation=1.0, rng=0)),
        Bad("prevalence", lambda f: f(10, prevalence=1.0, separation=1.0, rng=0)),
        Bad("separation", lambda f: f(10, prevalence=0.3, separation=0.0, rng=0)),
        Bad("rng", lambda f: f(10, prevalence=0.3, separation=1.0, rng=0.5)),
    ],
    # --- helpers.report.read
    "helpers.report.read.load_predictions": [
        Bad("path_or_buffer", lambda f: f(42)),
        Bad("y_score", lambda f: f(io.StringIO("y_true,y_score\n1,0.5\n"), y_score="")),
        Bad("pos_label", lambda f: f(io.StringIO("y_true,y_score\n1,0.5\n0,0.2\n"), pos_label=[1])),
        Bad("pos_label", lambda f: f(io.StringIO("y_true,y_score\n1,0.5\n0,0.2\n"), pos_label="spam")),
    ],
    # --- helpers.classroom
    "helpers.classroom.serve.index_entries": [Bad("folder", lambda f: f("no/such/folder"))],
    "helpers.classroom.notebook_path": [
        Bad("number", lambda f: f("5")),
        Bad("number", lambda f: f("99")),
        Bad("notebooks_dir", lambda f: f("05", "no/such/folder")),
    ],
    "helpers.classroom.classroom_command": [
        Bad("port", lambda f: f(port=70_000)),
        Bad("notebooks_dir", lambda f: f(notebooks_dir="no/such/folder")),
        Bad("ready", lambda f: f(ready="05")),
    ],
    "helpers.classroom.session_notebooks": [
        Bad("session", lambda f: f(0)),
        Bad("session", lambda f: f(99)),
        Bad("plans", lambda f: f(1, "no/such/sessions.md")),
    ],
    "helpers.classroom.serve.class_minutes": [Bad("folder", lambda f: f("no/such/folder"))],
    "helpers.classroom.serve.kernel_pools": [
        Bad("names", lambda f: f("05_x.ipynb")),
        Bad("names", lambda f: f(["05"])),
    ],
    "helpers.classroom.serve.ready_pages": [Bad("names", lambda f: f(object(), "05_x.ipynb"))],
    # --- helpers.report.count
    "helpers.report.count.count_scores": [
        Bad("y_score", lambda f: f([1, 0], [0.5, np.nan])),
        Bad("digits", lambda f: f(Y, S, digits=16)),
        Bad("quantile_bins", lambda f: f(Y, S, quantile_bins=1)),
    ],
    "helpers.report.count.score_count_table": [
        Bad("source", lambda f: f(42)),
        Bad("engine", lambda f: f(pd.DataFrame({"y_true": Y, "y_score": S}), engine="polars")),
        Bad("label", lambda f: f(pd.DataFrame({"y_true": Y, "y_score": S}), label="")),
        Bad("pos_label", lambda f: f(pd.DataFrame({"y_true": Y, "y_score": S}), pos_label=[1])),
        Bad(
            "memory_limit",
            lambda f: f(pd.DataFrame({"y_true": Y, "y_score": S}), engine="duckdb", memory_limit="lots"),
        ),
    ],
    "helpers.report.count.roc_from_score_counts": [
        Bad("table", lambda f: f(np.array([[0.5, 1, 0]]))),
        Bad("table", lambda f: f(pd.DataFrame({"score": [0.5, 0.7], "n_pos": [1, 0], "n_neg": [0, 1]}))),
    ],
    "helpers.report.count.binning_auc_error_bound": [
        Bad("table", lambda f: f(pd.DataFrame({"score": [0.5], "n_pos": [1]}))),
        Bad("table", lambda f: f(pd.DataFrame({"score": [0.5, 0.2], "n_pos": [1, 2], "n_neg": [0, 0]}))),
    ],
    # --- helpers.cheat_sheet
    "helpers.cheat_sheet.cheat_sheet_figures": [
        Bad("counts", lambda f: f(Counts(tn=1, fp=1, fn=-1, tp=1))),
        Bad("tp", lambda f: f(tp=0.5, fn=1, fp=1, tn=1)),
    ],
    "helpers.cheat_sheet.counts_from_rates": [
        Bad("acc_positive", lambda f: f(100, 0.9, 0.8, 1.5)),
        Bad("acc_negative", lambda f: f(100, 0.9, -0.2, 0.8)),
        Bad("share_negative", lambda f: f(100, 2, 0.8, 0.8)),
    ],
    "helpers.costs.total_cost": [
        Bad("cost_fn", lambda f: f(C, cost_fp=1, cost_fn=float("inf"))),
        Bad("counts", lambda f: f((1, 2, 3, 4), cost_fp=1, cost_fn=1)),
    ],
    "helpers.costs.break_even_cost_ratio": [Bad("b", lambda f: f(C, (1, 2, 3, 4)))],
    # --- helpers.metric_table
    "helpers.metric_table.format_metric": [
        Bad("key", lambda f: f("nope", 0.5)),
        Bad("value", lambda f: f("f1", "high")),
        Bad("digits", lambda f: f("f1", 0.5, digits=-1)),
    ],
    "helpers.metric_table.fraction_parts": [Bad("counts", lambda f: f("precision", [8, 18]))],
    "helpers.metric_table.zoo_table": [
        Bad("counts", lambda f: f(Counts(tn=np.array([1, 2]), fp=1, fn=1, tp=1))),
        Bad("digits", lambda f: f(C, digits=1.5)),
    ],
    # --- helpers.rare_rates
    "helpers.rare_rates.percent": [Bad("rate", lambda f: f("1%")), Bad("digits", lambda f: f(0.5, 0))],
    "helpers.rare_rates.one_in": [Bad("rate", lambda f: f(None))],
    "helpers.rare_rates.decimals_for": [
        Bad("least", lambda f: f(0.5, least=-1)), Bad("values", lambda f: f(0.1, "0.5")),
    ],
    "helpers.rare_rates.fixed_percent": [Bad("rate", lambda f: f("1%")), Bad("least", lambda f: f(0.5, -1))],
    "helpers.rare_rates.with_interval": [
        Bad("low", lambda f: f(0.5, "0.4", 0.6)), Bad("least", lambda f: f(0.5, 0.4, 0.6, -1)),
    ],
    # --- helpers.multiclass
    "helpers.multiclass.per_class_counts": [Bad("matrix", lambda f: f(np.zeros((2, 3))))],
    "helpers.multiclass.ovr_auc_table": [Bad("proba", lambda f: f(Y3, P3[:, :2]))],
    "helpers.multiclass.ovr_auc": [Bad("average", lambda f: f(Y3, P3, average="micro"))],
    "helpers.multiclass.ovo_auc_table": [Bad("labels", lambda f: f(Y3, P3, labels=[0, 1]))],
    "helpers.multiclass.ovo_auc": [Bad("y_true", lambda f: f(Y3[:, None], P3))],
    # --- helpers.enriched_pool, prevalence_shift
    "helpers.enriched_pool.enriched_pool_splits": [
        Bad("pool_prevalence", lambda f: f(Y, Y, n_test_pos=1, n_test_neg=1, pool_prevalence=1.0)),
        Bad("rng", lambda f: f(Y, Y, n_test_pos=1, n_test_neg=1, pool_prevalence=0.2, rng=-1)),
    ],
    "helpers.enriched_pool.precision_estimates": [Bad("splits", lambda f: f(pd.DataFrame({"test_tp": [1]})))],
    "helpers.prevalence_shift.sample_at_prevalence": [
        Bad("prevalence", lambda f: f(Y, 0)),
        Bad("rng", lambda f: f(Y, 0.3, rng="0")),
    ],
    "helpers.prevalence_shift.prevalence_estimates": [
        Bad("proba", lambda f: f(["a"], train_prevalence=0.5, tpr=0.8, fpr=0.1)),
        Bad("threshold", lambda f: f([0.2], train_prevalence=0.5, tpr=0.8, fpr=0.1, threshold=2)),
    ],
    "helpers.prevalence_shift.prevalence_study": [
        Bad("priors", lambda f: f(Y, S, priors=[1.5], n_draws=1, train_prevalence=0.5, tpr=0.8, fpr=0.1)),
        Bad("rng", lambda f: f(Y, S, priors=[0.3], n_draws=1, train_prevalence=0.5, tpr=0.8, fpr=0.1, rng=0.5)),
        Bad("labeled_proba", lambda f: f(Y, S, priors=[0.3], n_draws=1, train_prevalence=0.5, tpr=0.8, fpr=0.1,
                                         labeled_true=Y)),
        Bad("labeled_true", lambda f: f(Y, S, priors=[0.3], n_draws=1, train_prevalence=0.5, tpr=0.8, fpr=0.1,
                                        labeled_true=Y * 2, labeled_proba=S)),
    ],
    "helpers.prevalence_shift.study_summary": [Bad("study", lambda f: f(pd.DataFrame({"prior": [0.1]})))],
    # --- helpers.prevalence_uncertainty (helpers/prevalence_uncertainty.py)
    "helpers.prevalence_uncertainty.acc_standard_error": [
        Bad("fpr", lambda f: f(0.01, tpr=0.8, fpr=1.5, n_unlabeled=100)),
        Bad("n_unlabeled", lambda f: f(0.01, tpr=0.8, fpr=0.1, n_unlabeled=-5)),
        Bad("n_pos", lambda f: f(0.01, tpr=0.8, fpr=0.1, n_unlabeled=100, n_pos=0)),
    ],
    "helpers.prevalence_uncertainty.unlabeled_rows_needed": [
        Bad("relative_error", lambda f: f(0.01, tpr=0.8, fpr=0.1, relative_error=-0.1)),
        Bad("prevalence", lambda f: f(0.0, tpr=0.8, fpr=0.1, relative_error=0.1)),
        Bad("confidence", lambda f: f(0.01, tpr=0.8, fpr=0.1, relative_error=0.1, confidence=1)),
    ],
    "helpers.prevalence_uncertainty.acc_intervals": [
        Bad("flagged", lambda f: f(C, flagged=11, n_unlabeled=10)),
        Bad("n_unlabeled", lambda f: f(C, flagged=0, n_unlabeled=0)),
        Bad("counts", lambda f: f(Counts(tn=1, fp=1, fn=-1, tp=1), flagged=1, n_unlabeled=10)),
        Bad("method", lambda f: f(C, flagged=1, n_unlabeled=10, method="bca")),
        Bad("n_draws", lambda f: f(C, flagged=1, n_unlabeled=10, n_draws=5)),
    ],
    "helpers.prevalence_uncertainty.acc_rate_bias": [
        Bad("true_fpr", lambda f: f(0.01, tpr=0.8, fpr=0.01, true_tpr=0.8, true_fpr=1.5)),
        Bad("fpr", lambda f: f(0.01, tpr=0.8, fpr=0.9, true_tpr=0.8, true_fpr=0.01)),
        Bad("prevalence", lambda f: f(1.5, tpr=0.8, fpr=0.01, true_tpr=0.8, true_fpr=0.01)),
    ],
    "helpers.prevalence_uncertainty.acc_interval_coverage": [
        Bad("n_neg", lambda f: f(tpr=0.8, fpr=0.1, prevalence=0.01, n_pos=10, n_neg=0, n_unlabeled=100)),
        Bad("prevalence", lambda f: f(tpr=0.8, fpr=0.1, prevalence=1.0, n_pos=10, n_neg=10, n_unlabeled=100)),
    ],
    # --- helpers.open_set, row_order, synthetic_data
    "helpers.open_set.open_set_split": [
        Bad("test_fraction", lambda f: f(Y, labeled_classes=[1], test_fraction=1.0)),
        Bad("labeled_classes", lambda f: f(Y, labeled_classes=1)),
        Bad("rng", lambda f: f(Y, labeled_classes=[1], rng="zero")),
    ],
    "helpers.open_set.simulate_recall_curve_scores": [
        Bad("class_size", lambda f: f("ideal", n_pool=10, class_size=20)),
        Bad("rng", lambda f: f("ideal", rng=True)),
    ],
    "helpers.row_order.refit_in_row_orders": [
        Bad("n_orders", lambda f: f(LogisticRegression(), [[0.0], [1.0]], [0, 1], [[0.5]], n_orders=0)),
        Bad("estimator", lambda f: f("logistic", [[0.0], [1.0]], [0, 1], [[0.5]])),
        Bad("rng", lambda f: f(LogisticRegression(), [[0.0], [1.0]], [0, 1], [[0.5]], rng=[0.5])),
    ],
    "helpers.synthetic_data.prior_shift_example": [Bad("rng", lambda f: f("0"))],
    "helpers.synthetic_data.shifted_negatives": [
        Bad("feature", lambda f: f(np.zeros((4, 2)), np.arange(4), feature=5, strength=0.5, rng=0)),
        Bad("rng", lambda f: f(np.zeros((4, 2)), np.arange(4), feature=0, strength=0.5, rng=0.5)),
    ],
    # --- helpers.costs (helpers/costs.py)
    "helpers.costs.bayes_threshold": [Bad("cost_fp", lambda f: f(cost_fp=float("nan"), cost_fn=1))],
    "helpers.costs.bayes_threshold_at_prevalence": [
        Bad("deploy_prevalence", lambda f: f(cost_fp=1, cost_fn=2, train_prevalence=0.4, deploy_prevalence=0)),
        Bad("train_prevalence", lambda f: f(cost_fp=1, cost_fn=2, train_prevalence="0.4", deploy_prevalence=0.1)),
    ],
    "helpers.costs.expected_cost": [
        Bad("cost_fn", lambda f: f(Y, Y, cost_fp=1, cost_fn="x")),
        Bad("cost_fp", lambda f: f(Y, Y, cost_fp=[1, 2], cost_fn=10)),
    ],
    "helpers.costs.cost_table": [
        Bad("counts", lambda f: f(pd.DataFrame({"x": [1]}), cost_fp=1, cost_fn=2)),
        Bad("counts", lambda f: f(Counts(tn=-1, fp=1, fn=1, tp=1), cost_fp=1, cost_fn=2)),
        Bad("tn", lambda f: f(tp=1, fn=1, fp=1, tn=-1, cost_fp=1, cost_fn=2)),
    ],
    "helpers.costs.cheapest_row": [Bad("table", lambda f: f(pd.DataFrame({"x": [1.0]})))],
    "helpers.costs.cost_curve": [
        Bad("y_score", lambda f: f(Y, S[:3], cost_fp=1, cost_fn=2)),
        Bad("deploy_prevalence", lambda f: f(Y, S, cost_fp=1, cost_fn=2, deploy_prevalence=1.0)),
    ],
    "helpers.costs.min_cost_threshold": [Bad("cost_tn", lambda f: f(Y, S, cost_fp=1, cost_fn=2, cost_tn=np.inf))],
    # --- helpers.threshold_choice (helpers/threshold_choice.py)
    "helpers.threshold_choice.prevalence_weights": [Bad("prevalence", lambda f: f(Y, 0))],
    "helpers.threshold_choice.f1_best_threshold": [Bad("sample_weight", lambda f: f(Y, S, sample_weight=-np.ones(8)))],
    "helpers.threshold_rules.threshold_rule": [
        Bad("at_recall", lambda f: f(at_recall=2)),
        Bad("cost_fn", lambda f: f(cost_fp=1)),
        Bad("recall_confidence", lambda f: f(at_recall=0.8, recall_confidence=2)),
        Bad("recall_confidence", lambda f: f(recall_confidence=0.95)),
    ],
    "helpers.threshold_choice.recall_target_threshold": [
        Bad("recall", lambda f: f(Y, S, recall=0)),
        Bad("confidence", lambda f: f(Y, S, recall=0.5, confidence=1.5)),
    ],
    "helpers.threshold_choice.cost_threshold": [
        Bad("prevalence", lambda f: f(Y, S, cost_fp=1, cost_fn=2, prevalence=1.5)),
        Bad("cost_fp", lambda f: f(Y, S, cost_fp=-1, cost_fn=2, prevalence=0.1)),
    ],
    "helpers.threshold_choice.choose_threshold": [Bad("rule", lambda f: f(Y, S, "recall", prevalence=0.1))],
    "helpers.threshold_choice.stratified_halves": [Bad("rng", lambda f: f(Y, rng=0.5))],
    "helpers.threshold_choice.split_half_optimism": [
        Bad("n_splits", lambda f: f(Y, S, threshold_choice.threshold_rule(f1=True), prevalence=0.1, n_splits=0))
    ],
    "helpers.threshold_choice.picked_vs_held_out": [
        Bad("validation_size", lambda f: f(LogisticRegression(), np.c_[S], Y, prevalence=0.1, validation_size=1.5))
    ],
    # --- helpers.report.metrics (helpers/own_predictions.py)
    "helpers.report.metrics.resolve_predictions_path": [
        Bad("path", lambda f: f(42))
    ],
    "helpers.report.metrics.deployment_table": [
        Bad("deploy_prevalence", lambda f: f(pd.DataFrame(), deploy_prevalence=1.0))
    ],
    "helpers.report.metrics.best_f1_threshold": [Bad("table", lambda f: f(pd.DataFrame({"x": [1.0]})))],
    "helpers.report.metrics.deployment_metrics": [
        Bad("deploy_prevalence", lambda f: f(C, deploy_prevalence=0)),
        Bad("counts", lambda f: f(Counts(tn=1, fp=1, fn=0.5, tp=1), deploy_prevalence=0.1)),
    ],
    "helpers.report.metrics.thin_indices": [Bad("max_points", lambda f: f(10, max_points=1))],
    "helpers.report.metrics.rule_table": [
        Bad("choose_rows", lambda f: f(Y, S, [], choose_rows=[1, 0], count_rows=Y == 0))
    ],
    "helpers.report.metrics.real_in_batch_interval": [
        Bad("batch", lambda f: f(C, deploy_prevalence=0.01, batch=0)),
        Bad("deploy_prevalence", lambda f: f(C, deploy_prevalence=1.0)),
        Bad("counts", lambda f: f(Counts(tn=1, fp=1, fn=0.5, tp=1), deploy_prevalence=0.1)),
    ],
    "helpers.report.metrics.model_table": [
        Bad("scores", lambda f: f(Y, [S], None, deploy_prevalence=0.1, choose_rows=Y == 0, count_rows=Y == 1)),
        Bad("deploy_prevalence", lambda f: f(Y, {"a": S}, None, deploy_prevalence=1.0, choose_rows=Y == 0,
                                             count_rows=Y == 1)),
    ],
    "helpers.report.metrics.auc_differences": [Bad("scores", lambda f: f(Y, {}))],
    "helpers.report.metrics.threshold_table": [
        Bad("scores", lambda f: f(Y, S, deploy_prevalence=0.1)),
        Bad("deploy_prevalence", lambda f: f(Y, {"a": S}, deploy_prevalence=0)),
    ],
    "helpers.report.metrics.scored_rows": [Bad("y_score", lambda f: f(Y, S[:3]))],
    "helpers.report.metrics.deployment_cost_curve": [
        Bad("roc", lambda f: f(pd.DataFrame({"x": [1.0]}), cost_fp=1, cost_fn=1, deploy_prevalence=0.1)),
        Bad("deploy_prevalence", lambda f: f(pd.DataFrame(), cost_fp=1, cost_fn=1, deploy_prevalence=1.5)),
    ],
    "helpers.report.metrics.split_counts": [
        Bad("table", lambda f: f(pd.DataFrame({"score": [0.1, 0.9], "n_pos": [1, 1], "n_neg": [1, 1]}))),
        Bad("rng", lambda f: f(pd.DataFrame({"score": [0.9], "n_pos": [1], "n_neg": [1]}), rng=0.5)),
    ],
    "helpers.report.metrics.counts_rule_table": [
        Bad("count", lambda f: f([], choose=pd.DataFrame({"score": [0.9], "n_pos": [1], "n_neg": [1]}),
                                 count=pd.DataFrame({"score": [0.9]}))),
    ],
    "helpers.report.count.merge_negative_runs": [
        Bad("keep", lambda f: f(pd.DataFrame({"score": [0.9], "n_pos": [1], "n_neg": [1]}), keep=("x",))),
        Bad("table", lambda f: f(pd.DataFrame({"score": [0.9]}))),
    ],
    "helpers.report.metrics.counts_auc_interval": [
        Bad("table", lambda f: f(pd.DataFrame({"score": [0.9], "n_pos": [1.5], "n_neg": [1]}))),
        Bad("confidence", lambda f: f(pd.DataFrame({"score": [0.9, 0.1], "n_pos": [1, 0], "n_neg": [0, 1]}),
                                      confidence=2)),
    ],
    # --- helpers.delong (helpers/delong.py)
    "helpers.delong.delong_auc_interval": [
        Bad("y_score", lambda f: f(Y, S[:-1]), start=r"y_score must have one score per row of y_true \(8\)"),
        Bad("confidence", lambda f: f(Y, S, confidence=1.5), start=r"confidence must be strictly between 0 and 1"),
        Bad("y_true", lambda f: f([1, 0, 0], [0.9, 0.1, 0.2]),
            start=r"y_true has one positive: delong_auc_interval needs at least two positives and two negatives"),
    ],
    "helpers.delong.delong_auc_difference": [
        Bad("score_b", lambda f: f(Y, S, S[:-1]), start=r"score_b must have one score per row of y_true \(8\)"),
        Bad("y_true", lambda f: f([0, 1, 1], S[:3], S[:3]),
            start=r"y_true has one negative: delong_auc_difference needs at least two positives and two negatives"),
    ],
    # --- helpers.small_sample_auc (helpers/small_sample_auc.py)
    "helpers.small_sample_auc.newcombe_auc_bounds": [
        Bad("auc", lambda f: f(-0.1, 3, 4), start=r"auc must be a rate between 0 and 1"),
        Bad("positives", lambda f: f(0.5, 0, 4), start=r"positives must be at least 1"),
        Bad("negatives", lambda f: f(0.5, 3, 1.5), start=r"negatives must be a whole number >= 0"),
        Bad("confidence", lambda f: f(0.5, 3, 4, confidence=0), start=r"confidence must be strictly between 0 and 1"),
    ],
    "helpers.small_sample_auc.newcombe_auc_interval": [
        Bad("y_true", lambda f: f([1, 1], [0.1, 0.2]), start=r"y_true must hold both classes"),
        Bad("y_score", lambda f: f([0, 1], [0.1, np.inf]), start=r"y_score must hold finite numbers"),
    ],
    "helpers.small_sample_auc.newcombe_auc_interval_from_counts": [
        Bad("score", lambda f: f(["a", "b"], [1, 0], [0, 1]), start=r"score must hold numbers"),
        Bad("n_pos", lambda f: f([0.1, 0.2], [0, 0], [0, 1]), start=r"n_pos must count at least one row"),
        Bad("n_neg", lambda f: f([0.1, 0.2], [1, 0], [0, -1]), start=r"n_neg must hold whole numbers >= 0"),
    ],
    # --- helpers.environment (helpers/environment.py)
    "helpers.environment.requirements": [
        Bad("extras", lambda f: f(extras=5)),
        Bad("extras", lambda f: f(extras="test")),
    ],
    "helpers.environment.check_environment": [Bad("extras", lambda f: f(extras=5))],
    # --- helpers.figure_text (helpers/figure_text.py)
    "helpers.figure_text.describe_figure": [Bad("fig", lambda f: f("figure.png"))],
    "helpers.figure_text.enable_figure_descriptions": [Bad("shell", lambda f: f(shell=object()))],
    # --- helpers.tables (helpers/tables.py)
    "helpers.tables.styled": [Bad("styler", lambda f: f(pd.DataFrame({"a": [1]})))],
    # --- helpers.plotting (helpers/plotting.py)
    "helpers.plotting.fit_figure_to_page": [
        Bad("fig", lambda f: f("figure")),
        Bad("width_px", lambda f: f(Figure(), width_px=0)),
        Bad("dpi", lambda f: f(Figure(), dpi=float("nan"))),
        Bad("min_text_px", lambda f: f(Figure(), min_text_px=-18)),
    ],
    "helpers.plotting.fit_figures_to_the_page": [Bad("shell", lambda f: f(object()))],
    "helpers.plotting.plot_confusion_matrix": [
        Bad("counts", lambda f: f((1, 2))),
        Bad("counts", lambda f: f(Counts(tn=np.array([1, 2]), fp=1, fn=1, tp=1), ax=Figure().add_subplot())),
    ],
    # --- helpers.report.cli: the arguments are checked before the file is read
    "helpers.report.cli.pick_engine": [Bad("engine", lambda f: f("preds.csv", "polars"))],
    "helpers.report.cli.build_report": [
        Bad("y_true", lambda f: f("missing.csv", prevalence=0.01, y_true="", out="x.html")),
        Bad("y_score", lambda f: f("missing.csv", prevalence=0.01, y_score=["a", "a"], out="x.html")),
        Bad("y_score", lambda f: f("missing.csv", prevalence=0.01, y_score=[], out="x.html")),
        Bad("prevalence", lambda f: f("missing.csv", prevalence=1.5, out="x.html")),
        Bad("prevalence", lambda f: f("missing.csv", prevalence="0.01", out="x.html")),
        Bad("threshold", lambda f: f("missing.csv", prevalence=0.01, threshold=float("nan"), out="x.html")),
        Bad("at_recall", lambda f: f("missing.csv", prevalence=0.01, at_recall=1.5, out="x.html")),
        Bad("cost_fn", lambda f: f("missing.csv", prevalence=0.01, cost_fp=1, out="x.html")),
        Bad("seed", lambda f: f("missing.csv", prevalence=0.01, seed=-1, out="x.html")),
        Bad("recall_confidence", lambda f: f("missing.csv", prevalence=0.01, recall_confidence=0.9, out="x.html")),
    ],
    # --- helpers.report.analysis, optimism, pairs, page: the one analysis on the count tables
    "helpers.report.analysis.analyse": [
        Bad("tables", lambda f: f({}, deploy_prevalence=0.01, rule=None)),
        Bad("deploy_prevalence", lambda f: f({"m": _COUNT_TABLE}, deploy_prevalence=1.5, rule=None)),
        Bad("seed", lambda f: f({"m": _COUNT_TABLE}, deploy_prevalence=0.01, rule=None, seed=-1)),
        Bad("rule", lambda f: f({"m": _COUNT_TABLE}, deploy_prevalence=0.01, rule="recall 0.8")),
    ],
    "helpers.report.analysis.canonical_table": [
        Bad("table", lambda f: f(pd.DataFrame({"score": [0.1, 0.9], "n_pos": [1, 1], "n_neg": [1, 1]}), None)),
        Bad("rule", lambda f: f(_COUNT_TABLE, 0.5)),
    ],
    "helpers.report.optimism.optimism_bootstrap": [
        Bad("table", lambda f: f(pd.DataFrame({"x": [1]}), threshold_choice.threshold_rule(f1=True),
                                 deploy_prevalence=0.01)),
        Bad("rule", lambda f: f(_COUNT_TABLE, "f1", deploy_prevalence=0.01)),
        Bad("deploy_prevalence", lambda f: f(_COUNT_TABLE, threshold_choice.threshold_rule(f1=True),
                                             deploy_prevalence=0)),
        Bad("resamples", lambda f: f(_COUNT_TABLE, threshold_choice.threshold_rule(f1=True), deploy_prevalence=0.01,
                                     resamples=5)),
        Bad("rng", lambda f: f(_COUNT_TABLE, threshold_choice.threshold_rule(f1=True), deploy_prevalence=0.01,
                               rng=0.5)),
    ],
    "helpers.report.optimism.recall_target_chance": [
        Bad("k", lambda f: f(0, 3, 0.8)),
        Bad("k", lambda f: f(4, 3, 0.8)),
        Bad("positives", lambda f: f(1, -2, 0.8)),
        Bad("target", lambda f: f(2, 3, 1.5)),
        Bad("target", lambda f: f(2, 3, "0.8")),
    ],
    "helpers.report.count.cell_of": [Bad("table", lambda f: f(pd.DataFrame({"x": [1]}), np.array([0.5])))],
    "helpers.report.count.pair_table_from_arrays": [
        Bad("scores", lambda f: f(Y.astype(bool), {"a": S}, {"a": _COUNT_TABLE})),
    ],
    "helpers.report.count.pair_table_duckdb": [
        Bad("con", lambda f: f("db", "t", ["a", "b"], "y", 1, {"a": _COUNT_TABLE, "b": _COUNT_TABLE})),
    ],
    "helpers.report.pairs.compare_pairs": [
        Bad("pairs", lambda f: f(pd.DataFrame({"x": [1]}), {"a": _COUNT_TABLE, "b": _COUNT_TABLE}, rule=None,
                                 deploy_prevalence=0.01, seed=0, resamples=50, confidence=0.95)),
    ],
    "helpers.report.read.command_line_words": [Bad("message", lambda f: f(None))],
    "helpers.report.page.decision_frame": [Bad("analysis", lambda f: f({"models": []}))],
    "helpers.report.page.figures": [Bad("analysis", lambda f: f(None))],
    "helpers.report.page.matrix_frame": [Bad("model", lambda f: f("y_score", 0.01))],
    "helpers.report.page.method_notes": [Bad("analysis", lambda f: f([]))],
    "helpers.report.page.page_html": [Bad("analysis", lambda f: f("page", {}))],
    # --- helpers.course_files: where the notebooks and data are, in a checkout or a wheel
    "helpers.course_files.data_file": [
        Bad("name", lambda f: f(3)),
        Bad("name", lambda f: f("no_such_file.csv")),
    ],
    # --- helpers.instructor: the graded homework (questions, discover, homework, build)
    "helpers.instructor.questions.sentences": [
        Bad("question", lambda f: f(None), start=r"question must be the question's markdown text, got NoneType$")],
    "helpers.instructor.questions.written_sentences": [Bad("question", lambda f: f(["Why?"]))],
    "helpers.instructor.questions.written_part": [Bad("question", lambda f: f(b"Why?"))],
    "helpers.instructor.discover.answer_variable": [
        Bad("handle", lambda f: f("quiz"), start=r"handle must be a checker's name such as 'ex1', got 'quiz'$")],
    "helpers.instructor.discover.rename_answer": [
        Bad("code", lambda f: f(3, "answer_1")),
        Bad("new", lambda f: f("answer = 1", "answer 1"), start=r"new must be a variable name, got 'answer 1'$"),
    ],
    "helpers.instructor.discover.exercise_handles": [
        Bad("notebook", lambda f: f("notes.ipynb"),
            start=r"notebook must be the path of a course notebook NN_topic\.ipynb, got 'notes\.ipynb'$")],
    "helpers.instructor.discover.assignment_id": [Bad("notebook", lambda f: f("/no/such/01_x.ipynb"))],
    "helpers.instructor.discover.homework": [Bad("notebook", lambda f: f(1))],
    "helpers.instructor.discover.homework_notebooks": [Bad("folder", lambda f: f("/no/such/folder"))],
    "helpers.instructor.homework.part_names": [
        Bad("exercise", lambda f: f(0.5), start=r"exercise must be a checker \(helpers\.exercises\.Exercise\)")],
    "helpers.instructor.homework.points": [Bad("exercise", lambda f: f("ex1"))],
    "helpers.instructor.homework.score": [Bad("exercise", lambda f: f(None, 0.5))],
    "helpers.instructor.homework.checker_facts": [
        Bad("checkers", lambda f: f([1], {})),
        Bad("factories", lambda f: f({}, {"ex1": 3})),
    ],
    "helpers.instructor.homework.start": [Bad("notebook", lambda f: f(""))],
    "helpers.instructor.build.notebook_path": [
        Bad("out", lambda f: f(None, None)),
        Bad("hw", lambda f: f("course", "hw01")),
    ],
    "helpers.instructor.build.checker_facts_of": [Bad("hw", lambda f: f("01_confusion_matrix"))],
    "helpers.instructor.build.assignment_notebook": [Bad("hw", lambda f: f({}, {}))],
    "helpers.instructor.build.build": [
        Bad("out", lambda f: f("")),
        Bad("jobs", lambda f: f("course", jobs=1.5)),
        Bad("notebooks", lambda f: f("course", notebooks="/no/such/folder")),
        Bad("only", lambda f: f("course", only="01")),
    ],
    # --- helpers.widgets.dashboard
    "helpers.widgets.dashboard.new_figure": [Bad("height", lambda f: f(6.4, -1))],
    "helpers.widgets.dashboard.figure_png": [Bad("fig", lambda f: f("figure"))],
    "helpers.widgets.dashboard.canvas_png": [Bad("canvas", lambda f: f(Figure()))],
    "helpers.widgets.dashboard.html_table": [
        Bad("rows", lambda f: f(5)),
        Bad("header", lambda f: f([(1, 2)], header=3)),
    ],
    "helpers.figure_text.smallest_text_px": [Bad("fig", lambda f: f("figure")), Bad("dpi", lambda f: f(Figure(), 0))],
    "helpers.figure_text.drawn_texts": [Bad("artist", lambda f: f("text"))],
    "helpers.widgets.dashboard.widget_figure": [
        Bad("build", lambda f: f(6.0, 4.0, "draw")),
        Bad("width", lambda f: f(-1.0, 4.0, lambda fig: [])),
        Bad("build", lambda f: f(6.0, 4.0, lambda fig: None)),
    ],
    "helpers.widgets.dashboard.nice_step": [Bad("span", lambda f: f(-1.0, 10)), Bad("steps", lambda f: f(1.0, 0))],
    "helpers.widgets.dashboard.snapped_range": [
        Bad("hi", lambda f: f(1.0, 0.5, 10)),
        Bad("lo", lambda f: f(float("nan"), 1.0, 10)),
        Bad("steps", lambda f: f(0.0, 1.0, 2.5)),
    ],
    "helpers.widgets.dashboard.control_style": [
        Bad("label_em", lambda f: f(-1, 10)),
        Bad("width_em", lambda f: f(10, 8)),
    ],
    "helpers.widgets.dashboard.columns": [Bad("cols", lambda f: f("text")), Bad("grow", lambda f: f([], grow=3))],
    # --- helpers.widgets.confusion, imbalance
    "helpers.widgets.confusion.metrics_html": [Bad("counts", lambda f: f([72, 18, 2, 8]))],
    "helpers.widgets.confusion.confusion_dashboard": [
        Bad("counts", lambda f: f((1, 2, 3))),
        Bad("fp", lambda f: f(tp=1, fn=1, fp=2_000_000, tn=1)),
        Bad("labels", lambda f: f(C, labels="ab")),
    ],
    "helpers.widgets.imbalance.imbalance_metrics_html": [
        Bad("counts", lambda f: f(Counts(tn=0, fp=0, fn=0, tp=0)))
    ],
    "helpers.widgets.imbalance.imbalance_dashboard": [Bad("preset", lambda f: f("nope"))],
    # --- helpers.widgets.rare_disease, start_here
    "helpers.widgets.rare_disease.population_counts": [
        Bad("sensitivity", lambda f: f(1000, 0.01, 1.5, 0.99)),
        Bad("specificity", lambda f: f(1000, 0.01, 0.8, -0.1)),
        Bad("population", lambda f: f(-5, 0.01, 0.8, 0.99)),
    ],
    "helpers.widgets.rare_disease.rare_disease_dashboard": [
        Bad("sensitivity", lambda f: f(sensitivity=1.5)),
        Bad("population", lambda f: f(population=12_345)),
    ],
    "helpers.widgets.start_here.prevalence_demo": [Bad("fpr", lambda f: f(fpr=0.5)), Bad("tpr", lambda f: f(tpr=2))],
    # --- helpers.widgets.roc_by_hand, thresholds
    "helpers.widgets.roc_by_hand.parse_numbers": [Bad("name", lambda f: f("1, 2", name=None))],
    "helpers.widgets.roc_by_hand.table_html": [Bad("table", lambda f: f(pd.DataFrame({"P": [1.0]})))],
    "helpers.widgets.roc_by_hand.roc_by_hand_dashboard": [
        Bad("scores", lambda f: f(scores=[0.9, "high"])),
        Bad("threshold", lambda f: f(threshold="x")),
    ],
    "helpers.widgets.thresholds.threshold_dashboard": [Bad("steps", lambda f: f(Y, S, steps=0))],
    # --- helpers.low_fpr
    "helpers.low_fpr.partial_auc": [
        Bad("max_fpr", lambda f: f(Y, S, max_fpr=0)),
        Bad("y_score", lambda f: f(Y, S[:3], max_fpr=0.1)),
    ],
    "helpers.low_fpr.tpr_at_fpr": [Bad("max_fpr", lambda f: f(Y, S, max_fpr=1.5))],
    "helpers.low_fpr.tpr_at_fpr_bootstrap": [
        Bad("max_fpr", lambda f: f(Y, S, max_fpr=0)),
        Bad("resamples", lambda f: f(Y, S, max_fpr=0.1, resamples=1)),
    ],
    # --- helpers.widgets.score_histograms (helpers/widgets/score_histograms.py)
    "helpers.widgets.score_histograms.score_histograms": [
        Bad("prevalence", lambda f: f(Y, S, prevalence=1.5)),
        Bad("bins", lambda f: f(Y, S, prevalence=0.1, bins=0)),
    ],
    "helpers.widgets.score_histograms.score_histogram_dashboard": [
        Bad("prevalence", lambda f: f(Y, S, prevalence=0.9)),  # beyond the slider's 0.5
        Bad("threshold", lambda f: f(Y, S, threshold="x")),
        Bad("steps", lambda f: f(Y, S, steps=0)),
    ],
    # --- helpers.widgets.prior_shift, costs (helpers/widgets/prior_shift.py, helpers/widgets/costs.py)
    "helpers.widgets.prior_shift.metrics_at_threshold": [Bad("deploy_prevalence", lambda f: f(Y, S, 0.5, 1.5))],
    "helpers.widgets.prior_shift.prior_shift_dashboard": [
        Bad("deploy_prevalence", lambda f: f(Y, S, deploy_prevalence=1.5)),
        Bad("deploy_prevalence", lambda f: f(Y, S, deploy_prevalence=0.7)),  # beyond the slider's 0.5
    ],
    "helpers.widgets.costs.cost_dashboard": [
        Bad("cost_fp", lambda f: f(Y, S, cost_fp=-1)),
        Bad("cost_fp", lambda f: f(Y, S, cost_fp=float("inf"))),
        Bad("deploy_prevalence", lambda f: f(Y, S, deploy_prevalence=0.7)),  # beyond the slider's 0.5
        Bad("test", lambda f: f(Y, S, test=Y)),
    ],
    # --- helpers.exercises.core (the comparisons of the self-checking exercises)
    "helpers.exercises.core.fmt": [Bad("digits", lambda f: f(0.5, digits=0))],
    "helpers.exercises.core.round_significant": [Bad("digits", lambda f: f(0.5, 0)), Bad("x", lambda f: f("1", 2))],
    "helpers.exercises.core.significant_digits": [Bad("x", lambda f: f(None))],
    "helpers.exercises.core.truncate_significant": [Bad("digits", lambda f: f(0.5, 0)), Bad("x", lambda f: f("1", 2))],
    "helpers.exercises.core.written": [Bad("digits", lambda f: f(0.5, 0)), Bad("x", lambda f: f("1", 2))],
    "helpers.exercises.core.half_unit": [Bad("digits", lambda f: f(0.5, 2.5)), Bad("x", lambda f: f(True, 2))],
    "helpers.exercises.core.agreeing_digits": [Bad("answer", lambda f: f("0.9", 0.904, 3)),
                                              Bad("expected", lambda f: f(0.9, None, 3)),
                                              Bad("digits", lambda f: f(0.9, 0.904, 0))],
    "helpers.exercises.core.digits_text": [Bad("digits", lambda f: f(0))],
    "helpers.exercises.audit.audit": [Bad("checkers", lambda f: f(ex1=0.5))],
    "helpers.exercises.replay.main_line_code": [Bad("notebook", lambda f: f("no_such_notebook.ipynb"))],
    "helpers.exercises.replay.replay": [Bad("notebook", lambda f: f("99_no_such_notebook")),
                                        Bad("folder", lambda f: f("02_x", folder="/no/such/folder"))],
    "helpers.exercises.nb14.exercise_1": [
        Bad("merged", lambda f: f(Y, S, pd.DataFrame(), deploy_prevalence=0.01)),
    ],
    "helpers.exercises.nb14.exercise_2": [Bad("digits", lambda f: f(Y, S, digits=0))],
    "helpers.exercises.nb14.exercise_3": [Bad("first", lambda f: f(pd.DataFrame(), pd.DataFrame()))],
    "helpers.exercises.nb14.quiz": [Bad("n_pos", lambda f: f(n_pos=-1, bound=0.1))],
    "helpers.course_map.course_notebooks": [Bad("folder", lambda f: f("/no/such/folder"))],
    "helpers.course_map.all_notebooks": [Bad("folder", lambda f: f(3))],
    "helpers.course_map.readme_rows": [Bad("folder", lambda f: f("/no/such/folder"))],
    "helpers.course_map.card": [Bad("notebook", lambda f: f("/no/such.ipynb"))],
    "helpers.course_map.main_line": [Bad("notebook", lambda f: f({"no": "cells"}))],
    "helpers.course_map.minutes_on_your_own": [Bad("line", lambda f: f(60))],
    "helpers.course_map.prose_words": [Bad("markdown", lambda f: f(["a", "list"]))],
    "helpers.course_map.solutions_notebook": [Bad("notebook", lambda f: f("notes.ipynb"))],
    "helpers.exercises.effort.effort": [Bad("kind", lambda f: f("hard", "a model")),
                                        Bad("what", lambda f: f("read", " "))],
    "helpers.exercises.effort.exercise_minutes": [Bad("factory", lambda f: f(len))],
    "helpers.exercises.core.number": [Bad("rel", lambda f: f(rel=-0.1)), Bad("kind", lambda f: f(kind=3))],
    "helpers.exercises.core.probability": [Bad("abs", lambda f: f(abs="small"))],
    "helpers.exercises.core.numbers": [Bad("names", lambda f: f("precision"))],
    "helpers.exercises.core.matrix": [
        Bad("shape", lambda f: f(2)),
        Bad("cells", lambda f: f((2, 2), cells=[["TN", "FP"]])),
    ],
    "helpers.exercises.core.counts_matrix": [Bad("rel", lambda f: f(rel=None))],
    "helpers.exercises.core.threshold": [
        Bad("y_true", lambda f: f([0, 2], [0.1, 0.2])),
        Bad("y_score", lambda f: f(Y, S[:3])),
    ],
    "helpers.exercises.core.function": [Bad("inputs", lambda f: f([])), Bad("result", lambda f: f([(1,)], result=0.1))],
    "helpers.exercises.core.choice": [Bad("options", lambda f: f([]))],
    "helpers.ap_bootstrap.class_resample_counts": [
        Bad("y_true", lambda f: f([1, 1, 1], 5)),
        Bad("n_resamples", lambda f: f(Y, 0)),
    ],
    "helpers.ap_bootstrap.average_precision_draws": [
        Bad("draws", lambda f: f(Y, S, np.ones((2, 3)))),
        Bad("y_score", lambda f: f(Y, S[:3], np.ones((2, 8)))),
    ],
    "helpers.ap_bootstrap.average_precision_interval": [
        Bad("confidence", lambda f: f(Y, S, n_resamples=10, confidence=1.5)),
        Bad("n_resamples", lambda f: f(Y, S, n_resamples=-1)),
    ],
    # --- helpers.exercises.nb00 ... nb06 (the checkers of notebooks 00-06, built from the notebook's data)
    "helpers.exercises.nb00.quiz": [
        Bad("example", lambda f: f((72, 18, 2, 8), tpr=0.8, fpr=0.001, prevalence=0.01)),
        Bad("prevalence", lambda f: f(C, tpr=0.8, fpr=0.001, prevalence=0)),
        Bad("fpr", lambda f: f(C, tpr=0.8, fpr="low", prevalence=0.01)),
    ],
    "helpers.exercises.nb01.exercise_1": [Bad("counts_benign", lambda f: f((72, 18, 2, 8)))],
    "helpers.exercises.nb01.exercise_2": [Bad("counts_benign", lambda f: f(None))],
    "helpers.exercises.nb01.exercise_3": [Bad("counts_malignant", lambda f: f([1, 2]))],
    "helpers.exercises.nb01.quiz": [Bad("example", lambda f: f("counts"))],
    "helpers.exercises.nb02.exercise_1": [
        Bad("example", lambda f: f((1, 2), n=10, share_negative=0.5)),
        Bad("share_negative", lambda f: f(C, n=10, share_negative=2)),
        Bad("n", lambda f: f(C, n=0, share_negative=0.5)),
    ],
    "helpers.exercises.nb02.exercise_2": [
        Bad("cost_fp", lambda f: f(Counts(tn=90, fp=0, fn=9, tp=1), C, cost_fp=0)),
        Bad("example_2", lambda f: f(C, "example 2", cost_fp=10)),
    ],
    "helpers.exercises.nb02.exercise_3": [
        Bad("predictor_counts", lambda f: f([], n_pos=10, n_neg=90)),
        Bad("n_pos", lambda f: f({"a": C}, n_pos=0, n_neg=90)),
    ],
    "helpers.exercises.nb02.quiz": [
        Bad("matrix", lambda f: f((1, 2), {"1": C, "2": C}, cost_fp=1, cost_fn=5)),
        Bad("matrix", lambda f: f(Counts(tn=5, fp=5, fn=0, tp=0), {"1": C, "2": C}, cost_fp=1, cost_fn=5)),
        Bad("cost_fn", lambda f: f(C, {"1": C, "2": C}, cost_fp=1, cost_fn="x")),
    ],
    "helpers.exercises.nb03.exercise_1": [
        Bad("X_train", lambda f: f("data", Y, np.zeros((8, 2)), Y)),
        Bad("y_test", lambda f: f(np.zeros((8, 2)), Y, np.zeros((8, 2)), np.zeros(8))),
    ],
    "helpers.exercises.nb03.exercise_2": [
        Bad("proba", lambda f: f(Y, S * 2)),
        Bad("y_test", lambda f: f([0, 1, 2], [0.1, 0.2, 0.3])),
    ],
    "helpers.exercises.nb03.quiz": [
        Bad("proba", lambda f: f(Y, S[:3], S)),
        Bad("other_score", lambda f: f(Y, S, S[:3])),
        Bad("other_name", lambda f: f(Y, S, S, other_name="")),
    ],
    "helpers.exercises.nb03b.exercise_1": [
        Bad("cut", lambda f: f(Y, S, cut="half", prevalence=0.01)),
        Bad("prevalence", lambda f: f(Y, S, cut=0.5, prevalence=1)),
    ],
    "helpers.exercises.nb03b.exercise_2": [
        Bad("min_precision", lambda f: f(Y, S, Y, S, prevalence=0.3, min_precision=2)),
        Bad("s_test", lambda f: f(Y, S, Y, S[:3], prevalence=0.3, min_precision=0.5)),
    ],
    "helpers.exercises.nb03b.quiz": [
        Bad("fpr", lambda f: f(tpr=0.9, fpr="low", prevalence=0.01)),
        Bad("prevalence", lambda f: f(tpr=0.9, fpr=0.02, prevalence=0)),
    ],
    "helpers.exercises.nb04.exercise_1": [Bad("labels", lambda f: f([1, 1, 1]))],
    "helpers.exercises.nb04.exercise_2": [
        Bad("new_label", lambda f: f(Y, S, new_label=2, new_score=0.5)),
        Bad("new_score", lambda f: f(Y, S, new_label=1, new_score="high")),
    ],
    "helpers.exercises.nb04.exercise_3": [
        Bad("tied", lambda f: f(Y, S[:3], S)),
        Bad("scores", lambda f: f(Y, S, "scores")),
    ],
    "helpers.exercises.nb04.exercise_4": [
        Bad("score_b", lambda f: f(Y, S, S[:3], max_fpr=0.01)),
        Bad("max_fpr", lambda f: f(Y, S, S, max_fpr=0)),
    ],
    "helpers.exercises.nb04.quiz": [
        Bad("tied", lambda f: f(Y, [0.1], n_pos=600, n_neg=29_400)),
        Bad("n_neg", lambda f: f(Y, S, n_pos=600, n_neg=0.5)),
    ],
    "helpers.exercises.nb05.exercise_1": [
        Bad("n_sick", lambda f: f(0, 100, tpr=0.9, tnr=0.9)),
        Bad("tnr", lambda f: f(10, 100, tpr=0.9, tnr=2)),
    ],
    "helpers.exercises.nb05.exercise_2": [
        Bad("half_width", lambda f: f(recall=0.8, half_width=0)),
        Bad("recall", lambda f: f(recall=2, half_width=0.05)),
    ],
    "helpers.exercises.nb05.exercise_3": [
        Bad("n_studies", lambda f: f(tpr=0.8, tnr=0.9, n_people=1000, prevalence=0.01, n_studies=0, rng=0)),
        Bad("n_people", lambda f: f(tpr=0.8, tnr=0.9, n_people=1.5, prevalence=0.01, n_studies=10, rng=0)),
        Bad("prevalence", lambda f: f(tpr=0.8, tnr=0.9, n_people=1000, prevalence=0, n_studies=10, rng=0)),
        Bad("rng", lambda f: f(tpr=0.8, tnr=0.9, n_people=1000, prevalence=0.01, n_studies=10, rng="0")),
        Bad("printed", lambda f: f(tpr=0.8, tnr=0.9, n_people=1000, prevalence=0.01, n_studies=10, rng=0,
                                   printed="0.73")),
    ],
    "helpers.exercises.nb05.quiz": [
        Bad("real", lambda f: f((1, 2, 3, 4), enriched=C, tpr=0.8, tnr=0.9, prevalence=0.01)),
        Bad("enriched", lambda f: f(C, enriched=(1, 2, 3, 4), tpr=0.8, tnr=0.9, prevalence=0.01)),
        Bad("prevalence", lambda f: f(C, enriched=C, tpr=0.8, tnr=0.9, prevalence=0)),
    ],
    "helpers.exercises.nb06.exercise_1": [
        Bad("target", lambda f: f(test_ratio=10, deploy_ratio=10_000, target=1.5)),
        Bad("test_ratio", lambda f: f(test_ratio=-1, deploy_ratio=10_000, target=0.5)),
        Bad("worked_target", lambda f: f(test_ratio=10, deploy_ratio=10_000, target=0.5, worked_target=1)),
    ],
    "helpers.exercises.nb06.exercise_2": [
        Bad("prevalences", lambda f: f(Y, S, prevalences=0.1, deploy_prevalence=0.1)),
        Bad("deploy_prevalence", lambda f: f(Y, S, prevalences=[0.1, 0.01], deploy_prevalence=0)),
    ],
    "helpers.exercises.nb06.exercise_3": [
        Bad("deployment", lambda f: f(None, strength=0.2, y_test=Y, s_test=S, deploy_prevalence=0.01)),
        Bad("strength", lambda f: f(lambda st: (Y, S), strength="x", y_test=Y, s_test=S, deploy_prevalence=0.01)),
    ],
    "helpers.exercises.nb06.quiz": [
        Bad("deploy_prevalence", lambda f: f(Y, deploy_prevalence=0, target_fpr=1e-4)),
        Bad("target_fpr", lambda f: f(Y, deploy_prevalence=0.01, target_fpr=2)),
    ],
    # --- helpers.exercises.nb07 .. nb13 (the exercise checkers of notebooks 07-13)
    "helpers.exercises.nb07.exercise_1": [
        Bad("y_held", lambda f: f("yes", Y, n_test_pos=2, n_test_neg=2, pool_prevalence=0.1, n_splits=2)),
        Bad("n_test_neg", lambda f: f(Y, Y, n_test_pos=2, n_test_neg=0, pool_prevalence=0.1, n_splits=2)),
    ],
    "helpers.exercises.nb07.exercise_2": [
        Bad("y_pred_held", lambda f: f(Y, Y[:3], n_test_pos=2, n_test_neg=2, pool_prevalence=0.1,
                                       old_prevalence=0.2)),
        Bad("old_prevalence", lambda f: f(Y, Y, n_test_pos=2, n_test_neg=2, pool_prevalence=0.1,
                                          old_prevalence=2)),
        Bad("n_splits", lambda f: f(Y, Y, n_test_pos=2, n_test_neg=2, pool_prevalence=0.1, old_prevalence=0.2,
                                    n_splits=0)),
    ],
    "helpers.exercises.nb07.exercise_3": [
        Bad("digit_held", lambda f: f(Y, Y, "digits", seen=[0], added=[3], n_test_pos=2, n_test_neg=2,
                                      pool_prevalence=0.1, n_splits=2)),
        Bad("seen", lambda f: f(Y, Y, Y, seen="0", added=[3], n_test_pos=2, n_test_neg=2, pool_prevalence=0.1,
                                n_splits=2)),
    ],
    "helpers.exercises.nb07.quiz": [Bad("prevalence", lambda f: f(0.9, 0.1, prevalence=1.5, exact_coverage=0.98))],
    "helpers.exercises.nb08.exercise_1": [
        Bad("proba_cv", lambda f: f(Y, "p", Y, S, S)),
        Bad("threshold", lambda f: f(Y, S, Y, S, S, threshold=3)),
        Bad("proba_sample", lambda f: f(Y, S, Y, S, [[0.1]])),
    ],
    "helpers.exercises.nb08.exercise_2": [
        Bad("X_sample", lambda f: f(np.ones((len(Y), 2)), Y, np.ones((3, 5)), [0.1, 0.2, 0.3])),
        Bad("proba_sample", lambda f: f(np.ones((len(Y), 2)), Y, np.ones((3, 2)), [0.1, 0.2])),
    ],
    "helpers.exercises.nb08.labeled_negatives_needed": [
        Bad("n_pos", lambda f: f(1e-4, tpr=0.9, fpr=0.001, relative_error=0.5, n_pos=0)),
        Bad("relative_error", lambda f: f(1e-4, tpr=0.9, fpr=0.001, relative_error=-1, n_pos=200)),
    ],
    "helpers.exercises.nb08.exercise_3": [
        Bad("tpr", lambda f: f(prevalence=1e-4, tpr=1.5, fpr=0.001, relative_error=0.5, n_pos=200, n_neg=20_000)),
        Bad("n_neg", lambda f: f(prevalence=1e-4, tpr=0.9, fpr=0.001, relative_error=0.5, n_pos=200, n_neg=0.5)),
    ],
    "helpers.exercises.nb08.quiz": [Bad("train_prevalence", lambda f: f("0.1"))],
    "helpers.exercises.nb09.exercise_1": [
        Bad("proba_test", lambda f: f(S, Y3, P3, Y3, labeled=[0, 1, 2])),
        Bad("labeled", lambda f: f(P3, Y3, P3, Y3, labeled=[0, 1])),
        Bad("class_size", lambda f: f(P3, Y3, P3, Y3, labeled=[0, 1, 2], class_size=-9)),
    ],
    "helpers.exercises.nb09.exercise_2": [
        Bad("X", lambda f: f("pixels", Y3, lambda: None, P3, Y3, P3, Y3, labeled=[0, 1, 2])),
        Bad("make_model", lambda f: f(P3, Y3, "model", P3, Y3, P3, Y3, labeled=[0, 1, 2])),
    ],
    "helpers.exercises.nb09b.exercise_1": [
        Bad("fresh", lambda f: f(S, S, S)),
        Bad("band_low", lambda f: f(np.c_[S, S], S, S[:3])),
        Bad("k_last", lambda f: f(np.c_[S, S], S, S, fresh_first_k=2, k_last=9)),
    ],
    "helpers.exercises.nb09b.exercise_2": [
        Bad("y_pool", lambda f: f(P3, Y3, P3, Y3[:2], labeled=[0, 1, 2])),
        Bad("digit", lambda f: f(P3, Y3, P3, Y3, labeled=[0, 1, 2], digit=7)),
        Bad("keep_every", lambda f: f(P3, Y3, P3, Y3, labeled=[0, 1, 2], digit=1, keep_every=1)),
    ],
    "helpers.exercises.nb10.exercise_1": [
        Bad("pred", lambda f: f(Y3, Y3[:4])),
        Bad("rare_class", lambda f: f(Y3, Y3, rare_class=-1)),
    ],
    "helpers.exercises.nb10.exercise_2": [Bad("proba", lambda f: f(Y3, P3[:, :2]))],
    "helpers.exercises.nb10.quiz": [Bad("y_test", lambda f: f([0.5, 1.5], [0, 1]))],
    "helpers.exercises.nb11.exercise_1": [
        Bad("p_val", lambda f: f(Y, S[:3])),
        Bad("cost", lambda f: f(Y, S, cost=0)),
    ],
    "helpers.exercises.nb11.exercise_2": [
        Bad("y_test", lambda f: f(Y, S, [2, 3], S)),
        Bad("min_recall", lambda f: f(Y, S, Y, S, min_recall=98)),
    ],
    "helpers.exercises.nb11b.exercise_1": [
        Bad("p_test", lambda f: f(Y, S[:3], t_a=0.1, t_b=0.5, cost_fp=10, cost_fn=100, deploy_prevalence=0.01)),
        Bad("deploy_prevalence", lambda f: f(Y, S, t_a=0.1, t_b=0.5, cost_fp=10, cost_fn=100, deploy_prevalence=2)),
    ],
    "helpers.exercises.nb11b.exercise_2": [Bad("cost_fn", lambda f: f(Y, cost_fp=10, cost_fn="100"))],
    "helpers.exercises.nb11.quiz": [Bad("cost_fp", lambda f: f(cost_fp=-10, cost_fn=100))],
    "helpers.exercises.nb12.exercise_1": [
        Bad("pred", lambda f: f(S + 1, S + 1, S[:3] + 1)),
        Bad("y_test", lambda f: f(S, S - S, S)),
    ],
    "helpers.exercises.nb12.exercise_2": [
        Bad("X_train", lambda f: f(S, S, np.c_[S], S)),
        Bad("X_test", lambda f: f(np.c_[S], S, np.c_[S, S], S)),
    ],
    "helpers.exercises.nb12.quiz": [
        Bad("cost_under", lambda f: f(cost_under=1, cost_over=4, cv_mse=100)),
        Bad("cost_over", lambda f: f(cost_under=4, cost_over=-1, cv_mse=100)),
        Bad("cv_mse", lambda f: f(cost_under=4, cost_over=1, cv_mse=float("nan"))),
    ],
    "helpers.exercises.nb13.exercise_1": [
        Bad("y_score", lambda f: f(Y, "scores")),
        Bad("deploy_prevalence", lambda f: f(Y, S, deploy_prevalence=0)),
    ],
    "helpers.exercises.nb13.exercise_2": [Bad("deploy_prevalence", lambda f: f(Y, S, deploy_prevalence=1.5))],
    "helpers.exercises.nb13.exercise_3": [Bad("at_recall", lambda f: f(Y, S, at_recall=80))],
    "helpers.exercises.nb13.quiz": [Bad("y_true", lambda f: f([1, 1, 1]))],
}

NO_BAD_INPUT = {
    "helpers.plotting.use_course_style": "takes no arguments",
    "helpers.exercises.nb09.quiz": "takes no arguments: its numeric question states its own numbers",
    "helpers.exercises.nb09b.quiz": "takes no arguments: its numeric question states its own numbers",
    "helpers.exercises.nb11b.quiz": "takes no arguments: its numeric question states its own numbers",
    "helpers.exercises.core.describe": "takes any value: it says in words what kind of value it is",
    "helpers.report.cli.main": "the command line: a bad option gives exit status 2 and a message naming the option "
    "(tests/test_report_cli.py), not an exception",
    "helpers.course_files.notebooks_dir": "takes no arguments",
    "helpers.course_files.data_dir": "takes no arguments",
    "helpers.classroom.main": "the command line: a bad notebook number or port gives exit status 2 and a message "
    "naming it (tests/test_classroom.py), not an exception",
    "helpers.classroom.serve.main": "Voila's command line: Voila reports a bad option itself",
    "helpers.classroom.serve.page_handler": "takes no arguments",
    "helpers.widgets.dashboard.figure_text": "takes no arguments",
}


def _mentions(message: str, name: str) -> bool:
    """``name`` as a word of ``message``: ``counts.tn`` and ``'counts'`` mention counts, ``discounts`` does not."""
    return re.search(rf"(?<![\w]){re.escape(name)}(?!\w)", message) is not None


def _cases():
    for qualname, bads in BAD_INPUTS.items():
        for i, bad in enumerate(bads):
            marks = [pytest.mark.xfail(reason=bad.xfail, strict=True)] if bad.xfail else []
            name = f"{qualname.removeprefix('helpers.')}[{bad.argument}]#{i}"
            yield pytest.param(qualname, bad, id=name, marks=marks)


def test_every_public_function_is_in_the_table():
    missing = sorted(set(PUBLIC) - set(BAD_INPUTS) - set(NO_BAD_INPUT))
    assert not missing, f"add a bad input for each new public function to BAD_INPUTS: {missing}"
    stale = sorted((set(BAD_INPUTS) | set(NO_BAD_INPUT)) - set(PUBLIC))
    assert not stale, f"the table names functions that are no longer public: {stale}"
    assert all(BAD_INPUTS.values()), "every row needs at least one bad input"


def test_functions_without_a_bad_input_say_why():
    assert not inspect.signature(PUBLIC["helpers.plotting.use_course_style"]).parameters


@pytest.mark.parametrize(("qualname", "bad"), list(_cases()))
def test_message_names_the_bad_argument(qualname, bad):
    function = PUBLIC[qualname]
    assert bad.argument in inspect.signature(function).parameters, (
        f"{qualname} has no argument {bad.argument!r}: the table must use the signature's spelling"
    )
    with pytest.raises((ValueError, TypeError)) as caught:
        bad.call(function)
    message = str(caught.value)
    assert _mentions(message, bad.argument), f"{qualname}: the message {message!r} does not name {bad.argument!r}"
    if bad.start is not None:
        assert re.match(bad.start, message), f"{qualname}: the message {message!r} does not start {bad.start!r}"
    assert "\n" not in message.strip(), f"{qualname}: the message should be one line: {message!r}"


def test_the_word_match_is_strict():
    assert _mentions("counts.tn must hold whole numbers", "counts")
    assert _mentions("'counts' is bad", "counts")
    assert not _mentions("discounts must be positive", "counts")
    assert not _mentions("tn_rate must be positive", "tn")


# --------------------------------------------------------------------------- counts: a Counts or four keywords

# Every public function with an argument named ``counts`` follows one rule. ``call(f, **matrix)``
# calls f with everything but the matrix filled in.
COUNT_TAKERS: dict[str, Callable] = {
    "helpers.intervals.precision_interval": lambda f, *a, **m: f(*a, deploy_prevalence=0.01, **m),
    "helpers.intervals.precision_interval_estimated_prevalence": lambda f, *a, **m: f(
        *a, sample_pos=5, sample_size=500, **m
    ),
    "helpers.interval_coverage.finite_population_coverage": lambda f, *a, **m: f(
        *a, n_test_pos=5, n_test_neg=40, deploy_prevalence=0.05, **m
    ),
    "helpers.interval_coverage.realised_precision_coverage": lambda f, *a, **m: f(
        *a, n_test_pos=5, n_test_neg=40, n_pool_pos=2, **m
    ),
    "helpers.cheat_sheet.cheat_sheet_figures": lambda f, *a, **m: f(*a, **m),
    "helpers.costs.total_cost": lambda f, *a, **m: f(*a, cost_fp=1, cost_fn=10, **m),
    "helpers.metric_table.zoo_table": lambda f, *a, **m: f(*a, **m),
    "helpers.metric_table.fraction_parts": lambda f, *a, **m: f("precision", *a, **m),
    "helpers.widgets.confusion.metrics_html": lambda f, *a, **m: f(*a, **m),
    "helpers.widgets.imbalance.imbalance_metrics_html": lambda f, *a, **m: f(*a, **m),
    "helpers.widgets.confusion.confusion_dashboard": lambda f, *a, **m: f(*a, **m),
    "helpers.counts.metric_zoo": lambda f, *a, **m: f(*a, **m),
    "helpers.counts.weight_negatives": lambda f, *a, **m: f(*a, weight=2.0, **m),
    "helpers.counts.counts_at_prevalence": lambda f, *a, **m: f(*a, prevalence=0.01, **m),
    "helpers.costs.cost_table": lambda f, *a, **m: f(*a, cost_fp=1, cost_fn=10, **m),
    "helpers.prior_shift.rebuilt_precision": lambda f, *a, **m: f(*a, prevalence=0.01, **m),
    "helpers.prevalence_uncertainty.acc_intervals": lambda f, *a, **m: f(*a, flagged=30, n_unlabeled=200,
                                                                         n_draws=200, **m),
    "helpers.report.metrics.deployment_metrics": lambda f, *a, **m: f(*a, deploy_prevalence=0.01, **m),
    "helpers.report.metrics.real_in_batch_interval": lambda f, *a, **m: f(*a, deploy_prevalence=0.01, **m),
    "helpers.plotting.plot_confusion_matrix": lambda f, *a, **m: f(*a, ax=Figure().add_subplot(), **m),
}
# These read a plain sequence in scikit-learn's ``confusion_matrix(...).ravel()`` order, (tn, fp, fn, tp), as
# ``Counts(*values)``, as documented before the rule existed (users pass ``confusion_matrix(...).ravel()``):
# no guess, the order is the documented one. Every other function refuses a plain sequence.
RAVEL_ORDER_READ = {
    "helpers.counts.metric_zoo",
    "helpers.counts.weight_negatives",
    "helpers.counts.counts_at_prevalence",
}
KEYWORDS = {"tp": C.tp, "fn": C.fn, "fp": C.fp, "tn": C.tn}


def _comparable(result):
    if isinstance(result, Axes):
        return [t.get_text() for t in result.texts]
    if isinstance(result, helpers.widgets.Dashboard):
        return {name: bytes(v) if isinstance(v, memoryview) else v for name, v in
                ((name, view.value) for name, view in result.views.items())}
    if isinstance(result, pd.DataFrame):
        return result.to_dict()
    return result


def test_every_function_with_counts_is_checked_here():
    with_counts = {name for name, f in PUBLIC.items() if "counts" in inspect.signature(f).parameters}
    assert with_counts == set(COUNT_TAKERS)
    assert RAVEL_ORDER_READ <= set(COUNT_TAKERS)


@pytest.mark.parametrize("qualname", list(COUNT_TAKERS))
def test_counts_or_the_four_keywords(qualname):
    function = PUBLIC[qualname]
    params = inspect.signature(function).parameters
    assert all(params[k].kind is inspect.Parameter.KEYWORD_ONLY for k in KEYWORDS), "tp, fn, fp, tn keyword-only"
    assert params["counts"].default is None, "counts may be left out when the keywords are given"
    assert "Counts" in function.__doc__ and "tp=, fn=, fp=, tn=" in function.__doc__, "the docstring states the rule"


@pytest.mark.parametrize("qualname", list(COUNT_TAKERS))
def test_counts_and_keywords_give_the_same_answer(qualname):
    function, call = PUBLIC[qualname], COUNT_TAKERS[qualname]
    by_counts = _comparable(call(function, C))
    by_keywords = _comparable(call(function, **KEYWORDS))
    assert repr(by_counts) == repr(by_keywords)


@pytest.mark.parametrize("qualname", list(COUNT_TAKERS))
def test_four_numbers_by_position_are_refused_with_the_fix(qualname):
    function, call = PUBLIC[qualname], COUNT_TAKERS[qualname]
    with pytest.raises(TypeError, match=r"by position") as caught:
        call(function, C.tp, C.fn, C.fp, C.tn)
    assert "Counts(tn=..., fp=..., fn=..., tp=...)" in str(caught.value)
    assert "tp=..., fn=..., fp=..., tn=..." in str(caught.value)


@pytest.mark.parametrize("qualname", sorted(set(COUNT_TAKERS) - RAVEL_ORDER_READ))
def test_a_plain_tuple_is_refused_not_guessed(qualname):
    """(8, 2, 18, 72) could be (tp, fn, fp, tn) or (tn, fp, fn, tp): no guessing."""
    function, call = PUBLIC[qualname], COUNT_TAKERS[qualname]
    with pytest.raises(ValueError, match=r"counts must be a helpers\.Counts.*Counts\(\*values\)"):
        call(function, (8, 2, 18, 72))


@pytest.mark.parametrize("qualname", sorted(RAVEL_ORDER_READ))
def test_a_plain_sequence_is_read_in_ravel_order_where_documented(qualname):
    function, call = PUBLIC[qualname], COUNT_TAKERS[qualname]
    assert "ravel()" in function.__doc__, "the docstring states the plain form"
    by_counts = repr(_comparable(call(function, C)))
    assert repr(_comparable(call(function, tuple(C)))) == by_counts
    assert repr(_comparable(call(function, np.array(C)))) == by_counts  # confusion_matrix(...).ravel()
    assert repr(_comparable(call(function, (8, 2, 18, 72)))) != by_counts  # read as (tn, fp, fn, tp), not guessed
    with pytest.raises(ValueError, match=r"^counts\.fp must hold whole numbers"):
        call(function, (72, 1.5, 2, 8))
    with pytest.raises(ValueError, match=r"^counts must be a helpers\.Counts"):
        call(function, (72, 18, 2))


@pytest.mark.parametrize("qualname", list(COUNT_TAKERS))
def test_one_spelling_at_a_time(qualname):
    function, call = PUBLIC[qualname], COUNT_TAKERS[qualname]
    with pytest.raises(TypeError, match=r"counts and also tp="):
        call(function, C, tp=8)
    with pytest.raises(TypeError, match=r"not tn="):
        call(function, tp=8, fn=2, fp=18)


def test_break_even_cost_ratio_takes_two_counts_only():
    from helpers.costs import break_even_cost_ratio

    with pytest.raises(TypeError, match=r"by position.*Counts\(tn=\.\.\., fp=\.\.\., fn=\.\.\., tp=\.\.\.\)"):
        break_even_cost_ratio(90, 0, 9, 1, 72, 18, 2, 8)


# --------------------------------------------------------------------------- randomness: rng

# Every public function with an `rng` argument, called with everything else filled in.
RNG_TAKERS: dict[str, Callable] = {
    "helpers.calibration.calibrated_scores": lambda f, rng: f(20, prevalence=0.3, separation=1.0, rng=rng),
    "helpers.simulation.simulate_labels": lambda f, rng: f(20, 30, 0.5, 0.5, rng=rng),
    "helpers.simulation.simulate_studies": lambda f, rng: f(20, 30, 0.5, 0.5, n_studies=5, rng=rng),
    "helpers.simulation.simulate_population_studies": lambda f, rng: f(100, 0.2, 0.5, 0.5, n_studies=5, rng=rng),
    "helpers.enriched_pool.enriched_pool_splits": lambda f, rng: f(
        Y, S > 0.5, n_test_pos=1, n_test_neg=2, pool_prevalence=0.3, n_splits=3, rng=rng
    ),
    "helpers.prevalence_shift.sample_at_prevalence": lambda f, rng: f(Y, 0.3, rng=rng),
    "helpers.prevalence_shift.prevalence_study": lambda f, rng: f(
        Y, S, priors=[0.3], n_draws=2, train_prevalence=0.5, tpr=0.8, fpr=0.1, rng=rng
    ),
    "helpers.prevalence_uncertainty.acc_intervals": lambda f, rng: f(C, flagged=30, n_unlabeled=200, n_draws=200,
                                                                     rng=rng),
    "helpers.prevalence_uncertainty.acc_interval_coverage": lambda f, rng: f(
        tpr=0.8, fpr=0.1, prevalence=0.2, n_pos=20, n_neg=80, n_unlabeled=100, n_studies=20, n_draws=200, rng=rng
    ),
    "helpers.open_set.open_set_split": lambda f, rng: f(Y3, labeled_classes=[0, 1], rng=rng),
    "helpers.open_set.simulate_recall_curve_scores": lambda f, rng: f(
        "ideal", n_pool=50, class_size=10, n_test_pos=5, rng=rng
    ),
    "helpers.row_order.refit_in_row_orders": lambda f, rng: f(
        LogisticRegression(), np.c_[S], Y, np.c_[S], n_orders=3, rng=rng
    ),
    "helpers.synthetic_data.prior_shift_example": lambda f, rng: f(rng),
    "helpers.synthetic_data.shifted_negatives": lambda f, rng: f(
        np.c_[S, S], np.arange(8), feature=0, strength=0.5, rng=rng
    ),
    "helpers.threshold_choice.stratified_halves": lambda f, rng: f(np.r_[Y, Y], rng=rng),
    "helpers.low_fpr.tpr_at_fpr_bootstrap": lambda f, rng: f(Y, S, max_fpr=0.5, resamples=5, rng=rng),
    "helpers.threshold_choice.split_half_optimism": lambda f, rng: f(
        np.r_[Y, Y, Y], np.r_[S, S, S], threshold_choice.threshold_rule(at_recall=0.5), prevalence=0.1, n_splits=2,
        rng=rng,
    ),
    "helpers.threshold_choice.picked_vs_held_out": lambda f, rng: f(
        LogisticRegression(), np.c_[np.r_[S, S, S]], np.r_[Y, Y, Y], prevalence=0.3, n_splits=2, rng=rng
    ),
    "helpers.exercises.nb05.exercise_3": lambda f, rng: f(
        tpr=0.8, tnr=0.9, n_people=1000, prevalence=0.05, n_studies=50, rng=rng
    ).expected,
    "helpers.ap_bootstrap.class_resample_counts": lambda f, rng: f(Y, 4, rng=rng),
    "helpers.exercises.nb09.exercise_2": lambda f, rng: f(
        *_three_class_features(), LogisticRegression, P3, Y3, P3, Y3, labeled=[0, 1, 2], rng=rng
    ).expected,
    "helpers.ap_bootstrap.average_precision_interval": lambda f, rng: f(Y, S, n_resamples=20, rng=rng),
    "helpers.report.metrics.split_counts": lambda f, rng: f(
        pd.DataFrame({"score": [0.9, 0.5, 0.1], "n_pos": [3, 1, 0], "n_neg": [0, 2, 5]}), rng=rng
    ),
    "helpers.report.optimism.optimism_bootstrap": lambda f, rng: f(
        _COUNT_TABLE, threshold_choice.threshold_rule(at_recall=0.5), deploy_prevalence=0.1, resamples=30, rng=rng
    ).precision,
}


def test_randomness_is_called_rng_everywhere():
    with_rng = {name for name, f in PUBLIC.items() if "rng" in inspect.signature(f).parameters}
    assert with_rng == set(RNG_TAKERS)
    with_random_state = {name for name, f in PUBLIC.items() if "random_state" in inspect.signature(f).parameters}
    assert not with_random_state, (
        f"a helpers function that draws its own randomness takes rng, not random_state: {sorted(with_random_state)}"
    )


def _same(a, b) -> bool:
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, pd.DataFrame):
        return a.equals(b)
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("qualname", list(RNG_TAKERS))
def test_rng_takes_a_seed_a_generator_or_none(qualname):
    function, call = PUBLIC[qualname], RNG_TAKERS[qualname]
    by_seed = call(function, 3)
    assert _same(by_seed, call(function, np.random.default_rng(3))), "a seed and default_rng(seed) agree"
    assert _same(by_seed, call(function, np.int64(3)))
    call(function, None)  # fresh randomness: runs, whatever it draws
    with pytest.raises(ValueError, match=r"^rng must be None, an int seed >= 0 or a numpy\.random\.Generator"):
        call(function, "3")


def test_canvas_png_accepts_a_canvas():
    """The bad-input row of canvas_png passes a Figure; the right type still works."""
    canvas = FigureCanvasAgg(Figure(figsize=(1, 1)))
    canvas.draw()
    assert helpers.widgets.dashboard.canvas_png(canvas)[:4] == b"\x89PNG"
