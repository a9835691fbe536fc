"""helpers.costs: cost curve against a slow loop, Bayes threshold (also at a deployment prevalence), scorer use."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.dummy import DummyClassifier
from sklearn.metrics import confusion_matrix, make_scorer

from helpers.costs import (
    bayes_threshold,
    bayes_threshold_at_prevalence,
    cheapest_row,
    cost_curve,
    cost_table,
    expected_cost,
    min_cost_threshold,
)
from helpers.prior_shift import adjust_posteriors
from helpers.threshold_choice import prevalence_weights


def test_bayes_threshold():
    assert bayes_threshold(cost_fp=10, cost_fn=100) == pytest.approx(10 / 110)
    assert bayes_threshold(cost_fp=1, cost_fn=1) == pytest.approx(0.5)
    assert bayes_threshold(cost_fp=3, cost_fn=5, cost_tp=1, cost_tn=1) == pytest.approx(2 / 6)


@settings(max_examples=min(40, settings().max_examples))
@given(st.integers(0, 10_000), st.floats(0.5, 50), st.floats(0.5, 50))
def test_cost_curve_matches_slow_loop(seed, c_fp, c_fn):
    rng = np.random.default_rng(seed)
    y = np.r_[0, 1, rng.integers(0, 2, 30)]
    score = np.round(rng.random(32), 1)  # ties on purpose
    table = cost_curve(y, score, cost_fp=c_fp, cost_fn=c_fn)
    assert table.threshold.iloc[0] == np.inf
    assert table.threshold.iloc[1:].tolist() == sorted(set(score.tolist()), reverse=True)
    for row in table.itertuples():
        pred = (score >= row.threshold).astype(int)
        tn, fp, fn, tp = confusion_matrix(y, pred, labels=[0, 1]).ravel()
        assert (row.tn, row.fp, row.fn, row.tp) == (tn, fp, fn, tp)
        assert row.mean_cost == pytest.approx(expected_cost(y, pred, cost_fp=c_fp, cost_fn=c_fn))
    t, cost = min_cost_threshold(y, score, cost_fp=c_fp, cost_fn=c_fn)
    assert cost == pytest.approx(table.mean_cost.min())
    assert cost == pytest.approx(expected_cost(y, (score >= t).astype(int), cost_fp=c_fp, cost_fn=c_fn))


def test_expected_cost_as_scorer():
    y = np.array([0, 0, 0, 1])
    always = DummyClassifier(strategy="constant", constant=1).fit(np.zeros((4, 1)), y)
    scorer = make_scorer(expected_cost, greater_is_better=False, cost_fp=10, cost_fn=100)
    assert scorer(always, np.zeros((4, 1)), y) == pytest.approx(-30 / 4)


def test_bad_costs():
    with pytest.raises(ValueError, match="cost_fp"):
        bayes_threshold(cost_fp=np.nan, cost_fn=1)
    with pytest.raises(ValueError, match="more than the right answer"):
        bayes_threshold(cost_fp=0, cost_fn=1)
    with pytest.raises(ValueError, match="same length"):
        cost_curve([0, 1, 1], [0.1, 0.2], cost_fp=1, cost_fn=1)


@settings(max_examples=min(40, settings().max_examples))
@given(st.integers(0, 10_000), st.floats(0.5, 50), st.floats(0.5, 50), st.floats(0, 0.4), st.floats(0, 0.4))
def test_cost_table_reprices_without_counting_again(seed, c_fp, c_fn, c_tp, c_tn):
    rng = np.random.default_rng(seed)
    y = np.r_[0, 1, rng.integers(0, 2, 30)]
    score = np.round(rng.random(32), 1)
    counted = cost_curve(y, score, cost_fp=1, cost_fn=1)
    costs = {"cost_fp": c_fp, "cost_fn": c_fn, "cost_tp": c_tp, "cost_tn": c_tn}
    repriced = cost_table(counted, **costs)
    fresh = cost_curve(y, score, **costs)
    np.testing.assert_array_equal(repriced.to_numpy(), fresh.to_numpy())
    assert counted["cost"].tolist() == (counted.fp + counted.fn).tolist()  # the input is left as it was
    for row in repriced.itertuples():  # a slow, written-out reference
        by_hand = c_tn * row.tn + c_fp * row.fp + c_fn * row.fn + c_tp * row.tp
        assert row.cost == pytest.approx(by_hand) and row.mean_cost == pytest.approx(by_hand / y.size)
    best = cheapest_row(repriced)
    assert repriced.cost.iloc[best] == repriced.cost.min()
    assert (repriced.cost.iloc[:best] > repriced.cost.min()).all()  # ties: the first row, the highest threshold
    assert min_cost_threshold(y, score, **costs) == (repriced.threshold.iloc[best], repriced.mean_cost.iloc[best])


def test_cost_table_needs_the_four_counts():
    with pytest.raises(ValueError, match="missing fn, tp"):
        cost_table(pd.DataFrame({"tn": [1], "fp": [2]}), cost_fp=1, cost_fn=1)


def test_cost_table_takes_a_table_counts_or_the_four_keywords():
    from helpers import Counts

    by_counts = cost_table(Counts(tn=72, fp=18, fn=2, tp=8), cost_fp=10, cost_fn=100)
    by_keywords = cost_table(tp=8, fn=2, fp=18, tn=72, cost_fp=10, cost_fn=100)
    by_table = cost_table(pd.DataFrame({"tn": [72], "fp": [18], "fn": [2], "tp": [8]}), cost_fp=10, cost_fn=100)
    assert by_counts.equals(by_keywords) and by_counts.equals(by_table)
    assert by_counts.cost.tolist() == [380.0]
    with pytest.raises(TypeError, match="by position"):
        cost_table(8, 2, 18, 72, cost_fp=10, cost_fn=100)
    with pytest.raises(TypeError, match="counts and also tp="):
        cost_table(by_table, tp=8, cost_fp=10, cost_fn=100)


def test_bad_costs_and_tables_are_named():
    with pytest.raises(ValueError, match=r"^cost_fn must be a finite number, got 'x'$"):
        expected_cost([0, 1], [0, 1], cost_fp=1, cost_fn="x")
    with pytest.raises(ValueError, match=r"^table must be a cost_curve or cost_table .*columns x$"):
        cheapest_row(pd.DataFrame({"x": [1.0]}))
    with pytest.raises(ValueError, match=r"^table has no cost"):
        cheapest_row(pd.DataFrame({"cost": []}))


def test_flagging_nobody_is_a_candidate_and_ties_go_to_the_first_row():
    y = np.array([0, 0, 0, 0, 1])
    score = np.array([0.9, 0.8, 0.7, 0.6, 0.5])  # the positive scores lowest: every flag costs more than it saves
    t, cost = min_cost_threshold(y, score, cost_fp=10, cost_fn=20)
    assert t == np.inf and cost == pytest.approx(20 / 5)  # nobody flagged: one missed positive
    tied = pd.DataFrame({"threshold": [0.2, 0.5, 0.8], "cost": [1.0, 1.0, 3.0]})  # rows rising, not a cost_curve
    assert cheapest_row(tied) == 0  # the first row, here the lowest threshold


# --- the prevalence where the model is used ---------------------------------------------------------------------

probabilities = st.floats(1e-3, 1 - 1e-3)


@given(probabilities, probabilities, st.floats(0.1, 100), st.floats(0.1, 100), st.floats(0, 1))
def test_shifted_bayes_threshold_is_adjust_posteriors_then_plain_bayes(pi_train, pi_deploy, c_fp, c_fn, p):
    """Flag when the posterior moved to the deployment prior passes c_FP / (c_FP + c_FN): the same decisions."""
    t_star = bayes_threshold(cost_fp=c_fp, cost_fn=c_fn)
    t = bayes_threshold_at_prevalence(cost_fp=c_fp, cost_fn=c_fn,
        train_prevalence=pi_train, deploy_prevalence=pi_deploy)
    assert 0 < t < 1
    # at t itself the moved posterior is exactly the plain Bayes threshold
    assert adjust_posteriors(t, train_prevalence=pi_train, deploy_prevalence=pi_deploy) == pytest.approx(t_star)
    q = adjust_posteriors(p, train_prevalence=pi_train, deploy_prevalence=pi_deploy)
    if abs(q - t_star) > 1e-9:  # away from the boundary the two rules flag the same cases
        assert (q > t_star) == (p > t)
    # rarer positives where the model is used: a higher threshold (up to rounding when the two are a hair apart)
    if pi_deploy < pi_train:
        assert t >= t_star - 1e-12
    elif pi_deploy > pi_train:
        assert t <= t_star + 1e-12


def test_shifted_bayes_threshold_minimises_the_expected_cost_of_a_calibrated_model():
    """Decision theory checked by brute force: two Gaussian classes, exact posteriors, exact costs at pi."""
    from scipy.stats import norm

    pi_train, pi_deploy, c_fp, c_fn = 0.374, 0.01, 10.0, 100.0
    x = np.linspace(-6, 9, 200_001)  # the feature; negatives N(0, 1), positives N(2, 1)
    log_lr = norm.logpdf(x, 2, 1) - norm.logpdf(x, 0, 1)
    p = 1 / (1 + np.exp(-(log_lr + np.log(pi_train / (1 - pi_train)))))  # calibrated at pi_train, rising in x
    cost = c_fp * (1 - pi_deploy) * norm.sf(x, 0, 1) + c_fn * pi_deploy * norm.cdf(x, 2, 1)  # flag when feature > x
    t_brute = p[np.argmin(cost)]
    t = bayes_threshold_at_prevalence(cost_fp=c_fp, cost_fn=c_fn,
        train_prevalence=pi_train, deploy_prevalence=pi_deploy)
    assert t == pytest.approx(t_brute, abs=1e-4)
    assert t == pytest.approx(0.8554, abs=1e-4)  # the notebook's example: about 0.85 at 1 %


def test_shifted_bayes_threshold_with_costs_for_right_answers():
    t_star = bayes_threshold(cost_fp=3, cost_fn=5, cost_tp=1, cost_tn=1)
    t = bayes_threshold_at_prevalence(cost_fp=3, cost_fn=5, cost_tp=1, cost_tn=1, train_prevalence=0.5,
                                      deploy_prevalence=0.2)
    odds = lambda x: x / (1 - x)  # noqa: E731
    assert odds(t) == pytest.approx(odds(t_star) * odds(0.5) / odds(0.2))
    assert bayes_threshold_at_prevalence(cost_fp=3, cost_fn=5, train_prevalence=0.3, deploy_prevalence=0.3) == (
        bayes_threshold(cost_fp=3, cost_fn=5)
    )
    with pytest.raises(ValueError, match="^train_prevalence must be strictly between 0 and 1"):
        bayes_threshold_at_prevalence(cost_fp=1, cost_fn=2, train_prevalence=1.0, deploy_prevalence=0.1)
    with pytest.raises(ValueError, match="^deploy_prevalence"):
        bayes_threshold_at_prevalence(cost_fp=1, cost_fn=2, train_prevalence=0.5, deploy_prevalence=0)


@settings(max_examples=min(40, settings().max_examples))
@given(st.integers(0, 10_000), st.floats(0.5, 50), st.floats(0.5, 50), st.floats(1e-4, 0.99))
def test_cost_at_a_prevalence_is_sklearn_with_weighted_negatives(seed, c_fp, c_fn, pi):
    """Reweighting the counts equals scikit-learn's confusion matrix with prevalence sample weights."""
    rng = np.random.default_rng(seed)
    y = np.r_[0, 1, rng.integers(0, 2, 30)]
    score = np.round(rng.random(32), 1)
    weights = prevalence_weights(y, pi)
    table = cost_curve(y, score, cost_fp=c_fp, cost_fn=c_fn, deploy_prevalence=pi)
    for row in table.itertuples():
        pred = (score >= row.threshold).astype(int)
        tn, fp, fn, tp = confusion_matrix(y, pred, labels=[0, 1], sample_weight=weights).ravel()
        np.testing.assert_allclose((row.tn, row.fp, row.fn, row.tp), (tn, fp, fn, tp), rtol=1e-9)
        rates = pi * c_fn * fn / (tp + fn) + (1 - pi) * c_fp * fp / (tn + fp)  # the formula written out
        assert row.mean_cost == pytest.approx(rates, rel=1e-9)
        assert row.mean_cost == pytest.approx(
            expected_cost(y, pred, cost_fp=c_fp, cost_fn=c_fn, deploy_prevalence=pi), rel=1e-9
        )
    t, cost = min_cost_threshold(y, score, cost_fp=c_fp, cost_fn=c_fn, deploy_prevalence=pi)
    assert cost == pytest.approx(table.mean_cost.min())
    assert t == table.threshold.iloc[cheapest_row(table)]


def test_cost_at_the_sample_prevalence_changes_nothing():
    y = np.array([0, 0, 0, 1, 1, 0, 1, 0])
    score = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.6])
    plain = cost_curve(y, score, cost_fp=2, cost_fn=7)
    same = cost_curve(y, score, cost_fp=2, cost_fn=7, deploy_prevalence=3 / 8)
    np.testing.assert_allclose(same.to_numpy(dtype=float), plain.to_numpy(dtype=float), rtol=1e-12)


def test_expected_cost_at_a_prevalence_as_a_scorer_and_its_errors():
    y = np.array([0, 0, 0, 1])
    always = DummyClassifier(strategy="constant", constant=1).fit(np.zeros((4, 1)), y)
    scorer = make_scorer(expected_cost, greater_is_better=False, cost_fp=10, cost_fn=100, deploy_prevalence=0.01)
    assert scorer(always, np.zeros((4, 1)), y) == pytest.approx(-0.99 * 10)  # every negative a false alarm
    with pytest.raises(ValueError, match="^y_true must hold both classes to be reweighted to deploy_prevalence"):
        expected_cost([0, 0], [0, 1], cost_fp=1, cost_fn=2, deploy_prevalence=0.1)
    with pytest.raises(ValueError, match="^deploy_prevalence must be strictly between 0 and 1"):
        expected_cost(y, y, cost_fp=1, cost_fn=2, deploy_prevalence=1.5)
    with pytest.raises(ValueError, match="^deploy_prevalence"):
        min_cost_threshold(y, [0.1, 0.2, 0.3, 0.4], cost_fp=1, cost_fn=2, deploy_prevalence=0)
