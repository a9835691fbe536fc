"""Recall and precision at k on unlabeled data, from a known class size.

The idea (the precision@k article): recall measured on labeled positives carries over to
unlabeled data as long as *that class* looks the same in both; precision needs
every class to look the same. Ranking the unlabeled pool by score and reading
the test recall at the k-th score gives an estimate of how many positives the
top k hold, hence of precision, without a single unlabeled label.
"""

from __future__ import annotations

import numpy as np

from ._validate import check_positive, check_scores

__all__ = ["recall_at_k_unlabeled", "precision_at_k_unlabeled", "f1_at_k_unlabeled"]


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

    Values above 1 are possible and are a warning sign: the labeled positives
    do not represent the whole class (see notebook 09).
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
