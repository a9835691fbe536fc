"""Example data sets the course builds in more than one place (a notebook and a bench)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import make_classification

__all__ = ["prior_shift_example"]


def prior_shift_example(rng: np.random.Generator):
    """Notebook 06's problem: 60 000 synthetic rows, 2 400 positives, split three ways.

    ``make_classification`` (20 features, 6 informative, 4 % positives,
    ``random_state=0``), then, drawing with ``rng``::

        train  = 800 positives + 8 000 negatives   (1:10)
        test   = 800 positives + 8 000 negatives   (1:10)
        deploy = everything else, at the real prevalence (about 1 : 50)

    Returns ``(X, y, train, test, deploy)``, the last three index arrays.
    ``rng`` is advanced by two permutations, so a caller that goes on drawing
    from it gets the same numbers as notebook 06.
    """
    X, y = make_classification(n_samples=60_000, n_features=20, n_informative=6, n_redundant=2, weights=[0.96],
                               flip_y=0, class_sep=0.8, shuffle=False, random_state=0)
    pos, neg = rng.permutation(np.flatnonzero(y == 1)), rng.permutation(np.flatnonzero(y == 0))
    train = np.r_[pos[:800], neg[:8_000]]
    test = np.r_[pos[800:1_600], neg[8_000:16_000]]
    deploy = np.r_[pos[1_600:], neg[16_000:]]
    return X, y, train, test, deploy
