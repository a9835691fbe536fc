"""Figures on a projected classroom page (issue 37, item 3): helpers.plotting.fit_figure_to_page makes every text
of an inline figure 18 px or more as the page shows it, and the classroom kernel applies it to every figure a
notebook shows. The pages themselves are measured in a browser (tests/browser/test_classroom_in_browser.py)."""

from __future__ import annotations

import io
import struct
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from helpers.figure_text import describe_figure, smallest_text_px  # noqa: E402
from helpers.plotting import (  # noqa: E402
    CLASSROOM_ENV,
    MIN_TEXT_PX,
    PAGE_DPI,
    PAGE_WIDTH_PX,
    fit_figure_to_page,
    fit_figures_to_the_page,
    use_course_style,
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def png_width(fig: Figure, dpi: float = PAGE_DPI) -> int:
    """The width of the PNG IPython's inline figures are: ``bbox_inches="tight"`` at ``dpi``."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    return struct.unpack(">II", buf.getvalue()[16:24])[0]


def shown_text_px(fig: Figure) -> float:
    """The smallest text of ``fig`` as the page shows it: pixels of the PNG times the page's shrinking."""
    return smallest_text_px(fig, dpi=PAGE_DPI) * min(1.0, PAGE_WIDTH_PX / png_width(fig))


def wide_figure(width: float, font: float, panels: int, legend: str | float = "small", layout=None) -> Figure:
    fig, axes = plt.subplots(1, panels, figsize=(width, 3.6), layout=layout)
    for i, ax in enumerate(np.atleast_1d(axes)):
        ax.plot([0, 1, 2], [i, 2, 1], label="a line with a long name")
        ax.set_title(f"Panel {i}: a title of several words", fontsize=font)
        ax.set_xlabel("x", fontsize=font)
        ax.tick_params(labelsize=font)
        ax.legend(fontsize=legend)
    return fig


@pytest.mark.slow  # drawing wide figures at 144 dpi several times: seconds
@settings(max_examples=10, deadline=None)
@given(width=st.floats(3.0, 16.0), font=st.floats(5.0, 14.0), panels=st.integers(1, 3),
       legend=st.sampled_from(["small", "x-small", 8.0, 12.0]), layout=st.sampled_from([None, "constrained", "tight"]))
def test_every_text_of_a_fitted_figure_is_18_px_on_the_page(width, font, panels, legend, layout):
    fig = wide_figure(width, font, panels, legend, layout)
    try:
        with warnings.catch_warnings(record=True) as caught:  # a figure too small for its own text warns as drawn:
            warnings.simplefilter("always")  # a notebook would show that warning, fitted or not
            if layout is None and panels > 1:
                fig.tight_layout()  # done once, as notebook 05 does: it leaves no layout engine behind
            fig.draw_without_rendering()
        assume(not caught)
        text_px = fit_figure_to_page(fig)
        assert text_px == pytest.approx(smallest_text_px(fig, dpi=PAGE_DPI))
        assert png_width(fig) <= PAGE_WIDTH_PX + 2  # shown at its own size ...
        assert shown_text_px(fig) >= MIN_TEXT_PX - 0.01  # ... so its smallest text is 18 px on the page
    finally:
        plt.close(fig)


@pytest.mark.slow
def test_a_figure_that_fits_is_left_as_it_is():
    fig = wide_figure(6.4, 10, 1, legend=12.0)
    before = io.BytesIO()
    fig.savefig(before, format="png", dpi=PAGE_DPI, bbox_inches="tight")
    assert fit_figure_to_page(fig) == pytest.approx(10 * PAGE_DPI / 72)
    after = io.BytesIO()
    fig.savefig(after, format="png", dpi=PAGE_DPI, bbox_inches="tight")
    assert after.getvalue() == before.getvalue()


@pytest.mark.slow
def test_the_fit_keeps_what_the_figure_says_and_breaks_only_titles_that_collide():
    fig = wide_figure(13, 10, 3)  # notebook 05's section 4: three panels, "small" legends, 13 inches
    fig.tight_layout()
    text = describe_figure(fig)
    before = shown_text_px(fig)
    fit_figure_to_page(fig)
    assert before < MIN_TEXT_PX <= shown_text_px(fig)  # 13.x px before, as the issue measured
    assert describe_figure(fig).replace("\n", " ") == text.replace("\n", " ")
    titles = [ax.title.get_window_extent(fig.canvas.get_renderer()) for ax in fig.axes]
    assert all(a.x1 <= b.x0 for a, b in zip(titles, titles[1:], strict=False))  # side by side, apart
    assert all(ax.title.get_text().replace("\n", " ").startswith("Panel") for ax in fig.axes)


@pytest.mark.slow
def test_the_classroom_kernel_fits_every_figure_it_shows(monkeypatch):
    """In a shell where the classroom kernel's variable is set, use_course_style() puts the fit in front of the
    figure texts: the PNG output carries its alt and its smallest text in pixels of the PNG."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.display_formatter.formatters["image/png"].for_type(
            Figure, lambda fig: (fig.savefig(buf := io.BytesIO(), format="png", dpi=PAGE_DPI, bbox_inches="tight"),
                                 buf.getvalue())[1])
        monkeypatch.setattr("IPython.get_ipython", lambda: shell)
        monkeypatch.setenv(CLASSROOM_ENV, "1")
        use_course_style()
        use_course_style()  # twice: still one fit and one text
        fig = wide_figure(13, 10, 3)
        data, metadata = shell.display_formatter.format(fig)
        png = data["image/png"]
        assert struct.unpack(">II", png[16:24])[0] <= PAGE_WIDTH_PX + 2
        assert metadata["image/png"]["text_px"] == pytest.approx(MIN_TEXT_PX)
        assert metadata["image/png"]["alt"] == describe_figure(fig) == data["text/plain"]
    finally:
        InteractiveShell.clear_instance()


@pytest.mark.slow
def test_outside_the_classroom_figures_are_not_touched(monkeypatch):
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.display_formatter.formatters["image/png"].for_type(Figure, lambda fig: b"\x89PNG fake")
        monkeypatch.setattr("IPython.get_ipython", lambda: shell)
        monkeypatch.delenv(CLASSROOM_ENV, raising=False)
        use_course_style()
        fig = wide_figure(13, 10, 3)
        data, metadata = shell.display_formatter.format(fig)
        assert "text_px" not in metadata["image/png"] and list(fig.get_size_inches()) == [13, 3.6]
        assert fit_figures_to_the_page(shell) is True  # the classroom kernel's own call
        data, metadata = shell.display_formatter.format(fig)
        assert metadata["image/png"]["text_px"] == pytest.approx(MIN_TEXT_PX) and fig.get_size_inches()[0] < 13
    finally:
        InteractiveShell.clear_instance()


def test_the_classroom_kernel_sets_the_variable():
    import json

    from helpers.classroom import TEMPLATE_ROOT

    spec = json.loads((TEMPLATE_ROOT / "kernels" / "python3" / "kernel.json").read_text())
    assert spec["env"] == {CLASSROOM_ENV: "1"} and "'dpi': 144" in " ".join(spec["argv"]) and PAGE_DPI == 144
