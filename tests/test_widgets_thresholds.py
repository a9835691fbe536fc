"""Notebook 03 widget: one threshold slider drives the PR point, the ROC point and the matrix."""

import re

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, precision_score, recall_score

from helpers.widgets import Dashboard
from helpers.widgets.thresholds import threshold_dashboard

RNG = np.random.default_rng(0)
Y = (RNG.random(400) < 0.15).astype(int)
S = RNG.normal(size=400) + 1.5 * Y


def shown(d: Dashboard) -> dict:
    text = d.views["matrix"].value
    cells = {k: int(v) for k, v in re.findall(r"(TN|FP|FN|TP) = (\d+)", text)}
    rates = dict(re.findall(r"(precision|recall|FPR)[^<]*</td><td[^>]*>([0-9.]+|undefined)<", text))
    return {**cells, **rates}


def test_initial_state_and_slider_range():
    d = threshold_dashboard(Y, S, threshold=0.25)
    slider = d.controls["threshold"]
    # round stops from just below the lowest score to just above the highest, 0.5 one of them
    assert slider.min <= S.min() < slider.min + slider.step and slider.max - slider.step < S.max() <= slider.max
    assert (0.5 - slider.min) / slider.step == pytest.approx(round((0.5 - slider.min) / slider.step), abs=1e-9)
    assert d.status.value == ""
    assert d.views["curves"].png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "prevalence" in d.views["matrix"].value


def test_matrix_and_rates_follow_the_slider():
    d = threshold_dashboard(Y, S)
    for t in [-1.0, 0.0, 0.7, 1.5, 2.5]:  # one dashboard, moved five times (its first drawing is the slow part)
        d.controls["threshold"].value = t
        t = d.controls["threshold"].value  # the slider snaps to its step
        pred = S >= t
        tn, fp, fn, tp = confusion_matrix(Y, pred).ravel()
        got = shown(d)
        assert (got["TN"], got["FP"], got["FN"], got["TP"]) == (tn, fp, fn, tp), t
        assert float(got["recall"]) == pytest.approx(recall_score(Y, pred), abs=5e-4), t
        assert float(got["FPR"]) == pytest.approx(fp / (fp + tn), abs=5e-4), t
        if pred.any():
            assert float(got["precision"]) == pytest.approx(precision_score(Y, pred), abs=5e-4), t


def test_extreme_thresholds():
    # the slider spans the scores, so at least the top score is always predicted positive
    d = threshold_dashboard([0, 1, 1], [0.1, 0.2, 0.9])
    d.controls["threshold"].value = 0.9
    assert shown(d) == {"TN": 1, "FP": 0, "FN": 1, "TP": 1, "precision": "1.000", "recall": "0.500", "FPR": "0.000"}
    d.controls["threshold"].value = 0.1
    assert shown(d) == {"TN": 0, "FP": 1, "FN": 0, "TP": 2, "precision": "0.667", "recall": "1.000", "FPR": "1.000"}


def test_image_changes_with_threshold():
    """(Speed is measured by bench/bench_widgets.py, not asserted here.)"""
    d = threshold_dashboard(Y, S)
    before = d.views["curves"].value
    for t in np.linspace(-1, 2, 10):
        d.controls["threshold"].value = float(t)
    assert d.views["curves"].value != before
    d.controls["threshold"].value = d.controls["threshold"].min
    low = d.views["curves"].value
    d.controls["threshold"].value = 1.0
    assert d.views["curves"].value != low


def test_bad_data_refused():
    with pytest.raises(ValueError, match="both classes"):
        threshold_dashboard([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="two different scores"):
        threshold_dashboard([0, 1], [0.5, 0.5])
