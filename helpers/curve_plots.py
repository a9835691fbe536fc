"""Plots of the PR and ROC curves for notebooks 03 and 04, drawn on axes the caller gives.

* :func:`plot_pr_roc`: the precision-recall curve and the ROC curve side by side;
* :func:`plot_roc_pieces`: a :func:`helpers.roc_table` as a curve with each row's trapezoid shaded.

The counting behind them is in :mod:`helpers.curves` and :mod:`helpers.roc`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from sklearn.metrics import precision_recall_curve, roc_curve

from .curves import _labels_scores
from .plotting import PALETTE

__all__ = ["plot_pr_roc", "plot_roc_pieces"]


def plot_pr_roc(y_true, y_score, *, axes, label: str | None = None, color: str | None = None) -> tuple:
    """Draw the precision-recall curve on ``axes[0]`` and the ROC curve on ``axes[1]``.

    The PR curve is drawn as steps (the shape average precision integrates),
    with the prevalence as the no-skill baseline; the ROC curve joins its
    points with straight lines (the trapezoids of ROC AUC) above the chance
    diagonal. Returns the two axes.
    """
    is_pos, y_score = _labels_scores(y_true, y_score)
    if not (np.iterable(axes) and len(axes) == 2 and all(isinstance(a, Axes) for a in axes)):
        raise ValueError(f"axes must be two matplotlib Axes (PR curve, ROC curve), got {axes!r:.60}")
    ax_pr, ax_roc = axes
    precision, recall, _ = precision_recall_curve(is_pos, y_score)
    fpr, tpr, _ = roc_curve(is_pos, y_score)
    kw = {"label": label}
    if color is not None:
        kw["color"] = color
    ax_pr.plot(recall, precision, drawstyle="steps-post", **kw)
    ax_roc.plot(fpr, tpr, **kw)
    prevalence = float(np.mean(is_pos))
    ax_pr.axhline(prevalence, color=PALETTE["black"], lw=0.8, ls=":")
    ax_roc.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":")
    ax_pr.set(xlabel="recall (TPR)", ylabel="precision", title="Precision-recall curve", xlim=(-0.02, 1.02),
              ylim=(-0.02, 1.05))
    ax_roc.set(xlabel="false positive rate", ylabel="true positive rate (recall)", title="ROC curve",
               xlim=(-0.02, 1.02), ylim=(-0.02, 1.05))
    return ax_pr, ax_roc


def plot_roc_pieces(table: pd.DataFrame, *, ax, title: str = "ROC curve and its AUC pieces"):
    """Draw a :func:`helpers.roc_table` as a curve with each row's area piece shaded.

    The shaded trapezoid under the segment that ends at row ``i`` has area
    ``auc_piece_i``; their sum, the AUC, is written in the legend.
    """
    if not isinstance(table, pd.DataFrame) or not {"fpr", "tpr", "auc_piece"} <= set(table.columns):
        raise ValueError("table must be a DataFrame from helpers.roc_table (columns fpr, tpr, auc_piece)")
    if not isinstance(ax, Axes):
        raise ValueError(f"ax must be a matplotlib Axes, got {type(ax).__name__}")
    fpr = table["fpr"].to_numpy()
    tpr = table["tpr"].to_numpy()
    colours = [PALETTE["sky"], PALETTE["orange"]]
    k = 0
    for i in range(1, fpr.size):
        if fpr[i] > fpr[i - 1]:
            ax.fill_between(fpr[i - 1 : i + 1], tpr[i - 1 : i + 1], color=colours[k % 2], alpha=0.5, lw=0)
            k += 1
    total = float(table["auc_piece"].sum())
    ax.plot(fpr, tpr, marker="o", ms=4, color=PALETTE["blue"], label=f"ROC curve, AUC = {total:.3f}")
    ax.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
    ax.set(xlabel="false positive rate (FPR)", ylabel="true positive rate (TPR)", title=title,
           xlim=(-0.02, 1.02), ylim=(-0.02, 1.05))
    ax.legend(loc="lower right", fontsize="small")
    return ax
