"""Calibration: does a predicted probability ``p`` mean that a share ``p`` of such cases is positive?

A probability is *calibrated* at prevalence ``pi`` when, among the cases with
predicted probability ``p`` in a sample with a share ``pi`` of positives, a
share ``p`` is positive: ``P(y = 1 | p) = p``. Two tools:

* :func:`reliability_table` checks it on labelled rows, bin by bin, with an
  exact interval for the observed share, so that a bin with three rows says
  how little it can tell;
* :func:`calibrated_scores` draws labelled rows whose probabilities are
  calibrated by construction (the posterior of a binormal model), to show
  what a method that relies on calibration does when the assumption holds.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.special import expit, logit

from ._arguments import as_generator
from ._validate import (
    check_binary_labels,
    check_count,
    check_positive,
    check_probabilities,
    check_probability_open,
    check_same_length,
)
from .intervals import clopper_pearson_interval

__all__ = ["calibrated_scores", "reliability_table"]


def _check_edges(edges: object) -> np.ndarray:
    try:
        e = np.asarray(edges, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"edges must be numbers rising from 0 to 1, got {edges!r}") from None
    if e.ndim != 1 or e.size < 2 or e[0] != 0.0 or e[-1] != 1.0 or np.any(np.diff(e) <= 0):
        raise ValueError(f"edges must rise strictly from 0 to 1 (at least two of them), got {e.tolist()}")
    return e


def reliability_table(
    y_true, proba, *, edges=(0.0, 0.25, 0.5, 0.75, 1.0), confidence: float = 0.95, pos_label=1
) -> pd.DataFrame:
    """Predicted against observed share of positives within bins of the predicted probability.

    ``edges`` rise strictly from 0 to 1; bin ``b`` holds the rows with
    ``e_b <= p < e_(b+1)`` (the last bin also ``p = 1``). For each bin::

        n             = rows in the bin,  positives = k = positives among them
        mean_predicted = mean of p over the bin
        observed       = k / n
        observed_low, observed_high = Clopper-Pearson interval for k / n

    (:func:`helpers.intervals.clopper_pearson_interval`). For calibrated
    probabilities ``observed`` scatters around ``mean_predicted``, within
    the interval in about ``confidence`` of the bins. An empty bin has
    ``n = 0`` and NaN shares. This is scikit-learn's
    ``calibration_curve(strategy="uniform")`` with chosen edges, the counts,
    and an interval that says how much a bin of few rows can show.

    >>> reliability_table([0, 0, 1, 1, 1], [0.1, 0.2, 0.6, 0.7, 0.9], edges=[0, 0.5, 1])[["n", "positives", "observed"]]
       n  positives  observed
    0  2          0       0.0
    1  3          3       1.0
    """
    is_pos = check_binary_labels(y_true, pos_label=pos_label)
    p = check_probabilities(proba).ravel()
    check_same_length(is_pos, p, "y_true", "proba")
    e = _check_edges(edges)
    check_probability_open(confidence, "confidence")
    which = np.clip(np.searchsorted(e, p, side="right") - 1, 0, e.size - 2)
    n = np.bincount(which, minlength=e.size - 1)
    k = np.bincount(which, weights=is_pos, minlength=e.size - 1).astype(int)
    filled = n > 0
    safe = np.maximum(n, 1)
    low, high = clopper_pearson_interval(k, safe, confidence=confidence)
    nan = np.full(n.shape, np.nan)
    return pd.DataFrame({
        "low": e[:-1],
        "high": e[1:],
        "n": n,
        "positives": k,
        "mean_predicted": np.where(filled, np.bincount(which, weights=p, minlength=e.size - 1) / safe, nan),
        "observed": np.where(filled, k / safe, nan),
        "observed_low": np.where(filled, low, nan),
        "observed_high": np.where(filled, high, nan),
    })


def _binormal_posterior(x: np.ndarray, separation: float, prevalence: float) -> np.ndarray:
    """``P(y = 1 | x)`` when ``x | y=0 ~ N(0, 1)``, ``x | y=1 ~ N(d, 1)`` and ``P(y = 1) = pi`` (unchecked)."""
    return expit(logit(prevalence) + separation * x - separation * separation / 2.0)


def calibrated_scores(n: int, *, prevalence: float, separation: float, rng) -> tuple[np.ndarray, np.ndarray]:
    """``n`` labelled rows whose probabilities are calibrated at ``prevalence`` by construction.

    A binormal model: ``y ~ Bernoulli(pi)``, a feature ``x | y=0 ~ N(0, 1)``
    and ``x | y=1 ~ N(d, 1)`` (``d = separation``, ROC AUC ``Phi(d / sqrt 2)``),
    and the probability returned is the exact posterior (Bayes' rule)::

        p(x) = pi phi(x - d) / (pi phi(x - d) + (1 - pi) phi(x))
             = 1 / (1 + exp(-(logit(pi) + d x - d^2 / 2)))

    so ``P(y = 1 | p) = p`` in any sample drawn this way: the model a
    threshold rule for calibrated probabilities assumes, with nothing
    estimated. ``rng`` is ``None``, an int seed or a ``numpy.random.Generator``
    (advanced: labels first, then the feature). Returns ``(y, p)``, ``y`` 0/1.

    >>> y, p = calibrated_scores(100_000, prevalence=0.3, separation=2.0, rng=0)
    >>> round(float(y.mean()), 2), round(float(p.mean()), 2)
    (0.3, 0.3)
    """
    n = check_count(n, "n")
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    pi = check_probability_open(prevalence, "prevalence")
    d = check_positive(separation, "separation")
    g = as_generator(rng)
    y = (g.random(n) < pi).astype(int)
    x = g.standard_normal(n) + d * y
    return y, _binormal_posterior(x, d, pi)
