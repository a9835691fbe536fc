"""helpers.ap_bootstrap: every draw's AP is scikit-learn's AP on the drawn rows; draws keep each class's size."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score

from helpers.ap_bootstrap import average_precision_draws, average_precision_interval, class_resample_counts

labelled_scores = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.lists(st.integers(0, 6).map(lambda k: k / 6), min_size=n, max_size=n),  # many ties
        st.integers(0, 2**32 - 1),
    )
)


@settings(max_examples=60, deadline=None)
@given(labelled_scores, st.sampled_from([None, 0.3, 7.0]))
def test_each_draw_is_sklearns_ap_on_the_drawn_rows(case, negative_weight):
    y, s, seed = np.array(case[0]), np.array(case[1]), case[2]
    w = None if negative_weight is None else np.where(y == 1, 1.0, negative_weight)
    counts = class_resample_counts(y, 5, rng=seed)
    draws = average_precision_draws(y, s, counts, sample_weight=w)
    for b in range(5):
        rows = np.repeat(np.arange(y.size), counts[b])
        expected = average_precision_score(y[rows], s[rows], sample_weight=None if w is None else w[rows])
        assert draws[b] == pytest.approx(expected, abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(labelled_scores)
def test_draws_keep_each_class_size_and_the_estimate_is_the_test_sets_ap(case):
    y, s, seed = np.array(case[0]), np.array(case[1]), case[2]
    counts = class_resample_counts(y, 50, rng=seed)
    assert np.all(counts[:, y == 1].sum(axis=1) == y.sum())
    assert np.all(counts[:, y == 0].sum(axis=1) == (y == 0).sum())
    est, low, high = average_precision_interval(y, s, n_resamples=50, rng=seed)
    assert est == pytest.approx(average_precision_score(y, s), abs=1e-12)
    assert low <= high


def test_the_paired_difference_is_zero_for_the_same_scores_and_the_interval_narrows_with_more_rows():
    rng = np.random.default_rng(0)
    y = np.r_[np.zeros(900, int), np.ones(100, int)]
    s = np.r_[rng.normal(0, 1, 900), rng.normal(1.5, 1, 100)]
    assert average_precision_interval(y, s, other_score=s, n_resamples=200) == (0.0, 0.0, 0.0)
    _, low, high = average_precision_interval(y, s, n_resamples=500, rng=1)
    yy, ss = np.tile(y, 4), np.r_[s, s + 1e-9, s + 2e-9, s + 3e-9]  # four times the rows, same distribution
    _, low4, high4 = average_precision_interval(yy, ss, n_resamples=500, rng=1)
    assert (high4 - low4) < 0.7 * (high - low)  # about half as wide (1 / sqrt(4))


def test_coverage_of_the_percentile_interval_on_a_smooth_case():
    # AP of a population with known AP, estimated from samples of 600: the interval holds it most of the time
    rng = np.random.default_rng(5)
    big_y = np.r_[np.zeros(200_000, int), np.ones(40_000, int)]
    big_s = np.r_[rng.normal(0, 1, 200_000), rng.normal(1.5, 1, 40_000)]
    truth = average_precision_score(big_y, big_s)
    hits = 0
    for k in range(40):
        idx = np.r_[rng.choice(200_000, 500), 200_000 + rng.choice(40_000, 100)]
        _, low, high = average_precision_interval(big_y[idx], big_s[idx], n_resamples=400, rng=k)
        hits += low <= truth <= high
    assert hits >= 32  # nominal 95 %: 38 of 40 expected; a broken interval covers far less


@pytest.mark.parametrize("bad, message", [
    (dict(y_true=[1, 1, 1]), "both classes"),
    (dict(n_resamples=0), "n_resamples"),
    (dict(confidence=1.5), "confidence"),
])
def test_bad_arguments_are_named(bad, message):
    args = dict(y_true=[0, 1, 0, 1], y_score=[0.1, 0.9, 0.3, 0.5], n_resamples=10, confidence=0.95)
    args.update(bad)
    if len(args["y_true"]) != len(args["y_score"]):
        args["y_score"] = [0.5] * len(args["y_true"])
    with pytest.raises(ValueError, match=message):
        average_precision_interval(args["y_true"], args["y_score"], n_resamples=args["n_resamples"],
                                   confidence=args["confidence"])


def test_counts_of_the_wrong_shape_are_refused():
    with pytest.raises(ValueError, match="draws must be an array"):
        average_precision_draws([0, 1, 0], [0.1, 0.2, 0.3], np.ones((2, 4)))
