"""recall@k and precision@k on unlabeled data against a slow reference; their intervals against scipy."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binom, binomtest, hypergeom

from helpers import precision_at_k_unlabeled, recall_at_k_unlabeled
from helpers.unlabeled import class_size_from_audit, precision_at_k_interval

scores = st.lists(st.integers(0, 10).map(lambda v: v / 10), min_size=1, max_size=40)


@given(scores, scores)
def test_recall_at_k_matches_a_loop(pos, unlabeled):
    got = recall_at_k_unlabeled(pos, unlabeled)
    ranked = sorted(unlabeled, reverse=True)
    expected = [sum(p >= ranked[k] for p in pos) / len(pos) for k in range(len(ranked))]
    np.testing.assert_allclose(got, expected)
    assert np.all(np.diff(got) >= 0)


def test_precision_at_k_formula_and_values_above_one():
    r = np.array([0.1, 0.5, 1.0, 1.0])
    np.testing.assert_allclose(precision_at_k_unlabeled(r, class_size=4), [0.4, 1.0, 4 / 3, 1.0])


def test_perfect_model_gives_a_straight_line_up_to_the_class_size():
    rng = np.random.default_rng(0)
    pos_test = rng.uniform(0.6, 1.0, 500)
    pool = np.concatenate([rng.uniform(0.6, 1.0, 200), rng.uniform(0.0, 0.5, 800)])
    r = recall_at_k_unlabeled(pos_test, pool)
    assert r[199] >= 0.98  # the 200th pool score is the lowest pool positive
    assert r[200] == 1.0  # from the first negative on, every test positive is above the threshold
    assert r[99] == pytest.approx(0.5, abs=0.1)  # straight line: half the class at half its size
    assert precision_at_k_unlabeled(r, class_size=200)[200] == pytest.approx(200 / 201)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: recall_at_k_unlabeled([], [0.1]), "test_scores_pos"),
        (lambda: recall_at_k_unlabeled([0.1], [np.nan]), "unlabeled_scores"),
        (lambda: precision_at_k_unlabeled([0.5], class_size=0), "class_size"),
        (lambda: precision_at_k_unlabeled([1.5], class_size=3), "recall"),
    ],
)
def test_bad_arguments(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# --------------------------------------------------------------------------- precision_at_k_interval


@given(scores, scores, st.integers(1, 500), st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_precision_at_k_interval_is_clopper_pearson_times_c_over_k(pos, unlabeled, class_size, confidence):
    low, high = precision_at_k_interval(pos, unlabeled, class_size=class_size, confidence=confidence)
    ranked = sorted(unlabeled, reverse=True)
    exact = {}  # scipy's interval for each count of test positives above the threshold
    for k in range(1, len(ranked) + 1):
        x = sum(p >= ranked[k - 1] for p in pos)
        if x not in exact:
            exact[x] = binomtest(x, len(pos)).proportion_ci(confidence_level=confidence, method="exact")
        assert low[k - 1] == pytest.approx(exact[x].low * class_size / k, rel=1e-7, abs=1e-12)
        assert high[k - 1] == pytest.approx(exact[x].high * class_size / k, rel=1e-7, abs=1e-12)
    estimate = precision_at_k_unlabeled(recall_at_k_unlabeled(pos, unlabeled), class_size=class_size)
    assert np.all(low <= estimate + 1e-12) and np.all(estimate <= high + 1e-12)


def _recall_interval(x: int, n: int) -> tuple[float, float]:
    """The interval of recall x / n, read off precision_at_k_interval at k = 1 with class size 1."""
    low, high = precision_at_k_interval([1.0] * x + [0.0] * (n - x), [0.5], class_size=1)
    return low[0], high[0]


@pytest.mark.parametrize("n", [5, 18, 60])
def test_precision_at_k_interval_coverage_is_at_least_nominal(n):
    """Exact binomial coverage over a grid of true recalls: sum of P(x) over the x whose interval holds it."""
    intervals = [_recall_interval(x, n) for x in range(n + 1)]
    for q in np.linspace(0.01, 0.99, 99):
        coverage = sum(binom.pmf(x, n, q) for x, (lo, hi) in enumerate(intervals) if lo <= q <= hi)
        assert coverage >= 0.95 - 1e-9, (n, q, coverage)


def test_precision_at_k_interval_can_exceed_one_like_the_estimate():
    low, high = precision_at_k_interval([0.9, 0.2, 0.1], [0.5, 0.05], class_size=2)
    assert high[0] > 1  # one of three test positives above the top pool score: precision@1 up to 2 * 0.99
    assert low[1] == pytest.approx(binomtest(3, 3).proportion_ci(method="exact").low * 2 / 2)


# --------------------------------------------------------------------------- class_size_from_audit


@given(st.integers(1, 300), st.data())
def test_class_size_from_audit_is_clopper_pearson_times_pool_size(audited, data):
    members = data.draw(st.integers(0, audited))
    pool_size = data.draw(st.integers(audited, 5_000))
    est, low, high = class_size_from_audit(members, audited, pool_size=pool_size)
    ci = binomtest(members, audited).proportion_ci(confidence_level=0.95, method="exact")
    assert est == pytest.approx(pool_size * members / audited)
    assert low == pytest.approx(pool_size * ci.low, rel=1e-7, abs=1e-9)
    assert high == pytest.approx(pool_size * ci.high, rel=1e-7, abs=1e-9)
    assert low <= est <= high


@pytest.mark.parametrize(("class_size", "audited"), [(89, 200), (30, 100), (300, 50), (5, 600)])
def test_class_size_from_audit_covers_under_sampling_without_replacement(class_size, audited):
    """Exact coverage when the audit draws without replacement from a pool of 1 256 (hypergeometric counts)."""
    pool = 1_256
    members = np.arange(audited + 1)
    pmf = hypergeom.pmf(members, pool, class_size, audited)
    holds = [low <= class_size <= high for low, high in
             (class_size_from_audit(int(m), audited, pool_size=pool)[1:] for m in members)]
    assert pmf[holds].sum() >= 0.95


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: precision_at_k_interval([0.5], [0.4], class_size=-1), "class_size"),
        (lambda: precision_at_k_interval([0.5], [0.4], class_size=3, confidence=1.0), "confidence"),
        (lambda: class_size_from_audit(5, 0, pool_size=10), "audited"),
        (lambda: class_size_from_audit(6, 5, pool_size=10), "members"),
        (lambda: class_size_from_audit(1, 20, pool_size=10), "pool_size"),
        (lambda: class_size_from_audit(1.5, 5, pool_size=10), "members"),
    ],
)
def test_interval_bad_arguments(call, match):
    with pytest.raises(ValueError, match=match):
        call()
