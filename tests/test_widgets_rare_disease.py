"""The rare-disease dashboard of notebook 05 shows the right counts and metrics, and reads well on a projector."""

from __future__ import annotations

import re

import ipywidgets as widgets
import numpy as np
import pytest

from helpers.widgets.rare_disease import (
    PREVALENCE_STOPS,
    SPECIFICITY_STOPS,
    population_counts,
    rare_disease_dashboard,
)

NNBSP = "\u202f"  # the narrow no-break space that groups digits: 10 000


def _cells(html: str) -> list[str]:
    return [re.sub("<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", html)]


def _metric(d, name: str) -> str:
    cells = _cells(d.views["metrics"].value)
    return cells[cells.index(name) + 1]


def test_default_is_the_blog_post_study():
    d = rare_disease_dashboard()
    matrix = _cells(d.views["matrix"].value)
    assert "TN 99,890" in matrix and "FP 100" in matrix and "FN 2" in matrix and "TP 8" in matrix
    assert _metric(d, "accuracy") == "99.90%"
    assert _metric(d, "precision") == "7.41%"
    assert _metric(d, "recall") == "80.00%"
    assert _metric(d, "F1") == "13.56%"
    assert _metric(d, "prevalence") == f"1 in 10{NNBSP}000 (0.01%)"
    assert _metric(d, "healthy people flagged (FPR)") == f"1 in 1{NNBSP}000 (0.1%)"
    assert d.status.value == ""
    assert d.views["picture"].png[:8] == b"\x89PNG\r\n\x1a\n"


def test_sliders_change_numbers_and_picture():
    d = rare_disease_dashboard()
    before = d.views["picture"].value
    d.controls["prevalence"].value = 0.01
    d.controls["sensitivity"].value = 0.9
    d.controls["specificity"].value = 0.99
    d.controls["population"].value = 10_000
    # independent computation: 100 sick, 9 900 healthy
    tp, fp = round(100 * 0.9), 9_900 - round(9_900 * 0.99)
    assert (tp, fp) == (90, 99)
    assert "TP 90" in _cells(d.views["matrix"].value)
    assert "FP 99" in _cells(d.views["matrix"].value)
    assert _metric(d, "precision") == f"{tp / (tp + fp):.2%}"
    assert _metric(d, "recall") == "90.00%"
    assert _metric(d, "sick people") == "100 of 10,000"
    assert d.views["picture"].value != before


def test_no_sick_people_is_undefined_not_an_error():
    d = rare_disease_dashboard()
    d.controls["population"].value = 1_000
    d.controls["prevalence"].value = 1e-5  # 0.01 expected sick people rounds to 0
    assert d.status.value == ""
    assert _metric(d, "recall") == "undefined"
    assert _metric(d, "sick people") == "0 of 1,000"


def test_nobody_flagged():
    d = rare_disease_dashboard()
    d.controls["sensitivity"].value = 0.0
    d.controls["specificity"].value = 1.0
    assert _metric(d, "precision") == "undefined"
    assert "FP 0" in _cells(d.views["matrix"].value)


@pytest.mark.parametrize("n,prev,tpr,tnr", [(100_000, 1e-4, 0.8, 0.999), (1_000_000, 0.003, 0.55, 0.95)])
def test_population_counts_add_up(n, prev, tpr, tnr):
    c = population_counts(n, prev, tpr, tnr)
    assert c.n == n
    assert c.n_pos == round(n * prev)
    assert c.tp == round(c.n_pos * tpr)


def test_blit_figure_redraws_only_what_changes():
    from io import BytesIO

    import PIL.Image
    from matplotlib.figure import Figure

    from helpers.widgets.dashboard import BlitFigure

    fig = Figure(figsize=(2, 2), dpi=50)
    ax = fig.subplots()
    ax.set(xlim=(0, 1), ylim=(0, 1))
    (line,) = ax.plot([0, 1], [0, 0])
    blit = BlitFigure(fig, [line])
    first = blit.png()
    line.set_ydata([1, 1])
    second = blit.png()
    line.set_ydata([0, 0])
    third = blit.png()
    assert first != second
    assert first == third  # the old line is gone: the background was restored
    assert PIL.Image.open(BytesIO(first)).size == (100, 100)


def test_specificity_0_9999_is_reachable_and_right():
    """The exercise's test: specificity 0.9999 at 1 in 10 000 (it was out of reach of a 0.0005 step)."""
    d = rare_disease_dashboard()
    d.controls["specificity"].value = 0.9999
    tn = round(99_990 * 0.9999)  # independent count: 99 980 cleared, 10 flagged
    assert (tn, 99_990 - tn) == (99_980, 10)
    assert "FP 10" in _cells(d.views["matrix"].value)
    assert _metric(d, "precision") == f"{8 / 18:.2%}" == "44.44%"
    assert _metric(d, "specificity") == "99.99%"
    assert _metric(d, "healthy people flagged (FPR)") == f"1 in 10{NNBSP}000 (0.01%)"
    assert d.controls["specificity"].label == "99.99%"


def test_one_key_press_apart_near_one():
    """Neighbouring stops of the specificity slider near 1 differ by at most 0.0005, and 0.9999 is one of them."""
    stops = np.array(SPECIFICITY_STOPS)
    assert 0.9999 in SPECIFICITY_STOPS and 0.999 in SPECIFICITY_STOPS and 1.0 in SPECIFICITY_STOPS
    assert np.all(np.diff(stops) > 0)
    assert np.all(np.diff(stops[stops >= 0.999]) <= 0.0005 + 1e-12)


def test_readouts_have_no_e_notation():
    d = rare_disease_dashboard()
    for name in ("prevalence", "specificity"):
        labels = [label for label, _ in d.controls[name].options]
        assert not any("e-" in label or "e+" in label for label in labels), labels
    assert [label for label, _ in d.controls["prevalence"].options][:4] == [
        f"1 in 100{NNBSP}000", f"1 in 50{NNBSP}000", f"1 in 20{NNBSP}000", f"1 in 10{NNBSP}000"]
    assert d.controls["sensitivity"].readout_format == ".0%"
    for value in PREVALENCE_STOPS:
        d.controls["prevalence"].value = value
        text = _metric(d, "prevalence")
        assert "e-" not in text and text.startswith("1 in ")


def test_every_control_is_a_slider_or_dropdown_the_browser_test_can_move():
    """tests/browser moves .widget-slider handles with the arrow keys and picks dropdown options."""
    d = rare_disease_dashboard()
    assert isinstance(d.controls["prevalence"], widgets.SelectionSlider)
    assert isinstance(d.controls["specificity"], widgets.SelectionSlider)
    assert isinstance(d.controls["sensitivity"], widgets.FloatSlider)
    assert isinstance(d.controls["population"], widgets.Dropdown)
    before = d.views["metrics"].value
    for name in ("prevalence", "specificity"):  # one stop to the right, as ArrowRight does
        control = d.controls[name]
        control.index = control.index + 1
        assert d.views["metrics"].value != before
        before = d.views["metrics"].value


def test_a_start_between_the_stops_becomes_a_stop():
    d = rare_disease_dashboard(prevalence=3e-4, specificity=0.9997)
    assert d.controls["prevalence"].value == 3e-4
    assert d.controls["prevalence"].label == f"1 in 3{NNBSP}333"
    assert d.controls["specificity"].label == "99.97%"
    values = [v for _, v in d.controls["prevalence"].options]
    assert values == sorted(values)
    with pytest.raises(ValueError, match="prevalence"):
        rare_disease_dashboard(prevalence=0.0)


def test_accuracy_below_one_never_reads_100_percent():
    d = rare_disease_dashboard()
    d.controls["specificity"].value = 0.99998  # 2 false positives, 2 false negatives in 100 000
    assert _metric(d, "accuracy") == "99.996%"
    assert _metric(d, "specificity") == "99.998%"
