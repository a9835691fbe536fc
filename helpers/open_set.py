"""Set-ups for notebooks 09 and 09b: labeled data that covers only some classes, and an unlabeled pool.

The precision@k article's experimental design: some classes are labeled (half of their
samples go to the labeled part, the other half to the unlabeled pool), the
remaining classes exist only in the pool. The labeled part is split into
training and test sets. The pool's labels are hidden from the method and
used only to check it.

Also here: simulated score sets that produce three textbook shapes of the
recall@k-vs-k curve (ideal, narrow labels, look-alikes). The precision@k article
calls the last two "overfit" and "underfit"; the course does not, because in
machine learning those words describe a model's fit to its training data, and
here the cause is how the labeled data and the pool differ.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._arguments import as_generator
from ._validate import check_count, check_probability_open

__all__ = ["OpenSetSplit", "open_set_split", "simulate_recall_curve_scores"]


class OpenSetSplit(NamedTuple):
    """Index arrays into the full data set."""

    train: np.ndarray
    test: np.ndarray
    pool: np.ndarray


def open_set_split(
    y, *, labeled_classes, labeled_fraction: float = 0.5, test_fraction: float = 0.2, rng=0
) -> OpenSetSplit:
    """Split sample indices into train / test (labeled classes only) and an unlabeled pool (every class).

    For each labeled class, ``labeled_fraction`` of its samples (rounded) are
    labeled and the rest go to the pool; of the labeled ones, ``test_fraction``
    (rounded) form the test set. Samples of all other classes go to the pool.
    Each class's samples are shuffled with ``rng`` (an int seed, ``None`` or a
    ``numpy.random.Generator``) before they are dealt out::

        n_labeled = round(labeled_fraction * n_class),   n_test = round(test_fraction * n_labeled)
    """
    y = np.asarray(y)
    if y.ndim != 1 or y.size == 0:
        raise ValueError(f"y must be a non-empty one-dimensional array of class labels, got shape {y.shape}")
    if isinstance(labeled_classes, str) or not np.iterable(labeled_classes):
        raise ValueError(f"labeled_classes must be a list of class labels, got {labeled_classes!r}")
    labeled_classes = list(labeled_classes)
    missing = [c for c in labeled_classes if not np.any(y == c)]
    if missing:
        raise ValueError(f"labeled_classes holds {missing[0]!r}, which does not occur in y")
    labeled_fraction = check_probability_open(labeled_fraction, "labeled_fraction")
    test_fraction = check_probability_open(test_fraction, "test_fraction")
    gen = as_generator(rng)
    train, test, pool = [], [], []
    for c in np.unique(y):
        idx = gen.permutation(np.flatnonzero(y == c))
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
                                 n_test_pos: int = 500, rng=0):
    """Scores for three shapes of the recall@k-vs-k curve (the precision@k article).

    Returns ``(test_scores_pos, pool_scores, pool_is_pos)``; scores are on a
    logit-like scale, positives centred at 3, negatives at -6 (standard
    deviation 1), drawn with ``rng`` (an int seed, ``None`` or a
    ``numpy.random.Generator``). With ``C = class_size``, the true recall of the
    top k is at most ``k / C``, so precision@k = recall@k * C / k <= 1 for real
    counts.

    - ``"ideal"``: pool positives and test positives come from the same
      distribution and every negative scores below every positive, so
      recall@k rises in a straight line and reaches 1 at k = class_size.
    - ``"narrow"`` (the article's "overfit"): the labeled positives show only
      one sub-type, 60 % of the class; the other 40 % of the pool's positives
      score like negatives. The labels are narrower than the class: recall
      reaches 1 before k = class_size, and precision@k exceeds 1.
    - ``"broad"`` (the article's "underfit"): as ideal, but as many negatives
      as there are positives look like positives to the model (a class the
      labeled data never showed): the model's idea of the class is broader than
      the class, and recall at k = class_size is only about one half.
    """
    if kind not in ("ideal", "narrow", "broad"):
        raise ValueError(f"kind must be 'ideal', 'narrow' or 'broad', got {kind!r}")
    n_pool = check_count(n_pool, "n_pool")
    class_size = check_count(class_size, "class_size")
    n_test_pos = check_count(n_test_pos, "n_test_pos")
    if not 0 < class_size < n_pool:
        raise ValueError(f"class_size must be between 0 and n_pool ({n_pool}), exclusive, got {class_size}")
    if n_test_pos < 1:
        raise ValueError("n_test_pos must be at least 1")
    gen = as_generator(rng)
    n_neg = n_pool - class_size
    test_pos = gen.normal(3, 1, n_test_pos)
    pos = gen.normal(3, 1, class_size)
    neg = gen.normal(-6, 1, n_neg)
    if kind == "narrow":
        n_hidden = int(0.4 * class_size)
        pos[:n_hidden] = gen.normal(-6, 1, n_hidden)  # the sub-type the model never saw
    elif kind == "broad":
        n_alike = min(class_size, n_neg)
        neg[:n_alike] = gen.normal(3, 1, n_alike)  # negatives the model cannot tell apart
    scores = np.r_[pos, neg]
    is_pos = np.r_[np.ones(class_size, bool), np.zeros(n_neg, bool)]
    return test_pos, scores, is_pos
