"""Notebook 11's cost widget: the views show the cheapest threshold and costs for the sliders' ratio and prevalence."""


import re

import ipywidgets as widgets
import numpy as np
import pytest

from helpers.costs import bayes_threshold, bayes_threshold_at_prevalence, expected_cost, min_cost_threshold
from helpers.widgets.costs import PREVALENCE_RANGE, RATIO_RANGE, cost_dashboard


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    y = (rng.random(400) < 0.2).astype(int)
    score = np.clip(rng.normal(0.3 + 0.4 * y, 0.2), 0, 1)
    return y, score


@pytest.fixture
def test_rows():
    rng = np.random.default_rng(1)
    y = (rng.random(300) < 0.2).astype(int)
    score = np.clip(rng.normal(0.3 + 0.4 * y, 0.2), 0, 1)
    return y, score


def _odds(x):
    return x / (1 - x)


def _shifted(t, pi_train, pi_deploy):
    """The Bayes threshold moved to another prior, written out: odds(t') = odds(t) odds(pi_train) / odds(pi_deploy)."""
    o = _odds(t) * _odds(pi_train) / _odds(pi_deploy)
    return o / (1 + o)


def _expected(y, score, ratio, pi, pi_train, cost_fp=10.0):
    c_fn = ratio * cost_fp
    t, cost = min_cost_threshold(y, score, cost_fp=cost_fp, cost_fn=c_fn, deploy_prevalence=pi)
    tb = _shifted(bayes_threshold(cost_fp=cost_fp, cost_fn=c_fn), pi_train, pi)
    cost_b = expected_cost(y, (score >= tb).astype(int), cost_fp=cost_fp, cost_fn=c_fn, deploy_prevalence=pi)
    cost_05 = expected_cost(y, (score >= 0.5).astype(int), cost_fp=cost_fp, cost_fn=c_fn, deploy_prevalence=pi)
    return t, cost, tb, cost_b, cost_05


def _cells(html):
    """The table cells of the summary, each row written ``|a|b|c|``."""
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    return "\n".join("|" + "|".join(re.findall(r"<td[^>]*>(.*?)</td>", row)) + "|" for row in rows)


def test_initial_state(data):
    y, score = data
    d = cost_dashboard(y, score, cost_fp=10, ratio=10)
    pi = y.mean()  # no prevalence given: the sample's own, where the scores are taken as calibrated
    assert d.controls["prevalence"].value == pytest.approx(pi)
    t, cost, tb, cost_b, cost_05 = _expected(y, score, 10, pi, pi)
    assert tb == pytest.approx(1 / 11)
    html = d.views["summary"].value
    assert "FN costs 100" in html
    for number in [f"{t:.3f}", f"{cost:.3f}", f"{tb:.3f}", f"{cost_b:.3f}", f"{cost_05:.3f}"]:
        assert f"|{number}|" in _cells(html) or f"|{number} (chosen here)|" in _cells(html)
    pred = score >= t
    tp, fn = int(np.sum(pred & (y == 1))), int(np.sum(~pred & (y == 1)))
    assert f"|truth 1|{fn}|{tp}|" in _cells(html)
    assert d.views["curve"].png[:4] == b"\x89PNG"
    assert d.status.value == ""


def test_both_controls_are_logarithmic_sliders(data):
    d = cost_dashboard(*data)
    assert set(d.controls) == {"preset", "ratio", "prevalence"}
    for name, (lo, hi) in [("ratio", RATIO_RANGE), ("prevalence", PREVALENCE_RANGE)]:
        slider = d.controls[name]
        assert isinstance(slider, widgets.FloatLogSlider)
        assert slider.base ** slider.min == pytest.approx(lo) and slider.base ** slider.max == pytest.approx(hi)
    assert d.figure.axes[1].get_xscale() == "log"  # the cost-ratio axis
    assert d.figure.axes[1].get_xlim() == pytest.approx(RATIO_RANGE)


def test_ratio_slider_moves_threshold_and_picture(data):
    y, score = data
    d = cost_dashboard(y, score, cost_fp=10, ratio=10, deploy_prevalence=0.05)
    for ratio in [1.0, 3.0, 100.0, 1000.0]:  # one dashboard, moved four times (its first drawing is the slow part)
        before = d.views["curve"].value
        d.controls["ratio"].value = ratio
        t, cost, tb, _, _ = _expected(y, score, d.controls["ratio"].value, 0.05, y.mean())
        cells = _cells(d.views["summary"].value)
        assert f"|cheapest on validation|{t:.3f}|{cost:.3f} (chosen here)|" in cells, ratio
        assert f"|Bayes at this prevalence|{tb:.3f}|" in cells, ratio
        assert d.views["curve"].value != before, ratio


def test_the_bayes_threshold_moves_with_the_prevalence_as_the_formula_says(data, test_rows):
    y, score = data
    pi_train = 0.3  # the scores are said to be calibrated at 30 %, not at the sample's 20 %
    d = cost_dashboard(y, score, cost_fp=10, ratio=10, train_prevalence=pi_train, test=test_rows)
    for pi in [0.001, 0.01, 0.05, 0.2, 0.5]:  # one dashboard, moved five times
        d.controls["prevalence"].value = pi
        pi = d.controls["prevalence"].value
        tb = _shifted(1 / 11, pi_train, pi)
        green = d.figure.axes[0].lines[2]  # cost curve, cheapest, Bayes at this prevalence, Bayes ignoring it, 0.5
        assert green.get_label() == "Bayes at this prevalence"
        assert green.get_xdata()[0] == pytest.approx(tb)
        assert d.figure.axes[0].lines[3].get_xdata()[0] == pytest.approx(1 / 11)  # the plain rule does not move
        ratios, curve = d.figure.axes[1].lines[1].get_data()  # right: the Bayes threshold against the cost ratio
        np.testing.assert_allclose(curve, _shifted(1 / (1 + ratios), pi_train, pi), rtol=1e-12)
        by_function = [bayes_threshold_at_prevalence(cost_fp=1, cost_fn=r, train_prevalence=pi_train,
                                                     deploy_prevalence=pi) for r in ratios]
        np.testing.assert_allclose(curve, by_function)
        ratios, best = d.figure.axes[1].lines[0].get_data()  # right: the cheapest validation threshold
        for r in ratios[::30]:
            t_r, _ = min_cost_threshold(y, score, cost_fp=1, cost_fn=r, deploy_prevalence=pi)
            assert best[list(ratios).index(r)] == pytest.approx(min(t_r, 1.0))
        cells = _cells(d.views["summary"].value)
        assert f"|Bayes at this prevalence|{tb:.3f}|" in cells
        t, cost, _, cost_b, _ = _expected(y, score, 10, pi, pi_train)
        assert f"|cheapest on validation|{t:.3f}|{cost:.3f} (chosen here)|" in cells
        assert f"|Bayes at this prevalence|{tb:.3f}|{cost_b:.3f}|" in cells
        # the test column prices the validation choice on the held-out rows
        y_t, s_t = test_rows
        on_test = expected_cost(y_t, (s_t >= t).astype(int), cost_fp=10, cost_fn=100, deploy_prevalence=pi)
        assert f"(chosen here)|{on_test:.3f}|\n" in cells


def test_rarer_positives_raise_the_bayes_threshold(data):
    y, score = data
    d = cost_dashboard(y, score)
    found = []
    for pi in [0.5, 0.2, 0.05, 0.01, 0.001]:
        d.controls["prevalence"].value = pi
        found.append(d.figure.axes[0].lines[2].get_xdata()[0])
    assert found == sorted(found) and found[-1] > 0.9


def test_axes_do_not_rescale_when_the_sliders_move(data):
    y, score = data
    d = cost_dashboard(y, score, deploy_prevalence=0.01)
    limits = [(ax.get_xlim(), ax.get_ylim()) for ax in d.figure.axes]
    size = d.figure.get_size_inches().tolist()
    for name, value in [("ratio", 1.0), ("prevalence", 0.5), ("ratio", 1000.0), ("prevalence", 0.001), ("ratio", 30)]:
        d.controls[name].value = value
        assert [(ax.get_xlim(), ax.get_ylim()) for ax in d.figure.axes] == limits
        assert d.figure.get_size_inches().tolist() == size
    assert limits[0][1] == (0.0, pytest.approx(1.6)) and limits[1][1] == (0.0, 1.0)


def test_the_cost_is_drawn_relative_to_the_best_rule_without_a_model(data):
    y, score = data
    d = cost_dashboard(y, score, ratio=10, deploy_prevalence=0.01)
    curve = d.figure.axes[0].lines[0].get_ydata()
    # threshold above every score (nobody flagged): pi c_FN = 1; everybody flagged: (1 - pi) c_FP = 9.9, so 9.9
    assert curve[0] == pytest.approx(1.0) and curve[-1] == pytest.approx(9.9)
    _, cost = min_cost_threshold(y, score, cost_fp=10, cost_fn=100, deploy_prevalence=0.01)
    assert curve.min() == pytest.approx(cost / 1.0)


def test_higher_fn_cost_never_raises_threshold(data):
    y, score = data
    d = cost_dashboard(y, score, deploy_prevalence=0.02)
    found = []
    for ratio in [1, 10, 100, 1000]:
        d.controls["ratio"].value = ratio
        found.append(_expected(y, score, ratio, 0.02, y.mean())[0])
    assert found == sorted(found, reverse=True)


def test_every_change_redraws(data):
    """(Speed is measured by bench/bench_widgets.py, not asserted here.)"""
    y, score = data
    d = cost_dashboard(y, score)
    seen = set()
    for name, value in [("ratio", 2), ("ratio", 5), ("prevalence", 0.01), ("ratio", 50), ("prevalence", 0.1)]:
        d.controls[name].value = value
        seen.add(tuple(v.value for v in d.views.values()))
    assert len(seen) == 5


@pytest.mark.parametrize("bad", [-1, 0, float("inf"), float("nan"), "10"])
def test_cost_fp_must_be_a_positive_finite_number(bad):
    y, score = np.array([0, 0, 1, 1]), np.array([0.1, 0.4, 0.35, 0.8])
    with pytest.raises(ValueError, match=r"^cost_fp must be a finite number"):
        cost_dashboard(y, score, cost_fp=bad)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deploy_prevalence": 0.7}, r"^deploy_prevalence must be between 0.001 and 0.5"),
        ({"deploy_prevalence": 0.0}, r"^deploy_prevalence must be strictly between 0 and 1"),
        ({"train_prevalence": 1.0}, r"^train_prevalence must be strictly between 0 and 1"),
        ({"ratio": 0.5}, r"^ratio must be between 1 and 1000"),
        ({"test": ([0, 1],)}, r"^test must be a pair"),
        ({"test": ([0, 1, 1], [0.2, 0.5])}, r"test\[0\] \(y_test\)"),
        ({"test": ([0, 1], [0.2, 1.5])}, r"^test\[1\] \(score_test\) must be probabilities"),
    ],
)
def test_bad_arguments_are_named(kwargs, message):
    y, score = np.array([0, 0, 1, 1]), np.array([0.1, 0.4, 0.35, 0.8])
    with pytest.raises(ValueError, match=message):
        cost_dashboard(y, score, **kwargs)


def test_scores_must_be_probabilities():
    with pytest.raises(ValueError, match=r"^y_score must be probabilities"):
        cost_dashboard([0, 0, 1, 1], [0.1, 0.4, 0.35, 1.8])
