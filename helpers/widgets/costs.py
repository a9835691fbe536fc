"""Notebook 11's widget: how the cost ratio FN / FP and the deployment prevalence move the best threshold.

No cost is computed here: the counts come once from :func:`helpers.costs.cost_curve`,
each move of a slider reweights their negatives to the deployment prevalence
(:func:`helpers.counts.counts_at_prevalence`) and reprices them
(:func:`helpers.costs.cost_table`); the costs of a fixed threshold are
:func:`helpers.costs.expected_cost` at that prevalence and the decision-theory
threshold is :func:`helpers.costs.bayes_threshold_at_prevalence`.

The picture's axes never change (the cost is drawn relative to the cheaper of
"flag nobody" and "flag everybody", which keeps it on one scale for every
ratio and prevalence), so only the lines are redrawn (:class:`BlitFigure`).
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
import pandas as pd
from matplotlib.ticker import FuncFormatter

from .._validate import (
    check_binary_labels,
    check_probabilities,
    check_probability_open,
    check_same_length,
)
from ..costs import (
    _bayes,
    _finite_number,
    _shift_threshold,
    _total_cost,
    bayes_threshold,
    bayes_threshold_at_prevalence,
    cheapest_row,
    cost_curve,
    cost_table,
    expected_cost,
)
from ..counts import Counts, counts_at_prevalence, negative_weight
from ..plotting import PALETTE
from ..rare_rates import percent
from .dashboard import Dashboard, FigureView, columns, control_style, html_table, widget_figure

__all__ = ["PRESETS", "cost_dashboard"]

PRESETS: dict[str, dict[str, float]] = {
    "a miss costs 10 false alarms, 1 in 100": {"ratio": 10.0, "prevalence": 0.01},
    "a miss costs 100 false alarms, 1 in 1 000": {"ratio": 100.0, "prevalence": 0.001},
    "equal costs, balanced classes": {"ratio": 1.0, "prevalence": 0.5},
}
"""Named situations of the dropdown "situation": the cost ratio FN / FP and the deployment prevalence."""

RATIO_RANGE = (1.0, 1000.0)
"""The cost-ratio slider's range (FN cost / FP cost, logarithmic)."""
PREVALENCE_RANGE = (0.001, 0.5)
"""The deployment-prevalence slider's range (logarithmic)."""
RELATIVE_COST_MAX = 1.6
"""Top of the cost axis: cost relative to the best rule without a model (1 = no better than that)."""
_RATIO_GRID = np.geomspace(*RATIO_RANGE, 121)


def _check_in_range(value: object, name: str, bounds: tuple[float, float], what: str) -> float:
    x = _finite_number(value, name)
    if not bounds[0] <= x <= bounds[1]:
        raise ValueError(f"{name} must be between {bounds[0]:g} and {bounds[1]:g} ({what}), got {value!r}")
    return x


def _check_test(test: object) -> tuple[np.ndarray, np.ndarray]:
    if not (isinstance(test, (tuple, list)) and len(test) == 2):
        raise ValueError(f"test must be a pair (y_test, score_test) of held-out rows, got {type(test).__name__}")
    is_pos = check_binary_labels(test[0], "test[0] (y_test)")
    score = check_probabilities(test[1], "test[1] (score_test)").ravel()
    check_same_length(is_pos, score, "test[0] (y_test)", "test[1] (score_test)")
    return is_pos.astype(int), score


class _Picture:
    """Left: relative cost against threshold. Right: the best threshold against the cost ratio (log axis)."""

    def __init__(self, thresholds: np.ndarray) -> None:
        # fixed limits: the axes are drawn once; one above the other, one legend above both (outside the data):
        # beside the tables on a 1280x720 screen
        self.blit = widget_figure(7.0, 7.6, lambda fig: self._build(fig, thresholds))
        self.fig = self.blit.fig

    def _build(self, fig, thresholds: np.ndarray) -> list:
        left, right = self.ax_cost, self.ax_ratio = fig.subplots(2, 1)
        # rows run from +inf (nobody flagged) down to the lowest score; the scores are probabilities, so the
        # first row covers thresholds from the highest score up to 1, the last one from the lowest score down to 0
        self.x = np.r_[1.0, thresholds[1:], 0.0]
        (self.cost,) = left.plot(self.x, np.zeros_like(self.x), drawstyle="steps-post", color=PALETTE["blue"])
        self.best = left.axvline(0.5, color=PALETTE["vermillion"], label="cheapest on validation")
        self.bayes = left.axvline(0.5, color=PALETTE["green"], linestyle="--", label="Bayes at this prevalence")
        self.plain = left.axvline(0.5, color=PALETTE["purple"], linestyle="-.", label="Bayes, prevalence ignored")
        left.axvline(0.5, color="#999999", linestyle=":", label="default 0.5")
        left.axhline(1.0, color="#999999", linewidth=0.8)
        left.set_xlim(0, 1)
        left.set_ylim(0, RELATIVE_COST_MAX)
        left.set_xlabel("threshold (flag when score ≥ threshold)")
        left.set_ylabel("cost ÷ no model")
        left.set_title("Validation cost of each threshold")
        fig.legend(handles=[self.best, self.bayes, self.plain, left.lines[-2]], loc="outside upper center",
                        ncols=2, frameon=False, columnspacing=0.6, handlelength=1.3, handletextpad=0.4)

        (self.best_curve,) = right.plot(
            _RATIO_GRID, np.zeros_like(_RATIO_GRID), drawstyle="steps-post", color=PALETTE["vermillion"],
            label="cheapest on validation",
        )
        (self.bayes_curve,) = right.plot(
            _RATIO_GRID, np.zeros_like(_RATIO_GRID), color=PALETTE["green"], linestyle="--",
            label="Bayes at this prevalence",
        )
        self.now = right.axvline(10.0, color="#999999", linewidth=0.8)
        (self.points,) = right.plot([], [], "o", color=PALETTE["black"], markersize=5)
        right.set_xscale("log")
        right.set_xlim(*RATIO_RANGE)
        right.set_ylim(0, 1)
        right.set_xlabel("cost ratio FN / FP (log scale)")
        right.set_ylabel("threshold")
        right.set_title("Best threshold against the cost ratio")
        right.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))  # 1, 10, 100, 1000
        return [self.cost, self.best, self.bayes, self.plain, self.best_curve, self.bayes_curve, self.now, self.points]

    def draw(self, relative, t_best, t_bayes, t_plain, ratio, best_by_ratio, bayes_by_ratio) -> bytes:
        self.cost.set_ydata(np.minimum(np.r_[relative, relative[-1]], 10 * RELATIVE_COST_MAX))
        for line, t in ((self.best, t_best), (self.bayes, t_bayes), (self.plain, t_plain)):
            line.set_xdata([t, t])
        self.best_curve.set_ydata(best_by_ratio)
        self.bayes_curve.set_ydata(bayes_by_ratio)
        self.now.set_xdata([ratio, ratio])
        self.points.set_data([ratio, ratio], [t_best, t_bayes])
        return self.blit.png()


def cost_dashboard(
    y_true,
    y_score,
    *,
    cost_fp: float = 10.0,
    ratio: float = 10.0,
    train_prevalence: float | None = None,
    deploy_prevalence: float | None = None,
    test=None,
) -> Dashboard:
    """Cost-ratio and deployment-prevalence sliders over the cost of every threshold.

    ``y_true`` (0/1) and ``y_score`` are validation rows, where the cheapest
    threshold is chosen; ``y_score`` are probabilities of the positive class,
    calibrated at ``train_prevalence`` (default: the share of positives in
    ``y_true``). A false positive costs ``cost_fp`` (a finite number > 0), a
    false negative ``ratio * cost_fp``. ``test=(y_test, score_test)``, held-out
    rows, adds the test cost of every rule (choose on one set, report on another).

    Controls: ``ratio`` (``FloatLogSlider``, 1 to 1000) and ``prevalence``
    (``FloatLogSlider``, 0.001 to 0.5, starting at ``deploy_prevalence``,
    default ``train_prevalence``). At deployment prevalence ``pi`` the
    validation negatives weigh ``w = ((1 - pi) / pi) / (N / P)``, and costs are
    per case at ``pi``::

        mean_cost_pi(t) = pi c_fn FNR(t) + (1 - pi) c_fp FPR(t)

    Views: ``curve`` (``FigureView``; left, ``mean_cost_pi(t)`` divided by the
    cheaper of flagging nobody, ``pi c_fn``, and flagging everybody,
    ``(1 - pi) c_fp``, on fixed axes, with the cheapest validation threshold,
    the Bayes threshold at ``pi`` (:func:`helpers.costs.bayes_threshold_at_prevalence`),
    the Bayes threshold ignoring ``pi`` and 0.5; right, the cheapest validation
    threshold and the Bayes threshold at ``pi`` against the cost ratio on a
    log axis) and ``summary`` (``HTML``: the costs, the prevalences, the weight
    of a negative, each rule's threshold and mean cost on validation and test,
    and the validation matrix at the cheapest threshold). The dashboard's
    ``figure`` attribute is the matplotlib Figure behind ``curve``.
    """
    if _finite_number(cost_fp, "cost_fp") <= 0:
        raise ValueError(f"cost_fp must be a finite number > 0, got {cost_fp!r}")
    ratio = _check_in_range(ratio, "ratio", RATIO_RANGE, "the slider's range")
    is_pos = check_binary_labels(y_true)
    score = check_probabilities(y_score, "y_score").ravel()
    check_same_length(is_pos, score, "y_true", "y_score")
    y01 = is_pos.astype(int)
    if train_prevalence is None:
        train_prevalence = float(is_pos.mean())
    pi_train = check_probability_open(train_prevalence, "train_prevalence")
    if deploy_prevalence is None:
        deploy_prevalence = float(np.clip(pi_train, *PREVALENCE_RANGE))
    pi_start = _check_in_range(
        check_probability_open(deploy_prevalence, "deploy_prevalence"), "deploy_prevalence", PREVALENCE_RANGE,
        "the slider's range",
    )
    held_out = None if test is None else _check_test(test)

    base = cost_curve(y01, score, cost_fp=1.0, cost_fn=1.0)  # counts do not depend on the costs
    thresholds = base["threshold"].to_numpy()
    counts = Counts(*(base[c].to_numpy() for c in Counts._fields))
    n_pos, n_neg = int(is_pos.sum()), int((~is_pos).sum())
    cache: dict[float, tuple[pd.DataFrame, np.ndarray, np.ndarray]] = {}

    def at_prevalence(pi: float) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
        """Weighted counts at ``pi``; the cheapest validation threshold and the Bayes one at every grid ratio."""
        if pi not in cache:
            w = counts_at_prevalence(counts, pi)
            table = pd.DataFrame(w._asdict())
            costs = _total_cost(
                w.tn[:, None], w.fp[:, None], w.fn[:, None], w.tp[:, None], (1.0, _RATIO_GRID[None, :], 0.0, 0.0)
            )
            best = thresholds[np.argmin(costs, axis=0)]  # first minimum: the highest threshold, as cheapest_row
            # bayes_threshold_at_prevalence at every grid ratio at once (its formula, unchecked: arrays)
            bayes = _shift_threshold(_bayes(1.0, _RATIO_GRID, 0.0, 0.0), pi_train, pi)
            cache.clear()
            cache[pi] = (table, np.minimum(best, 1.0), bayes)
        return cache[pi]

    size = control_style(12.5, 28)
    controls = {
        "ratio": widgets.FloatLogSlider(
            value=ratio, base=10, min=np.log10(RATIO_RANGE[0]), max=np.log10(RATIO_RANGE[1]), step=0.05,
            description="FN / FP cost", readout_format=".3g", continuous_update=False, **size,
        ),
        "prevalence": widgets.FloatLogSlider(
            value=pi_start, base=10, min=np.log10(PREVALENCE_RANGE[0]), max=np.log10(PREVALENCE_RANGE[1]),
            step=0.05, description="deployment prevalence", readout_format=".2%", continuous_update=False,
            **size,
        ),
    }
    views = {"curve": FigureView(), "summary": widgets.HTML()}
    picture = _Picture(thresholds)

    def update(d: Dashboard) -> None:
        r = float(d.controls["ratio"].value)
        pi = float(d.controls["prevalence"].value)
        c_fp, c_fn = float(cost_fp), r * float(cost_fp)
        weighted, best_by_ratio, bayes_by_ratio = at_prevalence(pi)
        table = cost_table(weighted, cost_fp=c_fp, cost_fn=c_fn)
        mean_cost = table["mean_cost"].to_numpy()
        best = cheapest_row(table)
        without_model = min(mean_cost[0], mean_cost[-1])  # flag nobody: pi c_fn; flag everybody: (1 - pi) c_fp
        t_best = float(thresholds[best])
        t_bayes = bayes_threshold_at_prevalence(
            cost_fp=c_fp, cost_fn=c_fn, train_prevalence=pi_train, deploy_prevalence=pi
        )
        t_plain = bayes_threshold(cost_fp=c_fp, cost_fn=c_fn)
        bayes_text = f"{t_bayes:.3f}" if np.isfinite(t_bayes) else "above every score"
        d.views["curve"].show(picture.draw(
            mean_cost / without_model, min(t_best, 1.0), t_bayes, t_plain, r, best_by_ratio, bayes_by_ratio
        ), figure=picture.fig, alt=(
            f"Two charts at deployment prevalence {percent(pi, 3)} and cost ratio FN / FP {r:.3g}. Left: the "
            f"validation mean cost of each threshold divided by the cost without a model; vertical lines mark "
            f"the cheapest threshold on validation, {min(t_best, 1.0):.3f} (relative cost "
            f"{mean_cost[best] / without_model:.3f}), Bayes at this prevalence, {bayes_text}, Bayes ignoring "
            f"the prevalence, {t_plain:.3f}, and the default 0.5. Right: the best threshold against the cost "
            f"ratio from 1 to 1000 on a log scale, for the cheapest on validation and for Bayes; at ratio "
            f"{r:.3g} they are {min(t_best, 1.0):.3f} and {bayes_text}."
        ))

        def cost_of(t: float, y, s) -> str:
            return f"{expected_cost(y, (s >= t).astype(int), cost_fp=c_fp, cost_fn=c_fn, deploy_prevalence=pi):.3f}"

        rules = [
            ("cheapest on validation", t_best),
            ("Bayes at this prevalence", t_bayes),
            ("Bayes, prevalence ignored", t_plain),
            ("default", 0.5),
        ]
        rows = []
        for name, t in rules:
            val = f"{mean_cost[best]:.3f} (chosen here)" if name.startswith("cheapest") else cost_of(t, y01, score)
            row = (name, f"{t:.3f}" if np.isfinite(t) else "above every score", val)
            rows.append(row if held_out is None else (*row, cost_of(t, *held_out)))
        header = ("rule", "threshold", "validation") + (() if held_out is None else ("test",))
        c = base.iloc[best]
        matrix = html_table(
            [("truth 0", int(c.tn), int(c.fp)), ("truth 1", int(c.fn), int(c.tp))],
            header=("validation rows at the cheapest threshold", "pred 0", "pred 1"),
        )
        w = negative_weight(n_pos, n_neg, pi)
        d.views["summary"].value = (
            f"<p>FP costs {c_fp:g}, FN costs {c_fn:g}. Deployment prevalence {percent(pi, 3)}; "
            f"scores calibrated at {percent(pi_train, 3)}; each validation negative weighs {w:.3g}.</p>"
            f"<p>Mean cost per case at {percent(pi, 3)} positives:</p>"
            f"{html_table(rows, header=header)}<br>{matrix}"
        )

    dashboard = Dashboard(controls, views, update, title="Cost of errors and the threshold", presets=PRESETS,
                          layout_children=[columns(views["curve"], [*controls.values(), views["summary"]])])
    dashboard.figure = picture.fig
    return dashboard
