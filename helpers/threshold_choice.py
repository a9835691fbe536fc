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

Notebook 13 and the report choose a threshold by a rule the user states
(:func:`threshold_rule`): a recall target, the lowest expected cost at the
deployment prevalence, or a threshold fixed in advance. A rule that looks at
the rows is applied to one half of the file (:func:`stratified_halves`) and
judged on the other; :func:`split_half_optimism` measures what judging it on
the same half would have claimed instead.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.metrics import confusion_matrix_at_thresholds, f1_score
from sklearn.model_selection import train_test_split

from ._arguments import as_generator
from ._validate import check_binary_labels, check_count, check_probability_open, check_same_length, check_scores
from .costs import min_cost_threshold
from .counts import Counts, WeightedCounts, counts_at_prevalence, metric_zoo, negative_weight
from .curves import counts_at_threshold
from .threshold_rules import ThresholdRule, _given_number, threshold_rule

__all__ = [
    "prevalence_weights",
    "f1_best_threshold",
    "picked_vs_held_out",
    "ThresholdRule",
    "threshold_rule",
    "recall_target_threshold",
    "cost_threshold",
    "choose_threshold",
    "stratified_halves",
    "split_half_optimism",
]


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
    ``prevalence``. When ``validation_size == test_size`` the validation and
    test rows are drawn alike (same size up to a row of rounding, same
    stratification), so the mean of
    ``f1_picked_on - f1_held_out`` over the splits estimates the optimism of
    reporting the score where the threshold was picked; in a single split the
    difference is that optimism plus chance. With different sizes the two F1
    values also differ in their noise (and F1 on a finite set is not unbiased),
    so the mean difference mixes the optimism with the effect of the size.
    Columns ``threshold``, ``f1_picked_on``, ``f1_held_out``; one row per split.
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


def _labels_and_scores(y_true, y_score) -> tuple[np.ndarray, np.ndarray]:
    is_pos = check_binary_labels(y_true)
    y_score = check_scores(y_score)
    check_same_length(is_pos, y_score, "y_true", "y_score")
    if not 0 < np.count_nonzero(is_pos) < is_pos.size:
        raise ValueError("y_true must hold both classes (at least one 1 and one 0)")
    return is_pos, y_score


def recall_target_threshold(y_true, y_score, *, recall: float, confidence: float | None = None) -> float:
    """The highest threshold (predict positive when ``score >= t``) whose recall is at least ``recall``.

    With ``P`` positives, recall ``TP(t) / P >= r`` needs ``k = ceil(r P)``
    positives at or above ``t``; the highest such ``t`` is the ``k``-th highest
    positive score::

        t = (k-th highest score among the positives),   k = ceil(r P)

    That recall is met on these rows; on new rows the same threshold finds
    a share of the positives that is only estimated by ``k / P`` and falls
    below ``r`` about half the time. With ``confidence`` ``c`` the target must
    be met with probability at least ``c`` on new cases: the true recall at
    the ``k``-th highest of ``P`` positive scores is the ``k``-th smallest of
    ``P`` uniforms, ``Beta(k, P - k + 1)`` (David & Nagaraja 2003, section
    2.5), so::

        k = the smallest k with  P(Beta(k, P - k + 1) >= r) >= c,  i.e.  B^-1(1 - c; k, P - k + 1) >= r

    the lower end of the ONE-sided ``c`` Clopper–Pearson interval of the
    recall (the two-sided ``2 c - 1`` interval's lower end; see
    :func:`_recall_lower_limits`). The threshold's recall on new cases from
    the same population is then at least ``r`` with probability at least
    ``c`` (exactly the chance :func:`helpers.report.optimism.recall_target_chance`
    gives; a lower bound when scores tie). Raises ``ValueError`` when even
    ``k = P`` is not enough (``(1 - c)^(1 / P) < r``: too few positives for
    that target and confidence).

    The rule does not depend on the prevalence (recall does not); the
    precision it reaches does.

    >>> recall_target_threshold([1, 0, 1, 1, 0], [0.9, 0.8, 0.7, 0.2, 0.1], recall=0.6)
    0.7
    >>> y = [1] * 40 + [0] * 10
    >>> s = [i / 50 for i in range(50, 0, -1)]
    >>> recall_target_threshold(y, s, recall=0.5), recall_target_threshold(y, s, recall=0.5, confidence=0.95)
    (0.62, 0.5)
    """
    is_pos, y_score = _labels_and_scores(y_true, y_score)
    r = _given_number(recall, "recall")
    if not 0 < r <= 1:
        raise ValueError(f"recall must be in (0, 1], got {recall!r}")
    positives = np.sort(y_score[is_pos])[::-1]
    if confidence is None:
        k = max(1, math.ceil(round(r * positives.size, 9)))  # round: 0.8 * 150 is 120.00000000000001
    else:
        c = check_probability_open(confidence, "confidence")
        n = positives.size
        lows = _recall_lower_limits(n, c)
        reached = np.flatnonzero(np.asarray(lows) >= r)  # lows increase with k
        if reached.size == 0:
            raise ValueError(
                f"recall {r:g} cannot be shown at confidence {c:g} with {n} positive{'' if n == 1 else 's'}: "
                f"even all of them give a lower limit of {float(np.asarray(lows)[-1]):.3g}; lower the confidence "
                "or the target"
            )
        k = int(reached[0]) + 1
    return float(positives[k - 1])


def _recall_lower_limits(positives: int, confidence: float) -> np.ndarray:
    """The one-sided lower confidence limit of recall with ``k = 1..P`` of ``P`` positives found::

        low_k = B^-1(1 - c; k, P - k + 1)

    (Clopper & Pearson 1934, one-sided): ``P(Beta(k, P - k + 1) >= low_k) = c``. It increases with ``k``; at
    ``k = P`` it is ``(1 - c)^(1 / P)``.

    >>> _recall_lower_limits(3, 0.95).round(4).tolist()
    [0.017, 0.1354, 0.3684]
    """
    from scipy.stats import beta

    k = np.arange(1, int(positives) + 1)
    return beta.ppf(1 - float(confidence), k, int(positives) - k + 1)


def cost_threshold(y_true, y_score, *, cost_fp: float, cost_fn: float, prevalence: float) -> float:
    """The threshold with the lowest expected cost per case at the deployment ``prevalence`` ``pi``.

    ::

        cost(t) = cost_fp (1 - pi) FPR(t) + cost_fn pi (1 - TPR(t))

    which is proportional to the cost of the counts at prevalence ``pi``
    (:func:`helpers.counts.counts_at_prevalence`: ``cost_fp w FP + cost_fn
    FN``): notebook 11's :func:`helpers.costs.min_cost_threshold` with the
    negatives reweighted to the deployment prevalence. Every distinct score is
    a candidate, and so is ``+inf`` (flag nobody). Ties go to the highest
    threshold.

    >>> cost_threshold([1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.2, 0.1], cost_fp=1, cost_fn=10, prevalence=0.4)
    0.7
    """
    is_pos, y_score = _labels_and_scores(y_true, y_score)
    rule = threshold_rule(cost_fp=cost_fp, cost_fn=cost_fn)
    pi = check_probability_open(prevalence, "prevalence")
    threshold, _ = min_cost_threshold(is_pos, y_score, cost_fp=rule.cost_fp, cost_fn=rule.cost_fn,
                                      pos_label=True, deploy_prevalence=pi)
    return threshold


def choose_threshold(y_true, y_score, rule: ThresholdRule, *, prevalence: float) -> float:
    """Apply a :func:`threshold_rule` to labelled scores, at the deployment ``prevalence``.

    ``"recall"``: :func:`recall_target_threshold` (with the rule's
    ``recall_confidence``, if any); ``"cost"``:
    :func:`cost_threshold`; ``"f1"``: :func:`f1_best_threshold` with the
    negatives weighted to ``prevalence`` (``F1 = 2 TP / (2 TP + w FP + FN)``);
    ``"fixed"``: the rule's threshold, whatever the rows.

    >>> choose_threshold([1, 0, 1, 1, 0], [0.9, 0.8, 0.7, 0.2, 0.1], threshold_rule(at_recall=0.6), prevalence=0.01)
    0.7
    """
    if not isinstance(rule, ThresholdRule):
        raise ValueError(f"rule must be a ThresholdRule (from threshold_rule), got {type(rule).__name__}")
    pi = check_probability_open(prevalence, "prevalence")
    if rule.kind == "fixed":
        return float(rule.threshold)
    if rule.kind == "recall":
        return recall_target_threshold(y_true, y_score, recall=rule.at_recall, confidence=rule.recall_confidence)
    if rule.kind == "cost":
        return cost_threshold(y_true, y_score, cost_fp=rule.cost_fp, cost_fn=rule.cost_fn, prevalence=pi)
    return f1_best_threshold(y_true, y_score, sample_weight=prevalence_weights(y_true, pi))


def stratified_halves(y_true, *, rng=0) -> np.ndarray:
    """A random half of the rows, stratified: ``True`` for the rows of the half where the threshold is chosen.

    Of ``P`` positives ``P // 2`` are taken, at random, and of ``N`` negatives
    ``N // 2``; the other rows (``False``) are where the choice is judged.
    ``rng`` is an int seed, ``None`` or a ``numpy.random.Generator``.

    >>> stratified_halves([1, 1, 0, 0, 0, 0], rng=0).sum()
    np.int64(3)
    """
    is_pos = check_binary_labels(y_true)
    gen = as_generator(rng)
    choosing = np.zeros(is_pos.size, dtype=bool)
    for rows in (np.flatnonzero(is_pos), np.flatnonzero(~is_pos)):
        gen.shuffle(rows)  # what gen.permutation(rows) does to its copy: the same draws, no 2nd long array
        choosing[rows[: rows.size // 2]] = True
    return choosing


def _precision_and_recall_at(is_pos: np.ndarray, y_score: np.ndarray, threshold: float, pi: float):
    c = counts_at_threshold(is_pos, y_score, threshold)
    precision = float(metric_zoo(counts_at_prevalence(c, pi), keys=["precision"])["precision"])
    return precision, c.tp / (c.tp + c.fn)


def split_half_optimism(
    y_true, y_score, rule: ThresholdRule, *, prevalence: float, n_splits: int = 300, rng=0
) -> pd.DataFrame:
    """Precision and recall where the threshold was chosen vs on the other half, over random half-splits.

    For each of ``n_splits`` splits (:func:`stratified_halves` with the
    generator made from ``rng``): choose the threshold by ``rule`` on the
    choosing half, then count it on both halves and take, on each, precision
    at the deployment prevalence ``pi``, ``TP / (TP + w FP)`` with ``w``
    that half's :func:`helpers.negative_weight` (nan when nobody is flagged),
    and recall ``TP / P``.

    In one split, ``precision_picked_on - precision_held_out`` is the
    optimism of judging a threshold on the rows that chose it *plus chance*
    (the two halves differ by sampling noise whatever the rule). Only its
    mean over the splits estimates the optimism; report it with its Monte
    Carlo standard error, ``std / sqrt(n_splits)`` (e.g. ``Series.sem()``).
    The halves are drawn alike when the positives ``P`` and the negatives
    ``N`` are both even; when one is odd the judging half has one row of that
    class more (:func:`stratified_halves`), a difference that is negligible
    unless that class has only a few rows. The same holds for recall. A rule
    can be flattered in one of the two and not the other: a recall target
    meets its recall on the choosing half by construction, so its optimism is
    in recall, not in precision.

    Columns ``threshold``, ``precision_picked_on``, ``precision_held_out``,
    ``recall_picked_on``, ``recall_held_out``; one row per split.
    """
    is_pos, y_score = _labels_and_scores(y_true, y_score)
    if not isinstance(rule, ThresholdRule):
        raise ValueError(f"rule must be a ThresholdRule (from threshold_rule), got {type(rule).__name__}")
    pi = check_probability_open(prevalence, "prevalence")
    n_splits = check_count(n_splits, "n_splits")
    if n_splits < 1:
        raise ValueError(f"n_splits must be at least 1, got {n_splits}")
    gen = as_generator(rng)
    rows = []
    for _ in range(n_splits):
        a = stratified_halves(is_pos, rng=gen)
        t = choose_threshold(is_pos[a], y_score[a], rule, prevalence=pi)
        precision_picked_on, recall_picked_on = _precision_and_recall_at(is_pos[a], y_score[a], t, pi)
        precision_held_out, recall_held_out = _precision_and_recall_at(is_pos[~a], y_score[~a], t, pi)
        rows.append({
            "threshold": t,
            "precision_picked_on": precision_picked_on,
            "precision_held_out": precision_held_out,
            "recall_picked_on": recall_picked_on,
            "recall_held_out": recall_held_out,
        })
    return pd.DataFrame(rows)
