"""Seed 004's examples, counts from per-class accuracy, and costs."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    f1_score,
    precision_score,
    recall_score,
)

from helpers import Counts
from helpers.imbalance_examples import (
    CHEAT_SHEET_EXAMPLES,
    CHEAT_SHEET_FIGURES,
    cheat_sheet_figures,
    counts_from_rates,
    total_cost,
)

EX1, EX2 = CHEAT_SHEET_EXAMPLES.values()


def test_examples_are_90_10():
    for c in CHEAT_SHEET_EXAMPLES.values():
        assert (c.n_neg, c.n_pos) == (90, 10)


def test_cheat_sheet_figures_as_printed_on_the_sheet():
    printed = {
        EX1: [0.910, 0.090, 0.100, 0.550, 1.000, 0.000, 1.000, 0.182],
        EX2: [0.800, 0.200, 0.800, 0.800, 0.800, 0.200, 0.308, 0.444],
    }
    for c, values in printed.items():
        figs = cheat_sheet_figures(c)
        assert tuple(figs) == CHEAT_SHEET_FIGURES
        assert [round(v, 3) for v in figs.values()] == values


@pytest.mark.parametrize("c", [EX1, EX2])
def test_cheat_sheet_figures_match_sklearn(c):
    y_true = np.repeat([0, 0, 1, 1], c)
    y_pred = np.repeat([0, 1, 0, 1], c)
    figs = cheat_sheet_figures(c)
    assert figs["accuracy"] == pytest.approx(accuracy_score(y_true, y_pred))
    assert figs["misclassification rate"] == pytest.approx(1 - accuracy_score(y_true, y_pred))
    assert figs["recall"] == pytest.approx(recall_score(y_true, y_pred))
    assert figs["specificity"] == pytest.approx(recall_score(y_true, y_pred, pos_label=0))
    assert figs["false positive rate"] == pytest.approx(1 - recall_score(y_true, y_pred, pos_label=0))
    assert figs["balanced accuracy"] == pytest.approx(balanced_accuracy_score(y_true, y_pred))
    assert figs["precision"] == pytest.approx(precision_score(y_true, y_pred))
    assert figs["F1"] == pytest.approx(f1_score(y_true, y_pred))


def test_counts_from_rates_reproduces_the_examples():
    assert counts_from_rates(100, 0.9, 1.0, 0.1) == EX1
    assert counts_from_rates(100, 0.9, 0.8, 0.8) == EX2


@given(st.integers(1, 5000), st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_counts_from_rates_adds_up(n, share, acc_neg, acc_pos):
    c = counts_from_rates(n, share, acc_neg, acc_pos)
    assert c.n == n
    assert min(c) >= 0
    assert abs(c.n_neg - n * share) <= 0.5


def test_counts_from_rates_bad_arguments():
    with pytest.raises(ValueError, match="share_negative"):
        counts_from_rates(100, 1.5, 0.8, 0.8)
    with pytest.raises(ValueError, match="n must"):
        counts_from_rates(0, 0.5, 0.8, 0.8)
    with pytest.raises(ValueError, match="tpr"):
        counts_from_rates(100, 0.5, 0.8, -0.1)


def test_total_cost():
    assert total_cost(EX2, cost_fp=10, cost_fn=100) == 18 * 10 + 2 * 100
    assert total_cost(EX1, cost_fp=10, cost_fn=100, cost_tp=-5) == 9 * 100 - 5
    many = Counts(np.array([1, 2]), np.array([0, 1]), np.array([3, 0]), np.array([0, 0]))
    arr = total_cost(many, cost_fp=1, cost_fn=2)
    assert arr.tolist() == [6.0, 1.0]
    with pytest.raises(ValueError, match="finite"):
        total_cost(EX2, cost_fp=float("nan"), cost_fn=1)
    with pytest.raises(ValueError, match="four"):
        total_cost((1, 2, 3), cost_fp=1, cost_fn=1)
