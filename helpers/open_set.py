"""Set-ups for notebook 09: labeled data that covers only some classes, and an unlabeled pool.

The precision@k article's experimental design: some classes are labeled (half of their
samples go to the labeled part, the other half to the unlabeled pool), the
remaining classes exist only in the pool. The labeled part is split into
training and test sets. The pool's labels are hidden from the method and
used only to check it.

Also here: the F1 estimate built from recall@k and the known class size, and
simulated score sets that produce the three textbook shapes of the
recall@k-vs-k curve (ideal, overfit, underfit).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["OpenSetSplit", "open_set_split", "simulate_recall_curve_scores"]


class OpenSetSplit(NamedTuple):
    """Index arrays into the full data set."""

    train: np.ndarray
    test: np.ndarray
    pool: np.ndarray


def open_set_split(
    y, *, labeled_classes, labeled_fraction: float = 0.5, test_fraction: float = 0.2, random_state: int = 0
) -> OpenSetSplit:
    """Split sample indices into train / test (labeled classes only) and an unlabeled pool (every class).

    For each labeled class, ``labeled_fraction`` of its samples (rounded) are
    labeled and the rest go to the pool; of the labeled ones, ``test_fraction``
    (rounded) form the test set. Samples of all other classes go to the pool.
    """
    y = np.asarray(y)
    labeled_classes = list(labeled_classes)
    missing = [c for c in labeled_classes if not np.any(y == c)]
    if missing:
        raise ValueError(f"labeled_classes holds {missing[0]!r}, which does not occur in y")
    for name, value in [("labeled_fraction", labeled_fraction), ("test_fraction", test_fraction)]:
        if not 0 < value < 1:
            raise ValueError(f"{name} must be strictly between 0 and 1, got {value!r}")
    rng = np.random.default_rng(random_state)
    train, test, pool = [], [], []
    for c in np.unique(y):
        idx = rng.permutation(np.flatnonzero(y == c))
        if c not in labeled_classes:
            pool.append(idx)
            continue
        n_lab = int(round(labeled_fraction * idx.size))
        n_test = int(round(test_fraction * n_lab))
        test.append(idx[:n_test])
        train.append(idx[n_test:n_lab])
        pool.append(idx[n_lab:])
    return OpenSetSplit(*(np.sort(np.concatenate(part)) for part in (train, test, pool)))


def simulate_recall_curve_scores(kind: str, *, n_pool: int = 10_000, class_size: int = 2_000,
                                 n_test_pos: int = 500, random_state: int = 0):
    """Scores for the three shapes of the recall@k-vs-k curve (the precision@k article).

    Returns ``(test_scores_pos, pool_scores, pool_is_pos)``; scores are on a
    logit-like scale, positives centred at 3.

    - ``"ideal"``: pool positives and test positives come from the same
      distribution and every negative scores below every positive, so
      recall@k rises in a straight line and reaches 1 at k = class_size.
    - ``"overfit"``: the labeled positives show only one sub-type, 60 % of the
      class; the other 40 % of the pool's positives score like negatives.
      Recall reaches 1 before k = class_size (precision@k > 1).
    - ``"underfit"``: as ideal, but as many negatives as there are positives
      look like positives to the model (a class the labeled data never
      showed), so recall at k = class_size is only about one half.
    """
    if kind not in ("ideal", "overfit", "underfit"):
        raise ValueError(f"kind must be 'ideal', 'overfit' or 'underfit', got {kind!r}")
    if not 0 < class_size < n_pool:
        raise ValueError("class_size must be between 0 and n_pool")
    rng = np.random.default_rng(random_state)
    n_neg = n_pool - class_size
    test_pos = rng.normal(3, 1, n_test_pos)
    pos = rng.normal(3, 1, class_size)
    neg = rng.normal(-6, 1, n_neg)
    if kind == "overfit":
        n_hidden = int(0.4 * class_size)
        pos[:n_hidden] = rng.normal(-6, 1, n_hidden)  # the sub-type the model never saw
    elif kind == "underfit":
        n_alike = min(class_size, n_neg)
        neg[:n_alike] = rng.normal(3, 1, n_alike)  # negatives the model cannot tell apart
    scores = np.r_[pos, neg]
    is_pos = np.r_[np.ones(class_size, bool), np.zeros(n_neg, bool)]
    return test_pos, scores, is_pos
