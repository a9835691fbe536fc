"""The shared example data sets."""

import numpy as np

from helpers.examples import prior_shift_example


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
