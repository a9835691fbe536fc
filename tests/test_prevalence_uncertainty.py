"""The uncertainty of an ACC prevalence estimate and of precision at it (helpers.prevalence_uncertainty).

Every formula is checked against a simulation written out here, independent of the helper's own
simulation code, and the intervals' coverage is measured on simulated studies.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import beta, norm

from helpers import Counts, estimate_prevalence_acc, precision_at_prevalence, precision_interval
from helpers.prevalence_uncertainty import (
    AccIntervals,
    acc_interval_coverage,
    acc_intervals,
    acc_rate_bias,
    acc_standard_error,
    unlabeled_rows_needed,
)


def _simulated_acc(rng, *, pi, tpr, fpr, n_unlabeled, n_pos=None, n_neg=None, size=40_000):
    """ACC estimates (not clipped) of `size` simulated studies: binomial counts in all three samples."""
    q = tpr * pi + fpr * (1 - pi)
    q_hat = rng.binomial(n_unlabeled, q, size) / n_unlabeled
    t_hat = tpr if n_pos is None else rng.binomial(n_pos, tpr, size) / n_pos
    f_hat = fpr if n_neg is None else rng.binomial(n_neg, fpr, size) / n_neg
    return (q_hat - f_hat) / (t_hat - f_hat)


@pytest.mark.parametrize(
    "case",
    [
        dict(pi=0.02, tpr=0.8, fpr=0.02, n_unlabeled=50_000),
        dict(pi=0.02, tpr=0.8, fpr=0.02, n_unlabeled=50_000, n_pos=400, n_neg=20_000),
        dict(pi=0.3, tpr=0.9, fpr=0.1, n_unlabeled=2_000, n_pos=300, n_neg=700),
    ],
)
def test_standard_error_matches_a_simulation(case):
    est = _simulated_acc(np.random.default_rng(1), **case)
    rest = {k: v for k, v in case.items() if k != "pi"}  # a copy: the parameters are shared by every run
    se = acc_standard_error(case["pi"], **rest)
    assert est.std() == pytest.approx(se, rel=0.03)


@pytest.mark.parametrize(
    "case",
    [
        dict(prevalence=0.01, tpr=0.844, fpr=0.0087, relative_error=0.1),  # the notebook's rates, known exactly
        dict(prevalence=0.05, tpr=0.8, fpr=0.02, relative_error=0.2, n_pos=500, n_neg=30_000),
        dict(prevalence=0.001, tpr=0.9, fpr=0.001, relative_error=0.3),
    ],
)
def test_rows_needed_give_the_stated_relative_error_in_95_percent_of_studies(case):
    n = unlabeled_rows_needed(**case)
    assert isinstance(n, int) and n > 0
    pi, r = case["prevalence"], case["relative_error"]
    est = _simulated_acc(np.random.default_rng(2), pi=pi, tpr=case["tpr"], fpr=case["fpr"], n_unlabeled=n,
                         n_pos=case.get("n_pos"), n_neg=case.get("n_neg"))
    within = np.mean(np.abs(est - pi) <= r * pi)
    assert within == pytest.approx(0.95, abs=0.01)
    # a quarter of the rows is clearly not enough
    est = _simulated_acc(np.random.default_rng(3), pi=pi, tpr=case["tpr"], fpr=case["fpr"], n_unlabeled=n // 4,
                         n_pos=case.get("n_pos"), n_neg=case.get("n_neg"))
    assert np.mean(np.abs(est - pi) <= r * pi) < 0.8


def test_a_small_labeled_set_makes_the_rows_needed_infinite():
    # the notebook's labeled set: 90 nines and 808 other digits, FPR 0.0087
    kw = dict(tpr=0.844, fpr=0.0087, n_pos=90, n_neg=808)
    assert unlabeled_rows_needed(0.01, relative_error=0.5, **kw) == np.inf
    # ... and indeed: with a billion unlabeled rows, fewer than 95 % of studies land within 50 %
    est = _simulated_acc(np.random.default_rng(4), pi=0.01, tpr=0.844, fpr=0.0087, n_unlabeled=10**9,
                         n_pos=90, n_neg=808)
    assert np.mean(np.abs(est - 0.01) <= 0.005) < 0.9
    # a labeled set 100 times larger makes it reachable
    assert np.isfinite(unlabeled_rows_needed(0.01, relative_error=0.5, tpr=0.844, fpr=0.0087, n_pos=9_000,
                                             n_neg=80_800))


@given(
    pi=st.floats(1e-4, 0.5),
    r=st.floats(0.05, 1.0),
    tpr=st.floats(0.5, 0.99),
    fpr=st.floats(1e-4, 0.2),
)
def test_rows_needed_is_the_smallest_size_that_reaches_the_error(pi, r, tpr, fpr):
    z = norm.ppf(0.975)
    n = unlabeled_rows_needed(pi, tpr=tpr, fpr=fpr, relative_error=r)
    assert np.isfinite(n)  # rates known exactly: always reachable
    assert z * acc_standard_error(pi, tpr=tpr, fpr=fpr, n_unlabeled=n) <= r * pi * (1 + 1e-9)
    if n > 1:
        assert z * acc_standard_error(pi, tpr=tpr, fpr=fpr, n_unlabeled=n - 1) > r * pi * (1 - 1e-9)


def test_rows_needed_work_elementwise():
    pis = np.array([1e-2, 1e-3, 1e-4])
    out = unlabeled_rows_needed(pis, tpr=0.844, fpr=0.0087, relative_error=0.1)
    assert out.shape == (3,)
    assert list(out) == [unlabeled_rows_needed(p, tpr=0.844, fpr=0.0087, relative_error=0.1) for p in pis]
    assert np.all(np.diff(out) > 0)  # rarer: more rows


def test_point_estimates_are_acc_and_bayes_precision():
    c = Counts(tn=801, fp=7, fn=14, tp=76)
    r = acc_intervals(c, flagged=40, n_unlabeled=1_000, n_draws=200)
    assert isinstance(r, AccIntervals)
    tpr, fpr = 76 / 90, 7 / 808
    y_pred = np.r_[np.ones(40, int), np.zeros(960, int)]
    assert r.prevalence == pytest.approx(estimate_prevalence_acc(y_pred, tpr=tpr, fpr=fpr), rel=1e-12)
    assert r.precision == pytest.approx(precision_at_prevalence(tpr, fpr, r.prevalence), rel=1e-12)
    assert r.prevalence_low <= r.prevalence <= r.prevalence_high
    assert r.precision_low <= r.precision <= r.precision_high
    # fewer flagged than the false positives alone explain: the estimate is 0, and so is precision
    r0 = acc_intervals(c, flagged=2, n_unlabeled=1_000, n_draws=200)
    assert r0.prevalence == 0.0 and r0.precision == 0.0 and r0.prevalence_low == 0.0


def test_with_rates_known_the_prevalence_interval_is_the_jeffreys_interval_mapped():
    # a labeled set so large that TPR and FPR are as good as known: only q_hat = k / n varies
    k, n, tpr, fpr = 60, 2_000, 0.8, 0.02
    big = 10**9
    r = acc_intervals(tp=round(tpr * big), fn=round((1 - tpr) * big), fp=round(fpr * big), tn=round((1 - fpr) * big),
                      flagged=k, n_unlabeled=n, n_draws=200_000, rng=5)
    q_low, q_high = beta.ppf([0.025, 0.975], k + 0.5, n - k + 0.5)
    assert r.prevalence_low == pytest.approx((q_low - fpr) / (tpr - fpr), rel=0.01)
    assert r.prevalence_high == pytest.approx((q_high - fpr) / (tpr - fpr), rel=0.01)
    # precision at those prevalences, since precision increases with pi
    assert r.precision_low == pytest.approx(precision_at_prevalence(tpr, fpr, r.prevalence_low), rel=0.01)


def test_arrays_give_one_interval_per_study():
    r = acc_intervals(tp=[76, 80], fn=[14, 10], fp=[7, 3], tn=[801, 805], flagged=[14, 30], n_unlabeled=800,
                      n_draws=500)
    assert all(np.shape(v) == (2,) for v in r)
    assert np.all(np.asarray(r.precision_low) <= np.asarray(r.precision_high))


def _studies(rng, *, tpr, fpr, pi, n_pos, n_neg, n_unlabeled, n_studies):
    q = tpr * pi + fpr * (1 - pi)
    tp = rng.binomial(n_pos, tpr, n_studies)
    fp = rng.binomial(n_neg, fpr, n_studies)
    return dict(tp=tp, fn=n_pos - tp, fp=fp, tn=n_neg - fp, flagged=rng.binomial(n_unlabeled, q, n_studies),
                n_unlabeled=n_unlabeled)


@pytest.mark.parametrize(
    "setting",
    [
        # the notebook's labeled set and a sample of 800 rows at 1 %
        dict(tpr=0.844, fpr=0.0087, pi=0.01, n_pos=90, n_neg=808, n_unlabeled=800),
        # a rarer class, a big unlabeled sample, a labeled set with few false positives
        dict(tpr=0.9, fpr=0.002, pi=0.001, n_pos=200, n_neg=5_000, n_unlabeled=200_000),
    ],
)
@pytest.mark.slow  # a Monte Carlo study: the full suite runs it, the fast tier does not
def test_coverage_of_both_intervals_by_simulation(setting):
    n_studies = 1_500
    data = _studies(np.random.default_rng(11), n_studies=n_studies, **setting)
    r = acc_intervals(**data, n_draws=1_000, rng=12)
    pi = setting["pi"]
    target = precision_at_prevalence(setting["tpr"], setting["fpr"], pi)
    cover_pi = np.mean((r.prevalence_low <= pi) & (pi <= r.prevalence_high))
    cover_ppv = np.mean((r.precision_low <= target) & (target <= r.precision_high))
    assert 0.93 <= cover_pi <= 0.975
    assert 0.93 <= cover_ppv <= 0.975
    # both tails miss about equally often (an interval that is merely wide would miss on neither side)
    assert np.mean(target < r.precision_low) == pytest.approx(0.025, abs=0.015)
    assert np.mean(target > r.precision_high) == pytest.approx(0.025, abs=0.015)
    # taking pi_hat as known misses far more often
    usable = (r.prevalence > 0) & (r.prevalence < 1)
    low, high = precision_interval(tp=data["tp"], fn=data["fn"], fp=data["fp"], tn=data["tn"],
                                   deploy_prevalence=np.where(usable, r.prevalence, 0.5))
    assert np.mean(usable & (low <= target) & (target <= high)) < 0.85


@pytest.mark.slow  # a Monte Carlo study or brute-force reference: seconds, so not in the fast tier
def test_coverage_helper_agrees_with_the_simulation_here():
    setting = dict(tpr=0.844, fpr=0.0087, prevalence=0.01, n_pos=90, n_neg=808, n_unlabeled=800)
    cov = acc_interval_coverage(**setting, n_studies=1_500, rng=3)
    assert set(cov) == {"prevalence", "precision", "precision, plain bootstrap", "no plug-in interval",
                        "precision, pi_hat taken as known", "prevalence interval from 0", "prevalence low",
                        "prevalence high", "precision low", "precision high", "true precision"}
    assert 0.93 <= cov["precision"] <= 0.975 and 0.93 <= cov["prevalence"] <= 0.975
    assert cov["precision, pi_hat taken as known"] < 0.8
    assert cov["precision, plain bootstrap"] < cov["precision"]
    assert cov["true precision"] == pytest.approx(precision_at_prevalence(0.844, 0.0087, 0.01))
    assert acc_interval_coverage(**setting, n_studies=50, rng=3) == acc_interval_coverage(**setting, n_studies=50,
                                                                                          rng=3)


def _interval_studies(seed, *, tpr, fpr, pi, n_pos, n_neg, n_unlabeled, n_studies, deploy_tpr, deploy_fpr):
    """The helper's simulation written out: the same draws, in the same order, from the same generator."""
    gen = np.random.default_rng(seed)
    q = deploy_tpr * pi + deploy_fpr * (1 - pi)
    tp, fp = gen.binomial(n_pos, tpr, n_studies), gen.binomial(n_neg, fpr, n_studies)
    k = gen.binomial(n_unlabeled, q, n_studies)
    cells = dict(tp=tp, fn=n_pos - tp, fp=fp, tn=n_neg - fp)
    r = acc_intervals(flagged=k, n_unlabeled=n_unlabeled, n_draws=200, rng=gen, **cells)
    return r, cells


@pytest.mark.parametrize("gap", [False, True])
def test_coverage_widths_and_the_plug_in_count_by_hand(gap):
    """Every share and median of acc_interval_coverage recomputed from the studies it simulates."""
    rates = dict(tpr=0.844, fpr=0.0087)
    deploy = dict(deploy_tpr=0.889, deploy_fpr=0.0099) if gap else dict(deploy_tpr=0.844, deploy_fpr=0.0087)
    setting = dict(prevalence=0.01, n_pos=90, n_neg=808, n_unlabeled=800, n_studies=400, n_draws=200)
    cov = acc_interval_coverage(**rates, **setting, **(deploy if gap else {}), rng=5)
    r, cells = _interval_studies(5, **rates, pi=0.01, n_pos=90, n_neg=808, n_unlabeled=800, n_studies=400, **deploy)
    target = precision_at_prevalence(deploy["deploy_tpr"], deploy["deploy_fpr"], 0.01)
    assert cov["true precision"] == pytest.approx(target)
    assert cov["prevalence"] == np.mean((r.prevalence_low <= 0.01) & (0.01 <= r.prevalence_high))
    assert cov["precision"] == np.mean((r.precision_low <= target) & (target <= r.precision_high))
    assert cov["prevalence interval from 0"] == np.mean(r.prevalence_low == 0)
    assert cov["prevalence high"] == pytest.approx(np.median(r.prevalence_high))
    assert cov["precision low"] == pytest.approx(np.median(r.precision_low))
    assert cov["precision high"] == pytest.approx(np.median(r.precision_high))
    usable = (r.prevalence > 0) & (r.prevalence < 1)
    assert cov["no plug-in interval"] == np.mean(~usable) > 0  # at 1 % with 800 rows some studies estimate 0
    low, high = precision_interval(deploy_prevalence=r.prevalence[usable],
                                   **{c: v[usable] for c, v in cells.items()})
    assert cov["precision, pi_hat taken as known"] == pytest.approx(np.mean((low <= target) & (target <= high)))


@pytest.mark.slow  # a Monte Carlo study: seconds
def test_a_systematic_rate_gap_lowers_coverage():
    """Rates measured on the labeled set below those in deployment: the intervals miss more often."""
    setting = dict(tpr=0.8, fpr=0.01, prevalence=0.01, n_pos=400, n_neg=4_000, n_unlabeled=100_000, n_studies=1_000)
    honest = acc_interval_coverage(**setting, rng=4)
    gap = acc_interval_coverage(**setting, deploy_tpr=0.85, deploy_fpr=0.013, rng=4)
    assert gap["prevalence"] < honest["prevalence"] - 0.1
    assert 0.93 <= honest["prevalence"] <= 0.975


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: acc_standard_error(0.01, tpr=0.01, fpr=0.02, n_unlabeled=10), "tpr"),
        (lambda: acc_standard_error(0.01, tpr=0.8, fpr=0.02, n_unlabeled=0), "n_unlabeled"),
        (lambda: acc_standard_error(0.01, tpr=0.8, fpr=0.02, n_unlabeled=10, n_neg=0), "n_neg"),
        (lambda: unlabeled_rows_needed(0.01, tpr=0.8, fpr=0.02, relative_error=0), "relative_error"),
        (lambda: unlabeled_rows_needed(1.0, tpr=0.8, fpr=0.02, relative_error=0.1), "prevalence"),
        (lambda: acc_intervals(tp=1, fn=1, fp=1, tn=1, flagged=5, n_unlabeled=4), "flagged"),
        (lambda: acc_intervals(tp=0, fn=0, fp=1, tn=1, flagged=1, n_unlabeled=4), "tp"),
        (lambda: acc_intervals(tp=1, fn=1, fp=1, tn=1, flagged=1, n_unlabeled=4, method="bca"), "method"),
        (lambda: acc_intervals(tp=1, fn=1, fp=1, tn=1, flagged=1, n_unlabeled=4, n_draws=10), "n_draws"),
        (lambda: acc_interval_coverage(tpr=0.8, fpr=0.01, prevalence=0.01, n_pos=9, n_neg=9, n_unlabeled=9,
                                       deploy_fpr=1.5), "deploy_fpr"),
        (lambda: acc_interval_coverage(tpr=0.8, fpr=0.01, prevalence=0.01, n_pos=9, n_neg=9, n_unlabeled=9,
                                       deploy_tpr=0.01, deploy_fpr=0.2), "deploy_tpr"),
    ],
)
def test_bad_arguments(call, match):
    with pytest.raises(ValueError, match=match) as info:
        call()
    assert "\n" not in str(info.value)


# --- acc_rate_bias: ACC's limit when its rates are not the model's ---------------------------------------


@pytest.mark.parametrize(("pi", "rates"), [
    (0.01, dict(tpr=76 / 90, fpr=7 / 808, true_tpr=80 / 90, true_fpr=8 / 809)),  # notebook 08's model
    (0.3, dict(tpr=0.9, fpr=0.3, true_tpr=0.95, true_fpr=0.37)),
])
def test_rate_bias_is_acc_on_a_sample_flagged_at_the_true_rates(pi, rates):
    """A million rows whose flagged share is the true rates' q, counted and fed to estimate_prevalence_acc."""
    n = 1_000_000
    q = rates["true_tpr"] * pi + rates["true_fpr"] * (1 - pi)
    flagged = np.zeros(n, dtype=int)
    flagged[: round(q * n)] = 1
    acc = estimate_prevalence_acc(flagged, tpr=rates["tpr"], fpr=rates["fpr"])
    assert acc_rate_bias(pi, **rates).estimate == pytest.approx(acc, abs=1 / n / (rates["tpr"] - rates["fpr"]))


def test_rate_bias_matches_the_mean_of_simulated_acc():
    rng = np.random.default_rng(2)
    pi, n = 0.05, 5_000
    q = 0.88 * pi + 0.012 * (1 - pi)
    acc = (rng.binomial(n, q, 200_000) / n - 0.01) / (0.85 - 0.01)
    b = acc_rate_bias(pi, tpr=0.85, fpr=0.01, true_tpr=0.88, true_fpr=0.012)
    assert b.estimate == pytest.approx(acc.mean(), abs=4 * acc.std() / np.sqrt(acc.size))


@given(st.floats(0.001, 0.999), st.floats(0.5, 0.99), st.floats(0.0, 0.2), st.floats(0.0, 1.0),
       st.floats(0.0, 1.0))
def test_rate_bias_parts_add_up_and_vanish_with_the_true_rates(pi, tpr, fpr, true_tpr, true_fpr):
    b = acc_rate_bias(pi, tpr=tpr, fpr=fpr, true_tpr=true_tpr, true_fpr=true_fpr)
    assert b.estimate == pytest.approx(pi + b.from_tpr + b.from_fpr, abs=1e-9)
    exact = acc_rate_bias(pi, tpr=tpr, fpr=fpr, true_tpr=tpr, true_fpr=fpr)
    assert exact.estimate == pytest.approx(pi, abs=1e-12) and exact.from_tpr == exact.from_fpr == 0


def test_rate_bias_works_elementwise():
    pis = np.array([0.5, 0.1, 0.01])
    b = acc_rate_bias(pis, tpr=0.8, fpr=0.01, true_tpr=0.85, true_fpr=0.012)
    one = [acc_rate_bias(p, tpr=0.8, fpr=0.01, true_tpr=0.85, true_fpr=0.012).estimate for p in pis]
    np.testing.assert_allclose(b.estimate, one)
