"""The rare-disease dashboard of notebook 05 shows the right counts and metrics."""

from __future__ import annotations

import re

import pytest

from helpers.widgets.rare_disease import population_counts, rare_disease_dashboard


def _cells(html: str) -> list[str]:
    return [re.sub("<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", html)]


def _metric(d, name: str) -> str:
    cells = _cells(d.views["metrics"].value)
    return cells[cells.index(name) + 1]


def test_default_is_the_seed_study():
    d = rare_disease_dashboard()
    matrix = _cells(d.views["matrix"].value)
    assert "TN 99,890" in matrix and "FP 100" in matrix and "FN 2" in matrix and "TP 8" in matrix
    assert _metric(d, "accuracy") == "99.90%"
    assert _metric(d, "precision") == "7.41%"
    assert _metric(d, "recall") == "80.00%"
    assert _metric(d, "F1") == "13.56%"
    assert d.status.value == ""
    assert d.views["picture"].value[:8] == b"\x89PNG\r\n\x1a\n"


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
