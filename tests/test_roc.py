"""roc_table: the cheat sheet's table exactly, and scikit-learn's AUC on random tied data."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score, roc_curve

from helpers import roc_table
from helpers.roc import ROC_COLUMNS

CHEAT_SHEET_SCORES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
CHEAT_SHEET_LABELS = [1, 1, 1, 0, 1, 0, 1, 0, 0]


def test_cheat_sheet_table():
    t = roc_table(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES)
    assert list(t.columns) == ROC_COLUMNS
    assert len(t) == 10
    assert t.threshold.iloc[0] == np.inf
    assert t.threshold.iloc[1:].tolist() == CHEAT_SHEET_SCORES
    # the cheat sheet's FP, TP, FPR, TPR and AUC columns
    assert t.fp.tolist() == [0, 0, 0, 0, 1, 1, 2, 2, 3, 4]
    assert t.tp.tolist() == [0, 1, 2, 3, 3, 4, 4, 5, 5, 5]
    np.testing.assert_allclose(t.fpr, [0, 0, 0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 1])
    np.testing.assert_allclose(t.tpr, [0, 0.2, 0.4, 0.6, 0.6, 0.8, 0.8, 1, 1, 1])
    np.testing.assert_allclose(t.auc_piece, [0, 0, 0, 0, 0.15, 0, 0.2, 0, 0.25, 0.25])
    assert t.auc_piece.sum() == pytest.approx(0.85)
    assert t.n_pos.tolist() == [0] + CHEAT_SHEET_LABELS
    assert t.n_neg.tolist() == [0] + [1 - y for y in CHEAT_SHEET_LABELS]


def test_ties_make_one_diagonal_row_worth_half_a_pair():
    # one positive and one negative share the score 0.5: one row, a diagonal step
    t = roc_table([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    assert t.threshold.tolist()[1:] == [0.9, 0.5, 0.1]
    assert (t.n_pos.tolist(), t.n_neg.tolist()) == ([0, 1, 1, 0], [0, 0, 1, 1])
    # pairs: (0.9 > 0.5) 1, (0.9 > 0.1) 1, (0.5 = 0.5) 1/2, (0.5 > 0.1) 1 -> 3.5 / 4
    assert t.auc_piece.sum() == pytest.approx(0.875)


def test_decision_function_scores_and_booleans():
    t = roc_table(np.array([True, False, True]), [3.5, -2.0, 10.0])
    assert t.auc_piece.sum() == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("y_true", "y_score", "match"),
    [
        ([0, 0, 0], [0.1, 0.2, 0.3], "no positives"),
        ([1, 1], [0.1, 0.2], "no negatives"),
        ([0, 1, 1], [0.1, 0.2], "same length"),
        ([0, 1], [0.1, float("nan")], "finite"),
        ([0, 1], [0.1, float("inf")], "finite"),
        ([0, 1, 2], [0.1, 0.2, 0.3], "two classes"),
        ([0, 1], ["a", "b"], "numbers"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(y_true, y_score, match):
    with pytest.raises(ValueError, match=match) as info:
        roc_table(y_true, y_score)
    assert "\n" not in str(info.value)


def _auc_by_pairs(y, s):
    """Slow, obviously correct: share of (positive, negative) pairs ranked right, ties 1/2."""
    pos = s[y == 1][:, None]
    neg = s[y == 0][None, :]
    return ((pos > neg).sum() + 0.5 * (pos == neg).sum()) / (pos.size * neg.size)


tied_data = st.integers(2, 80).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n),
        st.lists(st.integers(0, 6), min_size=n, max_size=n),  # few distinct scores: many ties
    )
)


@given(tied_data)
def test_auc_pieces_sum_to_roc_auc_score(data):
    y, s = (np.array(v) for v in data)
    if y.min() == y.max():
        return
    s = s / 6.0
    t = roc_table(y, s)
    assert t.auc_piece.sum() == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert t.auc_piece.sum() == pytest.approx(_auc_by_pairs(y, s), abs=1e-12)
    fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(t.fpr, fpr)
    np.testing.assert_allclose(t.tpr, tpr)
    np.testing.assert_array_equal(t.threshold, thr)
    assert t.n_pos.sum() == y.sum() and t.n_neg.sum() == (1 - y).sum()
    assert len(t) == len(np.unique(s)) + 1
