"""Notebook 02's widget: class balance and per-class accuracy in, matrix and metrics out."""

from __future__ import annotations

import ipywidgets as widgets

from .._arguments import Cell, takes_counts
from ..cheat_sheet import CHEAT_SHEET_EXAMPLES, cheat_sheet_figures, counts_from_rates
from ..counts import Counts, metric_zoo, resolve_counts
from ..metric_table import format_metric
from .confusion import MatrixFigure
from .dashboard import Dashboard, FigureView, columns, control_style, html_table

__all__ = ["CUSTOM", "PRESETS", "imbalance_dashboard", "imbalance_metrics_html"]

CUSTOM = "custom"

PRESETS: dict[str, dict[str, float]] = {
    name: {
        "n": c.n,
        "share_negative": c.n_neg / c.n,
        "acc_negative": c.tn / c.n_neg,
        "acc_positive": c.tp / c.n_pos,
    }
    for name, c in CHEAT_SHEET_EXAMPLES.items()
}
"""Control values that reproduce the cheat sheet's two examples exactly."""

_ZOO_KEY = {  # cheat-sheet figure -> metric_zoo key, for the "undefined" wording
    "accuracy": "accuracy",
    "misclassification rate": "accuracy",
    "recall": "recall",
    "balanced accuracy": "balanced_accuracy",
    "specificity": "specificity",
    "false positive rate": "fpr",
    "precision": "precision",
    "F1": "f1",
}


@takes_counts()
def imbalance_metrics_html(
    counts: Counts | None = None, *, tp: Cell = None, fn: Cell = None, fp: Cell = None, tn: Cell = None
) -> str:
    """The cheat sheet's eight figures, MCC, and the always-negative baseline as an HTML table.

    ``counts`` is a :class:`~helpers.Counts`, or the four counts as keywords
    ``tp=, fn=, fp=, tn=`` instead (never by position); one matrix. The
    baseline's accuracy is ``(TN + FP) / N``, the share of negatives.
    """
    resolved, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="imbalance_metrics_html")
    for name, value in zip(Counts._fields, resolved, strict=True):
        if value.ndim != 0:
            raise ValueError(f"{at}{name} must be one number (one matrix), got an array of shape {value.shape}")
    c = Counts(*(int(v) for v in resolved))
    if c.n == 0:
        raise ValueError(f"{at}tn + {at}fp + {at}fn + {at}tp is 0: there is nobody to evaluate")
    figures = cheat_sheet_figures(c)
    z = metric_zoo(c)
    rows = [(name, format_metric(_ZOO_KEY[name], value)) for name, value in figures.items()]
    rows.append(("MCC", format_metric("mcc", z["mcc"])))
    rows.append(("prevalence (share of positives)", format_metric("prevalence", z["prevalence"])))
    rows.append(("accuracy of 'always negative'", f"{c.n_neg / c.n:.3f}"))
    return html_table(rows, header=("metric", "value"))


def imbalance_dashboard(preset: str = next(iter(PRESETS))) -> Dashboard:
    """Sliders for the share of negatives and the accuracy within each class.

    Controls: ``preset`` (``Dropdown``: the cheat sheet's examples or ``"custom"``;
    choosing an example sets the other controls), ``n`` (people,
    ``BoundedIntText``), ``share_negative``, ``acc_negative`` (specificity) and
    ``acc_positive`` (recall) (``FloatSlider``). Moving a slider away from a
    preset switches the dropdown to ``"custom"``. Views: ``matrix`` (``FigureView``)
    and ``metrics`` (``HTML``, see :func:`imbalance_metrics_html`). Counts are
    :func:`~helpers.cheat_sheet.counts_from_rates`.
    """
    if preset not in PRESETS and preset != CUSTOM:
        raise ValueError(f"preset must be one of {[*PRESETS, CUSTOM]}, got {preset!r}")
    start = PRESETS.get(preset, next(iter(PRESETS.values())))
    slider = dict(min=0.0, max=1.0, step=0.01, readout_format=".2f", **control_style(11.5, 24))
    controls = {
        "preset": widgets.Dropdown(options=[*PRESETS, CUSTOM], value=preset, description="situation",
                                   style={"description_width": "11.5em"}, layout=widgets.Layout(width="max-content")),
        "n": widgets.BoundedIntText(value=int(start["n"]), min=1, max=1_000_000, description="people (N)",
                                    **control_style(11.5, 18)),
        "share_negative": widgets.FloatSlider(
            value=start["share_negative"], description="share of negatives", **slider
        ),
        "acc_negative": widgets.FloatSlider(
            value=start["acc_negative"], description="accuracy on negatives", **slider
        ),
        "acc_positive": widgets.FloatSlider(
            value=start["acc_positive"], description="accuracy on positives", **slider
        ),
    }
    numeric = ("n", "share_negative", "acc_negative", "acc_positive")
    state = {"quiet": False}  # True while one change sets several controls: draw once, at the end

    def on_preset(change) -> None:
        if state["quiet"] or change["new"] == CUSTOM:
            return
        state["quiet"] = True
        try:
            for name in numeric:
                controls[name].value = PRESETS[change["new"]][name]
        finally:
            state["quiet"] = False

    def on_slider(_change) -> None:
        name = controls["preset"].value
        if state["quiet"] or name == CUSTOM:
            return
        if any(abs(controls[k].value - PRESETS[name][k]) > 1e-9 for k in numeric):
            state["quiet"] = True
            try:
                controls["preset"].value = CUSTOM
            finally:
                state["quiet"] = False

    # registered before the Dashboard's own observers, so they run first
    controls["preset"].observe(on_preset, names="value")
    for name in numeric:
        controls[name].observe(on_slider, names="value")

    views = {
        "matrix": FigureView(),
        "metrics": widgets.HTML(),
    }
    picture = MatrixFigure()

    def update(d: Dashboard) -> None:
        if state["quiet"]:
            return
        c = counts_from_rates(
            d.controls["n"].value,
            d.controls["share_negative"].value,
            d.controls["acc_negative"].value,
            d.controls["acc_positive"].value,
        )
        d.views["matrix"].show(picture.png(c, f"{c.n_neg:,} negatives, {c.n_pos:,} positives"), picture.describe(c),
                               figure=picture.fig)
        share, acc_neg, acc_pos = (d.controls[k].value for k in ("share_negative", "acc_negative", "acc_positive"))
        # Counts are whole people: say how each comes from a slider, so a step too
        # small to move a count still shows why nothing else changed.
        rounding = (
            f"<p style='font-size:90%'>negatives = round({d.controls['n'].value} &times; {share:.2f}) = {c.n_neg}; "
            f"TN = round({c.n_neg} &times; {acc_neg:.2f}) = {c.tn}; "
            f"TP = round({c.n_pos} &times; {acc_pos:.2f}) = {c.tp}</p>"
        )
        d.views["metrics"].value = (
            rounding + f"<p>TN {c.tn}, FP {c.fp}, FN {c.fn}, TP {c.tp}</p>" + imbalance_metrics_html(c)
        )

    # the controls and the matrix beside the numbers: the whole widget fits one 1280x720 screen
    layout = [columns([*controls.values(), views["matrix"]], views["metrics"])]
    return Dashboard(controls, views, update, title="Class balance and per-class accuracy", layout_children=layout)
