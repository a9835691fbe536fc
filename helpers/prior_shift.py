"""Prior shift: the same classifier met at another class balance.

Under prior shift the class-conditional score distributions stay the same
(so TPR and FPR at every threshold stay the same) and only the prevalence
changes. Precision, F1 and average precision move; recall, FPR and ROC AUC
do not.

One definition: precision at a prevalence ``pi`` of counted TP, FP, FN, TN is
``TP / (TP + w FP)`` with ``w = ((1 - pi) / pi) / (N / P)``, computed in one
place, :func:`helpers.counts.counts_at_prevalence` (the weighted counts) and
:func:`helpers.metric_zoo` (their ratios). :func:`corrected_precision`,
:func:`rebuilt_precision` and :func:`corrected_pr_curve` call them.
:func:`precision_at_prevalence` is the entry point for *rates*: Bayes' rule
on TPR and FPR, the same number (TPR and FPR are TP and FP per positive and
per negative, ``P = N = 1``, so ``w = (1 - pi) / pi``), written so that tiny
rates and prevalences do not underflow; ``tests/test_one_definition.py``
checks that it agrees with the definition.
"""

from __future__ import annotations

import functools
import warnings

import numpy as np
from numpy.typing import ArrayLike
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics import confusion_matrix_at_thresholds

from ._arguments import Cell, takes_counts
from ._validate import (
    check_binary_labels,
    check_positive,
    check_prevalence_array,
    check_probabilities,
    check_probability_open,
    check_rate_array,
    check_same_length,
    check_scores,
)
from .counts import (
    Counts,
    WeightedCounts,
    counts_at_prevalence,
    metric_zoo,
    negative_weight,
    resolve_counts,
    weight_negatives,
)

__all__ = [
    "precision_at_prevalence",
    "rebuilt_precision",
    "corrected_precision",
    "corrected_pr_curve",
    "negative_weight",
    "adjust_posteriors",
    "estimate_prevalence_em",
    "estimate_prevalence_acc",
]


def _scalar_or_array(x: np.ndarray):
    return float(x) if np.ndim(x) == 0 else x


def precision_at_prevalence(tpr, fpr, prevalence):
    """Precision at a given prevalence, by Bayes' rule.

    ::

        precision = TPR * pi / (TPR * pi + FPR * (1 - pi))

    with ``pi`` the prevalence P(y = 1). Undefined (``nan``) when TPR = FPR = 0
    (nobody is predicted positive). Works elementwise on arrays.

    This is the rate form of the one definition of deployment precision,
    ``TP / (TP + w FP)`` of :func:`helpers.counts.counts_at_prevalence`:
    dividing by ``pi`` gives ``TPR / (TPR + w FPR)`` with ``w = (1 - pi) / pi``.
    It is computed as ``1 / (1 + w FPR / TPR)`` so that tiny rates or
    prevalences cannot underflow; for counts with these rates it agrees with
    ``metric_zoo(counts.at_prevalence(pi))["precision"]`` to rounding.

    >>> round(precision_at_prevalence(0.8, 0.001, 10 / 100_000), 4)
    0.0741
    """
    tpr = check_rate_array(tpr, "tpr")
    fpr = check_rate_array(fpr, "fpr")
    pi = check_prevalence_array(prevalence, "prevalence")
    # Written as 1 / (1 + (FPR / TPR) (1 - pi) / pi), so that tiny rates or
    # prevalences cannot underflow a sum to 0 and turn a defined value into nan.
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = (fpr / tpr) * ((1.0 - pi) / pi)  # inf where TPR = 0 < FPR, or where it overflows: precision 0
        out = np.where(fpr == 0, 1.0, 1.0 / (1.0 + ratio))  # no false positives: 1 (ratio is nan or 0 there)
    out = np.where((tpr == 0) & (fpr == 0), np.nan, out)
    return _scalar_or_array(out)


@takes_counts()
def rebuilt_precision(
    counts: Counts | None = None,
    *,
    prevalence: ArrayLike,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
):
    """Precision at ``prevalence`` rebuilt from the TPR and FPR of a confusion matrix.

    ::

        TPR = TP / (TP + FN),   FPR = FP / (FP + TN)
        precision = TPR * pi / (TPR * pi + FPR * (1 - pi))
                  = TP / (TP + w FP),   w = ((1 - pi) / pi) / (N / P)

    computed as ``metric_zoo(counts_at_prevalence(counts, pi))["precision"]``
    (:func:`helpers.counts.counts_at_prevalence`, the single definition).
    ``counts`` is a :class:`helpers.Counts` (fields may be arrays, one entry
    per study, and expected counts need not be whole), or leave it out and
    give the four counts as keywords ``tp=, fn=, fp=, tn=`` (never by
    position); ``prevalence`` is a number or an array in ``[0, 1)``. At the
    matrix's own prevalence, ``(TP + FN) / n``, this is ``TP / (TP + FP)``.
    A prevalence of 0 (an estimate from a sample without positives) gives 0
    when FPR > 0. ``nan`` where TPR or FPR is undefined (no positives or no
    negatives in ``counts``) or where nobody would be flagged.

    >>> from helpers import Counts
    >>> round(rebuilt_precision(Counts(tn=99_890, fp=100, fn=22, tp=88), prevalence=1e-4), 4)
    0.0741
    >>> round(rebuilt_precision(tp=88, fn=22, fp=100, tn=99_890, prevalence=1e-4), 4)
    0.0741
    """
    c, _ = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="rebuilt_precision", whole=False)
    tp, fn, fp, tn = (np.asarray(getattr(c, f), dtype=float) for f in ("tp", "fn", "fp", "tn"))
    pi = np.asarray(prevalence, dtype=float)
    if pi.size and not np.all((pi >= 0.0) & (pi < 1.0)):
        raise ValueError(f"prevalence must be in [0, 1), found {float(pi[~((pi >= 0) & (pi < 1))].flat[0])!r}")
    tp, fn, fp, tn, pi = np.broadcast_arrays(tp, fn, fp, tn, pi)
    defined = (tp + fn > 0) & (fp + tn > 0)
    # Where TPR or FPR is undefined, or pi = 0, compute on a stand-in (1, 1, 1, 1) at
    # pi = 1/2 and overwrite the result below: no weight exists there.
    stand_in = WeightedCounts(*(np.where(defined, v, 1.0) for v in (tn, fp, fn, tp)))
    out = metric_zoo(counts_at_prevalence(stand_in, np.where(pi > 0, pi, 0.5)), keys=["precision"])["precision"]
    out = np.where(pi == 0, np.where(fp > 0, 0.0, np.nan), out)
    out = np.where(defined, out, np.nan)
    return _scalar_or_array(out)


def _keywords_only(func):
    """Refuse positional arguments with a ``TypeError`` that shows the keyword call."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if args:
            raise TypeError(
                f"{func.__name__}() takes no positional arguments but {len(args)} were given: the counts go by "
                f"keyword (it is easy to swap them); write {func.__name__}(tp=..., fp=..., test_ratio=..., "
                "deploy_ratio=...)"
            )
        return func(**kwargs)

    return wrapper


@_keywords_only
def corrected_precision(*, tp: ArrayLike, fp: ArrayLike, test_ratio: float, deploy_ratio: float):
    """Precision after rescaling false positives to the deployment class ratio.

    Each ratio is negatives / positives. Keeping TP and multiplying FP by the
    fold change of the ratio::

        FP_deploy = FP_test * deploy_ratio / test_ratio
        precision_deploy = TP / (TP + FP_deploy)

    computed by :func:`helpers.counts.weight_negatives` (the weighting) and
    :func:`helpers.metric_zoo` (the ratio), the single definition. This
    equals :func:`precision_at_prevalence` with TPR and FPR from the test
    set and ``pi = 1 / (1 + deploy_ratio)``. ``nan`` when TP = FP = 0.
    ``tp`` and ``fp`` may be fractional (FP per TP, say) and arrays. They
    are keywords only (the former positional form ``corrected_precision(tp, fp, ...)``
    is refused with a ``TypeError`` that shows the keyword call).

    >>> round(corrected_precision(tp=90, fp=10, test_ratio=10, deploy_ratio=10_000), 4)
    0.0089
    """
    tp = _finite_counts(tp, "tp")
    fp = _finite_counts(fp, "fp")
    fold = check_positive(deploy_ratio, "deploy_ratio") / check_positive(test_ratio, "test_ratio")
    tp, fp = np.broadcast_arrays(tp, fp)
    # Precision reads TP and FP only: TN = 0, and FN = 0 except one stand-in
    # positive where nobody is flagged, so that the zoo has somebody to count.
    nobody = tp + fp == 0
    counts = WeightedCounts(tn=np.zeros_like(tp), fp=fp, fn=np.where(nobody, 1.0, 0.0), tp=tp)
    out = metric_zoo(weight_negatives(counts, fold), keys=["precision"])["precision"]
    return _scalar_or_array(np.where(nobody, np.nan, out))


def _finite_counts(value: object, name: str) -> np.ndarray:
    """Finite numbers >= 0 as a float array (expected counts need not be whole)."""
    if isinstance(value, (bool, str)):
        raise ValueError(f"{name} must hold finite counts >= 0, got {value!r}")
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must hold finite counts >= 0, got {type(value).__name__}") from None
    bad = ~(np.isfinite(arr) & (arr >= 0))
    if np.any(bad):
        raise ValueError(f"{name} must hold finite counts >= 0, found {float(arr[bad].flat[0])!r}")
    return arr


def corrected_pr_curve(y_true, y_score, *, deploy_prevalence: float):
    """Precision-recall curve as it would be at the deployment prevalence.

    Counts TP and FP at every distinct threshold with scikit-learn's kernel
    (``confusion_matrix_at_thresholds``), rescales FP by the fold change of
    the negative-to-positive ratio (:func:`negative_weight`) and returns what
    ``sklearn.metrics.precision_recall_curve`` returns, in its shapes and
    order::

        precision = TP / (TP + w * FP),   recall = TP / P,   w = (1-pi)/pi / (N/P)

    Both come from ``metric_zoo(counts_at_prevalence(counts, pi))``
    (:func:`helpers.counts.counts_at_prevalence`, the single definition).
    Every threshold is a score, so somebody is flagged at each and precision
    is defined (scikit-learn's 0 where nobody is flagged never arises).

    with the final point ``(precision=1, recall=0)`` appended. At the test
    set's own prevalence ``w = 1`` and the result is scikit-learn's curve.
    The same curve comes from ``precision_recall_curve(y_true, y_score,
    sample_weight=np.where(y_true == 1, 1, w))``.
    """
    y_score = check_scores(y_score)
    y_true = np.asarray(y_true)
    check_same_length(y_true, y_score, "y_true", "y_score")
    is_pos = check_binary_labels(y_true)
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    tns, fps, fns, tps, thresholds = confusion_matrix_at_thresholds(is_pos.view(np.int8), y_score)  # 1 = positive
    zoo = metric_zoo(counts_at_prevalence(Counts(tn=tns, fp=fps, fn=fns, tp=tps), pi), keys=["precision", "recall"])
    precision = np.empty(tps.size + 1)
    precision[-2::-1] = zoo["precision"]
    precision[-1] = 1.0
    recall = np.empty(tps.size + 1)
    recall[-2::-1] = zoo["recall"]
    recall[-1] = 0.0
    return precision, recall, thresholds[::-1].copy()


def adjust_posteriors(proba, *, train_prevalence: float, deploy_prevalence: float):
    """Move predicted probabilities P(y=1|x) from the training prior to a new one.

    Bayes' rule with the likelihoods unchanged (Saerens, Latinne & Decaestecker 2002)::

        a = pi_new / pi_train,   b = (1 - pi_new) / (1 - pi_train)
        p_new = a p / (a p + b (1 - p))

    ``proba`` is an array (any shape) of probabilities of the positive class.
    """
    p = check_probabilities(proba)  # named proba, the default
    pi_t = check_probability_open(train_prevalence, "train_prevalence")
    pi_d = check_probability_open(deploy_prevalence, "deploy_prevalence")
    return _scalar_or_array(_adjust(p, pi_t, pi_d))


def _adjust(p: np.ndarray, pi_t: float, pi_d: float) -> np.ndarray:
    a = pi_d / pi_t
    b = (1.0 - pi_d) / (1.0 - pi_t)
    num = a * p
    return num / (num + b * (1.0 - p))


def estimate_prevalence_em(
    proba, *, train_prevalence: float, tol: float = 1e-10, max_iter: int = 10_000
) -> float:
    """Prior of an unlabeled sample by EM (Saerens, Latinne & Decaestecker 2002).

    Start from ``pi_0 = train_prevalence`` and repeat until it stops moving::

        E step: p_i^(s) = adjust_posteriors(p_i, train_prevalence, pi_s)
        M step: pi_{s+1} = mean_i p_i^(s)

    ``proba`` holds the classifier's P(y=1|x) on the unlabeled sample,
    calibrated for the training prior ``train_prevalence``. Each step
    increases the likelihood of the unlabeled scores; the fixed point is the
    maximum-likelihood prior. It stops at the first step shorter than
    ``tol`` (``|pi_{s+1} - pi_s| < tol``), or after ``max_iter`` steps, and
    returns the last ``pi``: a float in [0, 1] (a mean of probabilities;
    0 or 1 exactly when every ``proba`` is 0 or every one is 1). When it
    stops at ``max_iter`` it warns with scikit-learn's ``ConvergenceWarning``,
    as an unconverged solver does: EM crawls when the scores barely separate
    the classes and the maximum-likelihood prior is near 0 or 1, and the
    value returned may then be far from it.
    """
    p = check_probabilities(proba).ravel()  # named proba, the default
    pi_t = check_probability_open(train_prevalence, "train_prevalence")
    if not tol > 0:
        raise ValueError(f"tol must be > 0, got {tol!r}")
    pi = pi_t
    step = np.nan  # no step taken (max_iter = 0)
    for _ in range(int(max_iter)):
        new = float(np.mean(_adjust(p, pi_t, pi)))
        step = abs(new - pi)
        if step < tol:
            return new
        pi = new
    warnings.warn(
        f"estimate_prevalence_em stopped at max_iter={max_iter} steps without converging "
        f"(last step {step:.3g}, tol={tol:g}): the prior it returns, {pi:.3g}, may be far from "
        "the maximum-likelihood one; raise max_iter, or check that the scores separate the classes",
        ConvergenceWarning,
        stacklevel=2,
    )
    return pi


def estimate_prevalence_acc(y_pred, *, tpr: float, fpr: float) -> float:
    """Adjusted classify-and-count estimate of the prevalence of a sample.

    The share ``q`` of the sample predicted positive satisfies
    ``q = tpr * pi + fpr * (1 - pi)``, so::

        pi = (q - fpr) / (tpr - fpr),   clipped to [0, 1]

    with ``tpr`` and ``fpr`` measured on labeled data at the same threshold.
    """
    y_pred = np.asarray(y_pred)
    if y_pred.size == 0:
        raise ValueError("y_pred is empty")
    if not np.all((y_pred == 0) | (y_pred == 1)):
        raise ValueError("y_pred must hold predicted classes 0 and 1")
    t = float(check_rate_array(tpr, "tpr"))
    f = float(check_rate_array(fpr, "fpr"))
    if t <= f:
        raise ValueError(f"tpr ({t}) must exceed fpr ({f}) for the correction to be defined")
    q = float(np.mean(y_pred))
    return min(max((q - f) / (t - f), 0.0), 1.0)
