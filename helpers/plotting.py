"""Shared plotting conventions: a colour-blind-safe palette, small figure helpers, and figures that stay
readable on a projected classroom page (:func:`fit_figure_to_page`)."""

from __future__ import annotations

import os
import warnings

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.layout_engine import PlaceHolderLayoutEngine, TightLayoutEngine

from ._arguments import Cell, takes_counts
from .counts import Counts, resolve_counts
from .figure_text import _png_figure_printer, drawn_texts, enable_figure_descriptions, smallest_text_px

__all__ = [
    "CLASSROOM_ENV", "MIN_TEXT_PX", "PAGE_DPI", "PAGE_WIDTH_PX", "PALETTE", "fit_figure_to_page",
    "fit_figures_to_the_page", "plot_confusion_matrix", "use_course_style",
]

PAGE_DPI = 144
"""Dots per inch of the inline figures of a classroom page (the classroom kernel, ``helpers/classroom/share/
kernels/python3``): 1.8 times their size in a notebook (80 dpi), so they are shown large and sharp."""

PAGE_WIDTH_PX = 1200
"""The widest a figure is shown on a classroom page at 1280x720 (a projector): its output area is 1 226 px wide
there, less a margin. A wider picture is shrunk to fit, and its text with it."""

MIN_TEXT_PX = 18.0
"""The smallest text a projected figure may show, in pixels on the page (the widgets' figures hold it too)."""

CLASSROOM_ENV = "COURSE_CLASSROOM"
"""The environment variable the classroom kernel sets to "1": :func:`use_course_style` then fits every figure to
the page (:func:`fit_figures_to_the_page`)."""

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
    if os.environ.get(CLASSROOM_ENV) == "1":
        fit_figures_to_the_page()


def _layout_again(fig: Figure) -> None:
    """Lay ``fig`` out for its new size or text. A figure without a layout engine (none, or a ``tight_layout()``
    done once, which leaves a placeholder) or with the tight one gets the constrained layout, which also keeps
    titles wider than their axes apart; a figure whose layout fails at this size (axes too small for their
    labels, a colorbar made for another layout) gets ``tight_layout`` once, now. No warning escapes: on a
    classroom page it would show as an error output."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if isinstance(fig.get_layout_engine(), (type(None), PlaceHolderLayoutEngine, TightLayoutEngine)):
                fig.set_layout_engine("constrained")
            fig.draw_without_rendering()
            failed = bool(caught)
        except RuntimeError:
            failed = True
        if failed:
            fig.set_layout_engine("none")
            fig.tight_layout()


def _png_width_px(fig: Figure, dpi: float) -> float:
    """The width of ``fig``'s PNG drawn at ``dpi`` with ``bbox_inches="tight"`` (what IPython's inline figures
    use): the tight bounding box of what it draws at that resolution, plus ``savefig.pad_inches`` on both
    sides. A layout engine that fails in that draw gives way to ``tight_layout`` once (:func:`_layout_again`)."""
    own = fig.dpi
    fig.set_dpi(dpi)  # as savefig does: a layout found at another resolution can differ by a few per cent
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig.draw_without_rendering()
            if caught:
                fig.set_layout_engine("none")
                fig.tight_layout()
                fig.draw_without_rendering()
        box = fig.get_tightbbox(fig.canvas.get_renderer())
    finally:
        fig.set_dpi(own)
    return (box.width + 2 * float(plt.rcParams["savefig.pad_inches"])) * dpi


def fit_figure_to_page(
    fig: Figure, *, width_px: float = PAGE_WIDTH_PX, dpi: float = PAGE_DPI, min_text_px: float = MIN_TEXT_PX
) -> float:
    """Make ``fig`` readable on a projected page, in place: every text at least ``min_text_px`` as shown.

    The page shows the PNG drawn at ``dpi`` (tight bounding box) at its own size, or shrunk to ``width_px``
    when wider, so a text of ``s`` points is shown at ``s * dpi / 72 * min(1, width_px / png_width)`` pixels.
    Hence:

    1. every text smaller than ``min_text_px * 72 / dpi`` points (9 points at 144 dpi: a "small" legend,
       tick labels of 8 points) is raised to that size;
    2. a figure whose PNG would be wider than ``width_px`` is drawn smaller (its inches, not its text: the
       text keeps its size while the axes shrink; the data limits stay) until it fits, and laid out again;
       there, an axes title wider than its axes is broken into lines at its spaces, so side-by-side titles
       do not run together.

    A figure that already fits keeps its size and text; its layout, as the page's resolution lays it out, is
    kept as it is (a layout engine run again can come out otherwise). Returns the smallest text in pixels of
    the PNG (:func:`helpers.figure_text.smallest_text_px` at ``dpi``), which is then also its size on the page.
    """
    if not isinstance(fig, Figure):
        raise ValueError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    for name, value in (("width_px", width_px), ("dpi", dpi), ("min_text_px", min_text_px)):
        if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not (np.isfinite(value) and value > 0):
            raise ValueError(f"{name} must be a positive number, got {value!r}")
    min_pt = float(min_text_px) * 72 / float(dpi)
    with warnings.catch_warnings():  # the figure's own layout may warn: its notebook shows that, not this fit
        warnings.simplefilter("ignore")
        fig.draw_without_rendering()  # the tick labels exist from the first draw on
    changed = False
    for ax in fig.axes:
        for which in ("x", "y"):
            ticks = getattr(ax, f"{which}axis").get_ticklabels()
            if ticks and min(t.get_fontsize() for t in ticks) < min_pt - 1e-9:
                ax.tick_params(axis=which, which="both", labelsize=min_pt)  # also the labels made at each draw
                changed = True
    for text in drawn_texts(fig):
        if text.get_fontsize() < min_pt - 1e-9:
            text.set_fontsize(min_pt)
            changed = True
    if changed:
        _layout_again(fig)
    for _ in range(8):  # the text keeps its size as the figure shrinks: a few rounds to fit
        width = _png_width_px(fig, dpi)
        if width <= width_px:
            break
        changed = True
        _keep_the_data_limits(fig)
        fig.set_size_inches(fig.get_size_inches() * max(0.5, 0.99 * width_px / width))
        _layout_again(fig)
        if _wrap_wide_titles(fig):
            _layout_again(fig)
    # keep the layout the last measure found at the page's resolution: run again, a layout engine can come out
    # otherwise (the constrained layout with text large for its figure), and wider
    if not isinstance(fig.get_layout_engine(), (type(None), PlaceHolderLayoutEngine)):
        fig.set_layout_engine("none")
    return smallest_text_px(fig, dpi=dpi)


def _keep_the_data_limits(fig: Figure) -> None:
    """An axes of fixed aspect that adjusts its data limits to its box (``adjustable="datalim"``, e.g.
    scikit-learn's prediction-error plot) would show other limits once smaller: let it shrink its box instead,
    so the figure shows the same data (and its text alternative stays the same)."""
    for ax in fig.axes:
        if ax.get_adjustable() == "datalim" and ax.get_aspect() != "auto":
            try:
                ax.set_adjustable("box")
            except RuntimeError:  # both axes shared: matplotlib allows only datalim
                continue


def _wrap_wide_titles(fig: Figure) -> bool:
    """Break each axes title wider than its axes into lines at its spaces (side by side, such titles would run
    into each other once the figure is smaller than its text). True if any changed."""
    with warnings.catch_warnings():  # a layout that fails here has already been replaced (_layout_again)
        warnings.simplefilter("ignore")
        fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    changed = False
    for ax in fig.axes:
        title, room = ax.title, ax.get_window_extent(renderer).width
        words = title.get_text().split(" ")
        if len(words) < 2 or "\n" in title.get_text() or title.get_window_extent(renderer).width <= room:
            continue
        lines, line = [], words[0]
        for word in words[1:]:
            title.set_text(f"{line} {word}")
            if title.get_window_extent(renderer).width <= room:
                line = f"{line} {word}"
            else:
                lines.append(line)
                line = word
        title.set_text("\n".join([*lines, line]))
        changed = True
    return changed


def fit_figures_to_the_page(shell=None) -> bool:
    """Classroom mode: every figure IPython shows is first fitted to the page (:func:`fit_figure_to_page`),
    and its PNG output carries ``metadata["image/png"]["text_px"]``, its smallest text in pixels of the PNG
    (the classroom page puts it on the ``<img>`` as ``data-text-px``, as the widgets' figures have it).

    ``shell`` is the IPython shell (default: the running one). Returns False, doing nothing, outside IPython.
    :func:`use_course_style` calls it in the classroom's kernel (environment variable :data:`CLASSROOM_ENV`).
    """
    found = _png_figure_printer(shell)
    if found is None:
        return False
    formatters, inner = found
    if getattr(inner, "_course_page", False):
        return True

    def printer(fig: Figure, _inner=inner):
        text_px = fit_figure_to_page(fig)
        out = _inner(fig)
        if out is None:
            return None
        data, metadata = out if isinstance(out, tuple) else (out, {})
        return data, {**metadata, "text_px": round(text_px, 2)}

    printer._course_page = True
    printer._course_text = getattr(inner, "_course_text", False)  # figure_text's texts are inside already
    formatters["image/png"].for_type(Figure, printer)
    return True


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
