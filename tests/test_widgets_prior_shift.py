"""The prior-shift dashboard of notebook 06 shows the right corrected numbers."""

from __future__ import annotations

import re

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, precision_score, recall_score

from helpers.widgets.prior_shift import metrics_at_threshold, prior_shift_dashboard


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(100, dtype=int), np.zeros(1000, dtype=int)]
    score = np.clip(rng.normal(0.3 + 0.35 * y, 0.15), 0, 1)
    return y, score


def _row(d, name: str) -> list[str]:
    rows = re.findall(r"<tr>(.*?)</tr>", d.views["numbers"].value)
    for row in rows:
        cells = [re.sub("<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        if cells and cells[0].startswith(name):
            return cells[1:]
    raise AssertionError(f"no row {name!r}")


def _slow_deploy_precision(y, score, t, pi):
    """Reference: FP multiplied by the fold change of the negative-to-positive ratio."""
    tp = np.sum((score >= t) & (y == 1))
    fp = np.sum((score >= t) & (y == 0))
    fold = ((1 - pi) / pi) / (np.sum(y == 0) / np.sum(y == 1))
    return tp / (tp + fold * fp)


def test_initial_state(data):
    y, score = data
    d = prior_shift_dashboard(y, score, deploy_prevalence=0.01, threshold=0.5)
    assert d.status.value == ""
    assert _row(d, "recall") == [f"{recall_score(y, score >= 0.5):.3f}"] * 2
    test_p, deploy_p = _row(d, "precision")
    assert test_p == f"{precision_score(y, score >= 0.5):.3f}"
    assert deploy_p == f"{_slow_deploy_precision(y, score, 0.5, 0.01):.3f}"
    assert _row(d, "average precision")[0] == f"{average_precision_score(y, score):.3f}"
    assert d.views["plot"].png[:8] == b"\x89PNG\r\n\x1a\n"


def test_prevalence_slider_moves_precision_and_plot(data):
    y, score = data
    d = prior_shift_dashboard(y, score, deploy_prevalence=0.01, threshold=0.5)
    before_png, before_p = d.views["plot"].value, _row(d, "precision")[1]
    d.controls["prevalence"].value = 1e-4
    assert d.views["plot"].value != before_png
    after_p = _row(d, "precision")[1]
    assert float(after_p) < float(before_p)
    assert after_p == f"{_slow_deploy_precision(y, score, 0.5, 1e-4):.3f}"
    w = ((1 - 1e-4) / 1e-4) / 10
    ap = average_precision_score(y, score, sample_weight=np.where(y == 1, 1.0, w))
    assert _row(d, "average precision")[1] == f"{ap:.3f}"
    assert _row(d, "weight of a negative")[1] == f"{w:.4g}"
    assert _row(d, "prevalence") == ["1 in 11 (9.1%)", "1 in 10\u202f000 (0.01%)"]  # 100 of 1 100; no e-notation
    assert d.controls["prevalence"].readout_format == ".2p"  # a plain percentage on the slider too


def test_threshold_slider(data):
    y, score = data
    d = prior_shift_dashboard(y, score, deploy_prevalence=0.05, threshold=0.5)
    before_png = d.views["plot"].value
    d.controls["threshold"].value = 0.7
    t = d.controls["threshold"].value
    assert _row(d, "recall")[0] == f"{recall_score(y, score >= t):.3f}"
    assert _row(d, "precision")[1] == f"{_slow_deploy_precision(y, score, t, 0.05):.3f}"
    assert d.views["plot"].value != before_png


def test_nothing_flagged_is_undefined(data):
    y, score = data
    m = metrics_at_threshold(y, score, 2.0, 0.01)  # above every score
    assert np.isnan(m["precision_deploy"]) and np.isnan(m["f1_deploy"])


def test_metrics_at_threshold_f1(data):
    y, score = data
    m = metrics_at_threshold(y, score, 0.5, 0.02)
    p, r = m["precision_deploy"], m["recall"]
    assert m["f1_deploy"] == pytest.approx(2 * p * r / (p + r))
    m_same = metrics_at_threshold(y, score, 0.5, 100 / 1100)
    assert m_same["precision_deploy"] == pytest.approx(m_same["precision_test"])
    assert m_same["weight"] == pytest.approx(1.0)


def test_bad_input_raises():
    with pytest.raises(ValueError):
        prior_shift_dashboard([1, 1, 1], [0.1, 0.2, 0.3])


def test_counts_row_shows_the_weighted_false_positives(data):
    y, score = data
    d = prior_shift_dashboard(y, score, deploy_prevalence=1e-3, threshold=0.6)
    t = d.controls["threshold"].value
    tp, fp = int(np.sum((score >= t) & (y == 1))), int(np.sum((score >= t) & (y == 0)))
    w = ((1 - 1e-3) / 1e-3) / (1000 / 100)  # the fold change of the negative-to-positive ratio, by hand
    assert _row(d, "TP / FP") == [f"{tp} / {fp}", f"{tp} / {fp * w:.1f}"]
    assert _row(d, "F1")[1] == f"{2 * tp / (2 * tp + w * fp + (100 - tp)):.3f}"


@pytest.mark.parametrize("bad", [0, 1, 1.5, 0.7, 1e-9, "0.01"])
def test_deploy_prevalence_must_be_in_the_slider_range(bad):
    y, score = np.array([0, 0, 1, 1, 0, 1]), np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    with pytest.raises(ValueError, match=r"^deploy_prevalence must be"):
        prior_shift_dashboard(y, score, deploy_prevalence=bad)
