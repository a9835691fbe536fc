"""Repeated random splits: an enriched test set next to a low-prevalence pool (notebook 07).

A fixed classifier has made its predictions on a held-out set with known
labels. Each split draws from it, without replacement,

* an *enriched test set*: ``n_test_pos`` positives and ``n_test_neg``
  negatives (the negatives only among ``test_negative_mask``, if given), and
* a *pool* that plays the deployment data: every negative the test set did not
  take, plus just enough of the remaining positives to give it the prevalence
  ``pool_prevalence``.

:func:`enriched_pool_splits` counts TP, FN, FP, TN in both parts of every
split; :func:`precision_estimates` turns those counts into the naive test
precision, the precision corrected to the pool's prevalence with its
confidence interval, and the pool's realised precision. Counting is all that
happens per split, so hundreds of splits take a fraction of a second.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ._arguments import as_generator
from ._validate import check_count, check_probability_open
from .intervals import precision_interval
from .prior_shift import corrected_precision

__all__ = ["COUNT_COLUMNS", "enriched_pool_splits", "precision_estimates"]

COUNT_COLUMNS = ("test_tp", "test_fn", "test_fp", "test_tn", "pool_tp", "pool_fn", "pool_fp", "pool_tn")


def _as_bool(values, name: str) -> np.ndarray:
    arr = np.asarray(values)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional")
    if not np.all((arr == 0) | (arr == 1)):
        raise ValueError(f"{name} must hold 0/1 (or False/True) values")
    return arr.astype(bool)


def enriched_pool_splits(
    y_true,
    y_pred,
    *,
    n_test_pos: int,
    n_test_neg: int,
    pool_prevalence: float,
    n_splits: int = 200,
    test_negative_mask=None,
    rng=0,
    progress: bool = False,
) -> pd.DataFrame:
    """Confusion counts of an enriched test set and a pool, over random splits.

    ``y_true`` and ``y_pred`` (0/1, same length) are labels and fixed
    predictions on a held-out set. In each split the test set takes
    ``n_test_pos`` random positives and ``n_test_neg`` random negatives (drawn
    only where ``test_negative_mask`` is true, when given); the pool takes all
    other negatives, ``N_pool``, and ``round(N_pool * pi / (1 - pi))`` of the
    remaining positives, ``pi = pool_prevalence``. The pool's sizes, hence its
    prevalence, are the same in every split.

    Returns a DataFrame with one row per split and the integer columns
    :data:`COUNT_COLUMNS` (``test_tp``, ``test_fn``, ..., ``pool_tn``).
    ``rng`` is an int seed, ``None`` or a ``numpy.random.Generator`` (which
    the splits advance). ``progress=True`` shows a tqdm progress bar.
    """
    y_true = _as_bool(y_true, "y_true")
    y_pred = _as_bool(y_pred, "y_pred")
    if y_true.shape != y_pred.shape:
        raise ValueError(f"y_true and y_pred must have the same length, got {y_true.size} and {y_pred.size}")
    n_test_pos = check_count(n_test_pos, "n_test_pos")
    n_test_neg = check_count(n_test_neg, "n_test_neg")
    n_splits = check_count(n_splits, "n_splits")
    pi = check_probability_open(pool_prevalence, "pool_prevalence")
    if test_negative_mask is None:
        eligible = ~y_true
    else:
        eligible = _as_bool(test_negative_mask, "test_negative_mask")
        if eligible.shape != y_true.shape:
            raise ValueError("test_negative_mask must have the same length as y_true")
        eligible = eligible & ~y_true
    pos = np.flatnonzero(y_true)
    neg_eligible = np.flatnonzero(eligible)
    n_neg = int((~y_true).sum())
    if n_test_pos < 1 or n_test_neg < 1:
        raise ValueError("n_test_pos and n_test_neg must be >= 1")
    if n_test_neg > neg_eligible.size:
        raise ValueError(f"n_test_neg={n_test_neg} exceeds the {neg_eligible.size} negatives allowed in the test set")
    gen = as_generator(rng)
    n_pool_neg = n_neg - n_test_neg
    n_pool_pos = round(n_pool_neg * pi / (1.0 - pi))
    if n_pool_neg < 1 or n_pool_pos < 1:
        raise ValueError("the pool would be empty of one class: lower n_test_neg or raise pool_prevalence")
    if n_test_pos + n_pool_pos > pos.size:
        raise ValueError(
            f"n_test_pos={n_test_pos} plus the pool's {n_pool_pos} positives exceed the {pos.size} positives"
        )
    pred_pos = y_pred[pos]
    n_pred_neg_all = int(y_pred[~y_true].sum())
    rows = np.empty((n_splits, len(COUNT_COLUMNS)), dtype=np.int64)
    for i in tqdm(range(n_splits), disable=not progress, desc="splits"):
        p = gen.permutation(pos.size)
        test_tp = int(pred_pos[p[:n_test_pos]].sum())
        pool_tp = int(pred_pos[p[n_test_pos : n_test_pos + n_pool_pos]].sum())
        test_neg = gen.choice(neg_eligible, size=n_test_neg, replace=False)
        test_fp = int(y_pred[test_neg].sum())
        pool_fp = n_pred_neg_all - test_fp  # the pool holds every other negative
        rows[i] = (
            test_tp, n_test_pos - test_tp, test_fp, n_test_neg - test_fp,
            pool_tp, n_pool_pos - pool_tp, pool_fp, n_pool_neg - pool_fp,
        )  # fmt: skip
    return pd.DataFrame(rows, columns=list(COUNT_COLUMNS))


def precision_estimates(splits: pd.DataFrame, *, confidence: float = 0.95) -> pd.DataFrame:
    """Naive, corrected and realised precision for each row of split counts.

    ``splits`` is a DataFrame with the columns of :func:`enriched_pool_splits`
    (one row per split). With the pool's prevalence
    ``pi = pool_pos / pool_size`` taken as known::

        naive     = test_tp / (test_tp + test_fp)
        corrected = corrected_precision(tp=test_tp, fp=test_fp, test_ratio=..., deploy_ratio=...)
                  = precision_at_prevalence(test TPR, test FPR, pi)
        low, high = precision_interval(tp=test_tp, fn=test_fn, fp=test_fp, tn=test_tn, deploy_prevalence=pi)
        pool      = pool_tp / (pool_tp + pool_fp)

    ratios being negatives / positives. Undefined precisions (nobody predicted
    positive) are ``nan``. Returns a DataFrame with the columns
    ``pool_prevalence, naive, corrected, low, high, pool``.
    """
    if not isinstance(splits, pd.DataFrame):
        raise ValueError(f"splits must be a DataFrame from enriched_pool_splits, got {type(splits).__name__}")
    missing = [c for c in COUNT_COLUMNS if c not in splits.columns]
    if missing:
        raise ValueError(f"splits lacks the columns {missing}")
    c = {k: splits[k].to_numpy(dtype=float) for k in COUNT_COLUMNS}
    pool_pos = c["pool_tp"] + c["pool_fn"]
    pool_neg = c["pool_fp"] + c["pool_tn"]
    pis = np.unique(pool_pos / (pool_pos + pool_neg))
    ratios = np.unique((c["test_fp"] + c["test_tn"]) / (c["test_tp"] + c["test_fn"]))
    if pis.size != 1 or ratios.size != 1:
        raise ValueError("every split must have the same test class ratio and the same pool prevalence")
    pi = float(pis[0])
    corrected = corrected_precision(
        tp=c["test_tp"], fp=c["test_fp"], test_ratio=float(ratios[0]), deploy_ratio=(1.0 - pi) / pi
    )
    low, high = precision_interval(
        tp=c["test_tp"], fn=c["test_fn"], fp=c["test_fp"], tn=c["test_tn"], deploy_prevalence=pi, confidence=confidence
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        naive = np.where(c["test_tp"] + c["test_fp"] > 0, c["test_tp"] / (c["test_tp"] + c["test_fp"]), np.nan)
        pool = np.where(c["pool_tp"] + c["pool_fp"] > 0, c["pool_tp"] / (c["pool_tp"] + c["pool_fp"]), np.nan)
    return pd.DataFrame(
        {"pool_prevalence": pi, "naive": naive, "corrected": corrected, "low": low, "high": high, "pool": pool},
        index=splits.index,
    )
