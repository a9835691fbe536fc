"""helpers.costs: cost curve against a slow loop, Bayes threshold, scorer use."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.dummy import DummyClassifier
from sklearn.metrics import confusion_matrix, make_scorer

from helpers.costs import bayes_threshold, cheapest_row, cost_curve, cost_table, expected_cost, min_cost_threshold


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
