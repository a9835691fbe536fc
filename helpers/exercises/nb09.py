"""Checkers for notebook 09 (precision@k on unlabeled data): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it. ``proba_test`` and
``proba_pool`` have one column per labeled class, in the order of ``labeled``.
"""

from __future__ import annotations

import numpy as np

from ._inputs import classes, numeric, positive, same_length
from .core import Exercise, Mistake, numbers, threshold
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_3", "quiz"]


def _recall_at_k(test_pos: np.ndarray, pool: np.ndarray) -> np.ndarray:
    """recall@k for k = 1 .. len(pool): the share of ``test_pos`` at or above the k-th highest pool score."""
    kth = np.sort(pool)[::-1]
    return np.searchsorted(np.sort(-test_pos), -kth, side="right") / len(test_pos)


def _data(proba_test, y_test, proba_pool, labeled) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    pt = numeric(proba_test, "proba_test", ndim=2)
    yt = numeric(y_test, "y_test", ndim=1).astype(int)
    pp = numeric(proba_pool, "proba_pool", ndim=2)
    labeled = classes(labeled, "labeled")
    same_length(pt, yt, "proba_test", "y_test")
    if pt.shape[1] != len(labeled) or pp.shape[1] != len(labeled):
        raise ValueError("labeled must name one class per column of proba_test and proba_pool")
    if any(np.sum(yt == c) == 0 for c in labeled):
        raise ValueError("y_test must hold every class of labeled")
    return pt, yt, pp, labeled


def exercise_1(proba_test, y_test, proba_pool, y_pool, *, labeled, class_size: float = 90,
               threshold: float = 0.5) -> Exercise:
    """Exercise 1 (a wrong class size): precision@k estimates of every labeled digit with ``C`` = ``class_size``.

    For digit ``c`` (column ``j``), ``k`` = the pool images with score ``>= threshold`` and ``recall@k`` = the
    share of its test images scoring at least the ``k``-th highest pool score::

        precision@k estimate = recall@k * C / k

    The answer is one number per digit, in the order of ``labeled``, each right within 0.1 %. ``y_pool``
    (the hidden labels) gives the typical mistake of keeping the true class sizes.
    """
    pt, yt, pp, labeled = _data(proba_test, y_test, proba_pool, labeled)
    yp = numeric(y_pool, "y_pool", ndim=1).astype(int)
    same_length(pp, yp, "proba_pool", "y_pool")
    size = positive(class_size, "class_size")
    t = float(numeric([threshold], "threshold", ndim=1)[0])

    def estimates(sizes) -> list[float]:
        out = []
        for j, c in enumerate(labeled):
            k = int(np.sum(pp[:, j] >= t))
            r = _recall_at_k(pt[yt == c, j], pp[:, j])[k - 1] if k > 0 else np.nan
            out.append(float(r * sizes[j] / k) if k > 0 else float("nan"))
        return out

    true_sizes = [int(np.sum(yp == c)) for c in labeled]
    names = [f"digit {c}" for c in labeled]
    return Exercise(
        "Exercise 1",
        lambda: estimates([size] * len(labeled)),
        compare=numbers(names),
        mistakes=[
            Mistake.if_equals(lambda: estimates(true_sizes),
                              f"those are the estimates with the true class sizes; use C = {size:g} for every digit"),
        ],
        hints=[
            "unlabeled_estimate(c) gives k, the class size and recall@k of digit c at the threshold 0.5.",
            f"The estimate is recall@k * C / k with C = {size:g}; answer one number per digit, in the order of "
            "LABELED.",
        ],
        solution=f"answer = [unlabeled_estimate(c)['recall@k'] * {size:g} / unlabeled_estimate(c)['k'] "
                 "for c in LABELED]",
        why="The estimate is proportional to C: a class size off by some per cent moves it by the same per cent.",
    )


def _f1_threshold(test_pos: np.ndarray, score: np.ndarray, class_size: int) -> float:
    """The pool score at the k that maximises the estimated F1, ``2 recall@k C / (k + C)``."""
    k = np.arange(1, len(score) + 1)
    f1_hat = 2 * _recall_at_k(test_pos, score) * class_size / (k + class_size)
    return float(np.sort(score)[::-1][int(np.argmax(f1_hat))])


def exercise_3(proba_test, y_test, proba_pool, y_pool, *, labeled, digit: int = 3) -> Exercise:
    """Exercise 3: the estimated F1-best threshold of ``digit`` in the pool with every second one of its images dropped.

    In that pool (score ``s`` = the digit's column, ``C`` = its images left), the estimated F1 at the ``k``
    highest scores is ``2 recall@k C / (k + C)``; the answer is the ``k``-th highest score where it is
    largest. Any threshold that flags the same images of that pool is right. The pool as given and the
    pool with half of the other images give the typical mistakes.
    """
    pt, yt, pp, labeled = _data(proba_test, y_test, proba_pool, labeled)
    yp = numeric(y_pool, "y_pool", ndim=1).astype(int)
    same_length(pp, yp, "proba_pool", "y_pool")
    if digit not in labeled:
        raise ValueError("digit must be one of labeled")
    j = labeled.index(digit)
    is_c = yp == digit
    half_c = ~is_c.copy()
    half_c[np.flatnonzero(is_c)[::2]] = True
    half_others = is_c | np.isin(np.arange(len(yp)), np.flatnonzero(~is_c)[::2])
    test_pos = pt[yt == digit, j]

    def in_pool(keep: np.ndarray) -> float:
        return _f1_threshold(test_pos, pp[keep, j], int(np.sum(is_c[keep])))

    cmp = threshold(is_c[half_c].astype(int), pp[half_c, j])
    mistakes = []
    for keep, message in [
        (np.ones(len(yp), bool), f"that is the threshold of the pool as given; drop every second {digit} first"),
        (half_others, f"that pool has half of the other images; the question asks for half of the {digit}s"),
    ]:
        other = in_pool(keep)
        mistakes.append(Mistake(lambda a, o=other: not cmp.same(o, in_pool(half_c)) and cmp.same(a, o), message))
    return Exercise(
        "Exercise 3",
        lambda: in_pool(half_c),
        compare=cmp,
        mistakes=mistakes,
        hints=[
            f"every_second = np.zeros(n_pool, bool); every_second[np.flatnonzero(y_pool == {digit})[::2]] = True; "
            f"keep = (y_pool != {digit}) | every_second.",
            f"estimated_f1_threshold(proba_test[y_test == {digit}, {j}], proba_pool[keep, {j}], C) with C the "
            f"number of {digit}s kept.",
        ],
        solution=f"keep = pools['half the {digit}s']\n"
                 f"answer = estimated_f1_threshold(proba_test[y_test == {digit}, {j}], proba_pool[keep, {j}],\n"
                 f"                                int((y_pool[keep] == {digit}).sum()))",
        why="Every F1-best threshold belongs to the share of the class in the pool it was chosen on.",
    )


def quiz() -> Quiz:
    """The quick self-test of notebook 09; the numeric question is ``recall@k C / k`` for recall@k 0.9, C 90, k 100.

    Right within 0.001.
    """
    recall_k, size, k = 0.9, 90, 100
    return Quiz([
        Question(
            "precision@k on unlabeled data needs",
            {"a": "the recall assumption (the class looks in the pool as in the test set) and the class size C",
             "b": "labels for the top k of the pool",
             "c": "a test set without unseen classes"},
            "a",
            {"b": "then precision@k could be counted directly; the estimate is for a pool without labels.",
             "c": "unseen classes in the pool are exactly what it copes with, since it uses only recall."},
        ),
        Question(
            "The class size C is 10 % too high. The precision@k estimate is then",
            {"a": "10 % too high", "b": "10 % too low", "c": "unchanged"},
            "a",
            {"b": "the estimate is recall@k C / k: it moves with C, in the same direction.",
             "c": "C multiplies the estimate."},
        ),
        NumberQuestion(
            f"recall@k is {recall_k:g} at k = {k}, and the pool holds C = {size} members of the class. "
            "What is the precision@k estimate?",
            lambda: recall_k * size / k,
            tol=0.001,
            mistakes=[Mistake.if_equals(lambda: recall_k * k / size, "that is recall@k k / C; the estimate is "
                                                                     "recall@k C / k")],
            solution="recall@k * C / k",
        ),
        Question(
            "On this notebook's pool, test precision overestimates real precision because",
            {"a": "the pool holds digits the labels never showed, which the model flags",
             "b": "the test set is too small",
             "c": "the model is not calibrated"},
            "a",
            {"b": "a bigger test set of the same six digits would still show none of the unseen ones.",
             "c": "calibration does not make unseen digits appear in the test set."},
        ),
    ])
