"""Widget for notebook 05: a screening test in a population with a rare disease.

Sliders set the prevalence, the sensitivity (TPR), the specificity (TNR) and
the population size; the dashboard shows the expected confusion matrix
(rounded like :func:`helpers.simulate_counts`), the metrics and a picture of
who the people flagged positive are.

Rare rates read as "1 in 10 000" (prevalence, false-positive rate) or as
plain percentages (sensitivity, specificity), never in e-notation, so that
they read well on a projector. The prevalence and specificity sliders move
through fixed stops (1-2-5 steps for the prevalence; 99 %, 99.9 %, 99.99 %,
... for the specificity), so that 0.9999 is one key press from 0.9998.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib import patheffects
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

from .._validate import check_count, check_probability_open, check_rate
from ..counts import Counts, metric_zoo
from ..plotting import PALETTE
from ..prior_shift import precision_at_prevalence
from ..rare_rates import one_in, percent
from ..simulation import simulate_counts
from .dashboard import BlitFigure, Dashboard, FigureView, columns, control_style, html_table, widget_figure

__all__ = ["rare_disease_dashboard", "population_counts", "one_in", "percent", "BlitFigure",
           "PREVALENCE_STOPS", "SPECIFICITY_STOPS", "PRESETS"]

CELL_COLOURS = {
    "TP": PALETTE["blue"],
    "FP": PALETTE["vermillion"],
    "FN": PALETTE["orange"],
    "TN": PALETTE["sky"],
}
POPULATION_SIZES = (1_000, 10_000, 100_000, 1_000_000, 10_000_000)
# 1 in 100 000 ... 1 in 2, in 1-2-5 steps
PREVALENCE_STOPS = tuple(1 / n for n in (100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100,
                                         50, 20, 10, 5, 2))
SPECIFICITY_STOPS = (0.9, 0.95, 0.98, 0.99, 0.995, 0.998, 0.999, 0.9995, 0.9998, 0.9999, 0.99995, 0.99998,
                     0.99999, 1.0)
PRESETS: dict[str, dict[str, float]] = {
    "rare disease, 1 in 10 000": {"prevalence": 1e-4, "sensitivity": 0.8, "specificity": 0.999,
                                  "population": 100_000},
    "same test, balanced, 1 in 2": {"prevalence": 0.5, "sensitivity": 0.8, "specificity": 0.999,
                                    "population": 100_000},
    "a better test, specificity 99.99 %": {"prevalence": 1e-4, "sensitivity": 0.8, "specificity": 0.9999,
                                           "population": 100_000},
    "screening 10 million people": {"prevalence": 1e-4, "sensitivity": 0.8, "specificity": 0.999,
                                    "population": 10_000_000},
}
"""Named situations of the dropdown "situation" (the first is the rare-disease blog post's, the default)."""

def _specificity_label(x: float) -> str:
    return percent(x, 5)


def _stops(stops: tuple[float, ...], value: float, label) -> list[tuple[str, float]]:
    """Slider options ``(label, value)``; a starting value between the stops becomes a stop of its own."""
    values = sorted({*stops, float(value)})
    return [(label(v), v) for v in values]


def population_counts(population: int, prevalence: float, sensitivity: float, specificity: float) -> Counts:
    """Expected confusion counts in a population of ``population`` people.

    ``n_pos = round(population * prevalence)``, ``n_neg = population - n_pos``,
    then :func:`helpers.simulate_counts` (``TP = round(n_pos * TPR)``,
    ``TN = round(n_neg * TNR)``, FN and FP the rest of each class), with
    ``TPR = sensitivity`` and ``TNR = specificity``.
    """
    population = check_count(population, "population")
    prevalence = check_rate(prevalence, "prevalence")
    sensitivity = check_rate(sensitivity, "sensitivity")
    specificity = check_rate(specificity, "specificity")
    n_pos = round(population * prevalence)
    return simulate_counts(n_pos, population - n_pos, sensitivity, specificity)


def _fmt_pct(x: float) -> str:
    """Two decimals, but never "100.00%" for a value below 1 (accuracy 0.99996 is '99.996%')."""
    if np.isnan(x):
        return "undefined"
    text = f"{x:.2%}"
    return percent(x, 5) if text == "100.00%" and x < 1 else text


def _rate(x: float) -> str:
    """A rare rate both ways: ``'1 in 10 000 (0.01%)'``."""
    if np.isnan(x):
        return "undefined"
    return f"{one_in(x)} ({percent(x)})" if 0 < x <= 0.5 else percent(x)


def _short_number(x: float, _pos=None) -> str:
    for size, suffix in ((1e6, "M"), (1e3, "k")):
        if x >= size:
            return f"{x / size:g}{suffix}"
    return f"{x:g}"


class _Picture:
    """The dashboard's figure, built once; each update only moves its artists (fast)."""

    NAMES = ("TN", "FP", "FN", "TP")
    LABELS = ("TN (healthy, cleared)", "FP (healthy, flagged)", "FN (sick, missed)", "TP (sick, found)")

    def __init__(self) -> None:
        # the bars beside the 100 dots, each legend outside its data
        self.blit = widget_figure(8.9, 4.4, self._build)
        self.fig = self.blit.fig

    def _build(self, fig) -> list:
        self.ax_bar, self.ax_dots = fig.subplots(1, 2, width_ratios=[1.45, 1])
        y = np.arange(4)
        self.bars = self.ax_bar.barh(y, np.ones(4), color=[CELL_COLOURS[n] for n in self.NAMES])
        self.ax_bar.set_xscale("log")
        # plain tick labels: the default 10^k labels go through mathtext, which is slow
        self.ax_bar.xaxis.set_major_locator(FixedLocator(10.0 ** np.arange(0, 8, 2)))
        self.ax_bar.xaxis.set_major_formatter(FuncFormatter(_short_number))
        self.ax_bar.xaxis.set_minor_locator(NullLocator())
        halo = [patheffects.withStroke(linewidth=4, foreground="white")]  # readable on every bar colour
        self.labels = [self.ax_bar.text(0.6, yi, "", va="center", ha="left", path_effects=halo) for yi in y]
        self.ax_bar.set_yticks(y, [label.replace(" (", "\n(") for label in self.LABELS])
        self.ax_bar.set_xlabel("people (log scale)")
        self.ax_bar.set_title("The four cells")
        self.ax_bar.grid(True, axis="x", alpha=0.3)
        grid = np.arange(100)
        self.grid_xy = np.column_stack([grid % 10, 9 - grid // 10])
        ax = self.ax_dots
        ax.set_axis_off()
        ax.set_aspect("equal")
        ax.set_xlim(-0.7, 9.7)
        ax.set_ylim(-0.7, 9.7)
        self.sick = ax.scatter([], [], s=70, marker="o", color=CELL_COLOURS["TP"], label="sick (TP)")
        self.healthy = ax.scatter([], [], s=70, marker="X", color=CELL_COLOURS["FP"], label="healthy (FP)")
        self.legend = ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=2, frameon=False,
                                handletextpad=0.1, columnspacing=0.8, borderaxespad=0)
        self.title = ax.set_title("100 people flagged positive:\n100 sick, 100 healthy")
        self.ax_bar.set_xlim(0.5, 3 * max(POPULATION_SIZES))
        return [*self.bars, *self.labels, self.sick, self.healthy, self.title]

    def draw(self, counts: Counts) -> bytes:
        values = [counts.tn, counts.fp, counts.fn, counts.tp]
        for bar, label, v in zip(self.bars, self.labels, values, strict=True):
            bar.set_width(max(v, 0.5))  # a log axis cannot show 0
            label.set_text(f"{v:,}")
        flagged = counts.tp + counts.fp
        if flagged == 0:
            n_tp = 0
            self.title.set_text("Nobody is flagged positive")
            self.sick.set_offsets(np.empty((0, 2)))
            self.healthy.set_offsets(np.empty((0, 2)))
        else:
            n_tp = int(round(100 * counts.tp / flagged))
            self.title.set_text(f"100 people flagged positive:\n{n_tp} sick, {100 - n_tp} healthy")
            self.sick.set_offsets(self.grid_xy[:n_tp])
            self.healthy.set_offsets(self.grid_xy[n_tp:])
        return self.blit.png()

    @staticmethod
    def describe(counts: Counts) -> str:
        """The picture in words: the four bars, then the 100 dots."""
        text = (
            f"Bar chart on a log scale: {counts.tp:,} true positives (sick, found), {counts.fn:,} missed "
            f"(sick), {counts.fp:,} false alarms (healthy, flagged), {counts.tn:,} true negatives (healthy, "
            "cleared). "
        )
        flagged = counts.tp + counts.fp
        if flagged == 0:
            return text + "Dots: nobody is flagged positive."
        n_tp = int(round(100 * counts.tp / flagged))
        return text + f"Dots: of 100 people flagged positive, {n_tp} are sick and {100 - n_tp} healthy."


def rare_disease_dashboard(
    *,
    prevalence: float = 1e-4,
    sensitivity: float = 0.8,
    specificity: float = 0.999,
    population: int = 100_000,
) -> Dashboard:
    """Prevalence, sensitivity, specificity and population size in; matrix, metrics and picture out.

    Controls: ``prevalence`` (a ``SelectionSlider`` over
    :data:`PREVALENCE_STOPS`, read "1 in 10 000"), ``sensitivity`` (a
    ``FloatSlider``, 0 to 100 % in steps of 1 %), ``specificity`` (a
    ``SelectionSlider`` over :data:`SPECIFICITY_STOPS`, 90 % to 100 %, with
    99.95 %, 99.98 %, 99.99 % ... near 1) and ``population`` (a dropdown).
    A starting ``prevalence`` or ``specificity`` between the stops is added
    as a stop of its own.

    Views: ``matrix`` (HTML, scikit-learn orientation: truth in rows,
    negatives first), ``metrics`` (HTML) and ``picture`` (PNG: the four cells
    on a log scale, and 100 dots for the people flagged positive, coloured by
    whether they are sick). The default reproduces the rare-disease blog post: 10 sick among
    100 000, TPR 0.8, TNR 0.999.
    """
    prevalence = check_probability_open(prevalence, "prevalence")
    sensitivity = check_rate(sensitivity, "sensitivity")
    specificity = check_rate(specificity, "specificity")
    if population not in POPULATION_SIZES:
        sizes = ", ".join(f"{n:,}" for n in POPULATION_SIZES)
        raise ValueError(f"population must be one of {sizes}, got {population!r}")
    size = control_style(6.5, 27)  # room for the longest readout, "1 in 100 000"
    controls = {
        "prevalence": widgets.SelectionSlider(
            options=_stops(PREVALENCE_STOPS, prevalence, one_in), value=float(prevalence),
            description="prevalence", continuous_update=False, **size,
        ),
        "sensitivity": widgets.FloatSlider(
            value=sensitivity, min=0.0, max=1.0, step=0.01,
            description="sensitivity", readout_format=".0%", continuous_update=False, **size,
        ),
        "specificity": widgets.SelectionSlider(
            options=_stops(SPECIFICITY_STOPS, specificity, _specificity_label), value=float(specificity),
            description="specificity", continuous_update=False, **size,
        ),
        "population": widgets.Dropdown(
            options=[(f"{n:,}", n) for n in POPULATION_SIZES], value=population, description="people",
            **control_style(6.5, 16),
        ),
    }
    views = {
        "matrix": widgets.HTML(),
        "metrics": widgets.HTML(),
        "picture": FigureView(),
    }
    picture = _Picture()

    def update(d: Dashboard) -> None:
        c = d.controls
        prev, tpr, tnr, n = (c["prevalence"].value, c["sensitivity"].value,
                             c["specificity"].value, c["population"].value)
        counts = population_counts(n, prev, tpr, tnr)
        d.views["matrix"].value = "<b>Confusion matrix</b> (rows = truth)" + html_table(
            [("true 0 (healthy)", f"TN {counts.tn:,}", f"FP {counts.fp:,}"),
             ("true 1 (sick)", f"FN {counts.fn:,}", f"TP {counts.tp:,}")],
            header=("truth", "predicted 0", "predicted 1"),
        )
        m = metric_zoo(counts)
        bayes = precision_at_prevalence(tpr, 1.0 - tnr, prev)
        rows = [
            ("prevalence", _rate(prev)),
            ("healthy people flagged (FPR)", _rate(1.0 - tnr)),
            ("sick people", f"{counts.n_pos:,} of {counts.n:,}"),
            ("accuracy", _fmt_pct(m["accuracy"])),
            ("precision", _fmt_pct(m["precision"])),
            ("recall", _fmt_pct(m["recall"])),
            ("specificity", _specificity_label(m["specificity"])),
            ("F1", _fmt_pct(m["f1"])),
            ("balanced accuracy", _fmt_pct(m["balanced_accuracy"])),
            ("precision by Bayes (no rounding)", _fmt_pct(bayes)),
        ]
        d.views["metrics"].value = "<b>Metrics</b>" + html_table(rows, header=("metric", "value"))
        d.views["picture"].show(picture.draw(counts), picture.describe(counts), figure=picture.fig)

    return Dashboard(
        controls, views, update, title="A rare disease: who does the test flag?", presets=PRESETS,
        # the controls in two columns, then the matrix and the picture beside the metrics: the whole widget
        # fits one 1280x720 screen
        layout_children=[
            columns([controls["prevalence"], controls["sensitivity"]],
                    [controls["specificity"], controls["population"]]),
            columns([views["matrix"], views["picture"]], views["metrics"]),
        ],
    )
