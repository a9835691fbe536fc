"""The common shape of every course widget: controls that drive views."""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Mapping

import ipywidgets as widgets
import numpy as np
import PIL.Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

__all__ = ["BlitFigure", "Dashboard", "canvas_png", "figure_png", "html_table", "new_figure"]


def new_figure(width: float = 6.4, height: float = 3.6) -> Figure:
    """A matplotlib Figure not attached to pyplot (no stray inline output), ``width`` x ``height`` inches at 80 dpi."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not (np.isfinite(value) and value > 0):
            raise ValueError(f"{name} must be a positive number of inches, got {value!r}")
    return Figure(figsize=(width, height), dpi=80, layout="constrained")


def figure_png(fig: Figure) -> bytes:
    """Render a figure to PNG bytes, for an ``ipywidgets.Image``."""
    if not isinstance(fig, Figure):
        raise ValueError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def canvas_png(canvas: FigureCanvasAgg) -> bytes:
    """PNG bytes of what an Agg canvas holds now (fast zlib level: callbacks stay well under 50 ms)."""
    if not isinstance(canvas, FigureCanvasAgg):
        raise ValueError(f"canvas must be a matplotlib FigureCanvasAgg, got {type(canvas).__name__}")
    image = PIL.Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    buf = io.BytesIO()
    image.save(buf, format="png", compress_level=1)
    return buf.getvalue()


def html_table(rows: list[tuple], header: tuple | None = None) -> str:
    """A small HTML table; every cell is escaped.

    ``rows`` is a list of rows, each a tuple (or list) of cells; ``header``
    an optional tuple of column titles.
    """
    if isinstance(rows, (str, bytes)) or not np.iterable(rows):
        raise ValueError(f"rows must be a list of tuples of cells, got {type(rows).__name__}")
    rows = list(rows)
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not np.iterable(row):
            raise ValueError(f"rows must be a list of tuples of cells; row {i} is {type(row).__name__}")
    if header is not None and (isinstance(header, (str, bytes)) or not np.iterable(header)):
        raise ValueError(f"header must be a tuple of column titles, got {type(header).__name__}")

    def row_html(cells, tag: str) -> str:
        cells_html = "".join(f"<{tag} style='padding:2px 8px'>{html.escape(str(c))}</{tag}>" for c in cells)
        return f"<tr>{cells_html}</tr>"

    parts = ['<table class="course-table" style="border-collapse:collapse">']
    if header:
        parts.append(row_html(header, "th"))
    parts.extend(row_html(row, "td") for row in rows)
    parts.append("</table>")
    return "".join(parts)


class BlitFigure:
    """Fast PNG frames of a figure whose axes, ticks and labels never change.

    The static part is drawn once and kept as a bitmap; each :meth:`png`
    restores it and draws only the ``dynamic`` artists (lines, bars, texts
    whose data change), then encodes the PNG. This keeps a widget callback far
    below the 50 ms budget where a full redraw of the ticks and labels takes
    longer. The axes limits must not change after the first frame.
    """

    def __init__(self, fig: Figure, dynamic) -> None:
        self.fig = fig
        self.canvas = FigureCanvasAgg(fig)
        self.dynamic = list(dynamic)
        for artist in self.dynamic:
            artist.set_animated(True)
        self._background = None

    def png(self) -> bytes:
        if self._background is None:
            self.canvas.draw()
            self._background = self.canvas.copy_from_bbox(self.fig.bbox)
        else:
            self.canvas.restore_region(self._background)
        for artist in self.dynamic:
            if artist.get_visible():
                self.fig.draw_artist(artist)
        return canvas_png(self.canvas)


class Dashboard(widgets.VBox):
    """A VBox of controls above views, re-drawn whenever a control changes.

    ``controls`` and ``views`` map names to widgets; ``update`` is called with
    the dashboard after every change of a control's value (and once at the
    start) and sets the views' values. Errors in ``update`` are shown in the
    ``status`` view instead of vanishing into the kernel log.
    """

    def __init__(
        self,
        controls: Mapping[str, widgets.Widget],
        views: Mapping[str, widgets.Widget],
        update: Callable[[Dashboard], None],
        *,
        title: str | None = None,
        layout_children: list[widgets.Widget] | None = None,
    ) -> None:
        self.controls = dict(controls)
        self.views = dict(views)
        for view in self.views.values():
            if isinstance(view, widgets.Image) and view.layout.align_self is None:
                # In an HBox, flexbox stretches every child to the tallest one's height,
                # which distorts a picture next to a long table: keep its own size.
                view.layout.align_self = "flex-start"
        self.status = widgets.HTML(value="")
        self._update = update
        children: list[widgets.Widget] = []
        if title:
            children.append(widgets.HTML(value=f"<b>{html.escape(title)}</b>"))
        if layout_children is None:
            layout_children = [widgets.VBox(list(self.controls.values())), widgets.HBox(list(self.views.values()))]
        children.extend(layout_children)
        children.append(self.status)
        super().__init__(children=children)
        for control in self.controls.values():
            control.observe(self._on_change, names="value")
        self.refresh()

    def _on_change(self, _change) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Recompute every view from the current control values."""
        try:
            self._update(self)
        except ValueError as exc:  # bad input typed by the user: say so, keep the widget alive
            self.status.value = f"<span style='color:#D55E00'>{html.escape(str(exc))}</span>"
        else:
            self.status.value = ""
