"""Notebook 04: type scores and labels, watch the hand-built ROC table and curve change."""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np
import pandas as pd
from matplotlib.collections import PolyCollection

from ..curves import cheat_sheet_roc_table, pair_counts
from ..plotting import PALETTE
from .dashboard import Dashboard, FigureView, columns, control_style, widget_figure

__all__ = ["PRESETS", "roc_by_hand_dashboard", "parse_numbers", "table_html"]

CHEAT_SHEET_SCORES = (0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1)
CHEAT_SHEET_LABELS = (1, 1, 1, 0, 1, 0, 1, 0, 0)


def _typed(values) -> str:
    return ", ".join(f"{v:g}" for v in values)


PRESETS: dict[str, dict[str, str]] = {
    "the cheat sheet's nine scores": {"scores": _typed(CHEAT_SHEET_SCORES), "labels": _typed(CHEAT_SHEET_LABELS)},
    "a perfect ranking": {"scores": _typed(CHEAT_SHEET_SCORES), "labels": _typed((1, 1, 1, 1, 0, 0, 0, 0, 0))},
    "every score tied": {"scores": _typed((0.5,) * 9), "labels": _typed(CHEAT_SHEET_LABELS)},
    "ranking reversed": {"scores": _typed(CHEAT_SHEET_SCORES), "labels": _typed((0, 0, 0, 0, 0, 1, 1, 1, 1))},
}
"""Named situations of the dropdown "situation": the text of the scores and labels boxes."""


PIECE_COLOURS = [PALETTE["sky"], PALETTE["orange"]]


def parse_numbers(text: str, name: str) -> np.ndarray:
    """Comma- (or space-) separated numbers to a float array; ValueError names the bad entry.

    ``text`` is what was typed into the box called ``name``; a message starts
    with that name (``"scores: entry 3 ('x') is not a number"``), so the
    dashboard's status line says which box to fix.
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"name must be the non-empty name of the text box, got {name!r}")
    if not isinstance(text, str):
        raise ValueError(f"{name}: text must be a string of numbers separated by commas, got {type(text).__name__}")
    parts = [p for p in text.replace(";", ",").replace(",", " ").split() if p]
    if not parts:
        raise ValueError(f"{name}: type at least two numbers separated by commas")
    values = []
    for i, p in enumerate(parts, start=1):
        try:
            x = float(p)
        except ValueError:
            raise ValueError(f"{name}: entry {i} ({p!r}) is not a number") from None
        if not np.isfinite(x):
            raise ValueError(f"{name}: entry {i} ({p!r}) must be a finite number")
        values.append(x)
    return np.array(values)


def parse_labels(text: str) -> np.ndarray:
    """Labels typed as 0/1, one per score."""
    y = parse_numbers(text, "labels")
    bad = ~np.isin(y, (0.0, 1.0))
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"labels: entry {i + 1} is {y[i]:g}; use 1 for positive and 0 for negative")
    return y.astype(int)


def _cell(x) -> str:
    if isinstance(x, str):
        return x
    if np.isinf(x):
        return "(0, 0) start"
    return f"{x:.4g}" if isinstance(x, float) else str(x)


def table_html(table) -> str:
    """The cheat-sheet table as HTML, with the AUC total (the sum of column ``AUC``) in the last row.

    ``table`` is a DataFrame from :func:`helpers.curves.cheat_sheet_roc_table`.
    """
    if not isinstance(table, pd.DataFrame) or "AUC" not in table.columns:
        raise ValueError("table must be a DataFrame from helpers.curves.cheat_sheet_roc_table (with an AUC column)")
    cols = list(table.columns)
    head = "".join(f"<th style='padding:2px 6px'>{html.escape(c)}</th>" for c in cols)
    rows = []
    for rec in table.itertuples(index=False):
        cells = "".join(f"<td style='padding:2px 6px;text-align:right'>{html.escape(_cell(v))}</td>" for v in rec)
        rows.append(f"<tr>{cells}</tr>")
    total = float(table["AUC"].sum())
    rows.append(f"<tr><td colspan='{len(cols)}' style='text-align:right'><b>ROC AUC = {total:.4f}</b></td></tr>")
    return f"<table class='course-table' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"


def _as_text(values, name: str) -> str:
    """Numbers as the text a user would type: ``0.9, 0.8, 1``."""
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        shown = repr(values)[:60]
        raise ValueError(f"{name} must be numbers (a list, an array or comma-separated text), got {shown}") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {arr.shape}")
    return ", ".join(f"{v:g}" for v in arr)


def roc_by_hand_dashboard(
    scores=CHEAT_SHEET_SCORES, labels=CHEAT_SHEET_LABELS, *, threshold: float = 0.5
) -> Dashboard:
    """Edit scores and labels as text; the table, the curve and the pair count follow.

    ``scores`` and ``labels`` are sequences of numbers (or comma-separated
    text) that fill the two text boxes at the start. Controls: ``scores`` and
    ``labels`` (comma-separated text, one label 0/1 per score), ``threshold``
    (for the predicted-class column) and ``rule``
    (``">"``, the cheat sheet's rule, or ``">="``, scikit-learn's). Views: ``table``
    (HTML, the cheat sheet's layout built by :func:`helpers.curves.cheat_sheet_roc_table`,
    one row per distinct score, highest first), ``curve`` (PNG, the ROC curve
    with its area pieces) and ``pairs`` (HTML: AUC as the share of
    positive-negative pairs in the right order, ties 1/2). Bad input (a
    non-number, a label other than 0/1, lengths that differ, one class only)
    is reported in the dashboard's status line and the views keep their last
    good state.
    """
    scores_text = scores if isinstance(scores, str) else _as_text(scores, "scores")
    labels_text = labels if isinstance(labels, str) else _as_text(labels, "labels")
    if isinstance(threshold, (bool, str)) or np.ndim(threshold) != 0 or not np.isfinite(threshold):
        raise ValueError(f"threshold must be a finite number, got {threshold!r}")
    controls = {
        "scores": widgets.Text(
            value=scores_text, description="scores", continuous_update=False, **control_style(6, 28),
        ),
        "labels": widgets.Text(
            value=labels_text, description="labels", continuous_update=False, **control_style(6, 28),
        ),
        "threshold": widgets.FloatText(value=float(threshold), description="threshold", step=0.05,
                                       **control_style(6, 14)),
        "rule": widgets.ToggleButtons(options=[">", ">="], value=">", description="positive if",
                                      style={"description_width": "6em", "button_width": "4em"}),
    }
    views = {"table": widgets.HTML(), "curve": FigureView(), "pairs": widgets.HTML()}

    def build(fig) -> list:
        ax = fig.subplots()
        # Axes, labels and the chance line are drawn once; a change of the data only
        # moves the curve, the shaded area pieces and the AUC (the title) (fast redraws).
        ax.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
        ax.set(xlabel="false positive rate (FPR)", ylabel="true positive rate (TPR)",
               xlim=(-0.02, 1.02), ylim=(-0.02, 1.05))
        ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
        pieces = PolyCollection([], alpha=0.5, lw=0)
        ax.add_collection(pieces)
        (curve,) = ax.plot([], [], marker="o", ms=6, color=PALETTE["blue"], label="ROC curve")
        auc_text = ax.set_title("AUC = sum of pieces = 0.000")
        fig.legend(loc="outside lower center", ncols=2, frameon=False)  # below the axes, outside the data
        return [pieces, curve, auc_text]

    frames = widget_figure(5.6, 5.0, build)
    fig, (pieces, curve, auc_text) = frames.fig, frames.dynamic
    drawn: dict = {}

    def update(d: Dashboard) -> None:
        s = parse_numbers(d.controls["scores"].value, "scores")
        y = parse_labels(d.controls["labels"].value)
        if s.size != y.size:
            raise ValueError(f"{s.size} scores but {y.size} labels; give one label per score")
        t = float(d.controls["threshold"].value)
        table = cheat_sheet_roc_table(y, s, threshold=t, strict=d.controls["rule"].value == ">")
        pairs = pair_counts(y, s)
        key = (s.tobytes(), y.tobytes())
        if drawn.get("key") != key:  # the threshold and the rule do not move the curve
            fpr, tpr = table["FPR"].to_numpy(), table["TPR"].to_numpy()
            steps = np.flatnonzero(np.diff(fpr) > 0)  # segments that add area
            trapezoids = [[(fpr[i], 0), (fpr[i], tpr[i]), (fpr[i + 1], tpr[i + 1]), (fpr[i + 1], 0)] for i in steps]
            pieces.set_verts(trapezoids)
            pieces.set_facecolor([PIECE_COLOURS[k % 2] for k in range(steps.size)])
            curve.set_data(fpr, tpr)
            auc_text.set_text(f"AUC = sum of pieces = {float(table['AUC'].sum()):.3f}")
            drawn["key"] = key
            points = "; ".join(f"({x:.3g}, {y:.3g})" for x, y in zip(fpr, tpr, strict=True))
            if fpr.size > 25:
                points = f"{fpr.size} points"
            d.views["curve"].show(frames.png(), figure=fig, alt=(
                f"ROC curve built by hand, false positive rate (x) against true positive rate (y), through "
                f"{points}. The area under it, shaded in {steps.size} pieces, is "
                f"AUC = {float(table['AUC'].sum()):.3f}; a dotted diagonal marks chance."
            ))
        d.views["table"].value = table_html(table)
        d.views["pairs"].value = (
            f"positive-negative pairs: {pairs.n_pairs}; positive higher: {pairs.wins}, tied: {pairs.ties}, "
            f"negative higher: {pairs.losses}<br>"
            f"P(random positive outranks random negative) = ({pairs.wins} + {pairs.ties}/2) / {pairs.n_pairs}"
            f" = <b>{pairs.auc:.4f}</b>"
        )

    return Dashboard(
        controls,
        views,
        update,
        presets=PRESETS,
        title="ROC AUC by hand: edit the scores and labels",
        # the controls and the curve beside the table: the whole widget fits one 1280x720 screen
        layout_children=[columns([*controls.values(), views["curve"]], [views["table"], views["pairs"]])],
    )
