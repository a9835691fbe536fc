"""Exact coverage by enumeration (helpers.interval_coverage) against simulated studies."""

from itertools import product

import numpy as np
import pytest
from scipy.stats import binom, hypergeom

from helpers import Counts, precision_at_prevalence, precision_interval
from helpers.interval_coverage import binomial_coverage, finite_population_coverage, realised_precision_coverage

N_STUDIES = 40_000  # sd of a simulated coverage near 0.95: ~0.0011


def _covers(tp, fp, n_pos, n_neg, truth, pi, method):
    low, high = precision_interval(tp=tp, fn=n_pos - tp, fp=fp, tn=n_neg - fp, deploy_prevalence=pi,
                                   rate_interval=method)
    return np.mean((low <= truth) & (truth <= high))


@pytest.mark.parametrize("method", ["clopper-pearson", "wilson"])
@pytest.mark.parametrize(("n_pos", "n_neg", "tpr", "fpr"), [
    (50, 2_000, 0.9, 0.15 / 2_000),  # the dip of the plain Wilson rates
    (80, 240, 0.92, 0.016),  # notebook 07's test set
    (30, 300, 0.99, 0.01),
])
def test_binomial_coverage_matches_a_simulation(method, n_pos, n_neg, tpr, fpr):
    rng = np.random.default_rng(4)
    tp, fp = rng.binomial(n_pos, tpr, N_STUDIES), rng.binomial(n_neg, fpr, N_STUDIES)
    truth = precision_at_prevalence(tpr, fpr, 0.02)
    simulated = _covers(tp, fp, n_pos, n_neg, truth, 0.02, method)
    exact = binomial_coverage(n_pos=n_pos, n_neg=n_neg, tpr=tpr, fpr=fpr, deploy_prevalence=0.02,
                              rate_interval=method)
    assert exact == pytest.approx(simulated, abs=4 * np.sqrt(0.05 * 0.95 / N_STUDIES))


@pytest.mark.parametrize("method", ["clopper-pearson", "wilson"])
@pytest.mark.parametrize(("held", "n_test_pos", "n_test_neg"), [
    (Counts(tn=1114, fp=18, fn=10, tp=116), 80, 240),  # notebook 07's held-out part
    (Counts(tn=1114, fp=18, fn=10, tp=116), 80, 480),
    (Counts(tn=480, fp=20, fn=5, tp=45), 25, 100),
])
@pytest.mark.slow  # a Monte Carlo study: the full suite runs it, the fast tier does not
def test_finite_population_coverage_matches_a_simulation(method, held, n_test_pos, n_test_neg):
    """Test sets drawn without replacement: TP and FP hypergeometric, drawn here by numpy."""
    rng = np.random.default_rng(8)
    n_pos, n_neg = held.tp + held.fn, held.fp + held.tn
    tp = rng.hypergeometric(held.tp, held.fn, n_test_pos, N_STUDIES)
    fp = rng.hypergeometric(held.fp, held.tn, n_test_neg, N_STUDIES)
    truth = precision_at_prevalence(held.tp / n_pos, held.fp / n_neg, 0.02)
    simulated = _covers(tp, fp, n_test_pos, n_test_neg, truth, 0.02, method)
    exact = finite_population_coverage(held, n_test_pos=n_test_pos, n_test_neg=n_test_neg,
                                       deploy_prevalence=0.02, rate_interval=method)
    assert exact == pytest.approx(simulated, abs=4 * np.sqrt(0.05 * 0.95 / N_STUDIES))


def test_a_huge_population_gives_the_binomial_coverage():
    """Sampling 80 + 240 cases without replacement from millions is sampling with replacement."""
    held = Counts(tn=9_800_000, fp=200_000, fn=100_000, tp=900_000)
    finite = finite_population_coverage(held, n_test_pos=80, n_test_neg=240, deploy_prevalence=0.02)
    binomial = binomial_coverage(n_pos=80, n_neg=240, tpr=0.9, fpr=0.02, deploy_prevalence=0.02)
    assert finite == pytest.approx(binomial, abs=2e-3)


def test_taking_most_of_a_finite_set_raises_the_coverage():
    held = Counts(tn=1114, fp=18, fn=10, tp=116)
    shares = [finite_population_coverage(held, n_test_pos=80, n_test_neg=n, deploy_prevalence=0.02,
                                         rate_interval="wilson") for n in (100, 480, 1000)]
    assert shares[0] < shares[2]
    # taking every negative: FP is fixed, the FPR side never misses
    everything = finite_population_coverage(held, n_test_pos=126, n_test_neg=1132, deploy_prevalence=0.02)
    assert everything == pytest.approx(1.0, abs=1e-12)


def test_coverage_does_not_depend_on_the_prevalence():
    args = {"n_pos": 50, "n_neg": 2_000, "tpr": 0.9, "fpr": 0.001}
    values = [binomial_coverage(**args, deploy_prevalence=pi) for pi in (1e-4, 0.01, 0.3)]
    assert max(values) - min(values) < 1e-9


def test_the_probabilities_sum_to_one():
    """With an interval that always covers (confidence near 1 on a tiny test set) the sum is the total mass."""
    c = binomial_coverage(n_pos=3, n_neg=5, tpr=0.5, fpr=0.5, deploy_prevalence=0.5, confidence=0.999999)
    assert c == pytest.approx(1.0, abs=1e-9)


# --- the pool's realised precision as the target (notebook 07) -------------------------------------------


def _realised_covers(tp, fp, pool_tp, pool_fp, n_pos, n_neg, pi):
    low, high = precision_interval(tp=tp, fn=n_pos - tp, fp=fp, tn=n_neg - fp, deploy_prevalence=pi)
    with np.errstate(invalid="ignore", divide="ignore"):
        prec = pool_tp / (pool_tp + pool_fp)
    return np.mean((low <= prec) & (prec <= high))  # nan (a pool that flags nothing) is a miss


@pytest.mark.parametrize(("held", "n_test_pos", "n_test_neg", "n_pool_pos"), [
    (Counts(tn=1114, fp=18, fn=10, tp=116), 80, 240, 18),  # notebook 07's design
    (Counts(tn=480, fp=20, fn=5, tp=45), 25, 100, 10),
])
@pytest.mark.slow  # a Monte Carlo study: the full suite runs it, the fast tier does not
def test_realised_precision_coverage_matches_a_simulation(held, n_test_pos, n_test_neg, n_pool_pos):
    rng = np.random.default_rng(11)
    n_pos, n_neg = held.tp + held.fn, held.fp + held.tn
    n_pool_neg = n_neg - n_test_neg
    pi = n_pool_pos / (n_pool_pos + n_pool_neg)
    # our splits: everything without replacement; the pool keeps the negatives the test set left
    tp = rng.hypergeometric(held.tp, held.fn, n_test_pos, N_STUDIES)
    fp = rng.hypergeometric(held.fp, held.tn, n_test_neg, N_STUDIES)
    pool_tp = rng.hypergeometric(held.tp - tp, held.fn - (n_test_pos - tp), n_pool_pos)
    simulated = _realised_covers(tp, fp, pool_tp, held.fp - fp, n_test_pos, n_test_neg, pi)
    exact = realised_precision_coverage(held, n_test_pos=n_test_pos, n_test_neg=n_test_neg, n_pool_pos=n_pool_pos)
    assert exact == pytest.approx(simulated, abs=4 * np.sqrt(0.05 * 0.95 / N_STUDIES))
    # a fresh, independent test set and pool
    tpr, fpr = held.tp / n_pos, held.fp / n_neg
    tp, fp = rng.binomial(n_test_pos, tpr, N_STUDIES), rng.binomial(n_test_neg, fpr, N_STUDIES)
    pool_tp, pool_fp = rng.binomial(n_pool_pos, tpr, N_STUDIES), rng.binomial(n_pool_neg, fpr, N_STUDIES)
    simulated = _realised_covers(tp, fp, pool_tp, pool_fp, n_test_pos, n_test_neg, pi)
    exact = realised_precision_coverage(held, n_test_pos=n_test_pos, n_test_neg=n_test_neg, n_pool_pos=n_pool_pos,
                                        design="fresh")
    assert exact == pytest.approx(simulated, abs=4 * np.sqrt(0.06 * 0.94 / N_STUDIES))


@pytest.mark.slow  # a Monte Carlo study or brute-force reference: seconds, so not in the fast tier
@pytest.mark.parametrize("design", ["finite", "fresh"])
def test_realised_precision_coverage_equals_a_plain_loop_on_a_small_design(design):
    """Every outcome enumerated with loops and scipy's pmfs, and the precision compared with plain floats."""
    held, n_t1, n_t0, n_p1 = Counts(tn=30, fp=6, fn=3, tp=9), 6, 15, 4
    n_pos, n_neg = 12, 36
    n_p0 = n_neg - n_t0
    pi = n_p1 / (n_p1 + n_p0)
    total = 0.0
    if design == "finite":
        for t, f in product(range(n_t1 + 1), range(n_t0 + 1)):
            p_tf = hypergeom(n_pos, 9, n_t1).pmf(t) * hypergeom(n_neg, 6, n_t0).pmf(f)
            if p_tf == 0:
                continue
            low, high = precision_interval(tp=t, fn=n_t1 - t, fp=f, tn=n_t0 - f, deploy_prevalence=pi)
            for a in range(n_p1 + 1):
                b = 6 - f
                if a + b > 0 and low <= a / (a + b) <= high:
                    total += p_tf * hypergeom(n_pos - n_t1, 9 - t, n_p1).pmf(a)
    else:
        for t, f in product(range(n_t1 + 1), range(n_t0 + 1)):
            p_tf = binom(n_t1, 0.75).pmf(t) * binom(n_t0, 1 / 6).pmf(f)
            low, high = precision_interval(tp=t, fn=n_t1 - t, fp=f, tn=n_t0 - f, deploy_prevalence=pi)
            for a, b in product(range(n_p1 + 1), range(n_p0 + 1)):
                if a + b > 0 and low <= a / (a + b) <= high:
                    total += p_tf * binom(n_p1, 0.75).pmf(a) * binom(n_p0, 1 / 6).pmf(b)
    exact = realised_precision_coverage(held, n_test_pos=n_t1, n_test_neg=n_t0, n_pool_pos=n_p1, design=design)
    assert exact == pytest.approx(total, abs=1e-9)
