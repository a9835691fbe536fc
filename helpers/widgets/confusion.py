"""Notebook 01's widget: type the four counts, see the matrix and the whole metric zoo."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import numpy as np

from .._arguments import Cell, takes_counts
from ..counts import Counts, resolve_counts
from ..metric_table import zoo_table
from ..plotting import plot_confusion_matrix
from .dashboard import CUSTOM, Dashboard, FigureView, columns, control_style, figure_png, html_table, widget_figure

__all__ = ["PRESETS", "PRESET_CLASSES", "MatrixFigure", "confusion_dashboard", "metrics_html"]

PRESETS: dict[str, dict[str, int]] = {
    "rare disease, 10 sick in 100 000": {"tn": 99_890, "fp": 100, "fn": 2, "tp": 8},
    "predicts 0 for 99 of 100": {"tn": 90, "fp": 0, "fn": 9, "tp": 1},
    "balanced, 80 % right in each class": {"tn": 40, "fp": 10, "fn": 10, "tp": 40},
}
"""Named situations of the dropdown "situation": the four counts (the blog post's, the cheat sheet's, balanced)."""

PRESET_CLASSES: dict[str, tuple[str, str]] = {
    "rare disease, 10 sick in 100 000": ("healthy", "sick"),
    "predicts 0 for 99 of 100": ("0", "1"),
    "balanced, 80 % right in each class": ("0", "1"),
}
"""What class 0 and class 1 are in each situation (the cheat sheet's and the balanced example name no classes)."""

_MAX_COUNT = 1_000_000
_DEFAULT = Counts(tn=50, fp=3, fn=3, tp=87)


class MatrixFigure:
    """A confusion-matrix picture drawn once and then only updated (fast enough for a slider).

    Looks like :func:`helpers.plotting.plot_confusion_matrix`; :meth:`png`
    changes the colours and texts of the existing artists and renders PNG bytes.
    """

    _NAMES = ("TN", "FP", "FN", "TP")

    def __init__(self, labels=("0", "1"), width: float = 4.6, height: float = 4.0) -> None:
        self.labels = (str(labels[0]), str(labels[1]))
        # the layout is found once, for the widest title, and kept: the matrix never moves
        self.fig = widget_figure(width, height, self._build).fig
        self.image = self.ax.images[0]
        self.texts = list(self.ax.texts)  # TN, FP, FN, TP: row by row, as plot_confusion_matrix writes them

    def _build(self, fig) -> list:
        self.ax = fig.add_subplot()
        plot_confusion_matrix(Counts(1, 0, 0, 1), ax=self.ax, labels=self.labels)
        names = [f"{self.labels[0]}\n(negative)", f"{self.labels[1]}\n(positive)"]  # short lines: long names fit
        self.ax.set_xticks([0, 1], names)
        self.ax.set_yticks([0, 1], names, rotation=90, va="center")
        self.ax.set_xlabel("predicted class", labelpad=2)
        self.ax.set_ylabel("true class", labelpad=2)
        self.title = self.ax.set_title("N = 100 000; rows = truth")
        return []  # drawn whole each time (figure_png): the colours and texts of every cell change

    def png(self, counts, title: str) -> bytes:
        """PNG bytes of the matrix of ``counts`` (tn, fp, fn, tp) under ``title``."""
        m = np.array([[counts[0], counts[1]], [counts[2], counts[3]]], dtype=float)
        self.image.set_data(m)
        self.image.set_clim(m.min(), m.max())
        top = m.max() if m.max() > 0 else 1.0
        for text, name, value in zip(self.texts, self._NAMES, m.ravel(), strict=True):
            text.set_text(f"{name}\n{value:,.0f}")
            text.set_color("white" if value > 0.6 * top else "black")
        self.title.set_text(title)  # keeps its size (set_title would take matplotlib's default again)
        return figure_png(self.fig)

    def describe(self, counts) -> str:
        """The picture in words (its text alternative): the four cells with their counts."""
        tn, fp, fn, tp = (int(round(float(v))) for v in counts)
        neg, pos = self.labels
        return (
            f"Confusion matrix, rows = truth, columns = prediction. Truth {neg} (negative): "
            f"{tn:,} true negatives (TN), {fp:,} false positives (FP). Truth {pos} (positive): "
            f"{fn:,} false negatives (FN), {tp:,} true positives (TP)."
        )


@takes_counts()
def metrics_html(
    counts: Counts | None = None, *, tp: Cell = None, fn: Cell = None, fp: Cell = None, tn: Cell = None
) -> str:
    """The metric zoo of ``counts`` as an HTML table (name, formula, fraction, value).

    ``counts`` is a :class:`~helpers.Counts`, or the four counts as keywords
    ``tp=, fn=, fp=, tn=`` instead (never by position); see
    :func:`helpers.metric_table.zoo_table`. Undefined metrics (a zero
    denominator) read ``undefined (...)``, never raise.
    """
    c, _ = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="metrics_html")
    table = zoo_table(counts) if counts is not None else zoo_table(tp=c.tp, fn=c.fn, fp=c.fp, tn=c.tn)
    rows = [
        (r["name"], r["also called"], r["formula"], r["fraction"], r["shown"]) for _, r in table.iterrows()
    ]
    return html_table(rows, header=("metric", "also called", "formula", "with the counts", "value"))


_TOTAL = "(TP + TN + FP + FN)"


def _zoo_html(c: Counts) -> str:
    """The metric zoo as the widget shows it, one line a metric beside the matrix on a 1280x720 screen: the
    metric (with its everyday name when that is short: "TPR (recall)"), its formula (the total written N),
    the counts it divides and its value; an undefined value reads "undefined" and one line below the table
    says why (:func:`metrics_html` has the long table)."""
    rows, why = [], []
    for _, r in zoo_table(c).iterrows():
        shown = str(r["shown"])
        if shown.startswith("undefined"):
            reason = shown[len("undefined"):].strip().removeprefix("(").removesuffix(")")
            why.append(f"{r['name']} ({reason})")
            shown = "undefined"
        alias = re.split(r",| =", str(r["also called"]))[0].strip()  # the everyday name, when it is short
        name = f"{r['name']} ({alias})" if alias and alias != r["name"] and len(alias) <= 17 else r["name"]
        rows.append((name, str(r["formula"]).replace(_TOTAL, "N"), r["fraction"], shown))
    note = f"<p style='margin:0.2em 0 0 0'>undefined: {html.escape('; '.join(why))}.</p>" if why else ""
    return html_table(rows, header=("metric", "formula", "with the counts", "value")) + note


@takes_counts()
def confusion_dashboard(
    counts: Counts | None = None,
    *,
    labels=("0", "1"),
    tp: Cell = None, fn: Cell = None, fp: Cell = None, tn: Cell = None,
) -> Dashboard:
    """Four count boxes (TN, FP, FN, TP) driving a matrix picture and the metric table.

    The boxes start at ``counts`` (a :class:`~helpers.Counts`), or at the four
    counts given as keywords ``tp=, fn=, fp=, tn=`` (never by position), or,
    with neither, at ``Counts(tn=50, fp=3, fn=3, tp=87)``. Each is a whole
    number from 0 to 1 000 000.

    Controls ``preset`` (the dropdown "situation": :data:`PRESETS`, and the starting counts when they are none
    of them) and ``tn``, ``fp``, ``fn``, ``tp`` (``BoundedIntText``, 0 to 1 000 000); views ``matrix``
    (``FigureView``, scikit-learn orientation) and ``metrics`` (``HTML``: the zoo of :func:`metrics_html`, one
    line a metric, the total written ``N = TP + TN + FP + FN``). ``labels`` name class 0 and class 1 of the
    starting counts; each situation names its own (:data:`PRESET_CLASSES`: "healthy" and "sick" in the rare
    disease), and counts typed by hand ("custom") keep the names of the situation they came from. All four
    counts 0 is reported in the status line.
    """
    if counts is None and all(v is None for v in (tp, fn, fp, tn)):
        counts = _DEFAULT
    start, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="confusion_dashboard")
    for name, value in zip(Counts._fields, start, strict=True):
        if value.ndim != 0 or value > _MAX_COUNT:
            raise ValueError(f"{at}{name} must be one whole number from 0 to {_MAX_COUNT:,}, got {value}")
    if isinstance(labels, str) or not np.iterable(labels) or len(labels) != 2:
        raise ValueError(f"labels must name the two classes, negative first, got {labels!r}")
    start_classes = (str(labels[0]), str(labels[1]))
    controls = {
        name: widgets.BoundedIntText(
            value=int(value), min=0, max=_MAX_COUNT, description=name.upper(), **control_style(1.8, 7.4)
        )
        for name, value in zip(Counts._fields, start, strict=True)
    }
    presets, classes = dict(PRESETS), dict(PRESET_CLASSES)
    given = {name: int(value) for name, value in zip(Counts._fields, start, strict=True)}
    if given not in presets.values():  # the starting counts are a situation too: the way back to them
        name = f"starting counts ({start_classes[0]}, {start_classes[1]})"
        presets, classes[name] = {name: given, **presets}, start_classes
    views = {
        "matrix": FigureView(),
        "metrics": widgets.HTML(),
    }
    pictures: dict[tuple[str, str], MatrixFigure] = {}  # one per pair of class names, drawn when first needed
    shown = {"classes": start_classes}

    def update(d: Dashboard) -> None:
        c = Counts(*(d.controls[name].value for name in Counts._fields))
        if c.n == 0:
            raise ValueError("all four counts are 0: there is nobody to evaluate")
        situation = d.controls["preset"].value
        if situation != CUSTOM:  # counts typed by hand keep the class names of the situation they came from
            shown["classes"] = classes[situation]
        neg, pos = shown["classes"]
        if (neg, pos) not in pictures:
            pictures[neg, pos] = MatrixFigure(labels=(neg, pos), width=3.8, height=3.9)
        picture = pictures[neg, pos]
        d.views["matrix"].show(picture.png(c, f"N = {c.n:,}; rows = truth"), picture.describe(c),
                               figure=picture.fig)
        d.views["metrics"].value = (
            f"<p style='margin:0 0 0.3em 0'>positive class: <b>{html.escape(pos)}</b> (negative: "
            f"{html.escape(neg)}); N = {_TOTAL[1:-1]} = {c.n:,}; prevalence {c.n_pos:,} / {c.n:,}</p>"
            f"<div class='course-dense course-zoo'>{_zoo_html(c)}</div>"
        )

    grid = widgets.GridBox(
        list(controls.values()), layout=widgets.Layout(grid_template_columns="repeat(2, max-content)",
                                                       grid_gap="0 0.8em")
    )
    # the counts and the matrix beside the zoo: the whole widget fits one 1280x720 screen in every situation
    layout = [columns(
        [
            widgets.HTML("<small>sklearn order: first row TN, FP (truth = 0);<br>"
                         "second row FN, TP (truth = 1)</small>"),
            grid,
            views["matrix"],
        ],
        views["metrics"],
    )]
    return Dashboard(
        controls, views, update, title="Confusion matrix and metric zoo", layout_children=layout, presets=presets
    )
