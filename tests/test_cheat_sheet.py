"""The cheat sheet's examples, counts from per-class accuracy, costs and break-even cost ratios."""

import math

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
from helpers.cheat_sheet import CHEAT_SHEET_EXAMPLES, CHEAT_SHEET_FIGURES, cheat_sheet_figures, counts_from_rates
from helpers.costs import break_even_cost_ratio, total_cost

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
    with pytest.raises(ValueError, match="^acc_positive must"):  # the caller's name, not simulate_counts' tpr
        counts_from_rates(100, 0.5, 0.8, -0.1)
    with pytest.raises(ValueError, match="^acc_negative must"):
        counts_from_rates(100, 0.5, 1.2, 0.8)


def test_total_cost():
    assert total_cost(EX2, cost_fp=10, cost_fn=100) == 18 * 10 + 2 * 100
    assert total_cost(EX1, cost_fp=10, cost_fn=100, cost_tp=-5) == 9 * 100 - 5
    many = Counts(np.array([1, 2]), np.array([0, 1]), np.array([3, 0]), np.array([0, 0]))
    arr = total_cost(many, cost_fp=1, cost_fn=2)
    assert arr.tolist() == [6.0, 1.0]
    with pytest.raises(ValueError, match="finite"):
        total_cost(EX2, cost_fp=float("nan"), cost_fn=1)
    with pytest.raises(ValueError, match=r"counts must be a helpers\.Counts"):
        total_cost((1, 2, 3), cost_fp=1, cost_fn=1)
    assert total_cost(tp=8, fn=2, fp=18, tn=72, cost_fp=10, cost_fn=100) == total_cost(EX2, cost_fp=10, cost_fn=100)
    # weighted (expected) counts are fine here: the cost of 0.5 of a false positive is half its price
    assert total_cost(Counts(tn=1.5, fp=0.5, fn=0, tp=1), cost_fp=10, cost_fn=100) == 5.0
    with pytest.raises(ValueError, match=r"^counts\.fp must"):
        total_cost(Counts(tn=1, fp=-1, fn=0, tp=1), cost_fp=10, cost_fn=100)


def test_break_even_cost_ratio_of_the_cheat_sheet_examples():
    # example 1 costs 9 r, example 2 costs 18 + 2 r: equal at r = 18 / 7
    r = break_even_cost_ratio(EX1, EX2)
    assert r == pytest.approx(18 / 7)
    assert break_even_cost_ratio(EX2, EX1) == pytest.approx(r)
    # with a false positive at 10, the false negative's break-even price is 180 / 7
    assert total_cost(EX1, cost_fp=10, cost_fn=10 * r) == pytest.approx(total_cost(EX2, cost_fp=10, cost_fn=10 * r))
    assert total_cost(EX2, cost_fp=10, cost_fn=26) < total_cost(EX1, cost_fp=10, cost_fn=26)
    assert total_cost(EX2, cost_fp=10, cost_fn=25) > total_cost(EX1, cost_fp=10, cost_fn=25)


def test_break_even_cost_ratio_parallel_lines_and_bad_arguments():
    assert math.isnan(break_even_cost_ratio(Counts(80, 10, 5, 5), Counts(85, 5, 5, 5)))
    assert math.isnan(break_even_cost_ratio(EX1, EX1))
    with pytest.raises(ValueError, match=r"^a must be a helpers\.Counts"):
        break_even_cost_ratio((1, 2, 3), EX1)
    with pytest.raises(ValueError, match=r"^b must be a helpers\.Counts"):
        break_even_cost_ratio(EX1, (90, 0, 9, 1))


_count = st.integers(0, 50)


@given(st.tuples(_count, _count, _count, _count), st.tuples(_count, _count, _count, _count))
def test_break_even_cost_ratio_equalises_the_costs(a, b):
    a, b = Counts(*a), Counts(*b)
    r = break_even_cost_ratio(a, b)
    if a.fn == b.fn:
        assert math.isnan(r)
        return
    cost = {name: (lambda ratio, c=c: total_cost(c, cost_fp=1, cost_fn=ratio)) for name, c in (("a", a), ("b", b))}
    assert cost["a"](r) == pytest.approx(cost["b"](r), abs=1e-9)
    # beyond the break-even ratio, the matrix with fewer false negatives is cheaper; before it, the other
    fewer_fn, more_fn = ("a", "b") if a.fn < b.fn else ("b", "a")
    assert cost[fewer_fn](r + 1) < cost[more_fn](r + 1)
    assert cost[fewer_fn](r - 1) > cost[more_fn](r - 1)
