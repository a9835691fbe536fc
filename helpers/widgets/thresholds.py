"""Notebook 03: one threshold that moves a point on the PR curve, the ROC curve and the matrix."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from sklearn.metrics import precision_recall_curve, roc_curve

from ..counts import metric_zoo
from ..curves import _labels_scores, counts_at_threshold
from ..plotting import PALETTE
from .dashboard import Dashboard, FigureView, columns, control_style, html_table, snapped_range, widget_figure

__all__ = ["PRESETS", "threshold_dashboard"]

PRESETS: dict[str, dict[str, float]] = {
    "default rule, threshold 0.5": {"threshold": 0.5},
    "catch most positives, threshold 0.1": {"threshold": 0.1},
    "flag only the surest, threshold 0.9": {"threshold": 0.9},
}
"""Named situations of the dropdown "situation" (those outside the slider's range of scores are left out)."""


def _fmt(x: float) -> str:
    return "undefined" if np.isnan(x) else f"{x:.3f}"


def matrix_html(counts, threshold: float) -> str:
    """The confusion matrix (rows = truth, negatives first) and the rates read off it."""
    zoo = metric_zoo(counts)
    table = html_table(
        [
            ("true 0 (negative)", f"TN = {counts.tn}", f"FP = {counts.fp}"),
            ("true 1 (positive)", f"FN = {counts.fn}", f"TP = {counts.tp}"),
        ],
        header=(f"threshold {threshold:.3f}", "predicted 0", "predicted 1"),
    )
    rates = html_table(
        [
            ("precision = TP / (TP + FP)", _fmt(zoo["precision"])),
            ("recall = TPR = TP / (TP + FN)", _fmt(zoo["recall"])),
            ("FPR = FP / (FP + TN)", _fmt(zoo["fpr"])),
            ("predicted positive", f"{counts.tp + counts.fp} of {counts.n}"),
            ("prevalence (pos_label = 1)", f"{zoo['prevalence']:.3f}"),
        ],
        header=("quantity", "value"),
    )
    return table + "<br>" + rates


def threshold_dashboard(y_true, y_score, *, threshold: float = 0.5, steps: int = 200) -> Dashboard:
    """A threshold slider; the views show the PR and ROC curves with the current point, and the matrix.

    Everything with ``y_score >= threshold`` is predicted positive (the rule of
    ``roc_curve`` and ``precision_recall_curve``), positives are the 1s of
    ``y_true``. The slider runs from the lowest to the highest score in
    about ``steps`` round steps (:func:`~helpers.widgets.dashboard.snapped_range`: a step of 1, 2, 2.5
    or 5 times a power of ten, the ends moved out to multiples of it, so that 0.5 is a stop); a starting
    ``threshold`` outside that range starts at its nearer end. Controls: ``threshold``. Views: ``curves`` (PNG image:
    PR curve left, ROC curve right, the current point marked on both) and
    ``matrix`` (HTML: TN/FP/FN/TP, precision, recall, FPR).
    """
    if isinstance(threshold, (bool, str)) or np.ndim(threshold) != 0 or not np.isfinite(threshold):
        raise ValueError(f"threshold must be a finite number, got {threshold!r}")
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 1:
        raise ValueError(f"steps must be a whole number >= 1, got {steps!r}")
    is_pos, y_score = _labels_scores(y_true, y_score)
    lo, hi = float(y_score.min()), float(y_score.max())
    if not lo < hi:
        raise ValueError("y_score must hold at least two different scores")
    precision, recall, _ = precision_recall_curve(is_pos, y_score)
    fpr, tpr, _ = roc_curve(is_pos, y_score)

    def build(fig) -> list:
        ax_pr, ax_roc = fig.subplots(1, 2)
        ax_pr.plot(recall, precision, drawstyle="steps-post", color=PALETTE["blue"])
        ax_pr.axhline(float(np.mean(is_pos)), color=PALETTE["black"], lw=0.8, ls=":")
        ax_roc.plot(fpr, tpr, color=PALETTE["blue"])
        ax_roc.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":")
        # the markers are drawn on top of a saved background (blitting), so moving the threshold re-draws two
        # dots, not the whole figure
        (pr_point,) = ax_pr.plot([], [], "o", ms=11, color=PALETTE["vermillion"])
        (roc_point,) = ax_roc.plot([], [], "o", ms=11, color=PALETTE["vermillion"])
        ax_pr.set(xlabel="recall", ylabel="precision", xlim=(-0.02, 1.02), ylim=(-0.02, 1.05),
                  title="Precision-recall curve")
        ax_roc.set(xlabel="FPR", ylabel="TPR (recall)", xlim=(-0.02, 1.02), ylim=(-0.02, 1.05), title="ROC curve")
        for ax in (ax_pr, ax_roc):
            ax.grid(True, alpha=0.3)
            ax.set_xticks([0, 0.5, 1])
            ax.set_yticks([0, 0.5, 1])
        return [pr_point, roc_point]

    frames = widget_figure(8.0, 3.9, build)
    fig, (pr_point, roc_point) = frames.fig, frames.dynamic

    # round stops (0.5 among them), so the presets' thresholds are values the slider can hold
    low, high, step = snapped_range(lo, hi, steps)
    slider = widgets.FloatSlider(
        value=min(max(float(threshold), low), high),
        min=low,
        max=high,
        step=step,
        readout_format=".3f",
        description="threshold",
        continuous_update=True,
        **control_style(6, 28),
    )
    views = {"curves": FigureView(), "matrix": widgets.HTML()}

    def update(d: Dashboard) -> None:
        t = float(d.controls["threshold"].value)
        counts = counts_at_threshold(is_pos, y_score, t)
        zoo = metric_zoo(counts)
        pr_point.set_data([zoo["recall"]], [zoo["precision"]])  # nan precision: no marker
        roc_point.set_data([zoo["fpr"]], [zoo["recall"]])
        d.views["curves"].show(frames.png(), figure=fig, alt=(
            f"Two line charts. Left: the precision-recall curve; the point at threshold {t:.3f} has recall "
            f"{_fmt(zoo['recall'])} and precision {_fmt(zoo['precision'])}; a dotted line marks the share of "
            f"positives, {zoo['prevalence']:.3f}. Right: the ROC curve; the same point has FPR "
            f"{_fmt(zoo['fpr'])} and TPR {_fmt(zoo['recall'])}; a dotted diagonal marks chance."
        ))
        d.views["matrix"].value = matrix_html(counts, t)

    presets = {name: values for name, values in PRESETS.items() if lo <= values["threshold"] <= hi}
    return Dashboard(
        {"threshold": slider},
        views,
        update,
        presets=presets if len(presets) > 1 else None,
        title="One threshold, two curves, one confusion matrix (predicted positive: score >= threshold)",
        layout_children=[slider, columns(views["curves"], views["matrix"])],
    )
