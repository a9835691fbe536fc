"""Intervals: Wilson against statsmodels-free references, precision coverage on simulated studies."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest, norm

from helpers import precision_at_prevalence, precision_interval, wilson_interval


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_matches_scipy(kn):
    k, n = kn
    low, high = wilson_interval(k, n)
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert low == pytest.approx(ci.low, abs=1e-9)
    assert high == pytest.approx(ci.high, abs=1e-9)


def test_precision_interval_contains_the_estimate_and_narrows_with_data():
    pi = 1e-3
    point = precision_at_prevalence(0.8, 0.01, pi)
    small = precision_interval(8, 2, 10, 990, deploy_prevalence=pi)
    large = precision_interval(800, 200, 1000, 99_000, deploy_prevalence=pi)
    assert small[0] < point < small[1]
    assert large[0] < point < large[1]
    assert large[1] - large[0] < (small[1] - small[0]) / 5


def test_zero_cells_keep_the_interval_defined():
    low, high = precision_interval(10, 0, 0, 500, deploy_prevalence=0.01)
    assert 0 < low < 1 and high == 1.0
    low, high = precision_interval(0, 10, 5, 500, deploy_prevalence=0.01)
    assert low == 0.0 and 0 < high < 1


def _mercaldo_logit(tp, fn, fp, tn, pi):
    """Reference: the adjusted logit interval of Mercaldo et al. (2007), 95 %."""
    z = norm.ppf(0.975)
    z2 = z * z
    n1, n0 = tp + fn + z2, fp + tn + z2
    sens, spec = (tp + z2 / 2) / n1, (tn + z2 / 2) / n0
    centre = np.log(sens * pi / ((1 - spec) * (1 - pi)))
    se = np.sqrt((1 - sens) / (sens * n1) + spec / ((1 - spec) * n0))
    return 1 / (1 + np.exp(-(centre - z * se))), 1 / (1 + np.exp(-(centre + z * se)))


SCENARIOS = [  # sensitivity, specificity, positives and negatives in the test set, deployment prevalence
    (0.8, 0.999, 110, 99_990, 1e-4),  # the seed 000 study
    (0.8, 0.95, 50, 500, 0.01),
    (0.9, 0.99, 30, 300, 0.001),  # about 3 false positives per study
    (0.6, 0.9, 200, 200, 0.05),
    (0.95, 0.995, 100, 1000, 0.02),
    (0.7, 0.98, 20, 2000, 0.1),
    (0.5, 0.999, 10, 1000, 0.01),
]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_coverage_is_near_nominal(scenario):
    sens, spec, n1, n0, pi = scenario
    rng = np.random.default_rng(2024)
    tp = rng.binomial(n1, sens, size=20_000)
    tn = rng.binomial(n0, spec, size=20_000)
    low, high = precision_interval(tp, n1 - tp, n0 - tn, tn, deploy_prevalence=pi)
    truth = precision_at_prevalence(sens, 1 - spec, pi)
    coverage = np.mean((low <= truth) & (truth <= high))
    assert 0.935 <= coverage <= 0.975, coverage  # 20 000 studies: sd of the coverage ~0.0015


def test_the_logit_interval_we_did_not_choose_undercovers_with_few_false_positives():
    sens, spec, n1, n0, pi = 0.9, 0.99, 30, 300, 0.001
    rng = np.random.default_rng(5)
    tp = rng.binomial(n1, sens, size=20_000)
    tn = rng.binomial(n0, spec, size=20_000)
    truth = precision_at_prevalence(sens, 1 - spec, pi)
    lo, hi = _mercaldo_logit(tp, n1 - tp, n0 - tn, tn, pi)
    ours = precision_interval(tp, n1 - tp, n0 - tn, tn, deploy_prevalence=pi)
    assert np.mean((lo <= truth) & (truth <= hi)) < 0.85
    assert np.mean((ours[0] <= truth) & (truth <= ours[1])) > 0.94


def test_confidence_level_is_respected():
    a = precision_interval(40, 10, 20, 480, deploy_prevalence=0.01, confidence=0.8)
    b = precision_interval(40, 10, 20, 480, deploy_prevalence=0.01, confidence=0.99)
    assert b[0] < a[0] < a[1] < b[1]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"tp": 0, "fn": 0, "fp": 1, "tn": 1, "deploy_prevalence": 0.1}, "at least one positive"),
        ({"tp": 1, "fn": 1, "fp": 0, "tn": 0, "deploy_prevalence": 0.1}, "at least one negative"),
        ({"tp": 1, "fn": 1, "fp": 1, "tn": 1, "deploy_prevalence": 1.0}, "deploy_prevalence"),
        ({"tp": -1, "fn": 1, "fp": 1, "tn": 1, "deploy_prevalence": 0.1}, "negative"),
        ({"tp": 1, "fn": 1, "fp": 1, "tn": 1, "deploy_prevalence": 0.1, "confidence": 1.2}, "confidence"),
    ],
)
def test_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        precision_interval(**kwargs)
