"""Every course widget can be projected: figure text of 18 px or more, legends outside the data, presets that
the sliders can hold (issue 31). How the widgets fit a 1280x720 page is checked in a real browser
(tests/browser/test_classroom_in_browser.py); these checks need no browser.
"""

from __future__ import annotations

import math

import ipywidgets as widgets
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from helpers.widgets import (
    confusion,
    costs,
    imbalance,
    prior_shift,
    rare_disease,
    roc_by_hand,
    score_histograms,
    start_here,
    thresholds,
)
from helpers.widgets.dashboard import (
    CUSTOM,
    MIN_TEXT_PX,
    Dashboard,
    FigureView,
    nice_step,
    smallest_text_px,
    snapped_range,
)

RNG = np.random.default_rng(5)
Y = (RNG.random(500) < 0.15).astype(int)
S = np.clip(0.3 * Y + 0.627 * RNG.random(500), 0.0, 1.0)  # the highest score near 0.627, as in notebook 03


FACTORIES = {
    "start_here": lambda: start_here.prevalence_demo(),
    "confusion": lambda: confusion.confusion_dashboard(labels=("malignant", "benign")),
    "imbalance": lambda: imbalance.imbalance_dashboard(),
    "thresholds": lambda: thresholds.threshold_dashboard(Y, S),
    "roc_by_hand": lambda: roc_by_hand.roc_by_hand_dashboard(),
    "rare_disease": lambda: rare_disease.rare_disease_dashboard(),
    "prior_shift": lambda: prior_shift.prior_shift_dashboard(Y, S, deploy_prevalence=0.019, threshold=0.5),
    "costs": lambda: costs.cost_dashboard(Y, S, test=(Y, S)),
    "score_histograms": lambda: score_histograms.score_histogram_dashboard(Y, S, threshold=0.5),
}


@pytest.fixture(scope="module")
def dashboards() -> dict[str, Dashboard]:
    return {name: make() for name, make in FACTORIES.items()}


def _figures(d: Dashboard) -> list[FigureView]:
    return [v for v in d.views.values() if isinstance(v, FigureView)]


def _situations(d: Dashboard):
    """Each preset of the dashboard chosen in turn (then "custom" back to the first): the dropdown's names."""
    preset = d.controls.get("preset")
    if preset is None:
        return []
    return [o[0] if isinstance(o, tuple) else o for o in preset.options if o != CUSTOM]


def _sliders(d: Dashboard) -> dict[str, widgets.Widget]:
    return {k: c for k, c in d.controls.items()
            if isinstance(c, (widgets.FloatSlider, widgets.FloatLogSlider, widgets.IntSlider))}


def _on_grid(control) -> bool:
    """Is the control's value one of the stops its slider can show: min + k * step, or its max?"""
    x = math.log(control.value, control.base) if isinstance(control, widgets.FloatLogSlider) else control.value
    k = (x - control.min) / control.step
    return abs(k - round(k)) < 1e-6 or math.isclose(x, control.max, rel_tol=1e-12, abs_tol=1e-12)


# --- the figures' text ---------------------------------------------------------------------------------------


def test_smallest_text_px_reads_points_at_the_dpi():
    fig = Figure(figsize=(3, 2), dpi=80)
    ax = fig.subplots()
    ax.set_title("title", fontsize=20)
    ax.tick_params(labelsize=15)
    ax.text(0.5, 0.5, "small", fontsize=9)
    ax.text(0.5, 0.4, "", fontsize=2)  # empty: not drawn
    ax.text(0.5, 0.3, "hidden", fontsize=3, visible=False)
    FigureCanvasAgg(fig).draw()
    assert smallest_text_px(fig) == pytest.approx(9 * 80 / 72)
    ax.texts[0].set_fontsize(16)
    assert smallest_text_px(fig) == pytest.approx(15 * 80 / 72)  # now the tick labels
    ax.set_axis_off()  # an axes drawn without its axis: its tick labels do not count
    assert smallest_text_px(fig) == pytest.approx(16 * 80 / 72)


@pytest.mark.parametrize("name", list(FACTORIES))
def test_figure_text_is_at_least_18_px_in_every_situation(dashboards, name):
    d = dashboards[name]
    figures = _figures(d)
    assert figures and all(v.figure is not None for v in figures), f"{name}: a figure shown without its Figure"
    for situation in [None, *_situations(d)]:
        if situation is not None:
            d.controls["preset"].value = situation
        for view in figures:
            assert smallest_text_px(view.figure) >= MIN_TEXT_PX, (name, situation)
            assert view.text_px == pytest.approx(smallest_text_px(view.figure))
            assert f'data-text-px="{view.text_px:.1f}"' in view.value


def _overlap(a, b) -> bool:
    return a.x0 < b.x1 - 0.5 and b.x0 < a.x1 - 0.5 and a.y0 < b.y1 - 0.5 and b.y0 < a.y1 - 0.5


@pytest.mark.parametrize("name", list(FACTORIES))
def test_legends_are_outside_the_data(dashboards, name):
    """No legend covers any axes of its figure (the plotting area, where the data are drawn)."""
    for view in _figures(dashboards[name]):
        fig = view.figure
        renderer = FigureCanvasAgg(fig).get_renderer()
        legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend() is not None)]
        for legend in legends:
            box = legend.get_window_extent(renderer)
            for ax in fig.axes:
                assert not _overlap(box, ax.get_window_extent(renderer)), (name, [t.get_text() for t in legend.texts])


def test_the_legend_check_can_fail():
    fig = Figure(figsize=(4, 3), dpi=80)
    ax = fig.subplots()
    ax.plot([0, 1], [0, 1], label="a line")
    legend = ax.legend(loc="lower right")
    renderer = FigureCanvasAgg(fig).get_renderer()
    assert _overlap(legend.get_window_extent(renderer), ax.get_window_extent(renderer))


# --- sliders that hold the values their presets name ------------------------------------------------------


@pytest.mark.parametrize("name", list(FACTORIES))
def test_presets_land_on_the_sliders_stops(dashboards, name):
    """Choosing a situation sets each slider to a value it can show, so the page shows the value the situation
    names (a value between two stops is moved to the nearer one by the slider in the page, which reports it
    back: 03's slider showed 0.502 at "threshold 0.5")."""
    d = dashboards[name]
    sliders = _sliders(d)
    for situation in _situations(d):
        d.controls["preset"].value = situation
        assert d.controls["preset"].value == situation
        for key, control in sliders.items():
            assert _on_grid(control), f"{name}, {situation!r}: {key} = {control.value!r} is not a stop"
    for key, control in sliders.items():  # and the starting values (the notebooks' calls)
        assert _on_grid(control) or not _situations(d), f"{name}: {key} starts off its stops"


def test_start_values_of_the_notebooks_are_stops():
    """The thresholds the notebooks start from (0.5) and the 06 widget's prevalence are stops of their sliders."""
    for d in (thresholds.threshold_dashboard(Y, S, threshold=0.5),
              score_histograms.score_histogram_dashboard(Y, S, threshold=0.5),
              prior_shift.prior_shift_dashboard(Y, S, deploy_prevalence=0.019, threshold=0.5)):
        assert d.controls["threshold"].value == 0.5 and _on_grid(d.controls["threshold"])


@given(lo=st.floats(-5, 5), span=st.floats(1e-3, 50), steps=st.integers(10, 1000))
def test_snapped_range_covers_the_scores_with_round_stops(lo, span, steps):
    hi = lo + span
    low, high, step = snapped_range(lo, hi, steps)
    assert low <= lo and hi <= high
    assert low > lo - step - 1e-9 and high < hi + step + 1e-9  # moved out by less than a step
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert min(abs(mantissa - m) for m in (1, 2.5, 5)) < 1e-6
    assert span / step >= steps * (1 - 1e-9) and span / step < 2.5 * steps  # about `steps` stops, never fewer
    for x in (low, high):
        assert abs(x / step - round(x / step)) < 1e-6
    if low <= 0.5 <= high and step <= 0.5:
        assert abs((0.5 - low) / step - round((0.5 - low) / step)) < 1e-6  # 0.5 is a stop


def test_nice_step_refuses_bad_input():
    with pytest.raises(ValueError, match="span"):
        nice_step(0.0, 10)
    with pytest.raises(ValueError, match="steps"):
        nice_step(1.0, 0)
