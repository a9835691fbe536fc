"""Notebook 01's widget: type the four counts, see the matrix and the whole metric zoo."""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .._arguments import Cell, takes_counts
from ..counts import Counts, resolve_counts
from ..metric_table import zoo_table
from ..plotting import plot_confusion_matrix
from .dashboard import (
    FIGURE_DPI,
    TEXT_PT,
    Dashboard,
    FigureView,
    columns,
    control_style,
    figure_png,
    figure_text,
    html_table,
)

__all__ = ["PRESETS", "MatrixFigure", "confusion_dashboard", "metrics_html"]

PRESETS: dict[str, dict[str, int]] = {
    "rare disease, 10 sick in 100 000": {"tn": 99_890, "fp": 100, "fn": 2, "tp": 8},
    "predicts 0 for 99 of 100": {"tn": 90, "fp": 0, "fn": 9, "tp": 1},
    "balanced, 80 % right in each class": {"tn": 40, "fp": 10, "fn": 10, "tp": 40},
}
"""Named situations of the dropdown "situation": the four counts (the blog post's, the cheat sheet's, balanced)."""

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
        with figure_text():  # every text TEXT_PT (18 px)
            self.fig = Figure(figsize=(width, height), dpi=FIGURE_DPI, layout="constrained")
            self.ax = self.fig.add_subplot()
            plot_confusion_matrix(Counts(1, 0, 0, 1), ax=self.ax, labels=labels)
            names = [f"{labels[0]}\n(negative)", f"{labels[1]}\n(positive)"]  # short lines: long names fit
            self.ax.set_xticks([0, 1], names)
            self.ax.set_yticks([0, 1], names, rotation=90, va="center")
            self.ax.tick_params(labelsize=TEXT_PT)
            self.ax.set_xlabel("predicted class", labelpad=2)
            self.ax.set_ylabel("true class", labelpad=2)
            self.title = self.ax.set_title("N = 100 000; rows = truth")
            FigureCanvasAgg(self.fig).draw()  # the layout, found once for the widest title...
        self.fig.set_layout_engine("none")  # ...and kept: the matrix never moves
        self.image = self.ax.images[0]
        self.texts = list(self.ax.texts)  # TN, FP, FN, TP: row by row, as plot_confusion_matrix writes them

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

    Controls ``tn``, ``fp``, ``fn``, ``tp`` (``BoundedIntText``, 0 to 1 000 000);
    views ``matrix`` (``FigureView``, scikit-learn orientation) and ``metrics``
    (``HTML``, see :func:`metrics_html`). ``labels`` name class 0 and class 1
    on the axes. All four counts 0 is reported in the status line.
    """
    if counts is None and all(v is None for v in (tp, fn, fp, tn)):
        counts = _DEFAULT
    start, at = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="confusion_dashboard")
    for name, value in zip(Counts._fields, start, strict=True):
        if value.ndim != 0 or value > _MAX_COUNT:
            raise ValueError(f"{at}{name} must be one whole number from 0 to {_MAX_COUNT:,}, got {value}")
    if isinstance(labels, str) or not np.iterable(labels) or len(labels) != 2:
        raise ValueError(f"labels must name the two classes, negative first, got {labels!r}")
    controls = {
        name: widgets.BoundedIntText(
            value=int(value), min=0, max=_MAX_COUNT, description=name.upper(), **control_style(1.8, 7.4)
        )
        for name, value in zip(Counts._fields, start, strict=True)
    }
    views = {
        "matrix": FigureView(),
        "metrics": widgets.HTML(),
    }
    picture = MatrixFigure(labels=(str(labels[0]), str(labels[1])), width=3.8, height=3.9)

    def update(d: Dashboard) -> None:
        c = Counts(*(d.controls[name].value for name in Counts._fields))
        if c.n == 0:
            raise ValueError("all four counts are 0: there is nobody to evaluate")
        d.views["matrix"].show(picture.png(c, f"N = {c.n:,}; rows = truth"), picture.describe(c),
                               figure=picture.fig)
        d.views["metrics"].value = (
            f"<p style='margin:0 0 0.3em 0'>positive class: <b>{html.escape(str(labels[1]))}</b>; "
            f"prevalence {c.n_pos} / {c.n}</p><div class='course-dense'>{metrics_html(c)}</div>"
        )

    grid = widgets.GridBox(
        list(controls.values()), layout=widgets.Layout(grid_template_columns="repeat(2, max-content)",
                                                       grid_gap="0 0.8em")
    )
    # the counts and the matrix beside the zoo: the whole widget fits one 1280x720 screen
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
        controls, views, update, title="Confusion matrix and metric zoo", layout_children=layout, presets=PRESETS
    )
