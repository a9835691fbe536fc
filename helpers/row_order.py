"""How much a fitted model depends on arithmetic noise: refit it on the same rows in other orders.

A model whose objective is a sum over the training rows (a logistic
regression, for one) is the same mathematical problem whatever the order of
the rows; only the order of the floating-point additions changes, as it does
between machines, BLAS libraries and numbers of threads. A converged fit of a
well-conditioned problem gives the same scores up to the last digits; a fit
stopped early on an ill-conditioned problem (unscaled features) moves in its
second or third digit. Refitting in several row orders shows which one a fit
is, on any single machine.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import clone

from ._arguments import as_generator
from ._validate import check_count

__all__ = ["refit_in_row_orders"]


def refit_in_row_orders(estimator, X, y, X_eval, *, n_orders: int = 20, rng=0) -> np.ndarray:
    """``predict_proba(X_eval)[:, 1]`` of clones of ``estimator`` fitted on ``(X, y)`` in ``n_orders`` row orders.

    Row 0 of the result is the fit on the rows as given, rows ``1 ..
    n_orders - 1`` fits on random permutations of them, drawn with ``rng``
    (an int seed, ``None`` or a ``numpy.random.Generator``; the estimator's
    own ``random_state`` is left as it is). Shape ``(n_orders, len(X_eval))``.
    ``result.max(axis=0) - result.min(axis=0)`` is how far each score moves
    with nothing but the order of the arithmetic.
    """
    if not (hasattr(estimator, "fit") and hasattr(estimator, "predict_proba")):
        raise ValueError(
            f"estimator must be a scikit-learn classifier with fit and predict_proba, got {type(estimator).__name__}"
        )
    n_orders = check_count(n_orders, "n_orders")
    if n_orders < 1:
        raise ValueError(f"n_orders must be at least 1, got {n_orders}")
    X, y = np.asarray(X), np.asarray(y)
    if len(X) != len(y):
        raise ValueError(f"X and y must have the same number of rows, got {len(X)} and {len(y)}")
    gen = as_generator(rng)
    out = np.empty((n_orders, len(X_eval)))
    for i in range(n_orders):
        order = np.arange(len(y)) if i == 0 else gen.permutation(len(y))
        out[i] = clone(estimator).fit(X[order], y[order]).predict_proba(X_eval)[:, 1]
    return out
