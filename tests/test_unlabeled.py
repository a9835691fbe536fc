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


# --------------------------------------------------------------------------- simultaneous band, exact coverage

from helpers.unlabeled import (  # noqa: E402
    class_size_interval_coverage,
    precision_at_k_coverage,
    simultaneous_band,
)


def test_simultaneous_band_matches_sidak_for_independent_normal_columns():
    # d independent N(0, 1) columns: P(max |Z| <= q) = (2 Phi(q) - 1)^d = 0.95 gives Sidak's q
    from scipy.stats import norm

    d = 10
    curves = np.random.default_rng(0).normal(size=(40_000, d))
    low, high = simultaneous_band(curves, confidence=0.95)
    q_sidak = norm.ppf((1 + 0.95 ** (1 / d)) / 2)
    np.testing.assert_allclose(high, q_sidak, atol=0.05)
    np.testing.assert_allclose(low, -q_sidak, atol=0.05)


@given(st.integers(0, 10_000), st.integers(3, 60), st.integers(1, 8), st.sampled_from([0.5, 0.8, 0.95]))
def test_simultaneous_band_holds_whole_rows_and_matches_a_loop(seed, rows, cols, confidence):
    curves = np.random.default_rng(seed).integers(0, 4, size=(rows, cols)).astype(float)
    low, high = simultaneous_band(curves, confidence=confidence)
    inside = np.all((curves >= low - 1e-12) & (curves <= high + 1e-12), axis=1)
    assert inside.mean() >= confidence
    # slow reference: the same band from explicit loops
    m = [sum(curves[i, k] for i in range(rows)) / rows for k in range(cols)]
    s = [(sum((curves[i, k] - m[k]) ** 2 for i in range(rows)) / (rows - 1)) ** 0.5 for k in range(cols)]
    worst = []
    for i in range(rows):
        devs = [abs(curves[i, k] - m[k]) / s[k] if s[k] > 0 else (np.inf if curves[i, k] != m[k] else 0.0)
                for k in range(cols)]
        worst.append(max(devs))
    worst.sort()
    q = worst[int(np.ceil(confidence * rows)) - 1]
    np.testing.assert_allclose(high, np.array(m) + q * np.array(s), rtol=1e-9)


def test_pointwise_band_is_left_by_many_curves_the_simultaneous_one_by_few():
    curves = np.random.default_rng(1).normal(size=(4_000, 50))
    lo, hi = np.percentile(curves[:2_000], [2.5, 97.5], axis=0)
    low, high = simultaneous_band(curves[:2_000])
    fresh = curves[2_000:]
    assert np.mean(np.any((fresh < lo) | (fresh > hi), axis=1)) > 0.7
    assert np.mean(np.any((fresh < low) | (fresh > high), axis=1)) == pytest.approx(0.05, abs=0.02)


def _cp(x, n):
    return binomtest(int(x), n).proportion_ci(0.95, method="exact") if n else (0.0, 1.0)


@pytest.mark.parametrize("recall", [0.5, 0.9, 0.99])
@pytest.mark.parametrize("target", ["expected", "realised"])
@pytest.mark.slow  # a Monte Carlo study: the full suite runs it, the fast tier does not
def test_precision_at_k_coverage_against_simulation(recall, target):
    n, size, draws = 18, 90, 20_000
    rng = np.random.default_rng(int(recall * 100))
    x = rng.binomial(n, recall, draws)
    t = rng.binomial(size, recall, draws) if target == "realised" else np.full(draws, recall * size)
    ends = {v: _cp(v, n) for v in range(n + 1)}
    hit = [ends[xi][0] * size <= ti <= ends[xi][1] * size for xi, ti in zip(x, t, strict=True)]
    got = precision_at_k_coverage(recall, n_test_pos=n, class_size=size, target=target)
    assert got == pytest.approx(np.mean(hit), abs=4 * np.sqrt(got * (1 - got) / draws) + 1e-3)


def test_expected_target_is_covered_at_least_nominally_the_realised_one_less():
    for r in [0.3, 0.6, 0.9, 0.99]:
        assert precision_at_k_coverage(r, n_test_pos=18, class_size=90) >= 0.95
    assert precision_at_k_coverage(0.99, n_test_pos=18, class_size=90, target="realised") < 0.94


@pytest.mark.parametrize("recall", [0.8, 0.97])
def test_combined_audit_coverage_against_simulation(recall):
    n, size, big_n, audited, draws = 18, 90, 1256, 200, 20_000
    rng = np.random.default_rng(5)
    x = rng.binomial(n, recall, draws)
    m = rng.hypergeometric(size, big_n - size, audited, draws)
    rec = {v: _cp(v, n) for v in range(n + 1)}
    aud = {v: class_size_from_audit(int(v), audited, pool_size=big_n)[1:] for v in np.unique(m)}
    hit = [rec[xi][0] * aud[mi][0] <= recall * size <= rec[xi][1] * aud[mi][1] for xi, mi in zip(x, m, strict=True)]
    got = precision_at_k_coverage(recall, n_test_pos=n, class_size=size, pool_size=big_n, audited=audited)
    assert got == pytest.approx(np.mean(hit), abs=4 * np.sqrt(got * (1 - got) / draws) + 1e-3)
    assert got >= 1 - 2 * 0.05  # Bonferroni: each of the two intervals misses at most 5 %


def test_class_size_interval_coverage_against_a_sum_over_hypergeometric_audits():
    size, big_n, audited = 90, 1256, 200
    expected = sum(
        hypergeom.pmf(m, big_n, size, audited)
        for m in range(audited + 1)
        if (lambda lo_hi: lo_hi[0] <= size <= lo_hi[1])(class_size_from_audit(m, audited, pool_size=big_n)[1:])
    )
    assert class_size_interval_coverage(size, pool_size=big_n, audited=audited) == pytest.approx(expected, abs=1e-12)
    # auditing the whole pool finds C exactly; the binomial interval still contains it
    assert class_size_interval_coverage(30, pool_size=100, audited=100) == pytest.approx(1.0)


from helpers.unlabeled import ideal_ranking_p_value  # noqa: E402


@pytest.mark.parametrize("j", [1, 2, 3])
def test_ideal_ranking_p_value_against_a_simulated_ideal_study(j):
    # an ideal ranking: every member above every other pool item; test and pool members from one distribution
    rng = np.random.default_rng(j)
    n, size, draws = 18, 90, 40_000
    test_pos, pool_pos = rng.normal(size=(draws, n)), rng.normal(size=(draws, size))
    below = np.sum(test_pos < pool_pos.min(axis=1, keepdims=True), axis=1)  # under the C-th pool score
    # the same count through recall@k, for a few studies (pool: members plus far lower look-unlikes)
    for i in range(20):
        pool = np.r_[pool_pos[i], rng.normal(-10, 1, 300)]
        assert below[i] == n - round(n * recall_at_k_unlabeled(test_pos[i], pool)[size - 1])
    p = ideal_ranking_p_value(j, n_test_pos=n, class_size=size)
    assert np.mean(below >= j) == pytest.approx(p, abs=4 * np.sqrt(p * (1 - p) / draws) + 1e-4)


def test_ideal_ranking_p_value_edges():
    assert ideal_ranking_p_value(0, n_test_pos=18, class_size=90) == 1.0
    assert ideal_ranking_p_value(1, n_test_pos=18, class_size=90) == pytest.approx(18 / 108)


@pytest.mark.parametrize("k", [10, 45, 90])
def test_count_above_the_kth_member_is_negative_hypergeometric(k):
    # notebook 09 reads narrow labels at k = C/2 with scipy's nhypergeom: under an ideal ranking the number of
    # the n test positives above the k-th highest of the C members; at k = C it is ideal_ranking_p_value's count
    from scipy.stats import nhypergeom

    rng = np.random.default_rng(k)
    n, size, draws = 18, 90, 40_000
    test_pos, pool_pos = rng.normal(size=(draws, n)), rng.normal(size=(draws, size))
    kth = -np.sort(-pool_pos, axis=1)[:, k - 1 : k]
    above = np.sum(test_pos >= kth, axis=1)
    for x in (5, 9, 14):
        p = nhypergeom.sf(x - 1, n + size, n, k)
        assert np.mean(above >= x) == pytest.approx(p, abs=4 * np.sqrt(p * (1 - p) / draws) + 1e-4)
    if k == size:
        for j in (1, 2, 3):
            assert nhypergeom.cdf(n - j, n + size, n, size) == pytest.approx(
                ideal_ranking_p_value(j, n_test_pos=n, class_size=size))
