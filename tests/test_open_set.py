"""helpers.open_set: the split's bookkeeping, the F1 identity, the simulated curve shapes."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import precision_at_k_unlabeled, recall_at_k_unlabeled
from helpers.open_set import open_set_split, simulate_recall_curve_scores
from helpers.unlabeled import f1_at_k_unlabeled


def test_open_set_split_partitions_and_hides_classes():
    y = np.repeat(np.arange(5), 40)
    s = open_set_split(y, labeled_classes=[0, 1, 2], labeled_fraction=0.5, test_fraction=0.2, rng=1)
    every = np.concatenate([s.train, s.test, s.pool])
    assert np.array_equal(np.sort(every), np.arange(y.size))  # a partition
    assert set(y[s.train]) == set(y[s.test]) == {0, 1, 2}
    assert set(y[s.pool]) == {0, 1, 2, 3, 4}
    assert np.bincount(y[s.test]).tolist() == [4, 4, 4]
    assert np.bincount(y[s.train]).tolist() == [16, 16, 16]
    assert np.bincount(y[s.pool]).tolist() == [20, 20, 20, 40, 40]


def test_open_set_split_bad_arguments():
    y = np.repeat(np.arange(3), 10)
    with pytest.raises(ValueError, match="labeled_classes"):
        open_set_split(y, labeled_classes=[7])
    with pytest.raises(ValueError, match="test_fraction"):
        open_set_split(y, labeled_classes=[0], test_fraction=1.0)


@given(st.integers(0, 10_000), st.integers(1, 200))
def test_f1_estimate_is_harmonic_mean_of_estimates(seed, class_size):
    rng = np.random.default_rng(seed)
    r = recall_at_k_unlabeled(rng.random(20), rng.random(50))
    p = precision_at_k_unlabeled(r, class_size=class_size)
    with np.errstate(invalid="ignore"):
        harmonic = np.where(p + r > 0, 2 * p * r / (p + r), 0.0)
    np.testing.assert_allclose(f1_at_k_unlabeled(r, class_size=class_size), harmonic, atol=1e-12)


def test_f1_estimate_bad_arguments():
    with pytest.raises(ValueError, match="class_size"):
        f1_at_k_unlabeled([0.5], class_size=0)
    with pytest.raises(ValueError, match="recall"):
        f1_at_k_unlabeled([1.5], class_size=3)


def test_simulated_shapes():
    size = 2_000
    shapes = {}
    for kind in ["ideal", "narrow", "broad"]:
        test_pos, pool, is_pos = simulate_recall_curve_scores(kind, class_size=size)
        assert is_pos.sum() == size and pool.size == 10_000
        shapes[kind] = recall_at_k_unlabeled(test_pos, pool)
    assert shapes["ideal"][size - 1] > 0.97 and shapes["ideal"][size // 2 - 1] == pytest.approx(0.5, abs=0.05)
    assert shapes["narrow"][int(0.7 * size)] == 1.0  # full recall well before the class size
    assert shapes["broad"][size - 1] == pytest.approx(0.5, abs=0.05)
    with pytest.raises(ValueError, match="kind"):
        simulate_recall_curve_scores("perfect")
    with pytest.raises(ValueError, match="kind"):  # the article's words are not the course's names
        simulate_recall_curve_scores("overfit")
