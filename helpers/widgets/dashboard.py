"""The common shape of every course widget: controls that drive views."""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from importlib import resources
from typing import Any

import ipywidgets as widgets
import matplotlib
import numpy as np
import PIL.Image
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..figure_text import smallest_text_px

__all__ = [
    "CUSTOM", "FIGURE_DPI", "MIN_TEXT_PX", "TEXT_PT", "BlitFigure", "Dashboard", "FigureView", "canvas_png",
    "columns", "control_style", "figure_png", "figure_text", "html_table", "new_figure", "nice_step",
    "smallest_text_px", "snapped_range", "widget_figure",
]

FIGURE_DPI = 80
"""Dots per inch of every widget figure: an inch of figure is 80 pixels of its PNG."""

MIN_TEXT_PX = 18.0
"""The smallest text a widget figure may hold, in pixels of its PNG. The pages show a figure at most at its
natural size (never stretched), so this is its size on a projected 1280x720 page too."""

TEXT_PT = 16.5
"""The font size of every text of a widget figure, in points: ``16.5 * FIGURE_DPI / 72 = 18.3`` pixels."""

NAME_CONTROLS_JS = resources.files("helpers.classroom") / "share/voila/templates/classroom/name_controls.js"
"""The script that names slider handles by their visible labels (Voila template, JupyterLab, the site)."""

CUSTOM = "custom"
"""The presets dropdown's entry for control values that match no preset."""


def new_figure(width: float = 6.4, height: float = 3.6) -> Figure:
    """A matplotlib Figure not attached to pyplot (no stray inline output), ``width`` x ``height`` inches at 80 dpi."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not (np.isfinite(value) and value > 0):
            raise ValueError(f"{name} must be a positive number of inches, got {value!r}")
    return Figure(figsize=(width, height), dpi=FIGURE_DPI, layout="constrained")


_TEXT_RC = {
    "font.size": TEXT_PT, "axes.titlesize": TEXT_PT, "axes.labelsize": TEXT_PT, "xtick.labelsize": TEXT_PT,
    "ytick.labelsize": TEXT_PT, "legend.fontsize": TEXT_PT, "legend.title_fontsize": TEXT_PT,
    "figure.titlesize": TEXT_PT, "figure.labelsize": TEXT_PT, "figure.dpi": FIGURE_DPI,
}


@contextmanager
def figure_text() -> Iterator[None]:
    """Every text made inside is :data:`TEXT_PT` points (``matplotlib.rc_context``): build a widget's figure,
    and draw it the first time, inside. Tick labels made later keep the size too (``tick_params``)::

        with figure_text():
            fig = new_figure(6, 4)
            ax = fig.subplots()
            ...
    """
    with matplotlib.rc_context(_TEXT_RC):
        yield


def nice_step(span: float, steps: int) -> float:
    """The round step (1, 2.5 or 5 times a power of ten) nearest ``span / steps`` from below: each of them
    below 1 divides 0.5, so a slider from a multiple of the step holds 0.5 and the other round values.

    >>> nice_step(0.627, 200), nice_step(1.0, 100), nice_step(0.9, 120), nice_step(0.3, 100)
    (0.0025, 0.01, 0.005, 0.0025)
    """
    if isinstance(span, (bool, str)) or np.ndim(span) != 0 or not np.isfinite(span) or span <= 0:
        raise ValueError(f"span must be a finite number > 0, got {span!r}")
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 1:
        raise ValueError(f"steps must be a whole number >= 1, got {steps!r}")
    raw = span / steps
    power = 10.0 ** math.floor(math.log10(raw))
    for m in (5.0, 2.5, 1.0):
        if m * power <= raw * (1 + 1e-9):
            return float(round(m * power, 12))
    return power  # pragma: no cover - m = 1 always fits


def snapped_range(lo: float, hi: float, steps: int) -> tuple[float, float, float]:
    """``(low, high, step)`` for a slider over ``[lo, hi]``: :func:`nice_step` of the span, the ends moved out
    to multiples of it, so every multiple of the step in between (0.5 among them) is a stop of the slider.

    >>> snapped_range(0.0123, 0.627, 200)
    (0.01, 0.6275, 0.0025)
    """
    for name, value in (("lo", lo), ("hi", hi)):
        if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not np.isfinite(value):
            raise ValueError(f"{name} must be a finite number, got {value!r}")
    if not lo < hi:
        raise ValueError(f"hi must be above lo, got lo={lo!r}, hi={hi!r}")
    step = nice_step(hi - lo, steps)

    def stop(k: int) -> float:
        return float(f"{k * step:.12g}")  # 0.6275, not 0.6275000000000001

    k_low, k_high = math.floor(lo / step), math.ceil(hi / step)
    k_low += stop(k_low + 1) <= lo  # lo / step rounded down a whole step too far
    k_low -= stop(k_low) > lo
    k_high -= stop(k_high - 1) >= hi
    k_high += stop(k_high) < hi
    return stop(k_low), stop(k_high), step


def control_style(label_em: float, width_em: float) -> dict:
    """``style`` and ``layout`` keywords of a control whose label is ``label_em`` wide and the whole
    ``width_em`` (both in em of the control's type, so they grow with the classroom's larger type)."""
    for name, value in (("label_em", label_em), ("width_em", width_em)):
        if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not (np.isfinite(value) and value > 0):
            raise ValueError(f"{name} must be a positive number of em, got {value!r}")
    if not label_em < width_em:
        raise ValueError(f"width_em must leave room beside the label, got label_em={label_em!r}, width_em={width_em!r}")
    return {"style": {"description_width": f"{label_em:g}em"}, "layout": widgets.Layout(width=f"{width_em:g}em")}


def columns(*cols: widgets.Widget | list, grow: int = -1, gap: str = "24px", min_width: str = "18em") -> widgets.HBox:
    """Widgets side by side, each column a VBox (a list) or one widget, aligned at the top.

    Column ``grow`` (default the last, the one with the tables) takes the room left, its tables wrapping their
    text to fit, but never less than ``min_width``; with less room it goes below the others. The other
    columns keep their own width (a figure is never shrunk).
    """
    if not cols:
        raise ValueError("cols must be at least one column (a widget, or a list of widgets)")
    for i, c in enumerate(cols):
        parts = c if isinstance(c, list) else [c]
        if not all(isinstance(w, widgets.Widget) for w in parts):
            raise ValueError(f"cols must be widgets or lists of widgets; column {i} holds "
                             f"{next(type(w).__name__ for w in parts if not isinstance(w, widgets.Widget))}")
    if isinstance(grow, bool) or not isinstance(grow, int) or not -len(cols) <= grow < len(cols):
        raise ValueError(f"grow must be the index of one of the {len(cols)} columns, got {grow!r}")
    boxes = [widgets.VBox(c) if isinstance(c, list) else c for c in cols]
    boxes[grow].layout.flex = "1 1 0%"
    boxes[grow].layout.min_width = min_width
    return widgets.HBox(boxes, layout=widgets.Layout(align_items="flex-start", grid_gap=gap))


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
    an optional tuple of column titles, every one of them non-empty (a screen
    reader announces each cell with its column title, so the column of row
    names needs a title too, e.g. "metric" or "truth").
    """
    if isinstance(rows, (str, bytes)) or not np.iterable(rows):
        raise ValueError(f"rows must be a list of tuples of cells, got {type(rows).__name__}")
    rows = list(rows)
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not np.iterable(row):
            raise ValueError(f"rows must be a list of tuples of cells; row {i} is {type(row).__name__}")
    if header is not None and (isinstance(header, (str, bytes)) or not np.iterable(header)):
        raise ValueError(f"header must be a tuple of column titles, got {type(header).__name__}")
    if header is not None and any(not str(c).strip() for c in header):
        raise ValueError("header must give every column a title (an empty header cell names nothing)")

    def row_html(cells, tag: str) -> str:
        scope = " scope='col'" if tag == "th" else ""
        cells_html = "".join(f"<{tag}{scope} style='padding:2px 8px'>{html.escape(str(c))}</{tag}>" for c in cells)
        return f"<tr>{cells_html}</tr>"

    parts = ['<table class="course-table" style="border-collapse:collapse">']
    if header:
        parts.append(row_html(header, "th"))
    parts.extend(row_html(row, "td") for row in rows)
    parts.append("</table>")
    return "".join(parts)


class FigureView(widgets.HTML):
    """A PNG picture with its text alternative: an HTML view holding ``<img src="data:image/png..." alt="...">``.

    ``ipywidgets.Image`` has no ``alt`` (and its ``tooltip`` breaks its view), so a
    dashboard's figures are HTML views whose ``<img>`` carries the text; the same
    markup works in JupyterLab, Voila and a page built with the saved widget
    state. :meth:`show` sets the picture and its text together (one message to
    the browser); ``png`` and ``alt`` read them back.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("course-figure")
        self._png = b""
        self._alt = ""
        self.figure: Figure | None = None
        """The matplotlib Figure drawn last (given to :meth:`show`), for tests of what it holds."""
        self.text_px = math.nan
        """Its smallest text in pixels of the PNG (:func:`smallest_text_px`), also the img's ``data-text-px``."""

    @property
    def png(self) -> bytes:
        """The PNG bytes shown now."""
        return self._png

    @property
    def alt(self) -> str:
        """The text alternative of the picture shown now."""
        return self._alt

    def show(self, png: bytes, alt: str, *, figure: Figure | None = None) -> None:
        """Show ``png`` (PNG bytes) with the text alternative ``alt`` (what the picture shows, in words).

        ``figure`` is the matplotlib Figure the PNG was drawn from: its smallest text
        (:func:`smallest_text_px`) goes on the ``<img>`` as ``data-text-px``, so a page can check the size
        the text is shown at.
        """
        if not isinstance(png, (bytes, bytearray)) or bytes(png[:4]) != b"\x89PNG":
            raise ValueError(f"png must be the bytes of a PNG image, got {type(png).__name__}")
        if not isinstance(alt, str) or not alt.strip():
            raise ValueError("alt must be a non-empty text saying what the picture shows")
        if figure is not None and not isinstance(figure, Figure):
            raise ValueError(f"figure must be the matplotlib Figure of the PNG, got {type(figure).__name__}")
        self._png, self._alt = bytes(png), alt
        self.figure = figure
        self.text_px = smallest_text_px(figure) if figure is not None else math.nan
        text_px = f' data-text-px="{self.text_px:.1f}"' if math.isfinite(self.text_px) else ""
        data = base64.b64encode(self._png).decode("ascii")
        self.value = (
            f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}"{text_px} '
            'style="max-width:100%;height:auto;display:block">'
        )


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
        # the static part, drawn now (inside figure_text() when the figure is built there); a layout engine
        # places the axes in this draw and is then switched off, so the axes never move under the frames
        self.canvas.draw()
        fig.set_layout_engine("none")
        self._background = self.canvas.copy_from_bbox(fig.bbox)

    def png(self) -> bytes:
        self.canvas.restore_region(self._background)
        for artist in self.dynamic:
            if artist.get_visible():
                self.fig.draw_artist(artist)
        return canvas_png(self.canvas)


def widget_figure(width: float, height: float, build: Callable[[Figure], Iterable[Artist]]) -> BlitFigure:
    """The set-up every widget's figure shares, in one place (a fix for the projector lands here).

    A figure ``width`` x ``height`` inches at :data:`FIGURE_DPI` (:func:`new_figure`), drawn by
    ``build(fig)`` with every text :data:`TEXT_PT` points (:func:`figure_text`; tick labels too, also those
    made at draw time), laid out once by its first draw and then frozen, its static part kept as a bitmap
    (:class:`BlitFigure`). ``build`` draws the figure and returns the artists that change from one frame to
    the next (none for a figure redrawn whole, e.g. with :func:`figure_png`)::

        def build(fig):
            ax = fig.subplots()
            (line,) = ax.plot([], [])
            return [line]

        frames = widget_figure(6, 4, build)   # frames.fig, frames.png()
    """
    if not callable(build):
        raise ValueError(f"build must be a function that draws the figure, got {type(build).__name__}")
    with figure_text():
        fig = new_figure(width, height)
        dynamic = build(fig)
        if dynamic is None or isinstance(dynamic, (str, bytes, Artist)) or not np.iterable(dynamic):
            raise ValueError(f"build must return the artists that change (a list, maybe empty), got {dynamic!r:.60}")
        dynamic = list(dynamic)
        for ax in fig.axes:
            ax.tick_params(labelsize=TEXT_PT)
        return BlitFigure(fig, dynamic)


class Dashboard(widgets.VBox):
    """A VBox of controls above views, re-drawn whenever a control changes.

    ``controls`` and ``views`` map names to widgets; ``update`` is called with
    the dashboard after every change of a control's value (and once at the
    start) and sets the views' values. Errors in ``update`` are shown in the
    ``status`` view instead of vanishing into the kernel log.

    ``presets`` maps names of situations (``"rare disease, 1 in 10 000"``) to
    control values (``{"prevalence": 1e-4}``, any subset of the controls): the
    dashboard then gets a control ``preset``, a dropdown "situation" above the
    others whose entries set those controls at once (one redraw); moving a
    control away from the chosen situation switches the dropdown to
    :data:`CUSTOM`, and moving them onto a situation's values shows its name.
    """

    def __init__(
        self,
        controls: Mapping[str, widgets.Widget],
        views: Mapping[str, widgets.Widget],
        update: Callable[[Dashboard], None],
        *,
        title: str | None = None,
        layout_children: list[widgets.Widget] | None = None,
        presets: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        self.controls = dict(controls)
        self.views = dict(views)
        self.presets = _check_presets(presets, self.controls)
        for view in self.views.values():
            if isinstance(view, (widgets.Image, FigureView)) and view.layout.align_self is None:
                # In an HBox, flexbox stretches every child to the tallest one's height,
                # which distorts a picture next to a long table: keep its own size.
                view.layout.align_self = "flex-start"
        self.status = widgets.HTML(value="")
        self._update = update
        self._quiet = False  # True while a preset sets several controls: draw once, at the end
        children: list[widgets.Widget] = []
        if title:
            children.append(widgets.HTML(value=f"<b>{html.escape(title)}</b>"))
        if layout_children is None:
            layout_children = [widgets.VBox(list(self.controls.values())), widgets.HBox(list(self.views.values()))]
        if self.presets:
            preset = widgets.Dropdown(
                options=[*self.presets, CUSTOM], value=self._matching_preset(), description="situation",
                layout=widgets.Layout(width="max-content"),
            )
            preset.observe(self._on_preset, names="value")
            children.append(preset)
        children.extend(layout_children)
        children.append(self.status)
        super().__init__(children=children)
        for control in self.controls.values():
            control.observe(self._on_change, names="value")
        if self.presets:
            self.controls = {"preset": preset, **self.controls}
        self.refresh()

    def _ipython_display_(self, **kwargs) -> None:
        """Show the dashboard after a script that names its slider handles by their labels.

        ipywidgets' slider handles have no accessible name (tests/browser/README.md); the
        script (the classroom template's ``name_controls.js``, which runs once per page)
        gives each handle its visible label. JupyterLab runs it because outputs made in
        the session are trusted. Its output carries ``metadata["course"] =
        "name-controls"``, by which tools/build_notebooks.py leaves it out of the saved
        notebooks (a saved notebook is not trusted when opened, and would show a notice).
        """
        from IPython.display import Javascript, display

        display(Javascript(NAME_CONTROLS_JS.read_text(encoding="utf-8")), metadata={"course": "name-controls"})
        display(self._repr_mimebundle_(**kwargs), raw=True)

    def _matching_preset(self) -> str:
        for name, values in self.presets.items():
            if all(_same(self.controls[k].value, v) for k, v in values.items()):
                return name
        return CUSTOM

    def _on_preset(self, change) -> None:
        if self._quiet or change["new"] == CUSTOM:
            return
        self._quiet = True
        try:
            for key, value in self.presets[change["new"]].items():
                self.controls[key].value = value
        finally:
            self._quiet = False
        self.refresh()

    def _on_change(self, _change) -> None:
        if self._quiet:
            return
        if self.presets:
            preset = self.controls["preset"]
            if self._matching_preset() != preset.value:
                self._quiet = True
                try:
                    preset.value = self._matching_preset()
                finally:
                    self._quiet = False
        self.refresh()

    def refresh(self) -> None:
        """Recompute every view from the current control values."""
        try:
            self._update(self)
        except ValueError as exc:  # bad input typed by the user: say so, keep the widget alive
            self.status.value = f"<span style='color:#D55E00'>{html.escape(str(exc))}</span>"
        else:
            self.status.value = ""


def _same(a, b) -> bool:
    if isinstance(a, (int, float, np.number)) and isinstance(b, (int, float, np.number)):
        return bool(np.isclose(float(a), float(b), rtol=1e-9, atol=1e-12))
    return a == b


def _check_presets(presets, controls: dict) -> dict[str, dict[str, Any]]:
    """The presets as plain dicts; each names existing controls and values they can take."""
    if presets is None:
        return {}
    if not isinstance(presets, Mapping):
        raise ValueError(f"presets must map names of situations to control values, got {type(presets).__name__}")
    out = {}
    for name, values in presets.items():
        if not isinstance(name, str) or not name.strip() or name == CUSTOM:
            raise ValueError(f"presets must be named by non-empty text other than {CUSTOM!r}, got {name!r}")
        if not isinstance(values, Mapping) or not values:
            raise ValueError(f"presets[{name!r}] must map control names to values")
        checked = {}
        for key, value in values.items():
            if key not in controls:
                raise ValueError(f"presets[{name!r}] names {key!r}, which is not a control: {sorted(controls)}")
            control = controls[key]
            options = getattr(control, "options", None)
            if options is not None:
                allowed = [o[1] if isinstance(o, tuple) else o for o in options]
                matches = [a for a in allowed if _same(value, a)]
                if not matches:
                    raise ValueError(f"presets[{name!r}][{key!r}] is not one of the control's options")
                value = matches[0]
            lo, hi = getattr(control, "min", None), getattr(control, "max", None)
            if isinstance(control, widgets.FloatLogSlider):
                lo, hi = control.base**lo, control.base**hi
            if lo is not None and hi is not None and not (lo <= value <= hi or _same(value, lo) or _same(value, hi)):
                raise ValueError(f"presets[{name!r}][{key!r}] is outside the control's range {lo:g} to {hi:g}")
            checked[key] = value
        out[name] = checked
    return out
