"""The report's calibration check: each group's share of real cases against its MEAN score.

The check used to compare the share with the group's range of scores, which the top group (scores 0.028 to 0.991 on
the screening file) cannot fail: the screening scores refitted with logit slope 0.5 (mean score 0.038 in the top
group, 0.105 of it real cases) were called calibrated. The count table keeps a run of scores without positives as one
row at its lowest score, so the mean is bounded from the table: every test here fails on the code before this fix.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import expit, logit

from helpers.report.analysis import analyse
from helpers.report.count import count_scores
from helpers.report.page import page_html
from helpers.threshold_rules import threshold_rule

SCREENING = Path(__file__).resolve().parents[1] / "data" / "screening_predictions.csv"


def _model(y, s, rule=None):
    return analyse({"y_score": count_scores(y, s)}, deploy_prevalence=0.01, rule=rule).models[0]


@pytest.fixture(scope="module")
def screening():
    return pd.read_csv(SCREENING)


def test_the_screening_scores_pass(screening):
    m = _model(screening["y_true"], screening["y_score"])
    assert m.calibrated
    assert "mean score" in m.calibration_note


def test_scores_refitted_with_slope_one_half_fail(screening):
    """``expit(0.5 logit(s) - 2.1)``: the top group's mean score is 0.038, its share of real cases 0.105."""
    y, s = screening["y_true"].to_numpy(), screening["y_score"].to_numpy()
    m = _model(y, np.round(expit(0.5 * logit(s) - 2.1), 8))
    top = m.calibration.iloc[0]
    assert top["mean score from"] == pytest.approx(0.038, abs=1e-3)
    assert top["mean score to"] < 0.04 < 0.105 == pytest.approx(top["share positive"], abs=1e-3)
    assert not m.calibrated
    assert "not calibrated" in m.calibration_note


@pytest.mark.parametrize("factor", [0.5, 2.0])
def test_scores_scaled_by_a_constant_fail_in_the_direction_they_err(screening, factor):
    y, s = screening["y_true"].to_numpy(), screening["y_score"].to_numpy()
    m = _model(y, np.clip(s * factor, 0, 1))
    assert not m.calibrated
    assert ("understate" if factor < 1 else "overstate") in m.calibration_note


def test_the_page_reads_the_mean_score(screening):
    y, s = screening["y_true"].to_numpy(), screening["y_score"].to_numpy()
    result = analyse({"y_score": count_scores(y, np.round(expit(0.5 * logit(s) - 2.1), 8))}, deploy_prevalence=0.01,
                     rule=threshold_rule(at_recall=0.8))
    text = html.unescape(re.sub(r"<[^>]+>", " ", page_html(result, {"file": "cal_half.csv"})))
    assert "equals the group's mean score" in text
    assert "look calibrated" not in text and "not calibrated probabilities" in text
    assert re.search(r"0\.0381 to 0\.0386\s+1966\s+207\s+0\.105", text)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), positives=st.integers(1, 40), negatives=st.integers(1, 400),
       digits=st.integers(1, 4))
def test_each_groups_exact_mean_lies_within_its_bounds(seed, positives, negatives, digits):
    """The bounds hold the mean of the group's own scores, ties and merged runs of negatives included."""
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(positives, dtype=int), np.zeros(negatives, dtype=int)]
    s = np.round(expit(rng.normal(-2 + 2 * y, 1.5)), digits)
    m = _model(y, s)
    if m.calibration is None:
        return
    cal = m.calibration
    upper = np.r_[np.inf, cal["scores from"].to_numpy()[:-1]]  # a group's scores lie below the group above's lowest
    counted = 0
    for (_, row), top in zip(cal.iterrows(), upper, strict=True):
        mine = s[(s >= row["scores from"]) & (s < top)]
        counted += mine.size
        assert mine.size == row["cases"]
        assert row["mean score from"] - 1e-12 <= mine.mean() <= row["mean score to"] + 1e-12
    assert counted == s.size
