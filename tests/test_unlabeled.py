"""recall@k and precision@k on unlabeled data against a slow reference."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import precision_at_k_unlabeled, recall_at_k_unlabeled

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
