"""Notebook 03: the two classes' score histograms, one threshold, and the prevalence.

The positives' and the negatives' scores are drawn as two histograms on one
axis; a threshold splits each into the four cells of the confusion matrix
(TP and FN among the positives, FP and TN among the negatives), and the same
threshold is a point on the ROC curve and on the PR curve. A second slider
sets the prevalence: the negatives' histogram is scaled to the number of
negatives that come with the sample's positives at that prevalence, so the
ROC point (two rates, each inside one class) stays where it is while the PR
point (precision mixes the classes) moves. No metric is defined here: the
weight of a negative is :func:`helpers.negative_weight`, precision at the
prevalence is :func:`helpers.precision_at_prevalence` (the one definition),
the counts come from :func:`helpers.curves.counts_at_threshold`.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
from sklearn.metrics import roc_curve

from .._validate import check_binary_labels, check_probability_open, check_same_length, check_scores
from ..counts import negative_weight
from ..curves import _threshold, counts_at_threshold
from ..plotting import PALETTE
from ..prior_shift import precision_at_prevalence
from ..rare_rates import one_in, percent
from .dashboard import Dashboard, FigureView, columns, control_style, html_table, snapped_range, widget_figure

__all__ = ["PRESETS", "score_histograms", "score_histogram_dashboard"]

PRESETS: dict[str, dict[str, float]] = {
    "1 in 10, threshold 0.5": {"threshold": 0.5, "prevalence": 0.1},
    "screening, 1 in 100, threshold 0.5": {"threshold": 0.5, "prevalence": 0.01},
    "rare disease, 1 in 1 000, threshold 0.5": {"threshold": 0.5, "prevalence": 0.001},
}
"""Named situations of the dropdown "situation": the same cut, three prevalences (the ROC point stays, the PR
point falls). Those whose threshold lies outside the scores are left out."""

_PI_MIN, _PI_MAX = 1e-3, 0.5  # the prevalence slider's range
_FLOOR = 0.05  # the histograms' baseline on the log axis (a weighted negative can count less than 1)


def _labels_scores(y_true, y_score) -> tuple[np.ndarray, np.ndarray]:
    is_pos = check_binary_labels(y_true)
    y_score = check_scores(y_score)
    check_same_length(is_pos, y_score, "y_true", "y_score")
    return is_pos, y_score


def _check_bins(bins: object) -> int:
    if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)) or bins < 1:
        raise ValueError(f"bins must be a whole number >= 1, got {bins!r}")
    return int(bins)


def score_histograms(y_true, y_score, *, prevalence: float, bins: int = 30):
    """The two classes' score histograms, the negatives counted as at ``prevalence``.

    Returns ``(edges, positives, negatives)``: ``bins + 1`` equally spaced
    edges from the lowest to the highest score, the number of positives in
    each bin, and the number of negatives in each bin times the weight of a
    negative at that prevalence::

        w = (P (1 - pi) / pi) / N            (helpers.negative_weight)
        negatives = w * (negatives counted in each bin),  sum = N' = P (1 - pi) / pi

    so the picture holds the sample's ``P`` positives and the ``N'``
    negatives that come with them where the share of positives is ``pi``.
    At the sample's own prevalence ``w = 1``. Bins are closed on the left,
    the last one on both sides (``numpy.histogram``).

    >>> edges, pos, neg = score_histograms([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.9], prevalence=0.1, bins=2)
    >>> pos.tolist(), neg.tolist()
    ([0.0, 2.0], [18.0, 0.0])
    """
    is_pos, y_score = _labels_scores(y_true, y_score)
    pi = check_probability_open(prevalence, "prevalence")
    bins = _check_bins(bins)
    edges = np.histogram_bin_edges(y_score, bins=bins)
    n_pos = int(is_pos.sum())
    weight = negative_weight(n_pos, is_pos.size - n_pos, pi)
    positives = np.histogram(y_score[is_pos], bins=edges)[0].astype(float)
    negatives = np.histogram(y_score[~is_pos], bins=edges)[0] * weight
    return edges, positives, negatives


def _split_at(edges: np.ndarray, heights: np.ndarray, t: float):
    """The stairs of ``heights`` cut at ``t``: (edges, heights below t, heights at or above t)."""
    cut = np.unique(np.concatenate([edges, [min(max(t, edges[0]), edges[-1])]]))
    bin_of = np.clip(np.searchsorted(edges, cut[:-1], side="right") - 1, 0, heights.size - 1)
    h = np.maximum(heights[bin_of], _FLOOR)
    above = cut[:-1] >= t
    return cut, np.where(above, _FLOOR, h), np.where(above, h, _FLOOR)


def _fmt(x: float) -> str:
    return "undefined" if np.isnan(x) else f"{x:.3f}"


class _Picture:
    """Histograms, ROC and PR panels drawn once; an update re-draws only what moves (blitting)."""

    def __init__(self, edges, positives, neg_counts, fpr, tpr, y_top: float) -> None:
        self.edges, self.positives, self.neg_counts = edges, positives, neg_counts
        self.fpr, self.tpr = fpr, tpr
        # the histograms across the top, the two curves below them
        self.blit = widget_figure(7.4, 7.0, lambda fig: self._build(fig, edges, positives, fpr, tpr, y_top))
        self.fig = self.blit.fig

    def _build(self, fig, edges, positives, fpr, tpr, y_top: float) -> list:
        ax_h, ax_roc, ax_pr = fig.subplot_mosaic([["h", "h"], ["roc", "pr"]]).values()
        colours = {"TP": PALETTE["vermillion"], "FN": PALETTE["orange"], "FP": PALETTE["blue"], "TN": PALETTE["sky"]}
        self.fills = {}
        for cell in ("TN", "FP", "FN", "TP"):  # the rare positives drawn last, on top
            self.fills[cell] = ax_h.stairs([_FLOOR], [0, 1], baseline=_FLOOR, fill=True, color=colours[cell],
                                           alpha=0.6)
        self.neg_outline = ax_h.stairs([_FLOOR], [0, 1], baseline=_FLOOR, color=PALETTE["blue"], lw=1.2)
        pos_outline = ax_h.stairs(np.maximum(positives, _FLOOR), edges, baseline=_FLOOR, color=PALETTE["vermillion"],
                                  lw=1.5)
        self.cut = ax_h.axvline(edges[0], color=PALETTE["black"], lw=1.5)
        ax_h.set(yscale="log", xlim=(edges[0], edges[-1]), ylim=(_FLOOR, y_top), xlabel="score",
                 ylabel="points per bin", title="Scores of both classes (log count)")
        # plain tick labels (no small superscripts): 0.1, 10, 1 000 ...
        ax_h.yaxis.set_major_locator(LogLocator(numticks=4))
        ax_h.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.10g}".replace(",", "\u202f")))
        ax_h.yaxis.set_minor_formatter(NullFormatter())
        # the legend beside the histograms, outside the data
        ax_h.legend(handles=[Patch(color=c, alpha=0.6, label=k) for k, c in colours.items()],
                    loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, frameon=False)
        ax_roc.plot(fpr, tpr, color=PALETTE["blue"])
        ax_roc.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":")
        (self.roc_point,) = ax_roc.plot([], [], "o", ms=11, color=PALETTE["vermillion"])
        ax_roc.set(xlabel="FPR", ylabel="TPR (recall)", xlim=(-0.02, 1.02), ylim=(-0.02, 1.05),
                   title="ROC (any prevalence)")
        (self.pr_curve,) = ax_pr.plot([], [], drawstyle="steps-post", color=PALETTE["blue"])
        (self.pr_floor,) = ax_pr.plot([0, 1], [0, 0], color=PALETTE["black"], lw=0.8, ls=":")
        (self.pr_point,) = ax_pr.plot([], [], "o", ms=11, color=PALETTE["vermillion"])
        ax_pr.set(xlabel="recall (TPR)", ylabel="precision", xlim=(-0.02, 1.02),
                  ylim=(-0.02, 1.05), title="PR at the prevalence")
        for ax in (ax_roc, ax_pr):
            ax.grid(True, alpha=0.3)
            ax.set_xticks([0, 0.5, 1])
            ax.set_yticks([0, 0.5, 1])
        return [*self.fills.values(), self.neg_outline, pos_outline, self.cut, self.roc_point,
                self.pr_curve, self.pr_floor, self.pr_point]

    def draw(self, t: float, weight: float, pi: float, point_fpr: float, point_tpr: float, point_precision: float):
        negatives = self.neg_counts * weight
        for cell, heights in (("FN", self.positives), ("FP", negatives)):
            cut, below, above = _split_at(self.edges, heights, t)
            other = "TP" if cell == "FN" else "TN"
            self.fills[cell].set_data(below if cell == "FN" else above, cut, baseline=_FLOOR)
            self.fills[other].set_data(above if cell == "FN" else below, cut, baseline=_FLOOR)
        self.neg_outline.set_data(np.maximum(negatives, _FLOOR), self.edges, baseline=_FLOOR)
        self.cut.set_xdata([t, t])
        self.roc_point.set_data([point_fpr], [point_tpr])
        with np.errstate(invalid="ignore"):
            precision = precision_at_prevalence(self.tpr[1:], self.fpr[1:], pi)
        self.pr_curve.set_data(self.tpr[1:][::-1], precision[::-1])
        self.pr_floor.set_ydata([pi, pi])
        self.pr_point.set_data([point_tpr], [point_precision])  # nan precision: no marker
        return self.blit.png()


def score_histogram_dashboard(
    y_true, y_score, *, threshold: float | None = None, prevalence: float | None = None, bins: int = 30,
    steps: int = 200,
) -> Dashboard:
    """Two score histograms cut by one threshold, its point on the ROC and PR curves, and a prevalence slider.

    Everything with ``y_score >= threshold`` is predicted positive (the rule
    of ``roc_curve``), positives are the 1s of ``y_true``. Controls:
    ``threshold`` (from the lowest to the highest score in about ``steps``
    round steps, :func:`~helpers.widgets.dashboard.snapped_range`, so 0.5 is
    a stop; starts at ``threshold``, or 0.5 when that lies among the scores, else
    the median score) and ``prevalence`` (log scale, from 0.001 to 0.5;
    starts at ``prevalence``, by default the sample's own, moved into that
    range). Views: ``plots`` (PNG: the histograms of :func:`score_histograms`
    on a log axis with the four cells shaded, the ROC curve and the PR curve
    at the prevalence, the threshold's point on both) and ``numbers`` (HTML
    table)::

        TPR = TP / P      FPR = FP / N            (the ROC point: no prevalence in them)
        N' = P (1 - pi) / pi                      (negatives that come with the P positives)
        precision at pi = TPR pi / (TPR pi + FPR (1 - pi)) = TP / (TP + FPR N')
    """
    is_pos, y_score = _labels_scores(y_true, y_score)
    bins = _check_bins(bins)
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 1:
        raise ValueError(f"steps must be a whole number >= 1, got {steps!r}")
    lo, hi = float(y_score.min()), float(y_score.max())
    if not lo < hi:
        raise ValueError("y_score must hold at least two different scores")
    n_pos = int(is_pos.sum())
    n_neg = is_pos.size - n_pos
    sample_pi = n_pos / is_pos.size
    if prevalence is None:
        prevalence = min(max(sample_pi, _PI_MIN), _PI_MAX)
    prevalence = check_probability_open(prevalence, "prevalence")
    if not _PI_MIN <= prevalence <= _PI_MAX:
        raise ValueError(f"prevalence must be between {_PI_MIN:g} and {_PI_MAX:g} (the slider's range), "
                         f"got {prevalence!r}")
    if threshold is None:
        threshold = 0.5 if lo <= 0.5 <= hi else float(np.median(y_score))
    threshold = _threshold(threshold)
    if not np.isfinite(threshold):
        raise ValueError(f"threshold must be a finite number, got {threshold!r}")

    edges, positives, neg_counts = score_histograms(is_pos, y_score, prevalence=sample_pi, bins=bins)
    fpr, tpr, _ = roc_curve(is_pos, y_score, drop_intermediate=False)
    tallest = max(positives.max(), neg_counts.max() * negative_weight(n_pos, n_neg, _PI_MIN))
    picture = _Picture(edges, positives, neg_counts, fpr, tpr, y_top=3 * tallest)

    low, high, step = snapped_range(lo, hi, steps)  # round stops: 0.5 is one, so the presets land on it
    controls = {
        "threshold": widgets.FloatSlider(
            value=min(max(threshold, low), high), min=low, max=high, step=step, readout_format=".3f",
            description="threshold", continuous_update=True, **control_style(6, 26),
        ),
        "prevalence": widgets.FloatLogSlider(
            value=prevalence, base=10, min=np.log10(_PI_MIN), max=np.log10(_PI_MAX), step=0.05,
            description="prevalence", readout_format=".3f", continuous_update=True, **control_style(6, 26),
        ),
    }
    views = {"plots": FigureView(), "numbers": widgets.HTML()}

    def update(d: Dashboard) -> None:
        t = float(d.controls["threshold"].value)
        pi = float(d.controls["prevalence"].value)
        c = counts_at_threshold(is_pos, y_score, t)
        weight = negative_weight(n_pos, n_neg, pi)
        tpr_t, fpr_t = c.tp / n_pos, c.fp / n_neg
        n_deploy = n_pos * (1 - pi) / pi
        precision = precision_at_prevalence(tpr_t, fpr_t, pi)
        test_precision = c.tp / (c.tp + c.fp) if c.tp + c.fp else float("nan")
        rows = [
            ("threshold (positive: score >= threshold)", f"{t:.3f}"),
            (f"positives P = {n_pos}: TP / FN", f"{c.tp} / {c.fn}"),
            (f"negatives N = {n_neg}: FP / TN", f"{c.fp} / {c.tn}"),
            ("TPR = TP / P", _fmt(tpr_t)),
            ("FPR = FP / N", _fmt(fpr_t)),
            ("prevalence pi", f"{pi:.4f} ({one_in(pi)}, {percent(pi)})"),
            ("negatives with the P positives: N' = P (1 - pi) / pi", f"{n_deploy:.1f}"),
            ("false positives among them: FPR N'", f"{fpr_t * n_deploy:.1f}"),
            ("precision at pi = TPR pi / (TPR pi + FPR (1 - pi))", _fmt(precision)),
            (f"precision in the sample (pi = {sample_pi:.4f})", _fmt(test_precision)),
        ]
        d.views["numbers"].value = html_table(rows, header=("quantity", "value"))
        d.views["plots"].show(picture.draw(t, weight, pi, fpr_t, tpr_t, precision), figure=picture.fig, alt=(
            f"Three charts. Left: score histograms on a log count axis, {n_pos} positives and the negatives "
            f"scaled to prevalence {pi:.4f} ({n_deploy:.1f} of them), cut at threshold {t:.3f}: {c.tp} true "
            f"positives, {c.fn} missed, {fpr_t * n_deploy:.1f} false alarms, {(1 - fpr_t) * n_deploy:.1f} true "
            f"negatives. Middle: the ROC curve; the threshold's point has FPR {_fmt(fpr_t)} and TPR "
            f"{_fmt(tpr_t)}, whatever the prevalence. Right: the precision-recall curve at prevalence {pi:.4f}; "
            f"the same point has recall {_fmt(tpr_t)} and precision {_fmt(precision)}."
        ))

    presets = {name: values for name, values in PRESETS.items() if lo <= values["threshold"] <= hi}
    return Dashboard(
        controls,
        views,
        update,
        presets=presets if len(presets) > 1 else None,
        title="Scores of both classes, one threshold, ROC and PR points, and the prevalence",
        # the figure beside the sliders and the numbers: the whole widget fits one 1280x720 screen
        layout_children=[columns(views["plots"], [*controls.values(), views["numbers"]])],
    )
