"""helpers.calibration: the reliability table against scikit-learn and scipy, the calibrated scores by simulation."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import logit
from scipy.stats import binomtest, kstest, norm
from sklearn.calibration import calibration_curve
from sklearn.metrics import roc_auc_score

from helpers.calibration import _binormal_posterior, calibrated_scores, reliability_table
from helpers.costs import bayes_threshold_at_prevalence, min_cost_threshold


@settings(max_examples=min(30, settings().max_examples))
@given(st.integers(0, 10_000), st.integers(2, 12))
def test_reliability_table_is_sklearns_calibration_curve(seed, n_bins):
    rng = np.random.default_rng(seed)
    p = rng.random(200) ** 2  # continuous: no row on an edge
    y = np.r_[0, 1, (rng.random(198) < p[2:]).astype(int)]
    table = reliability_table(y, p, edges=np.linspace(0, 1, n_bins + 1))
    prob_true, prob_pred = calibration_curve(y, p, n_bins=n_bins, strategy="uniform")
    filled = table[table.n > 0]
    np.testing.assert_allclose(filled.observed, prob_true, rtol=1e-12)
    np.testing.assert_allclose(filled.mean_predicted, prob_pred, rtol=1e-12)
    assert table.n.sum() == 200 and table.positives.sum() == y.sum()
    for row in filled.itertuples():  # the exact interval, from scipy
        ci = binomtest(int(row.positives), int(row.n)).proportion_ci(confidence_level=0.95, method="exact")
        assert row.observed_low == pytest.approx(ci.low, abs=1e-9)
        assert row.observed_high == pytest.approx(ci.high, abs=1e-9)


def test_reliability_table_bins_by_a_slow_loop_with_ties_on_the_edges():
    p = np.array([0.0, 0.25, 0.25, 0.5, 0.74, 0.75, 1.0, 1.0])
    y = np.array([0, 0, 1, 1, 0, 1, 1, 1])
    edges = [0, 0.25, 0.5, 0.75, 1]
    table = reliability_table(y, p, edges=edges)
    for b, (lo, hi) in enumerate(zip(edges[:-1], edges[1:], strict=True)):
        inside = (p >= lo) & ((p < hi) | ((hi == 1) & (p == 1)))
        assert table.n[b] == inside.sum() and table.positives[b] == y[inside].sum()
    assert table.n.tolist() == [1, 2, 2, 3]


def test_reliability_table_empty_bin():
    table = reliability_table([0, 1], [0.1, 0.9], edges=[0, 0.3, 0.6, 1])
    assert table.n.tolist() == [1, 0, 1]
    assert np.isnan(table.observed[1]) and np.isnan(table.observed_low[1]) and np.isnan(table.mean_predicted[1])


def test_binormal_posterior_is_bayes_rule():
    x = np.linspace(-4, 7, 101)
    for d, pi in [(1.0, 0.5), (3.0, 0.374), (2.0, 0.01)]:
        by_bayes = pi * norm.pdf(x, loc=d) / (pi * norm.pdf(x, loc=d) + (1 - pi) * norm.pdf(x))
        np.testing.assert_allclose(_binormal_posterior(x, d, pi), by_bayes, rtol=1e-10)


def test_calibrated_scores_are_calibrated_and_binormal():
    pi, d = 0.374, 3.0
    y, p = calibrated_scores(400_000, prevalence=pi, separation=d, rng=1)
    assert binomtest(int(y.sum()), y.size, pi).pvalue > 1e-3
    table = reliability_table(y, p, edges=np.linspace(0, 1, 11), confidence=0.999)
    assert ((table.observed_low <= table.mean_predicted) & (table.mean_predicted <= table.observed_high)).all()
    x = (logit(p) - logit(pi) + d * d / 2) / d  # the feature back from the posterior
    assert kstest(x[y == 0], "norm").pvalue > 1e-3
    assert kstest(x[y == 1] - d, "norm").pvalue > 1e-3
    assert roc_auc_score(y, p) == pytest.approx(norm.cdf(d / np.sqrt(2)), abs=2e-3)


def test_calibrated_scores_reproduce_with_a_seed():
    a = calibrated_scores(50, prevalence=0.2, separation=1.0, rng=7)
    b = calibrated_scores(50, prevalence=0.2, separation=1.0, rng=np.random.default_rng(7))
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])


@pytest.mark.slow  # a Monte Carlo study or brute-force reference: seconds, so not in the fast tier
@pytest.mark.parametrize("deploy", [0.1, 0.01])
def test_reweighted_minimum_meets_the_shifted_bayes_threshold_on_many_calibrated_rows(deploy):
    """Route (b) of notebook 11 converges to route (a) when the probabilities are calibrated and the rows many."""
    pi, d = 0.374, 3.0
    t_a = bayes_threshold_at_prevalence(cost_fp=10, cost_fn=100, train_prevalence=pi, deploy_prevalence=deploy)
    few, many = [], []
    for seed in range(5):
        for n, out in ((160, few), (400_000, many)):
            y, p = calibrated_scores(n, prevalence=pi, separation=d, rng=seed)
            out.append(min_cost_threshold(y, p, cost_fp=10, cost_fn=100, deploy_prevalence=deploy)[0])
    assert np.abs(np.array(many) - t_a).max() < 0.03
    assert np.abs(np.array(few) - t_a).max() > np.abs(np.array(many) - t_a).max()
