"""Notebook 11's widget: how the cost ratio FN / FP moves the best threshold.

No cost is computed here: the counts come once from :func:`helpers.costs.cost_curve`,
each slider move reprices them with :func:`helpers.costs.cost_table`, and the
costs at the Bayes and default thresholds are :func:`helpers.costs.expected_cost`.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from ..costs import _finite_number, bayes_threshold, cheapest_row, cost_curve, cost_table, expected_cost
from .dashboard import Dashboard, figure_png, html_table

__all__ = ["cost_dashboard"]


def cost_dashboard(y_true, y_score, *, cost_fp: float = 10.0, ratio: float = 10.0) -> Dashboard:
    """A cost-ratio slider over the mean cost per sample at every threshold.

    ``y_score`` should be probabilities of the positive class (1). A false
    positive costs ``cost_fp``; a false negative costs ``ratio * cost_fp``.
    Control ``ratio`` (``FloatLogSlider``, 1 to 1000). Views ``curve``
    (``Image``: mean cost against threshold, the cheapest threshold and the
    Bayes threshold ``1 / (1 + ratio)`` marked) and ``summary`` (``HTML``: the
    costs, the cheapest threshold, its mean cost and confusion matrix, and the
    mean cost at the Bayes threshold and at 0.5). ``cost_fp`` must be a
    finite number > 0 (the slider scales the cost of a false negative from it).
    """
    if _finite_number(cost_fp, "cost_fp") <= 0:
        raise ValueError(f"cost_fp must be a finite number > 0, got {cost_fp!r}")
    base = cost_curve(y_true, y_score, cost_fp=1.0, cost_fn=1.0)  # counts do not depend on the costs
    thresholds = base["threshold"].to_numpy()
    score = np.asarray(y_score, dtype=float)
    finite = np.isfinite(thresholds)

    controls = {
        "ratio": widgets.FloatLogSlider(
            value=ratio, base=10, min=0, max=3, step=0.05, description="FN / FP cost",
            readout_format=".3g", continuous_update=False, style={"description_width": "initial"},
        )
    }
    views = {"curve": widgets.Image(format="png", layout=widgets.Layout(width="416px")), "summary": widgets.HTML()}

    fig = Figure(figsize=(5.2, 3.0), dpi=80)  # fixed margins: constrained layout would draw twice per PNG
    fig.subplots_adjust(left=0.12, right=0.97, bottom=0.15, top=0.9)
    ax = fig.add_subplot()
    (line,) = ax.plot(thresholds[finite], np.zeros(finite.sum()), drawstyle="steps-post", color="#0072B2")
    best_line = ax.axvline(0.5, color="#D55E00", label="cheapest threshold")
    bayes_line = ax.axvline(0.5, color="#009E73", linestyle="--", label="Bayes: 1 / (1 + ratio)")
    ax.axvline(0.5, color="#999999", linestyle=":", label="default 0.5")
    ax.set_xlabel("threshold (flag when score ≥ threshold)")
    ax.set_ylabel("mean cost per sample")
    ax.legend(loc="upper right", fontsize="small")

    def cost_at(t: float, c_fp: float, c_fn: float) -> float:
        return expected_cost(y_true, (score >= t).astype(int), cost_fp=c_fp, cost_fn=c_fn)

    def update(d: Dashboard) -> None:
        r = float(d.controls["ratio"].value)
        c_fp, c_fn = float(cost_fp), r * float(cost_fp)
        table = cost_table(base, cost_fp=c_fp, cost_fn=c_fn)
        mean_cost = table["mean_cost"].to_numpy()
        best = cheapest_row(table)
        t_best = float(thresholds[best])
        t_bayes = bayes_threshold(cost_fp=c_fp, cost_fn=c_fn)
        line.set_ydata(mean_cost[finite])
        ax.set_ylim(0, 1.05 * mean_cost[finite].max())
        best_line.set_xdata([t_best, t_best])
        bayes_line.set_xdata([t_bayes, t_bayes])
        ax.set_title(f"FP costs {c_fp:g}, FN costs {c_fn:g}")
        d.views["curve"].value = figure_png(fig)
        row = base.iloc[best]
        summary = html_table(
            [
                ("cheapest threshold", f"{t_best:.3f}", f"{mean_cost[best]:.3f}"),
                ("Bayes threshold", f"{t_bayes:.3f}", f"{cost_at(t_bayes, c_fp, c_fn):.3f}"),
                ("default threshold", "0.500", f"{cost_at(0.5, c_fp, c_fn):.3f}"),
            ],
            header=("rule", "threshold", "mean cost"),
        )
        matrix = html_table(
            [("truth 0", int(row.tn), int(row.fp)), ("truth 1", int(row.fn), int(row.tp))],
            header=("at the cheapest threshold", "pred 0", "pred 1"),
        )
        d.views["summary"].value = f"<p>FP costs {c_fp:g}, FN costs {c_fn:g}</p>{summary}<br>{matrix}"

    return Dashboard(controls, views, update, title="Cost of errors and the threshold")
