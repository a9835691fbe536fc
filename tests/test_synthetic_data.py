"""The shared example data sets."""

import numpy as np
import pytest

from helpers.synthetic_data import prior_shift_example, shifted_negatives


def test_prior_shift_example_split():
    X, y, train, test, deploy = prior_shift_example(np.random.default_rng(0))
    assert X.shape == (60_000, 20)
    for idx in (train, test):
        assert (y[idx] == 1).sum() == 800 and (y[idx] == 0).sum() == 8_000  # 1:10
    everything = np.concatenate([train, test, deploy])
    assert np.array_equal(np.sort(everything), np.arange(60_000))  # a partition: no row twice, none left out
    # what is left: 2 400 - 1 600 = 800 positives and 57 600 - 16 000 = 41 600 negatives (about 1:52)
    assert (y[deploy] == 1).sum() == 800 and (y[deploy] == 0).sum() == 41_600


def test_prior_shift_example_advances_the_callers_generator():
    a, b = np.random.default_rng(0), np.random.default_rng(0)
    prior_shift_example(a)
    assert a.random() != b.random()  # the notebook's later draws depend on this state


def test_shifted_negatives_favour_high_values_and_reproduce():
    X, y, _, _, deploy = prior_shift_example(np.random.default_rng(0))
    neg = deploy[y[deploy] == 0]
    plain = shifted_negatives(X, neg, feature=3, strength=0.0, rng=np.random.default_rng(1))
    mild = shifted_negatives(X, neg, feature=3, strength=0.2, rng=np.random.default_rng(1))
    strong = shifted_negatives(X, neg, feature=3, strength=0.5, rng=np.random.default_rng(1))
    for sample in (plain, mild, strong):
        assert sample.size == neg.size and np.isin(sample, neg).all()  # negatives only, as many as before
    means = [X[s, 3].mean() for s in (plain, mild, strong)]
    assert means[0] < means[1] < means[2]
    # exponential tilting of a roughly normal feature moves its mean by about strength * variance
    sd = X[neg, 3].std()
    assert means[2] - X[neg, 3].mean() == pytest.approx(0.5 * sd**2, rel=0.2)
    again = shifted_negatives(X, neg, feature=3, strength=0.5, rng=np.random.default_rng(1))
    assert np.array_equal(strong, again)  # a fresh generator: the same sample on every run


def test_shifted_negatives_bad_arguments():
    X = np.zeros((5, 2))
    with pytest.raises(ValueError, match="negatives"):
        shifted_negatives(X, np.array([], dtype=int), feature=0, strength=0.5, rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="strength"):
        shifted_negatives(X, np.arange(5), feature=0, strength=float("nan"), rng=np.random.default_rng(0))
