"""How uncertain an average precision is: a bootstrap over the test rows, each class resampled on its own.

Average precision (AP) is computed from one test set; how much it would change on another test set
drawn from the same population is what a bootstrap estimates (Efron, 1979): draw the test set again
from itself, with replacement, many times, recompute AP on each draw, and read an interval off the
spread of the draws (the *percentile* interval: the ``(1 - c) / 2`` and ``(1 + c) / 2`` quantiles).

Here the positives are drawn from the positives and the negatives from the negatives (a *stratified*
bootstrap), so every draw keeps the test set's numbers of positives and negatives: an AP at a stated
prevalence keeps the same negative weight in every draw, and no draw loses the rare class.

A draw that takes row ``i`` ``k_i`` times is the test set with row ``i`` weighted ``k_i``, so AP of a
draw is AP with the sample weights ``k_i`` (times any prevalence weights) on the rows in their fixed
order. That is how the draws are computed here, all at once, from one sort of the scores; the tests
check every draw against ``sklearn.metrics.average_precision_score`` on the repeated rows.

The estimand is the AP of the *fitted* model (or the difference of two fitted models' APs, scored on
the same rows) on the population the test rows come from, at the stated prevalence; refitting the
model is not part of it. A percentile interval is rough when a few rows decide the number (AP at a
very low prevalence rests on the top-ranked points): read it as the size of the uncertainty, not as an
exact 95 %.
"""

from __future__ import annotations

import numpy as np

from ._arguments import as_generator
from ._validate import check_binary_labels, check_probability_open, check_same_length, check_scores

__all__ = ["average_precision_draws", "average_precision_interval", "class_resample_counts"]


def class_resample_counts(y_true, n_resamples: int, *, rng=0) -> np.ndarray:
    """How often each row is drawn in ``n_resamples`` stratified bootstrap draws: an int array ``(B, n)``.

    Each row ``b`` takes ``P`` rows with replacement from the ``P`` positives of ``y_true`` and ``N`` from
    its ``N`` negatives (multinomial counts, equal chances), so ``counts[b, positives].sum() == P`` and
    ``counts[b, negatives].sum() == N``.

    >>> class_resample_counts([0, 1, 0, 1], 2, rng=0).sum(axis=1).tolist()
    [4, 4]
    """
    is_pos = check_binary_labels(y_true)
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a whole number >= 1, got {n_resamples!r}")
    gen = as_generator(rng)
    counts = np.zeros((int(n_resamples), is_pos.size), dtype=np.int64)
    for rows in (np.flatnonzero(is_pos), np.flatnonzero(~is_pos)):
        counts[:, rows] = gen.multinomial(rows.size, np.full(rows.size, 1.0 / rows.size), size=int(n_resamples))
    return counts


def average_precision_draws(y_true, y_score, draws, *, sample_weight=None) -> np.ndarray:
    """AP of each bootstrap draw ``draws[b]`` (how often each row is drawn), one number per draw.

    With rows sorted by decreasing score and ``v_i = draws[b, i] * sample_weight_i``, summed within
    each group of tied scores ``k`` (highest first)::

        TP_k = sum of v over the positives scored >= s_k,   FP_k likewise over the negatives
        AP   = sum_k (TP_k - TP_{k-1}) / TP_last * TP_k / (TP_k + FP_k)

    which is ``average_precision_score`` on the drawn rows (a row drawn ``k`` times counts ``k`` times).
    """
    is_pos = check_binary_labels(y_true)
    s = check_scores(y_score)
    check_same_length(is_pos, s, "y_true", "y_score")
    k = np.asarray(draws, dtype=float)
    if k.ndim != 2 or k.shape[1] != is_pos.size or np.any(k < 0):
        raise ValueError(f"draws must be an array (number of draws, {is_pos.size}) of counts >= 0, "
                         f"got shape {k.shape}")
    w = np.ones(is_pos.size) if sample_weight is None else check_scores(sample_weight, "sample_weight")
    check_same_length(is_pos, w, "y_true", "sample_weight")
    order = np.argsort(-s, kind="mergesort")
    v = k[:, order] * w[order]
    pos = is_pos[order]
    ends = np.r_[np.flatnonzero(np.diff(s[order]) != 0), s.size - 1]  # last row of each tie group
    tp = np.cumsum(v * pos, axis=1)[:, ends]
    fp = np.cumsum(v * ~pos, axis=1)[:, ends]
    flagged = tp + fp
    precision = np.divide(tp, flagged, out=np.zeros_like(tp), where=flagged > 0)
    gain = np.diff(tp, axis=1, prepend=0.0)
    return np.sum(gain * precision, axis=1) / tp[:, -1]


def average_precision_interval(y_true, y_score, *, other_score=None, sample_weight=None, n_resamples: int = 2000,
                               confidence: float = 0.95, rng=0) -> tuple[float, float, float]:
    """AP (or the difference ``AP(y_score) - AP(other_score)``) and its percentile interval: ``(est, low, high)``.

    The draws are :func:`class_resample_counts`; both models are scored on the same draws (a paired
    comparison). ``sample_weight`` (e.g. the negatives' weight for another prevalence) multiplies every
    draw's counts; ``est`` is the AP of the test set itself::

        low, high = quantiles (1 - c) / 2 and (1 + c) / 2 of AP(draw_b),  b = 1 .. n_resamples

    >>> y, s = np.array([0, 0, 1, 0, 1, 1]), np.array([0.1, 0.4, 0.35, 0.2, 0.8, 0.9])
    >>> est, low, high = average_precision_interval(y, s, n_resamples=500)
    >>> round(est, 4), low <= est <= high
    (0.9167, True)
    """
    conf = check_probability_open(confidence, "confidence")
    drawn = class_resample_counts(y_true, n_resamples, rng=rng)
    ones = np.ones((1, drawn.shape[1]))
    aps = average_precision_draws(y_true, y_score, drawn, sample_weight=sample_weight)
    est = float(average_precision_draws(y_true, y_score, ones, sample_weight=sample_weight)[0])
    if other_score is not None:
        aps = aps - average_precision_draws(y_true, other_score, drawn, sample_weight=sample_weight)
        est -= float(average_precision_draws(y_true, other_score, ones, sample_weight=sample_weight)[0])
    low, high = np.quantile(aps, [(1 - conf) / 2, (1 + conf) / 2])
    return est, float(low), float(high)
