"""Choosing a threshold on one set and reporting it on another, at a stated prevalence.

A threshold picked to maximise a score on some rows flatters that score on
those rows: the maximum over many thresholds of a noisy curve lies, on
average, above the value the same threshold reaches on new rows (selection
bias). So the threshold is picked on validation rows and its score reported on
held-out test rows.

Every rule here names its prevalence. F1 and precision depend on the share of
positives, so both sets are weighted to the same stated prevalence ``pi``:
positives weigh 1, negatives ``w = ((1 - pi) / pi) / (n_neg / n_pos)``
(:func:`helpers.negative_weight`). Weighted counts are the counts expected at
prevalence ``pi`` when the scores within each class stay as they are, the
counts of :func:`helpers.counts.counts_at_prevalence`; F1 is taken from them
by :func:`helpers.metric_zoo`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.metrics import confusion_matrix_at_thresholds, f1_score
from sklearn.model_selection import train_test_split

from ._arguments import as_generator
from ._validate import check_binary_labels, check_count, check_probability_open, check_same_length, check_scores
from .counts import Counts, WeightedCounts, metric_zoo, negative_weight

__all__ = ["prevalence_weights", "f1_best_threshold", "picked_vs_held_out"]


def prevalence_weights(y_true, prevalence: float) -> np.ndarray:
    """Sample weights that give ``y_true`` the prevalence ``prevalence``: 1 per positive, ``w`` per negative.

    ::

        w = ((1 - pi) / pi) / (n_neg / n_pos),   so   n_pos / (n_pos + w n_neg) = pi

    >>> prevalence_weights([1, 0, 0, 0], 0.5).tolist()
    [1.0, 0.3333333333333333, 0.3333333333333333, 0.3333333333333333]
    """
    is_pos = check_binary_labels(y_true)
    pi = check_probability_open(prevalence, "prevalence")
    n_pos = int(np.count_nonzero(is_pos))
    w = negative_weight(n_pos, is_pos.size - n_pos, pi)
    return np.where(is_pos, 1.0, w)


def f1_best_threshold(y_true, y_score, *, sample_weight=None) -> float:
    """The threshold (predict positive when ``score >= t``) with the highest F1.

    ::

        F1(t) = 2 TP(t) / (2 TP(t) + FP(t) + FN(t))

    over every distinct score ``t``, with weighted counts when
    ``sample_weight`` is given (e.g. :func:`prevalence_weights`), F1 being
    :func:`helpers.metric_zoo`'s. Among equal F1 values the highest threshold
    wins (fewest predicted positives).

    >>> f1_best_threshold([0, 1, 0, 1, 1], [0.1, 0.4, 0.35, 0.8, 0.9])
    0.4
    """
    is_pos = check_binary_labels(y_true)
    y_score = check_scores(y_score)
    check_same_length(is_pos, y_score, "y_true", "y_score")
    if sample_weight is not None:
        sample_weight = check_scores(sample_weight, "sample_weight")
        check_same_length(is_pos, sample_weight, "y_true", "sample_weight")
        if np.any(sample_weight < 0) or not np.any(sample_weight > 0):
            raise ValueError("sample_weight must be >= 0 and not all zero")
    tn, fp, fn, tp, thresholds = confusion_matrix_at_thresholds(
        is_pos.astype(int), y_score, sample_weight=sample_weight
    )
    if not tp[-1] + fn[-1] > 0:
        raise ValueError("the positives of y_true have zero total weight")
    counts = Counts if sample_weight is None else WeightedCounts
    # F1 = 2 TP / (2 TP + FP + FN), never 0 / 0 as TP + FN > 0
    f1 = metric_zoo(counts(tn=tn, fp=fp, fn=fn, tp=tp), keys=["f1"])["f1"]
    return float(thresholds[int(np.argmax(f1))])  # thresholds decrease: the first maximum is the highest


def picked_vs_held_out(
    estimator,
    X,
    y,
    *,
    prevalence: float,
    n_splits: int = 20,
    validation_size: float = 0.25,
    test_size: float = 0.25,
    rng=0,
) -> pd.DataFrame:
    """F1 where the threshold was picked vs F1 on held-out rows, over random three-way splits.

    For each of ``n_splits`` splits: split ``(X, y)`` at random (stratified,
    with a seed drawn from ``rng``, an int, None or a ``numpy.random.Generator``) into a fitting part, a validation part
    (``validation_size`` of the rows) and a test part (``test_size``); fit a
    clone of ``estimator`` on the fitting part, pick
    :func:`f1_best_threshold` on the validation scores
    (``predict_proba[:, 1]``), and score that threshold on the validation rows
    (picked-on) and on the test rows (held-out), both weighted to
    ``prevalence``. Validation and test rows are drawn alike, so the mean of
    ``f1_picked_on - f1_held_out`` estimates the optimism of reporting the
    score where the threshold was picked. Columns ``threshold``,
    ``f1_picked_on``, ``f1_held_out``; one row per split.
    """
    n_splits = check_count(n_splits, "n_splits")
    if n_splits < 1:
        raise ValueError(f"n_splits must be at least 1, got {n_splits}")
    check_probability_open(validation_size, "validation_size")
    check_probability_open(test_size, "test_size")
    if validation_size + test_size >= 1:
        raise ValueError(f"validation_size + test_size must be below 1, got {validation_size + test_size!r}")
    y = np.asarray(y)
    seeds = as_generator(rng).integers(0, 2**31 - 1, size=n_splits)
    rows = []
    for seed in seeds.tolist():
        X_rest, X_test, y_rest, y_test = train_test_split(X, y, test_size=test_size, stratify=y, random_state=seed)
        X_fit, X_val, y_fit, y_val = train_test_split(
            X_rest, y_rest, test_size=validation_size / (1 - test_size), stratify=y_rest, random_state=seed
        )
        model = clone(estimator).fit(X_fit, y_fit)
        s_val = model.predict_proba(X_val)[:, 1]
        s_test = model.predict_proba(X_test)[:, 1]
        w_val = prevalence_weights(y_val, prevalence)
        w_test = prevalence_weights(y_test, prevalence)
        t = f1_best_threshold(y_val, s_val, sample_weight=w_val)
        rows.append({
            "threshold": t,
            "f1_picked_on": f1_score(y_val, s_val >= t, sample_weight=w_val),
            "f1_held_out": f1_score(y_test, s_test >= t, sample_weight=w_test),
        })
    return pd.DataFrame(rows)
