"""Shared plotting conventions: a colour-blind-safe palette and small figure helpers."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ._arguments import Cell, takes_counts
from .counts import Counts, resolve_counts
from .figure_text import enable_figure_descriptions

__all__ = ["PALETTE", "use_course_style", "plot_confusion_matrix"]

# Okabe & Ito (2008), safe for the common forms of colour blindness.
PALETTE = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "green": "#009E73",
    "vermillion": "#D55E00",
    "sky": "#56B4E9",
    "purple": "#CC79A7",  # Okabe & Ito's "reddish purple"
    "yellow": "#F0E442",
    "black": "#000000",
}


def use_course_style() -> None:
    """Set the colour cycle to :data:`PALETTE` and a readable default figure size.

    In a notebook it also gives every figure shown a text alternative written from
    what it draws (:func:`helpers.figure_text.enable_figure_descriptions`).
    """
    plt.rcParams["axes.prop_cycle"] = plt.cycler(color=list(PALETTE.values()))
    plt.rcParams["figure.figsize"] = (6.4, 4.0)
    plt.rcParams["figure.dpi"] = 80
    plt.rcParams["axes.grid"] = True
    plt.rcParams["grid.alpha"] = 0.3
    enable_figure_descriptions()


@takes_counts()
def plot_confusion_matrix(
    counts: Counts | None = None,
    *,
    ax=None,
    labels=("0 (negative)", "1 (positive)"),
    title=None,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
):
    """Draw TN/FP/FN/TP in scikit-learn's orientation (truth in rows, negatives first).

    ``counts`` is a :class:`~helpers.Counts` of one matrix (numbers >= 0;
    expected counts need not be whole), or leave it out and give the four
    counts as keywords ``tp=, fn=, fp=, tn=`` (never by position). Returns the axes.
    """
    c, prefix = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="plot_confusion_matrix", whole=False)
    if any(np.ndim(v) != 0 for v in c):
        name = "counts" if prefix else "tp, fn, fp and tn"
        raise ValueError(f"{name} must hold one confusion matrix (a number per cell), got arrays")
    if ax is None:
        _, ax = plt.subplots(figsize=(3.6, 3.2))
    m = np.array([[c.tn, c.fp], [c.fn, c.tp]], dtype=float)
    ax.imshow(m, cmap="Blues")
    names = [["TN", "FP"], ["FN", "TP"]]
    top = m.max() if m.max() > 0 else 1.0
    for i in range(2):
        for j in range(2):
            colour = "white" if m[i, j] > 0.6 * top else "black"
            ax.text(j, i, f"{names[i][j]}\n{m[i, j]:,.0f}", ha="center", va="center", color=colour)
    ax.set_xticks([0, 1], [f"pred {labels[0]}", f"pred {labels[1]}"])
    ax.set_yticks([0, 1], [f"true {labels[0]}", f"true {labels[1]}"])
    ax.set_xlabel("predicted class")
    ax.set_ylabel("true class")
    ax.grid(False)
    ax.set_title(title or "Confusion matrix (rows = truth)")
    return ax
