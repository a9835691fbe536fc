"""DeLong's AUC interval and paired difference (helpers.delong).

Checked three ways: the AUC equals scikit-learn's; the placements and the
variance equal a slow, obvious O(P N) computation from the pairwise kernel;
the variance agrees with a stratified bootstrap; and, by simulation with
binormal scores, the 95 % intervals (one AUC, and the paired difference)
hold the true value about 95 % of the time.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

from helpers.delong import delong_auc_difference, delong_auc_interval


def _slow_delong(y, scores):
    """AUCs and their covariance from the pairwise kernel psi, by definition (O(P N) memory)."""
    y = np.asarray(y, dtype=bool)
    v10s, v01s = [], []
    for s in scores:
        x, z = np.asarray(s, float)[y], np.asarray(s, float)[~y]
        psi = (x[:, None] > z[None, :]) + 0.5 * (x[:, None] == z[None, :])
        v10s.append(psi.mean(axis=1))
        v01s.append(psi.mean(axis=0))
    v10, v01 = np.array(v10s), np.array(v01s)
    cov = np.atleast_2d(np.cov(v10)) / v10.shape[1] + np.atleast_2d(np.cov(v01)) / v01.shape[1]
    return v10.mean(axis=1), cov


def _binormal(rng, n_pos, n_neg, d_a=1.2, d_b=0.9, rho=0.6):
    """Two correlated binormal models: negatives N(0, 1), positives N(d, 1); AUC = Phi(d / sqrt 2)."""
    cov = [[1, rho], [rho, 1]]
    neg = rng.multivariate_normal([0, 0], cov, size=n_neg)
    pos = rng.multivariate_normal([d_a, d_b], cov, size=n_pos)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    s = np.vstack([pos, neg])
    return y, s[:, 0], s[:, 1]


@settings(deadline=None)
@given(
    y=st.lists(st.booleans(), min_size=3, max_size=40).filter(lambda v: 2 <= sum(v) <= len(v) - 2),
    data=st.data(),
)
def test_auc_and_variance_equal_the_pairwise_definition(y, data):
    n = len(y)
    grid = st.integers(0, 6).map(lambda k: k / 4)  # few values: many ties
    a = np.array(data.draw(st.lists(grid, min_size=n, max_size=n)))
    b = np.array(data.draw(st.lists(grid, min_size=n, max_size=n)))
    aucs, cov = _slow_delong(y, [a, b])
    auc, low, high = delong_auc_interval(y, a)
    assert auc == pytest.approx(roc_auc_score(y, a), abs=1e-12)
    assert auc == pytest.approx(aucs[0], abs=1e-12)
    half = 1.959963984540054 * np.sqrt(max(cov[0, 0], 0))
    assert low == pytest.approx(max(0, auc - half), abs=1e-9)
    assert high == pytest.approx(min(1, auc + half), abs=1e-9)
    diff, dlow, dhigh, p = delong_auc_difference(y, a, b)
    assert diff == pytest.approx(roc_auc_score(y, a) - roc_auc_score(y, b), abs=1e-12)
    se = np.sqrt(max(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1], 0))
    assert dhigh - dlow == pytest.approx(2 * 1.959963984540054 * se, abs=1e-9)
    assert 0 <= p <= 1


@pytest.mark.slow  # a Monte Carlo study: seconds, so not in the fast tier
def test_variance_agrees_with_a_stratified_bootstrap():
    rng = np.random.default_rng(1)
    y, a, b = _binormal(rng, 150, 1500)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    boot_auc, boot_diff = [], []
    for _ in range(300):
        rows = np.r_[rng.choice(pos, pos.size), rng.choice(neg, neg.size)]
        boot_auc.append(roc_auc_score(y[rows], a[rows]))
        boot_diff.append(boot_auc[-1] - roc_auc_score(y[rows], b[rows]))
    _, low, high = delong_auc_interval(y, a)
    _, dlow, dhigh, _ = delong_auc_difference(y, a, b)
    # 300 bootstrap draws estimate a standard deviation to about 4 %; allow 15 %
    assert (high - low) / (2 * 1.96) == pytest.approx(np.std(boot_auc, ddof=1), rel=0.15)
    assert (dhigh - dlow) / (2 * 1.96) == pytest.approx(np.std(boot_diff, ddof=1), rel=0.15)


@pytest.mark.slow  # a Monte Carlo study: seconds, so not in the fast tier
@pytest.mark.parametrize("n_pos, n_neg", [(60, 600), (200, 2000)])
def test_intervals_cover_binormal_truth(n_pos, n_neg):
    rng = np.random.default_rng(7)
    d_a, d_b = 1.2, 0.9
    true_a, true_b = norm.cdf(d_a / np.sqrt(2)), norm.cdf(d_b / np.sqrt(2))
    runs, hit_auc, hit_diff = 600, 0, 0
    for _ in range(runs):
        y, a, b = _binormal(rng, n_pos, n_neg, d_a, d_b)
        _, low, high = delong_auc_interval(y, a)
        _, dlow, dhigh, _ = delong_auc_difference(y, a, b)
        hit_auc += low <= true_a <= high
        hit_diff += dlow <= true_a - true_b <= dhigh
    # 600 runs: a true 95 % coverage lands in [0.925, 0.975] with probability > 0.99
    assert 0.925 <= hit_auc / runs <= 0.975
    assert 0.925 <= hit_diff / runs <= 0.975


def test_paired_interval_is_narrower_than_unpaired():
    y, a, b = _binormal(np.random.default_rng(3), 100, 1000, rho=0.9)
    _, la, ha = delong_auc_interval(y, a)
    _, lb, hb = delong_auc_difference(y, a, b)[:3]
    _, lb2, hb2 = delong_auc_interval(y, b)
    unpaired = np.hypot(ha - la, hb2 - lb2)
    assert hb - lb < 0.6 * unpaired


def test_same_model_twice_differs_by_zero():
    y, a, _ = _binormal(np.random.default_rng(4), 30, 100)
    assert delong_auc_difference(y, a, a) == (0.0, 0.0, 0.0, 1.0)


def test_perfect_separation_has_a_zero_width_interval():
    assert delong_auc_interval([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9]) == (1.0, 1.0, 1.0)


@pytest.mark.parametrize("y, word", [([1, 0, 0, 0], "positive"), ([0, 1, 1, 1], "negative"), ([0, 1], "positive")])
def test_one_positive_or_one_negative_is_refused_with_the_way_on(y, word):
    """One positive gave (1.0, 1.0, 1.0): an interval of zero width from a single case."""
    s = np.linspace(0.9, 0.1, len(y))
    with pytest.raises(ValueError, match=rf"^y_true has one {word}: delong_auc_interval needs at least two "
                                         r"positives and two negatives .*use helpers\.small_sample_auc\."
                                         r"newcombe_auc_interval$"):
        delong_auc_interval(y, s)
    with pytest.raises(ValueError, match=rf"^y_true has one {word}: delong_auc_difference needs at least two "
                                         r"positives and two negatives \(DeLong's variance of a class with one "
                                         r"member is undefined\); collect more cases of that class to compare the "
                                         r"models$"):
        delong_auc_difference(y, s, s[::-1])


def test_two_of_each_class_is_enough():
    # two positives, two negatives, one pair out of order: AUC 3/4; placements V10 = (1, 1/2), V01 = (1, 1/2)
    auc, low, high = delong_auc_interval([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    se = np.sqrt(np.var([1, 0.5], ddof=1) / 2 * 2)
    assert (auc, low, high) == pytest.approx((0.75, max(0, 0.75 - 1.959963984540054 * se), 1.0))
    assert delong_auc_difference([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1], [0.9, 0.1, 0.8, 0.7])[0] == pytest.approx(-0.25)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: delong_auc_interval([[0, 1], [1, 0]], [[1, 2], [3, 4]]),
         r"^y_true must be a one-dimensional array of 0/1 labels, got shape \(2, 2\)"),
        (lambda: delong_auc_interval([0, 0, 0], [1, 2, 3]),
         r"^y_true must hold both classes \(at least one positive and one negative\)"),
        (lambda: delong_auc_interval([1, 1], [1, 2]), r"^y_true must hold both classes"),
        (lambda: delong_auc_interval([0, 1, 2], [1, 2, 3]), r"^y_true must hold 0/1 \(or True/False\) labels"),
        (lambda: delong_auc_interval([0, 1, 1], [1, 2]),
         r"^y_score must have one score per row of y_true \(3\), got shape \(2,\)"),
        (lambda: delong_auc_interval([0, 1, 1, 0], ["a", "b", "c", "d"]), r"^y_score must hold numbers"),
        (lambda: delong_auc_interval([0, 1, 1], [1, np.nan, 2]),
         r"^y_score must hold finite numbers \(no NaN or infinity\)"),
        (lambda: delong_auc_interval([0, 1, 1], [1, 2, 3], confidence=1.0),
         r"^confidence must be strictly between 0 and 1"),
        (lambda: delong_auc_difference([0, 1, 1], [1, 2, 3], [1, 2]), r"^score_b must have one score per row"),
        (lambda: delong_auc_difference([0, 1, 1, 0], [1, 2, 3, 4], [4, 3, 2, 1], confidence=1.5),
         r"^confidence must be strictly between 0 and 1, got 1\.5$"),
        (lambda: delong_auc_difference([0, 1, 1], [1, 2], [1, 2, 3]), r"^score_a must have one score per row"),
    ],
)
def test_bad_input_names_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_true_false_labels_are_read_as_positives_and_negatives():
    y, s = [True, False, True, False, False], [0.9, 0.1, 0.4, 0.5, 0.2]
    assert delong_auc_interval(y, s) == delong_auc_interval([1, 0, 1, 0, 0], s)
    assert delong_auc_interval(y, s)[0] == pytest.approx(roc_auc_score(y, s))
