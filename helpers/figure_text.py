"""Text alternatives for the notebooks' inline figures, written from what each figure draws.

A screen reader cannot read a picture, so every inline figure of the course
carries a text that says what it shows, with its numbers:

* :func:`describe_figure` reads a matplotlib figure's own artists (titles, axis
  labels and scales, the labelled lines, bars, points, shaded bands, the
  numbers written on the plot) and writes them as sentences. The text comes
  from the drawn data, so it changes when the numbers change.
* :func:`enable_figure_descriptions` makes IPython attach that text to every
  figure a notebook shows: as the ``alt`` of the PNG output's metadata (read by
  nbconvert, Voila's classroom pages and the course site) and as the output's
  plain text (what a text-only front end shows, and what nbval compares, so a
  changed figure is noticed). :func:`helpers.plotting.use_course_style` calls it.

A figure may carry its own lead sentence: ``fig.set_label("...")`` (matplotlib's
artist label) is put before the generated text.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.container import BarContainer
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.text import Text

__all__ = ["describe_figure", "drawn_texts", "enable_figure_descriptions", "smallest_text_px"]

_MAX_ITEMS = 12  # bars, texts or lines listed one by one; beyond that they are summarised


def _number(x: float, digits: int = 3) -> str:
    """``x`` to ``digits`` significant digits, without an exponent between 1e-4 and 1e15; whole numbers in full."""
    x = float(x)
    if not math.isfinite(x):
        return str(x)
    if x == round(x) and abs(x) < 1e15 and (abs(x) >= 1 or x == 0):
        return f"{x:,.0f}"
    rounded = float(f"{x:.{digits}g}")
    if rounded == 0 or not 1e-4 <= abs(rounded) < 1e15:
        return f"{x:.{digits}g}"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(rounded))))
    text = f"{rounded:,.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _span(values: np.ndarray, digits: int = 2) -> str:
    lo, hi = float(np.min(values)), float(np.max(values))
    if _number(lo, digits) == _number(hi, digits):
        return _number(lo, digits)
    return f"{_number(lo, digits)} to {_number(hi, digits)}"


def _clean(text: str) -> str:
    return " ".join(text.replace("$", "").split())


def _is_number(text: str) -> bool:
    if "\\mathdefault" in text or "\\times" in text:  # mathtext tick labels of log and offset axes
        return True
    try:
        float(text.replace("\N{MINUS SIGN}", "-").replace(",", ""))
    except ValueError:
        return False
    return True


def _axis(ax: Axes, which: str) -> str:
    axis = ax.xaxis if which == "x" else ax.yaxis
    label = _clean(axis.get_label_text())
    scale = axis.get_scale()
    lo, hi = ax.get_xlim() if which == "x" else ax.get_ylim()
    text = f"{which} axis"
    if label:
        text += f" '{label}'"
    if scale != "linear" and scale not in label:
        text += f" ({scale} scale)"
    ticks = [_clean(t.get_text()) for t in axis.get_ticklabels() if t.get_visible() and _clean(t.get_text())]
    if ticks and not all(_is_number(t) for t in ticks):
        return text + " marked " + ", ".join(ticks[:_MAX_ITEMS])
    return text + f" from {_number(min(lo, hi), 2)} to {_number(max(lo, hi), 2)}"


def _label(artist) -> str:
    """An artist's legend label, cleaned; "" for matplotlib's hidden ones (``_child0``, ``_nolegend_``)."""
    label = artist.get_label()
    return "" if not label or label.startswith("_") else _clean(label)


def _finite_xy(xy: np.ndarray) -> np.ndarray:
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    return xy[np.isfinite(xy).all(axis=1)]


def _tick_names(ax: Axes, which: str) -> dict[float, str]:
    labels = ax.get_xticklabels() if which == "x" else ax.get_yticklabels()
    names = {}
    for t in labels:
        x, y = t.get_position()
        if _clean(t.get_text()):
            names[round(float(x if which == "x" else y), 6)] = _clean(t.get_text())
    return names


def _bars(ax: Axes, container: BarContainer) -> str:
    patches = [p for p in container.patches if p.get_visible()]
    label = _label(container)
    if not label and patches:
        label = _label(patches[0])  # Axes.hist labels the first bar, not the container
    horizontal = getattr(container, "orientation", "vertical") == "horizontal"
    heights = np.array([p.get_width() if horizontal else p.get_height() for p in patches], dtype=float)
    centres = np.array(
        [p.get_y() + p.get_height() / 2 if horizontal else p.get_x() + p.get_width() / 2 for p in patches]
    )
    named = f" '{label}'" if label else ""
    if len(patches) == 0:
        return ""
    if len(patches) > _MAX_ITEMS:
        top = int(np.argmax(heights))
        return (f"{len(patches)} bars{named} (a histogram), heights {_span(heights, 3)}, "
                f"tallest at {_number(centres[top], 2)}")
    names = _tick_names(ax, "y" if horizontal else "x")
    spots = np.array(sorted(names))
    width = float(np.median([p.get_height() if horizontal else p.get_width() for p in patches]))
    items = []
    for c, h in zip(centres, heights, strict=True):
        where = _number(c, 3)
        if len(spots):  # the tick a bar (of a group of bars) stands on
            near = spots[np.argmin(np.abs(spots - c))]
            if abs(near - c) <= max(width, 1e-12) * 1.5:
                where = names[near]
        items.append(f"{where}: {_number(h)}")
    return f"{len(patches)} bars{named}: " + ", ".join(items)


def _line(line: Line2D) -> str:
    xy = _finite_xy(line.get_xydata())
    named = f"'{_label(line)}' " if _label(line) else ""
    if len(xy) == 0:
        return ""
    if len(xy) == 1:
        return f"{named}point at ({_number(xy[0, 0])}, {_number(xy[0, 1])})"
    if np.ptp(xy[:, 1]) == 0 and len(xy) <= 2:
        return f"{named}horizontal line at {_number(xy[0, 1])}"
    if np.ptp(xy[:, 0]) == 0 and len(xy) <= 2:
        return f"{named}vertical line at {_number(xy[0, 0])}"
    return (f"{named}line of {len(xy)} points from ({_number(xy[0, 0], 2)}, {_number(xy[0, 1], 2)}) "
            f"to ({_number(xy[-1, 0], 2)}, {_number(xy[-1, 1], 2)}), y {_span(xy[:, 1])}")


def _points(coll: PathCollection) -> str:
    xy = _finite_xy(coll.get_offsets())
    named = f" '{_label(coll)}'" if _label(coll) else ""
    if len(xy) == 0:
        return ""
    if len(xy) == 1:
        return f"point{named} at ({_number(xy[0, 0])}, {_number(xy[0, 1])})"
    return f"{len(xy)} points{named}, x {_span(xy[:, 0])}, y {_span(xy[:, 1])}"


def _band(coll: PolyCollection) -> str:
    return f"shaded area '{_label(coll)}'" if _label(coll) else "a shaded area"


def _listing(kind: str, items: list[str]) -> str:
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) > _MAX_ITEMS:
        items = items[:_MAX_ITEMS] + [f"and {len(items) - _MAX_ITEMS} more"]
    return f"{kind}: " + "; ".join(items)


def _grid_numbers(ax: Axes, texts: list) -> str:
    """A large grid of numbers (a confusion matrix of many classes): its diagonal and its other non-zero cells."""
    cells = {}
    for t in texts:
        x, y = t.get_position()
        cells[(round(float(y)), round(float(x)))] = _clean(t.get_text())
    rows = _tick_names(ax, "y")
    cols = _tick_names(ax, "x")
    size = max(max(r for r, _ in cells), max(c for _, c in cells)) + 1
    if len(cells) != size * size:
        return f"{len(cells)} numbers written in the cells"

    def value(text: str) -> float:
        return float(text) if _is_number(text) else math.nan

    diagonal = [cells[(i, i)] for i in range(size)]
    off = [(r, c, v) for (r, c), v in sorted(cells.items()) if r != c and value(v) != 0]
    text = f"numbers in the cells: on the diagonal {', '.join(diagonal)}"
    if not off:
        return text + "; every other cell 0"
    listed = [f"row {rows.get(float(r), r)} column {cols.get(float(c), c)}: {v}" for r, c, v in off[:_MAX_ITEMS]]
    more = f", and {len(off) - _MAX_ITEMS} more" if len(off) > _MAX_ITEMS else ""
    return text + f"; {len(off)} other cells not 0: " + ", ".join(listed) + more


def _describe_axes(ax: Axes) -> str:
    parts = []
    images = [im for im in ax.get_images() if im.get_visible()]
    if images:
        rows, cols = np.shape(images[0].get_array())[:2]
        parts.append(f"a {rows} by {cols} grid of shaded cells")
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    in_bars = {id(p) for c in bars for p in c.patches}
    parts += [_bars(ax, c) for c in bars]
    lines = [ln for ln in ax.get_lines() if ln.get_visible() and len(_finite_xy(ln.get_xydata()))]
    unnamed = [ln for ln in lines if not _label(ln)]
    if len(unnamed) > 3:  # error bars, interval segments drawn one by one: say how many and where
        xy = np.vstack([_finite_xy(ln.get_xydata()) for ln in unnamed])
        lines = [ln for ln in lines if ln not in unnamed]
        parts.append(f"{len(unnamed)} unlabelled line segments, x {_span(xy[:, 0])}, y {_span(xy[:, 1])}")
    parts.append(_listing("lines", [_line(ln) for ln in lines]))
    colls = [c for c in ax.collections if c.get_visible()]
    parts.append(_listing("points", [_points(c) for c in colls if isinstance(c, PathCollection)]))
    bands = [_band(c) for c in colls if isinstance(c, PolyCollection) and not isinstance(c, PathCollection)]
    if bands:
        named = [b for b in bands if b != "a shaded area"]
        unnamed = len(bands) - len(named)
        if unnamed:
            named.append("a shaded area" if unnamed == 1 else f"{unnamed} shaded areas")
        parts.append(", ".join(named))
    other = [p for p in ax.patches if p.get_visible() and id(p) not in in_bars]
    if other:
        parts.append(f"{len(other)} shaded shape" + ("s" if len(other) > 1 else ""))
    shown = [t for t in ax.texts if t.get_visible() and _clean(t.get_text())]
    texts = [_clean(t.get_text()) for t in shown]
    if images and len(texts) > _MAX_ITEMS:
        parts.append(_grid_numbers(ax, shown))
    else:
        parts.append(_listing("in the cells, row by row" if images else "written on the plot", texts))
    legend = ax.get_legend()
    if legend is not None and _clean(legend.get_title().get_text()):
        parts.append(f"legend title '{_clean(legend.get_title().get_text())}'")
    parts = [p for p in parts if p]
    axes = []
    if ax.xaxis.get_visible() and ax.axison:
        axes.append(_axis(ax, "x"))
    if ax.yaxis.get_visible() and ax.axison:
        axes.append(_axis(ax, "y"))
    title = _clean(ax.get_title())
    head = f"'{title}'" if title else "untitled panel"
    body = "; ".join(axes + parts)
    return f"{head}: {body}." if body else f"{head}."


def describe_figure(fig: Figure) -> str:
    """Say in words what ``fig`` draws, from its artists: the figure's text alternative.

    For each visible panel (colour bars excepted): its title; each axis's label,
    scale and range; then the labelled lines (number of points, first and last
    point, range of y), bars (one value per bar, named by the tick under it; a
    histogram when there are more than 12), scatter points (count and ranges),
    shaded areas, a grid of shaded cells, and the text written on the plot (the
    counts of a confusion matrix). Numbers have 3 significant digits, axis
    ranges and curve ends 2; whole numbers are written in full. A figure label
    set with ``fig.set_label`` comes first.
    """
    if not isinstance(fig, Figure):
        raise ValueError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    fig.draw_without_rendering()  # tick labels and limits as they will be drawn
    panels = [ax for ax in fig.axes if ax.get_visible() and not hasattr(ax, "_colorbar")]
    sentences = []
    lead = _clean(fig.get_label() or "")
    if lead:
        sentences.append(lead.rstrip(".") + ".")
    suptitle = fig._suptitle.get_text() if getattr(fig, "_suptitle", None) is not None else ""
    n = len(panels)
    title = f" '{_clean(suptitle)}'" if _clean(suptitle) else ""
    if n == 1:
        sentences.append(f"Figure{title}, {_describe_axes(panels[0])}")
    else:
        sentences.append(f"Figure of {n} panels{title}." if n else f"Empty figure{title}.")
        sentences += [f"Panel {i}, {_describe_axes(ax)}" for i, ax in enumerate(panels, 1)]
    return " ".join(sentences)


def drawn_texts(artist: Artist) -> list[Text]:
    """The texts a draw of ``artist`` (a figure, an axes...) shows: visible, not empty, and not on the axis of
    an axes drawn without one (``set_axis_off``). Tick labels are there once the figure has been drawn."""
    if not isinstance(artist, Artist):
        raise ValueError(f"artist must be a matplotlib Artist (a Figure, an Axes...), got {type(artist).__name__}")
    return list(_drawn_texts(artist))


def _drawn_texts(artist: Artist) -> Iterator[Text]:
    if not artist.get_visible():
        return
    if isinstance(artist, Text):
        if artist.get_text().strip():
            yield artist
        return
    children = artist.get_children()
    if isinstance(artist, Axes) and not artist.axison:
        children = [c for c in children if not isinstance(c, Axis)]
    for child in children:
        yield from _drawn_texts(child)


def smallest_text_px(fig: Figure, dpi: float | None = None) -> float:
    """The smallest font size among the texts ``fig`` draws, in pixels of its PNG: ``points * dpi / 72``.

    ``dpi`` is the PNG's resolution (default: the figure's own, ``fig.dpi``). Tick labels, titles, axis
    labels, legends and texts placed in the axes count; invisible or empty texts and the axis of an axes
    drawn without one (``set_axis_off``) do not. ``inf`` if the figure has no text.
    """
    if not isinstance(fig, Figure):
        raise ValueError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    if dpi is None:
        dpi = fig.dpi
    if isinstance(dpi, (bool, str)) or np.ndim(dpi) != 0 or not (np.isfinite(dpi) and dpi > 0):
        raise ValueError(f"dpi must be a positive number of dots per inch, got {dpi!r}")
    sizes = [t.get_fontsize() for t in _drawn_texts(fig)]
    return min(sizes) * float(dpi) / 72 if sizes else math.inf


def _png_with_text(fig: Figure, print_png) -> object:
    out = print_png(fig)
    if out is None:
        return None
    data, metadata = out if isinstance(out, tuple) else (out, {})  # a printer may give metadata of its own
    return data, {**metadata, "alt": describe_figure(fig)}


def _png_figure_printer(shell=None):
    """``(formatters, printer)``: the IPython shell's display formatters (by MIME type) and what its PNG
    formatter calls now for a matplotlib Figure, after loading matplotlib's inline backend (which registers its
    formatters first); None outside IPython or when no printer is registered. ``shell``: the running one by
    default."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython is a dependency of the course
            return None
        shell = get_ipython()
    if shell is None:
        return None
    if not hasattr(shell, "display_formatter"):
        raise ValueError(f"shell must be an IPython shell (with a display_formatter), got {type(shell).__name__}")
    import matplotlib.pyplot as plt

    plt.close(plt.figure())  # loads the backend, which (re)registers its figure formatters first
    formatters = shell.display_formatter.formatters
    try:
        return formatters, formatters["image/png"].lookup_by_type(Figure)
    except KeyError:
        return None


def enable_figure_descriptions(shell=None) -> bool:
    """Attach :func:`describe_figure`'s text to every figure IPython shows.

    The PNG output gets ``metadata["image/png"]["alt"]`` = the text, and the
    output's ``text/plain`` becomes the text (instead of ``<Figure size ...>``).
    ``shell`` is the IPython shell (default: the running one). Returns False,
    doing nothing, outside IPython. Call it after matplotlib's inline backend
    is loaded (this function loads it by opening and closing an empty figure):
    ``%matplotlib inline`` afterwards removes the texts again.
    """
    found = _png_figure_printer(shell)
    if found is None:
        return False
    formatters, print_png = found
    if getattr(print_png, "_course_text", False):
        return True

    def printer(fig: Figure, _print_png=print_png):
        return _png_with_text(fig, _print_png)

    printer._course_text = True
    formatters["image/png"].for_type(Figure, printer)
    formatters["text/plain"].for_type(Figure, lambda fig, p, cycle: p.text(describe_figure(fig)))
    return True
