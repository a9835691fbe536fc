"""Widget for notebook 06: the precision-recall curve moved to a deployment prevalence.

A log-scale slider sets the deployment prevalence (read as a percentage,
and in the table as "1 in N") and a second slider the decision threshold.
The picture shows the test set's own PR curve and the curve corrected to
the deployment prevalence
(:func:`helpers.corrected_pr_curve`), with the chosen threshold marked on
both; a table gives precision, recall, F1 and average precision at both
prevalences. No metric is computed here: the counts at the threshold come
from :func:`helpers.curves.counts_at_threshold`, their deployment values from
``Counts.at_prevalence`` and :func:`helpers.metric_zoo` (the single
definition, :func:`helpers.counts.counts_at_prevalence`), the curve from
:func:`helpers.corrected_pr_curve` and the weights of average precision from
:func:`helpers.threshold_choice.prevalence_weights`.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from sklearn.metrics import average_precision_score, precision_recall_curve

from .._validate import check_binary_labels, check_probability_open, check_same_length, check_scores
from ..counts import Counts, WeightedCounts, metric_zoo, negative_weight
from ..curves import counts_at_threshold
from ..plotting import PALETTE
from ..prior_shift import corrected_pr_curve
from ..rare_rates import one_in, percent
from ..threshold_choice import prevalence_weights
from .dashboard import Dashboard, FigureView, columns, control_style, html_table, snapped_range, widget_figure

__all__ = ["PRESETS", "prior_shift_dashboard", "metrics_at_threshold"]

PRESETS: dict[str, dict[str, float]] = {
    "deployed where 1 in 10 000 is positive": {"prevalence": 1e-4},
    "deployed where 1 in 100 is positive": {"prevalence": 0.01},
    "deployed balanced, 1 in 2": {"prevalence": 0.5},
}
"""Named situations of the dropdown "situation": deployment prevalences (the threshold stays where it is)."""


def _counts_at(y_true, y_score, threshold: float, deploy_prevalence: float) -> tuple[Counts, WeightedCounts, float]:
    """The counts at ``threshold``, the same counts at the deployment prevalence, and the weight of a negative."""
    counts = counts_at_threshold(y_true, y_score, threshold)
    w = negative_weight(counts.n_pos, counts.n_neg, deploy_prevalence)  # also checks deploy_prevalence
    return counts, counts.at_prevalence(deploy_prevalence), w


def _metrics(counts: Counts, deployed: WeightedCounts, w: float) -> dict[str, float]:
    test, deploy = metric_zoo(counts), metric_zoo(deployed)
    # F1 is shown as undefined where TP = 0, where 2 P R / (P + R) is 0 / 0.
    return {
        "tp": counts.tp, "fp": counts.fp, "recall": test["recall"],
        "precision_test": test["precision"], "precision_deploy": deploy["precision"],
        "f1_test": test["f1"] if counts.tp else float("nan"),
        "f1_deploy": deploy["f1"] if counts.tp else float("nan"),
        "weight": w,
    }


def metrics_at_threshold(y_true, y_score, threshold: float, deploy_prevalence: float) -> dict[str, float]:
    """Counts and metrics at ``threshold`` (positive when ``score >= threshold``), on the test set and deployed.

    Returns ``tp, fp, recall, precision_test, precision_deploy, f1_test,
    f1_deploy, weight`` where ``weight`` is :func:`helpers.negative_weight`
    and the deployed values are :func:`helpers.metric_zoo` of
    ``Counts.at_prevalence(deploy_prevalence)`` (the single definition)::

        precision_deploy = TP / (TP + weight * FP)
        F1 = 2 TP / (2 TP + weight * FP + FN) = 2 P R / (P + R)

    Precision is ``nan`` when nothing is predicted positive, F1 when TP = 0.
    """
    is_pos = check_binary_labels(y_true)
    y_score = check_scores(y_score)
    check_same_length(is_pos, y_score, "y_true", "y_score")
    return _metrics(*_counts_at(is_pos.view(np.int8), y_score, threshold, deploy_prevalence))


def _prevalence_text(pi: float) -> str:
    """``'1 in 52 (1.9%)'``: a prevalence that reads well on a projector (no e-notation)."""
    return f"{one_in(pi)} ({percent(pi)})"


def _fmt(x: float, spec: str = ".3f") -> str:
    return "undefined" if np.isnan(x) else format(x, spec)


class _Picture:
    """The PR plot, built once; each update only moves its lines (fast)."""

    def __init__(self, precision_test, recall_test) -> None:
        # the legend below the axes (outside the data)
        self.blit = widget_figure(6.2, 5.0, lambda fig: self._build(fig, precision_test, recall_test))
        self.fig = self.blit.fig

    def _build(self, fig, precision_test, recall_test) -> list:
        ax = self.ax = fig.subplots()
        ax.plot(recall_test, precision_test, drawstyle="steps-post", color=PALETTE["blue"], label="test set (circle)")
        (self.deployed,) = ax.plot([], [], drawstyle="steps-post", color=PALETTE["vermillion"],
                                   label="deployed (square)")
        (self.point_test,) = ax.plot([], [], "o", color=PALETTE["blue"], markersize=10)
        (self.point_deploy,) = ax.plot([], [], "s", color=PALETTE["vermillion"], markersize=10)
        ax.set_xlim(0, 1.02)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel("recall (the same at every prevalence)")
        ax.set_ylabel("precision")
        ax.set_title("Precision-recall: test set and deployed")
        fig.legend(loc="outside lower center", ncols=2, frameon=False)
        ax.grid(True, alpha=0.3)
        return [self.deployed, self.point_test, self.point_deploy]

    def draw(self, precision, recall, point) -> bytes:
        self.deployed.set_data(recall, precision)
        r, p_test, p_deploy = point
        self.point_test.set_data([r], [p_test])
        self.point_deploy.set_data([r], [p_deploy])
        return self.blit.png()


_SLIDER_MIN, _SLIDER_MAX = 1e-6, 0.5  # the deployment-prevalence slider's range


def prior_shift_dashboard(
    y_true, y_score, *, deploy_prevalence: float = 0.01, threshold: float | None = None
) -> Dashboard:
    """Deployment-prevalence slider (log scale) and threshold slider over a PR curve.

    ``y_true`` (0/1) and ``y_score`` come from a labeled test set. Views:
    ``plot`` (PNG: test and corrected PR curves, the threshold's point on
    each) and ``numbers`` (HTML: prevalences, the weight of a negative,
    precision, recall, F1 and average precision at both prevalences). AP at
    deployment is ``average_precision_score`` with every negative weighted by
    :func:`helpers.negative_weight`. ``deploy_prevalence`` is where the
    slider starts: strictly between 0 and 1, and within the slider's range
    ``[1e-6, 0.5]`` (a value outside it would be moved there without a word).
    """
    deploy_prevalence = check_probability_open(deploy_prevalence, "deploy_prevalence")
    if not _SLIDER_MIN <= deploy_prevalence <= _SLIDER_MAX:
        raise ValueError(
            f"deploy_prevalence must be between {_SLIDER_MIN:g} and {_SLIDER_MAX:g} (the slider's range), "
            f"got {deploy_prevalence!r}"
        )
    is_pos = check_binary_labels(y_true)
    y_score = check_scores(y_score)
    check_same_length(is_pos, y_score, "y_true", "y_score")
    y01 = is_pos.astype(int)
    n_pos = int(is_pos.sum())
    test_prevalence = n_pos / is_pos.size
    precision_test, recall_test, _ = precision_recall_curve(y01, y_score)
    ap_test = average_precision_score(y01, y_score)
    lo, hi = float(y_score.min()), float(y_score.max())
    if threshold is None:
        threshold = 0.5 if lo <= 0.5 <= hi else float(np.median(y_score))
    # round stops (0.5 among them), so a threshold such as 0.5 is a value the slider can hold
    low, high, step = snapped_range(lo, hi, 200) if hi > lo else (lo - 0.01, lo + 0.01, 0.01)
    size = control_style(12.5, 28)
    controls = {
        "prevalence": widgets.FloatLogSlider(
            value=deploy_prevalence, base=10, min=np.log10(_SLIDER_MIN), max=np.log10(_SLIDER_MAX), step=0.1,
            description="deployment prevalence", readout_format=".2p", continuous_update=False, **size,
        ),
        "threshold": widgets.FloatSlider(
            value=threshold, min=low, max=high, step=step,
            description="threshold", readout_format=".3f", continuous_update=False, **size,
        ),
    }
    views = {"plot": FigureView(), "numbers": widgets.HTML()}
    picture = _Picture(precision_test, recall_test)

    def update(d: Dashboard) -> None:
        pi = d.controls["prevalence"].value
        t = d.controls["threshold"].value
        precision, recall, _ = corrected_pr_curve(y01, y_score, deploy_prevalence=pi)
        counts, deployed, w = _counts_at(y01, y_score, t, pi)
        m = _metrics(counts, deployed, w)
        ap_deploy = average_precision_score(y01, y_score, sample_weight=prevalence_weights(y01, pi))
        rows = [
            ("prevalence", _prevalence_text(test_prevalence), _prevalence_text(pi)),
            ("weight of a negative", "1", f"{m['weight']:.4g}"),
            (f"TP / FP at threshold {t:.3f}", f"{m['tp']} / {m['fp']}", f"{m['tp']} / {deployed.fp:.1f}"),
            ("recall", _fmt(m["recall"]), _fmt(m["recall"])),
            ("precision", _fmt(m["precision_test"]), _fmt(m["precision_deploy"])),
            ("F1", _fmt(m["f1_test"]), _fmt(m["f1_deploy"])),
            ("average precision", _fmt(ap_test), _fmt(ap_deploy)),
        ]
        d.views["numbers"].value = "<b>Test set vs deployment</b>" + html_table(
            rows, header=("quantity", "test set", "deployed")
        )
        point = (m["recall"], m["precision_test"], m["precision_deploy"])
        d.views["plot"].show(picture.draw(precision, recall, point), figure=picture.fig, alt=(
            f"Two precision-recall curves, recall (x) against precision (y): the test set's, at prevalence "
            f"{_prevalence_text(test_prevalence)}, and the deployed one, at {_prevalence_text(pi)}. At threshold "
            f"{t:.3f}, recall {_fmt(m['recall'])}: precision {_fmt(m['precision_test'])} on the test set (circle) "
            f"and {_fmt(m['precision_deploy'])} deployed (square)."
        ))

    return Dashboard(
        controls, views, update, title="Precision-recall at the deployment prevalence", presets=PRESETS,
        layout_children=[columns(views["plot"], [*controls.values(), views["numbers"]])],
    )
