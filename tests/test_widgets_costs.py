"""Notebook 11's cost widget: the views show the cheapest threshold and costs for the slider's ratio."""


import numpy as np
import pytest

from helpers.costs import bayes_threshold, expected_cost, min_cost_threshold
from helpers.widgets.costs import cost_dashboard


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    y = (rng.random(400) < 0.2).astype(int)
    score = np.clip(rng.normal(0.3 + 0.4 * y, 0.2), 0, 1)
    return y, score


def _expected(y, score, ratio, cost_fp=10.0):
    c_fn = ratio * cost_fp
    t, cost = min_cost_threshold(y, score, cost_fp=cost_fp, cost_fn=c_fn)
    tb = bayes_threshold(cost_fp=cost_fp, cost_fn=c_fn)
    cost_b = expected_cost(y, (score >= tb).astype(int), cost_fp=cost_fp, cost_fn=c_fn)
    cost_05 = expected_cost(y, (score >= 0.5).astype(int), cost_fp=cost_fp, cost_fn=c_fn)
    return t, cost, tb, cost_b, cost_05


def test_initial_state(data):
    y, score = data
    d = cost_dashboard(y, score, cost_fp=10, ratio=10)
    t, cost, tb, cost_b, cost_05 = _expected(y, score, 10)
    html = d.views["summary"].value
    assert "FN costs 100" in html
    for number in [f"{t:.3f}", f"{cost:.3f}", f"{tb:.3f}", f"{cost_b:.3f}", f"{cost_05:.3f}"]:
        assert number in html
    pred = score >= t
    tp, fn = int(np.sum(pred & (y == 1))), int(np.sum(~pred & (y == 1)))
    assert f"<td style='padding:2px 8px'>{tp}</td>" in html
    assert f"<td style='padding:2px 8px'>{fn}</td>" in html
    assert d.views["curve"].value[:4] == b"\x89PNG"
    assert d.status.value == ""


@pytest.mark.parametrize("ratio", [1.0, 3.0, 100.0, 1000.0])
def test_slider_moves_threshold_and_picture(data, ratio):
    y, score = data
    d = cost_dashboard(y, score, cost_fp=10, ratio=10)
    before = d.views["curve"].value
    d.controls["ratio"].value = ratio
    t, cost, tb, _, _ = _expected(y, score, d.controls["ratio"].value)
    html = d.views["summary"].value
    assert f"{t:.3f}" in html and f"{cost:.3f}" in html and f"{tb:.3f}" in html
    assert d.views["curve"].value != before


def test_higher_fn_cost_never_raises_threshold(data):
    y, score = data
    d = cost_dashboard(y, score)
    found = []
    for ratio in [1, 10, 100, 1000]:
        d.controls["ratio"].value = ratio
        found.append(_expected(y, score, ratio)[0])
    assert found == sorted(found, reverse=True)


def test_every_ratio_redraws(data):
    """(Speed is measured by bench/bench_widgets.py, not asserted here.)"""
    y, score = data
    d = cost_dashboard(y, score)
    seen = set()
    for ratio in [2, 5, 20, 50, 200]:
        d.controls["ratio"].value = ratio
        seen.add(tuple(v.value for v in d.views.values()))
    assert len(seen) == 5


@pytest.mark.parametrize("bad", [-1, 0, float("inf"), float("nan"), "10"])
def test_cost_fp_must_be_a_positive_finite_number(bad):
    y, score = np.array([0, 0, 1, 1]), np.array([0.1, 0.4, 0.35, 0.8])
    with pytest.raises(ValueError, match=r"^cost_fp must be a finite number"):
        cost_dashboard(y, score, cost_fp=bad)
