"""Newcombe's small-sample AUC interval (helpers.small_sample_auc).

Checked against an independent computation: the ends are the real roots in
[0, 1] of the quartic that ``(auc - theta)^2 = z^2 V(theta)`` becomes once
multiplied by ``(2 - theta)(1 + theta)`` (how R's auRoc package computes it),
and with one positive and one negative the interval is Wilson's for one
trial. The AUC equals scikit-learn's on the rows, the counts version equals
the rows version, and a simulation (slow tier) checks the coverage that
DeLong's interval misses with few positives.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.polynomial import Polynomial
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

from helpers.delong import delong_auc_interval
from helpers.intervals import wilson_interval
from helpers.small_sample_auc import (
    newcombe_auc_bounds,
    newcombe_auc_interval,
    newcombe_auc_interval_from_counts,
)


def _quartic_roots(auc: float, n_pos: int, n_neg: int, confidence: float) -> np.ndarray:
    """Real roots in [0, 1] of P N (auc - t)^2 (2 - t)(1 + t) - z^2 t (1 - t) [(2 - t)(1 + t) + (N* - 1) q(t)]."""
    z = norm.ppf((1 + confidence) / 2)
    t = Polynomial([0, 1])
    n_star = (n_pos + n_neg) / 2
    q = (1 - t) * (1 + t) + t * (2 - t)  # (1 - t)/(2 - t) + t/(1 + t), times (2 - t)(1 + t)
    lhs = n_pos * n_neg * (auc - t) ** 2 * (2 - t) * (1 + t)
    poly = lhs - z**2 * t * (1 - t) * ((2 - t) * (1 + t) + (n_star - 1) * q)
    roots = poly.roots()
    real = roots[np.abs(roots.imag) < 1e-7].real
    return np.sort(real[(real > -1e-9) & (real < 1 + 1e-9)])


@settings(deadline=None)
@given(
    n_pos=st.integers(1, 200),
    n_neg=st.integers(1, 200),
    share=st.floats(0, 1),
    confidence=st.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99]),
)
def test_ends_are_the_two_roots_of_the_quartic(n_pos, n_neg, share, confidence):
    auc = round(share * 2 * n_pos * n_neg) / (2 * n_pos * n_neg)  # an AUC these class sizes can give
    low, high = newcombe_auc_bounds(auc, n_pos, n_neg, confidence=confidence)
    roots = _quartic_roots(auc, n_pos, n_neg, confidence)
    assert roots.size == 2, roots  # one end on each side of auc: the confidence set is an interval
    assert (low, high) == pytest.approx(tuple(roots), abs=1e-7)
    assert 0 <= low <= auc <= high <= 1
    assert high - low > 0
    assert (low == 0) == (auc == 0) and (high == 1) == (auc == 1)  # exact ends, no clipping


def test_one_positive_and_one_negative_is_wilson_for_one_trial():
    # P = N = 1: N* - 1 = 0 and V(theta) = theta (1 - theta), Wilson's variance for n = 1
    assert newcombe_auc_bounds(1.0, 1, 1) == pytest.approx(wilson_interval(1, 1), abs=1e-12)
    assert newcombe_auc_bounds(0.0, 1, 1, confidence=0.9) == pytest.approx(
        wilson_interval(0, 1, confidence=0.9), abs=1e-12)
    z = norm.ppf(0.975)
    half = z / (1 + z * z) * np.sqrt(0.25 + z * z / 4)  # Wilson's formula at p = 1/2, n = 1
    assert newcombe_auc_bounds(0.5, 1, 1) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-12)


def test_ends_solve_the_defining_equation():
    z2 = norm.ppf(0.975) ** 2
    for auc, p, n in [(0.7, 3, 40), (1.0, 1, 50), (0.0, 2, 9), (0.25, 1000, 10**6)]:
        n_star = (p + n) / 2
        for theta in newcombe_auc_bounds(auc, p, n):
            if theta in (0.0, 1.0):
                continue
            v = theta * (1 - theta) * (1 + (n_star - 1) * ((1 - theta) / (2 - theta) + theta / (1 + theta))) / (p * n)
            assert (auc - theta) ** 2 == pytest.approx(z2 * v, rel=1e-9)


def test_mirror_and_class_swap_symmetry():
    low, high = newcombe_auc_bounds(0.83, 4, 70)
    assert newcombe_auc_bounds(0.17, 4, 70) == pytest.approx((1 - high, 1 - low), abs=1e-12)
    assert newcombe_auc_bounds(0.83, 70, 4) == pytest.approx((low, high), abs=1e-12)


def test_more_data_narrows_and_more_confidence_widens():
    widths = [np.subtract(*newcombe_auc_bounds(0.9, p, 100)[::-1]) for p in (1, 3, 10, 30, 100)]
    assert np.all(np.diff(widths) < 0)
    by_conf = [np.subtract(*newcombe_auc_bounds(0.9, 3, 100, confidence=c)[::-1]) for c in (0.5, 0.8, 0.95, 0.99)]
    assert np.all(np.diff(by_conf) > 0)


def test_the_issue_example_gets_an_honest_interval():
    """One positive above three negatives: AUC 1, and an interval that says how little one positive tells."""
    auc, low, high = newcombe_auc_interval([1, 0, 0, 0], [0.9, 0.1, 0.5, 0.3])
    assert auc == 1.0 and high == 1.0
    assert low == pytest.approx(_quartic_roots(1.0, 1, 3, 0.95)[0], abs=1e-9)
    assert 0.2 < low < 0.5


def _count_rows(y, s):
    """score, n_pos, n_neg per distinct score, as a GROUP BY score gives them."""
    scores, where = np.unique(s, return_inverse=True)
    return scores, np.bincount(where, weights=y, minlength=scores.size).astype(int), np.bincount(
        where, weights=1 - y, minlength=scores.size).astype(int)


@settings(deadline=None)
@given(
    rows=st.lists(st.tuples(st.booleans(), st.integers(0, 6)), min_size=2, max_size=60).filter(
        lambda r: 0 < sum(y for y, _ in r) < len(r)),
    confidence=st.sampled_from([0.8, 0.95]),
    seed=st.integers(0, 2**16),
)
def test_rows_and_counts_agree_and_the_auc_is_sklearns(rows, confidence, seed):
    y = np.array([r[0] for r in rows], int)
    s = np.array([r[1] for r in rows]) / 4  # few values: many ties
    by_rows = newcombe_auc_interval(y, s, confidence=confidence)
    assert by_rows[0] == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert by_rows[1:] == newcombe_auc_bounds(by_rows[0], int(y.sum()), int((1 - y).sum()), confidence=confidence)
    score, n_pos, n_neg = _count_rows(y, s)
    assert newcombe_auc_interval_from_counts(score, n_pos, n_neg, confidence=confidence) == pytest.approx(
        by_rows, abs=1e-12)
    # any order, and a score split over several entries (partial GROUP BYs concatenated), give the same
    order = np.random.default_rng(seed).permutation(2 * score.size)
    half_pos, half_neg = n_pos // 2, n_neg // 2
    split = (np.r_[score, score][order], np.r_[half_pos, n_pos - half_pos][order],
             np.r_[half_neg, n_neg - half_neg][order])
    assert newcombe_auc_interval_from_counts(*split, confidence=confidence) == pytest.approx(by_rows, abs=1e-12)


def test_the_confidence_is_passed_on_from_rows_and_from_counts():
    by_rows = newcombe_auc_interval([1, 0, 1, 0, 0], [0.9, 0.8, 0.4, 0.3, 0.1], confidence=0.8)
    by_counts = newcombe_auc_interval_from_counts([0.9, 0.8, 0.4, 0.3, 0.1], [1, 0, 1, 0, 0], [0, 1, 0, 1, 1],
                                                  confidence=0.8)
    expected = newcombe_auc_bounds(5 / 6, 2, 3, confidence=0.8)
    assert by_rows == by_counts == (pytest.approx(5 / 6), *expected)
    assert expected[1] - expected[0] < np.subtract(*newcombe_auc_bounds(5 / 6, 2, 3)[::-1])


def test_counts_may_be_whole_floats_and_zero_rows_are_ignored():
    a = newcombe_auc_interval_from_counts([0.9, 0.7, 0.5, 0.1], [2, 0, 1, 0], [0, 0, 3, 5])
    b = newcombe_auc_interval_from_counts([0.9, 0.5, 0.1], [2.0, 1.0, 0.0], [0.0, 3.0, 5.0])
    assert a == b
    y = np.r_[1, 1, 1, np.zeros(8, int)]
    s = np.r_[0.9, 0.9, 0.5, 0.5, 0.5, 0.5, np.full(5, 0.1)]
    assert a == pytest.approx(newcombe_auc_interval(y, s), abs=1e-12)


def test_two_rows_are_enough_and_one_is_refused():
    assert newcombe_auc_interval([0, 1], [0.2, 0.7]) == (1.0, *newcombe_auc_bounds(1.0, 1, 1))
    with pytest.raises(ValueError, match=r"^y_true must hold both classes"):
        newcombe_auc_interval([1], [0.7])


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: newcombe_auc_bounds(1.2, 3, 4), r"^auc must be a rate between 0 and 1, got 1\.2"),
        (lambda: newcombe_auc_bounds(0.5, 0, 4), r"^positives must be at least 1: an AUC needs a positive"),
        (lambda: newcombe_auc_bounds(0.5, 3, 0), r"^negatives must be at least 1: an AUC needs a positive"),
        (lambda: newcombe_auc_bounds(0.5, 2.5, 4), r"^positives must be a whole number >= 0"),
        (lambda: newcombe_auc_bounds(0.5, 3, -4), r"^negatives must be a whole number >= 0"),
        (lambda: newcombe_auc_bounds(0.5, 3, 4, confidence=1), r"^confidence must be strictly between 0 and 1"),
        (lambda: newcombe_auc_interval([[0, 1]], [[0.1, 0.2]]), r"^y_true must be a one-dimensional array"),
        (lambda: newcombe_auc_interval([0, 0], [0.1, 0.2]), r"^y_true must hold both classes"),
        (lambda: newcombe_auc_interval([0, 1], [0.1]), r"^y_score must have one score per row of y_true \(2\)"),
        (lambda: newcombe_auc_interval([0, 1], [0.1, 0.2], confidence=0), r"^confidence must be strictly"),
        (lambda: newcombe_auc_interval_from_counts([0.1, np.nan], [1, 0], [0, 1]), r"^score must be finite"),
        (lambda: newcombe_auc_interval_from_counts([0.1, 0.2], [1, 0, 0], [0, 1]),
         r"^n_pos must have one count per score \(2\), got shape \(3,\)"),
        (lambda: newcombe_auc_interval_from_counts([0.1, 0.2], [1, 0], [1]),
         r"^n_neg must have one count per score \(2\), got shape \(1,\)"),
        (lambda: newcombe_auc_interval_from_counts([0.1, 0.2], [1, -1], [0, 1]), r"^n_pos must hold whole numbers"),
        (lambda: newcombe_auc_interval_from_counts([0.1, 0.2], [1, 0], [0.5, 1]), r"^n_neg must hold whole numbers"),
        (lambda: newcombe_auc_interval_from_counts([0.1, 0.2], [0, 0], [2, 1]),
         r"^n_pos must count at least one row: an AUC needs both classes"),
        (lambda: newcombe_auc_interval_from_counts([0.1, 0.2], [1, 3], [0, 0]),
         r"^n_neg must count at least one row: an AUC needs both classes"),
        (lambda: newcombe_auc_interval_from_counts([0.1, 0.2], [1, 3], [0, 1], confidence=2),
         r"^confidence must be strictly"),
    ],
)
def test_bad_input_gets_a_message_naming_it(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.slow  # a Monte Carlo study: seconds, so not in the fast tier
@pytest.mark.parametrize("n_pos", [1, 3, 10])
def test_coverage_with_few_positives_where_delong_fails(n_pos):
    """Binormal scores (negatives N(0, 1), positives N(d, 1)), true AUC 0.9, 200 negatives, 1 000 studies."""
    rng = np.random.default_rng(n_pos)
    true_auc, n_neg, runs = 0.9, 200, 1000
    d = np.sqrt(2) * norm.ppf(true_auc)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    hits = delong_hits = 0
    for _ in range(runs):
        s = np.r_[rng.normal(d, 1, n_pos), rng.normal(0, 1, n_neg)]
        _, low, high = newcombe_auc_interval(y, s)
        hits += low <= true_auc <= high
        if n_pos > 1:
            _, dlow, dhigh = delong_auc_interval(y, s)
            delong_hits += dlow <= true_auc <= dhigh
    # 1 000 runs: a coverage of 0.95 lands in [0.93, 0.97] with probability 0.99; Newcombe's interval is a
    # little conservative at high AUC (0.94-0.97 in a wider study), hence the 0.985
    assert 0.93 <= hits / runs <= 0.985
    if n_pos > 1:
        assert delong_hits / runs < 0.9  # what the small-sample interval is for
