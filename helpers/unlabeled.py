"""Recall and precision at k on unlabeled data, from a known class size.

The idea (the precision@k article): recall measured on labeled positives carries over to
unlabeled data as long as *that class* looks the same in both; precision needs
every class to look the same. Ranking the unlabeled pool by score and reading
the test recall at the k-th score gives an estimate of how many positives the
top k hold, hence of precision. No label of the pool is used, except the
class size ``C``, which has to come from somewhere: domain knowledge, or an
audit that labels a random sample of the pool (``class_size_from_audit``).

The estimates are ratios of noisy counts: recall@k rests on the few labeled
test positives, so precision@k can exceed 1 by chance, most easily at small k.
``precision_at_k_interval`` gives its exact (Clopper-Pearson) interval.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import beta

from ._validate import check_count, check_positive, check_probability_open, check_scores

__all__ = [
    "recall_at_k_unlabeled",
    "precision_at_k_unlabeled",
    "f1_at_k_unlabeled",
    "precision_at_k_interval",
    "class_size_from_audit",
]


def _check_recall_at_k(recall_at_k) -> np.ndarray:
    r = np.asarray(recall_at_k, dtype=float)
    if r.ndim != 1 or r.size == 0:
        raise ValueError("recall_at_k must be a non-empty one-dimensional array")
    if not np.all((r >= 0) & (r <= 1)):
        raise ValueError("recall_at_k must hold recalls between 0 and 1")
    return r


def recall_at_k_unlabeled(test_scores_pos, unlabeled_scores) -> np.ndarray:
    """Test recall at the score of each ranked unlabeled example.

    Sort the unlabeled scores from high to low, ``s_(1) >= s_(2) >= ...``. Then::

        recall@k = #{positive test scores >= s_(k)} / #{positive test scores}

    Entry ``k - 1`` of the result is recall@k, for k = 1 .. len(unlabeled_scores).
    It never decreases with k.

    >>> recall_at_k_unlabeled([0.9, 0.6], [0.95, 0.7, 0.5]).tolist()
    [0.0, 0.5, 1.0]
    """
    pos = np.sort(check_scores(test_scores_pos, "test_scores_pos"))
    unl = np.sort(check_scores(unlabeled_scores, "unlabeled_scores"))[::-1]
    below = np.searchsorted(pos, unl, side="left")  # positives with score < s_(k)
    return (pos.size - below) / pos.size


def precision_at_k_unlabeled(recall_at_k, *, class_size: float) -> np.ndarray:
    """Estimated precision of the top k unlabeled examples.

    If the unlabeled pool holds ``class_size`` positives and recall@k carries
    over, the top k hold about ``recall@k * class_size`` of them::

        precision@k = recall@k * class_size / k,   k = 1 .. len(recall_at_k)

    Values above 1 are possible. Within the estimate's sampling spread
    (``precision_at_k_interval``) they are chance, common at small k or with
    few test positives; well beyond it they are a warning sign: the labeled
    positives do not represent the whole class (see notebook 09).
    """
    r = _check_recall_at_k(recall_at_k)
    size = check_positive(class_size, "class_size")
    return r * size / np.arange(1, r.size + 1)


def f1_at_k_unlabeled(recall_at_k, *, class_size: float) -> np.ndarray:
    """Estimated F1 of flagging the top k unlabeled examples, k = 1 .. len(recall_at_k).

    With ``R = recall@k`` and ``P = R * C / k`` (precision@k, class size ``C``)::

        F1 = 2 P R / (P + R) = 2 R C / (k + C)

    i.e. ``2 * (estimated true positives) / (flagged + actual positives)``.
    """
    r = _check_recall_at_k(recall_at_k)
    size = check_positive(class_size, "class_size")
    k = np.arange(1, r.size + 1)
    return 2 * r * size / (k + size)


def _clopper_pearson(x: np.ndarray, n: np.ndarray | int, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """Exact binomial interval for x / n (Clopper & Pearson 1934), elementwise; 0 and 1 at the edges."""
    a = (1 - confidence) / 2
    x = np.asarray(x, dtype=float)
    n = np.broadcast_to(np.asarray(n, dtype=float), x.shape)
    with np.errstate(invalid="ignore"):
        low = np.where(x > 0, beta.ppf(a, x, n - x + 1), 0.0)
        high = np.where(x < n, beta.ppf(1 - a, x + 1, n - x), 1.0)
    return low, high


def precision_at_k_interval(
    test_scores_pos, unlabeled_scores, *, class_size: float, confidence: float = 0.95
) -> tuple[np.ndarray, np.ndarray]:
    """Exact confidence interval of precision@k unlabeled, k = 1 .. len(unlabeled_scores), for a known class size.

    With ``n`` labeled test positives, ``x_k`` of them scoring at least the k-th
    ranked unlabeled score ``s_(k)`` (so recall@k = x_k / n), the Clopper-Pearson
    interval (Clopper & Pearson 1934) of the recall is, with ``a = (1 - confidence) / 2``
    and ``B(q; a, b)`` the q-quantile of a Beta(a, b) distribution::

        recall_low  = B(a; x_k, n - x_k + 1)       (0 when x_k = 0)
        recall_high = B(1 - a; x_k + 1, n - x_k)   (1 when x_k = n)

    and precision@k = recall@k * class_size / k carries it over::

        (low, high) = (recall_low, recall_high) * class_size / k

    The pool (hence ``s_(k)``) and ``class_size`` are taken as fixed: the
    interval covers the noise of the test positives only, the larger part when
    they are few. It is pointwise, one k at a time, not a band that holds for
    every k at once.

    >>> low, high = precision_at_k_interval([0.9, 0.8, 0.7, 0.6], [0.95, 0.75, 0.5], class_size=2)
    >>> low.round(3).tolist(), high.round(3).tolist()
    ([0.0, 0.068, 0.265], [1.205, 0.932, 0.667])
    """
    pos = np.sort(check_scores(test_scores_pos, "test_scores_pos"))
    unl = np.sort(check_scores(unlabeled_scores, "unlabeled_scores"))[::-1]
    size = check_positive(class_size, "class_size")
    confidence = check_probability_open(confidence, "confidence")
    x = pos.size - np.searchsorted(pos, unl, side="left")
    low, high = _clopper_pearson(x, pos.size, confidence)
    k = np.arange(1, unl.size + 1)
    return low * size / k, high * size / k


def class_size_from_audit(
    members: int, audited: int, *, pool_size: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Class size of an unlabeled pool estimated from an audit: ``audited`` pool items drawn at random and labeled.

    If ``members`` of the ``audited`` items belong to the class::

        C_hat = pool_size * members / audited

    and the interval is the Clopper-Pearson interval of ``members / audited``
    scaled by ``pool_size`` (a = (1 - confidence) / 2)::

        (low, high) = pool_size * (B(a; m, n - m + 1), B(1 - a; m + 1, n - m))

    An audit draws without replacement; the binomial interval ignores the
    finite-population correction and so errs on the wide side.

    Returns ``(estimate, low, high)``.

    >>> [round(v, 1) for v in class_size_from_audit(10, 100, pool_size=1000)]
    [100.0, 49.0, 176.2]
    """
    m = check_count(members, "members")
    n = check_count(audited, "audited")
    size = check_count(pool_size, "pool_size")
    confidence = check_probability_open(confidence, "confidence")
    if n == 0:
        raise ValueError("audited must be at least 1: an audit labels at least one pool item")
    if m > n:
        raise ValueError(f"members ({m}) cannot exceed audited ({n})")
    if n > size:
        raise ValueError(f"audited ({n}) cannot exceed pool_size ({size})")
    low, high = _clopper_pearson(np.array(m), n, confidence)
    return size * m / n, float(size * low), float(size * high)
