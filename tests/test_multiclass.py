"""helpers.multiclass: the hand-built averages equal scikit-learn's."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import confusion_matrix, f1_score, precision_score, recall_score, roc_auc_score

from helpers.multiclass import ovo_auc, ovo_auc_table, ovr_auc, ovr_auc_table, per_class_counts


def _random_problem(seed, n=60, c=4):
    rng = np.random.default_rng(seed)
    y = np.r_[np.arange(c), rng.integers(0, c, n - c)]  # every class present
    proba = rng.dirichlet(np.ones(c), size=n)
    proba[np.arange(n), y] += rng.uniform(0, 0.5, n)  # some signal
    proba /= proba.sum(axis=1, keepdims=True)
    return y, proba


@pytest.mark.slow  # a Monte Carlo study or brute-force reference: seconds, so not in the fast tier
@settings(max_examples=min(40, settings().max_examples))  # each example calls roc_auc_score four times
@given(st.integers(0, 10_000), st.integers(3, 6))
def test_auc_averages_match_sklearn(seed, c):
    y, proba = _random_problem(seed, c=c)
    for average in ["macro", "weighted"]:
        assert ovr_auc(y, proba, average=average) == pytest.approx(
            roc_auc_score(y, proba, multi_class="ovr", average=average)
        )
        assert ovo_auc(y, proba, average=average) == pytest.approx(
            roc_auc_score(y, proba, multi_class="ovo", average=average)
        )


def test_hand_till_double_sum_equals_pair_mean():
    y, proba = _random_problem(1, c=5)
    t = ovo_auc_table(y, proba)
    c = 5
    assert len(t) == c * (c - 1) // 2
    double_sum = (t["A(j|k)"].sum() + t["A(k|j)"].sum()) / (c * (c - 1))
    assert double_sum == pytest.approx(ovo_auc(y, proba))


def test_ovr_table_prevalences_sum_to_one():
    y, proba = _random_problem(2)
    t = ovr_auc_table(y, proba)
    assert t["prevalence"].sum() == pytest.approx(1.0)
    assert t["n"].sum() == len(y)


@given(st.integers(0, 10_000))
def test_per_class_counts_match_sklearn(seed):
    rng = np.random.default_rng(seed)
    y = np.r_[np.arange(4), rng.integers(0, 4, 40)]
    pred = np.where(rng.random(44) < 0.6, y, rng.integers(0, 4, 44))
    t = per_class_counts(confusion_matrix(y, pred, labels=range(4)))
    np.testing.assert_allclose(t["precision"], precision_score(y, pred, average=None, zero_division=np.nan))
    np.testing.assert_allclose(t["recall"], recall_score(y, pred, average=None))
    np.testing.assert_allclose(t["f1"], f1_score(y, pred, average=None, zero_division=np.nan))
    assert (t[["tp", "fp", "fn", "tn"]].sum(axis=1) == len(y)).all()


def test_bad_arguments():
    y, proba = _random_problem(3)
    with pytest.raises(ValueError, match="average"):
        ovr_auc(y, proba, average="micro")
    with pytest.raises(ValueError, match="columns"):
        ovo_auc(y, proba[:, :3])
    with pytest.raises(ValueError, match="at least 3 classes"):
        ovr_auc([0, 1, 0], np.full((3, 2), 0.5))
    with pytest.raises(ValueError, match="square"):
        per_class_counts(np.zeros((2, 3)))
