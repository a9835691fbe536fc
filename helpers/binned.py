"""Means within quantile bins: the curve behind a calibration plot, or a trend against a feature.

Binning the same scatter of true values against predictions two ways tells
two different stories (notebook 12): the mean true value within bins of the
*prediction* is the calibration curve (on the diagonal for a calibrated
model), the mean prediction within bins of the *truth* follows E[yhat | y],
whose slope against y is corr(y, yhat) * sd(yhat) / sd(y). For a calibrated
model that is R^2, below 1 whenever R^2 < 1 (regression to the mean); for an
uncalibrated one it can be anything (predictions stretched about their mean
push it above 1).
"""

from __future__ import annotations

import numpy as np

from ._validate import check_count, check_same_length, check_scores

__all__ = ["binned_means"]


def binned_means(x, values, *, bins: int = 10) -> tuple[np.ndarray, np.ndarray]:
    """Mean of ``x`` and of ``values`` within each of ``bins`` quantile bins of ``x``.

    The edges are the quantiles ``e_0 <= e_1 <= ... <= e_bins`` of ``x`` at
    ``0, 1/bins, ..., 1``; item ``i`` falls in bin ``b`` when
    ``e_b <= x_i < e_(b+1)`` (the largest ``x`` in the last bin). Then::

        centre_b = mean of x_i over bin b,   mean_b = mean of values_i over bin b

    Items tied at an edge go to the highest bin that starts there, and bins
    that ties leave empty are dropped, so both arrays can be shorter than
    ``bins``. Returns ``(centres, means)``.

    >>> centres, means = binned_means([1, 2, 3, 4, 5, 6], [10, 20, 30, 40, 50, 60], bins=3)
    >>> centres.tolist(), means.tolist()
    ([1.5, 3.5, 5.5], [15.0, 35.0, 55.0])
    """
    x = check_scores(x, "x")
    v = check_scores(values, "values")
    check_same_length(x, v, "x", "values")
    bins = check_count(bins, "bins")
    if bins < 1:
        raise ValueError(f"bins must be at least 1, got {bins}")
    edges = np.quantile(x, np.linspace(0, 1, bins + 1))
    which = np.clip(np.searchsorted(edges, x, side="right") - 1, 0, bins - 1)
    counts = np.bincount(which, minlength=bins)
    filled = counts > 0
    centres = np.bincount(which, weights=x, minlength=bins)[filled] / counts[filled]
    means = np.bincount(which, weights=v, minlength=bins)[filled] / counts[filled]
    return centres, means
