"""Simulated prevalence shifts and estimating the new prevalence from scores alone (notebook 08).

:func:`sample_at_prevalence` draws a labeled sample with a chosen prevalence
(a simulated shift), :func:`prevalence_estimates` estimates that prevalence
from the scores alone in four ways, and :func:`prevalence_study` repeats both
over shifts of several sizes.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ._arguments import as_generator
from ._validate import check_count, check_prevalence_array, check_probabilities, check_probability_open, check_rate
from .enriched_pool import _as_bool
from .prior_shift import estimate_prevalence_acc, estimate_prevalence_em

__all__ = ["sample_at_prevalence", "prevalence_estimates", "prevalence_study"]


def sample_at_prevalence(y_true, prevalence: float, *, rng=0, max_size: int | None = None) -> np.ndarray:
    """Indices of a random subsample of ``y_true`` with the given prevalence.

    Takes as many examples as the two classes allow (at most ``max_size``):
    with ``P`` positives and ``N`` negatives available and ``pi = prevalence``
    the sample holds ``n_pos = min(P, round(N pi / (1 - pi)))`` positives and
    ``n_neg = round(n_pos (1 - pi) / pi)`` negatives (both rescaled down when
    ``max_size`` is smaller), drawn without replacement. Its prevalence is
    ``pi`` up to the rounding of the counts. Returns the indices, positives
    first. ``rng`` is an int seed, ``None`` or a ``numpy.random.Generator``.
    """
    y = _as_bool(y_true, "y_true")
    pi = check_probability_open(prevalence, "prevalence")
    gen = as_generator(rng)
    pos = np.flatnonzero(y)
    neg = np.flatnonzero(~y)
    n_pos = min(pos.size, round(neg.size * pi / (1.0 - pi)))
    n_neg = min(neg.size, round(n_pos * (1.0 - pi) / pi))
    if max_size is not None and n_pos + n_neg > check_count(max_size, "max_size"):
        n_pos = round(max_size * pi)
        n_neg = max_size - n_pos
    if n_pos < 1 or n_neg < 1:
        raise ValueError(f"prevalence={pi} leaves no positive or no negative in a sample of y_true")
    return np.concatenate([gen.choice(pos, n_pos, replace=False), gen.choice(neg, n_neg, replace=False)])


def prevalence_estimates(
    proba, *, train_prevalence: float, tpr: float, fpr: float, threshold: float = 0.5
) -> dict[str, float]:
    """Four estimates of the prevalence of an unlabeled sample from its scores.

    ``proba`` holds P(y=1|x) from a model trained at ``train_prevalence``;
    ``tpr`` and ``fpr`` are its rates at ``threshold`` (flagged when
    ``proba >= threshold``) measured on labeled data. Returns::

        em    = estimate_prevalence_em(proba, train_prevalence)   (Saerens et al. 2002)
        acc   = (q - fpr) / (tpr - fpr), clipped to [0, 1]       (adjusted classify and count)
        cc    = q = share of the sample flagged                   (classify and count)
        mean  = mean of proba                                     (probability average)
    """
    p = check_probabilities(proba, "proba")
    threshold = check_rate(threshold, "threshold")
    flagged = (p >= threshold).astype(int)
    return {
        "em": estimate_prevalence_em(p, train_prevalence=train_prevalence),
        "acc": estimate_prevalence_acc(flagged, tpr=tpr, fpr=fpr),
        "cc": float(flagged.mean()),
        "mean": float(p.mean()),
    }


def prevalence_study(
    y_true,
    proba,
    *,
    priors,
    n_draws: int,
    train_prevalence: float,
    tpr: float,
    fpr: float,
    threshold: float = 0.5,
    rng=0,
    progress: bool = False,
) -> pd.DataFrame:
    """Prevalence estimates on simulated shifts of several sizes.

    For every prior ``pi`` in ``priors`` and each of ``n_draws`` draws, take a
    sample of the labeled pool ``(y_true, proba)`` with prevalence ``pi``
    (:func:`sample_at_prevalence`) and estimate its prevalence from ``proba``
    alone (:func:`prevalence_estimates`). Returns one row per draw with the
    columns ``prior`` (the target), ``true`` (the sample's actual
    prevalence, after rounding of the counts), ``n`` (sample size), ``em``,
    ``acc``, ``cc`` and ``mean``. ``rng`` is an int seed, ``None`` or a
    ``numpy.random.Generator``. ``progress=True`` shows a tqdm bar.
    """
    y = _as_bool(y_true, "y_true")
    p = check_probabilities(proba, "proba")
    if p.shape != y.shape:
        raise ValueError(f"y_true and proba must have the same length, got {y.size} and {p.size}")
    priors = check_prevalence_array(priors, "priors")
    if priors.ndim != 1 or priors.size == 0:
        raise ValueError(f"priors must be a non-empty list of prevalences, got shape {priors.shape}")
    n_draws = check_count(n_draws, "n_draws")
    gen = as_generator(rng)
    rows = []
    jobs = [(float(pi), k) for pi in priors for k in range(n_draws)]
    for pi, _ in tqdm(jobs, disable=not progress, desc="samples"):
        idx = sample_at_prevalence(y, pi, rng=gen)
        est = prevalence_estimates(p[idx], train_prevalence=train_prevalence, tpr=tpr, fpr=fpr, threshold=threshold)
        rows.append({"prior": pi, "true": float(y[idx].mean()), "n": int(idx.size), **est})
    return pd.DataFrame(rows)
