"""Example data sets the course builds in more than one place (a notebook and a bench)."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import make_classification

from ._arguments import as_generator

__all__ = ["prior_shift_example", "shifted_negatives"]


def prior_shift_example(rng: np.random.Generator | int | None):
    """Notebook 06's problem: 60 000 synthetic rows, 2 400 positives, split three ways.

    ``make_classification`` (20 features: 6 informative, 2 redundant, i.e.
    linear combinations of the informative ones, so ``X`` has rank 18; 4 %
    positives; ``random_state=0``), then, drawing with ``rng``::

        train  = 800 positives + 8 000 negatives   (1:10)
        test   = 800 positives + 8 000 negatives   (1:10)
        deploy = everything else: 800 positives + 41 600 negatives (about 1:52)

    The deployment sample is *not* at the generated 4 %: training and test
    take 1 600 of the 2 400 positives but only 16 000 of the 57 600
    negatives, which leaves 1 positive per 52 negatives (1.9 %).

    Returns ``(X, y, train, test, deploy)``, the last three index arrays.
    ``rng`` is a ``numpy.random.Generator`` (advanced by two permutations),
    an int seed or ``None``.
    """
    gen = as_generator(rng)
    X, y = make_classification(n_samples=60_000, n_features=20, n_informative=6, n_redundant=2, weights=[0.96],
                               flip_y=0, class_sep=0.8, shuffle=False, random_state=0)
    pos, neg = gen.permutation(np.flatnonzero(y == 1)), gen.permutation(np.flatnonzero(y == 0))
    train = np.r_[pos[:800], neg[:8_000]]
    test = np.r_[pos[800:1_600], neg[8_000:16_000]]
    deploy = np.r_[pos[1_600:], neg[16_000:]]
    return X, y, train, test, deploy


def shifted_negatives(X: np.ndarray, negatives: np.ndarray, *, feature: int, strength: float,
                      rng: np.random.Generator | int | None) -> np.ndarray:
    """Resample negatives so that they look more like positives on one feature (notebook 06, section 8).

    Draws ``negatives.size`` row indices from ``negatives``, with replacement,
    row ``i`` with probability::

        P(i) = exp(strength * X[i, feature]) / sum_j exp(strength * X[j, feature])

    ``strength = 0`` is a plain bootstrap of the negatives; a larger strength
    favours high values of ``feature`` more. The class balance is unchanged;
    only what the negatives look like moves. ``rng`` is an int seed, ``None``
    or a ``numpy.random.Generator``; pass a seed (or a fresh generator,
    ``np.random.default_rng(1)``) to get the same sample on every run.
    """
    X = np.asarray(X)
    if X.ndim != 2:
        raise ValueError(f"X must be a two-dimensional array (rows x features), got shape {X.shape}")
    negatives = np.asarray(negatives)
    if negatives.ndim != 1 or negatives.size == 0 or not np.issubdtype(negatives.dtype, np.integer):
        raise ValueError("negatives must be a non-empty 1-d array of row indices")
    if isinstance(feature, bool) or not isinstance(feature, (int, np.integer)) or not 0 <= feature < X.shape[1]:
        raise ValueError(f"feature must be a column index of X, 0 to {X.shape[1] - 1}, got {feature!r}")
    if isinstance(strength, bool) or not isinstance(strength, (int, float, np.number)) or not np.isfinite(strength):
        raise ValueError(f"strength must be a finite number, got {strength!r}")
    gen = as_generator(rng)
    z = strength * X[negatives, feature]
    weights = np.exp(z - z.max())  # subtract the max: no overflow, same probabilities
    return gen.choice(negatives, size=negatives.size, p=weights / weights.sum())
