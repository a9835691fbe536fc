"""Checkers for notebook 09 (precision@k on unlabeled data): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it. ``proba_test`` and
``proba_pool`` have one column per labeled class, in the order of ``labeled``. The right answers::

    exercise 1: for each labeled digit c, with k = the pool images scoring >= 0.5 and recall@k = the share
                of c's test images scoring at least the k-th highest pool score:  recall@k * C / k, C = 110
    exercise 2: all ten digits labeled (open_set_split(y, labeled_classes=range(10), rng=0)), the model
                refitted: mean over the labeled digits of |test precision - real precision| at 0.5

Exercise 3 of the notebook before it was split (the estimated F1-best threshold in a rarer pool) is exercise 2 of
notebook 09b (:mod:`helpers.exercises.nb09b`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .._arguments import as_generator
from .._validate import check_number, check_numbers, check_positive, check_same_length
from ..open_set import open_set_split
from ._labels import classes
from .core import (
    Compare,
    Exercise,
    Mistake,
    WrongKind,
    describe,
    number,
    numbers,
)
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]


def _recall_at_k(test_pos: np.ndarray, pool: np.ndarray) -> np.ndarray:
    """recall@k for k = 1 .. len(pool): the share of ``test_pos`` at or above the k-th highest pool score."""
    kth = np.sort(pool)[::-1]
    return np.searchsorted(np.sort(-test_pos), -kth, side="right") / len(test_pos)


def _data(proba_test, y_test, proba_pool, y_pool, labeled) -> tuple[np.ndarray, ...]:
    pt = check_numbers(proba_test, "proba_test", ndim=2)
    yt = check_numbers(y_test, "y_test", ndim=1).astype(int)
    pp = check_numbers(proba_pool, "proba_pool", ndim=2)
    yp = check_numbers(y_pool, "y_pool", ndim=1).astype(int)
    labeled = classes(labeled, "labeled")
    check_same_length(pt, yt, "proba_test", "y_test")
    check_same_length(pp, yp, "proba_pool", "y_pool")
    if pt.shape[1] != len(labeled) or pp.shape[1] != len(labeled):
        raise ValueError("labeled must name one class per column of proba_test and proba_pool")
    if any(np.sum(yt == c) == 0 for c in labeled):
        raise ValueError("y_test must hold every class of labeled")
    return pt, yt, pp, yp, labeled


@effort("compute", "six precision@k estimates recomputed with another class size")
def exercise_1(proba_test, y_test, proba_pool, y_pool, *, labeled, class_size: float = 90,
               threshold: float = 0.5) -> Exercise:
    """Exercise 1 (a wrong class size): precision@k estimates of every labeled digit with ``C`` = ``class_size``.

    For digit ``c`` (column ``j``), ``k`` = the pool images with score ``>= threshold`` and ``recall@k`` = the
    share of its test images scoring at least the ``k``-th highest pool score::

        precision@k estimate = recall@k * C / k

    The answer is one number per digit, in the order of ``labeled`` (or a dict keyed by digit), right to three
    significant digits; an estimate may exceed 1 when ``C`` is too large, so no bound is put on it.
    Mistakes: the true class sizes (from ``y_pool``, the hidden labels) instead of ``C``; ``recall@k * k / C``;
    the real precision at ``threshold``, counted with the hidden labels; the estimates in per cent. Each is kept
    only where it differs from the answer, so choose ``C`` where the real precision is not the answer (with
    ``C = 90`` on the notebook's digits, digits 1 and 5 gave the real precision to three digits).
    """
    pt, yt, pp, yp, labeled = _data(proba_test, y_test, proba_pool, y_pool, labeled)
    size = check_positive(class_size, "class_size")
    t = check_number(threshold, "threshold")
    ks = [int(np.sum(pp[:, j] >= t)) for j in range(len(labeled))]
    if min(ks) == 0:
        raise ValueError(f"threshold {t:g} flags no pool image for some digit of labeled")
    recalls = [float(_recall_at_k(pt[yt == c, j], pp[:, j])[ks[j] - 1]) for j, c in enumerate(labeled)]
    true_sizes = [int(np.sum(yp == c)) for c in labeled]

    def estimates(sizes) -> list[float]:
        return [r * s / k for r, s, k in zip(recalls, sizes, ks, strict=True)]

    names = [f"digit {c}" for c in labeled]
    compare = _PerDigit(numbers(names, digits=3), labeled)
    real = [_precision(yp == c, pp[:, j] >= t) for j, c in enumerate(labeled)]
    mistakes = []
    for wrong, message in [
        (estimates(true_sizes), f"those are the estimates with the true class sizes; use C = {size:g} for every digit"),
        ([r * k / size for r, k in zip(recalls, ks, strict=True)],
         "you computed recall@k * k / C; the estimate is recall@k * C / k (estimated members over flagged images)"),
        (real, "that is the real precision from the hidden labels (y_pool), which the estimate stands in for; "
               f"compute recall@k * C / k with C = {size:g}"),
        ([100 * e for e in estimates([size] * len(labeled))],
         "those are per cent: give each estimate as a share, recall@k * C / k"),
    ]:
        if not compare.same(wrong, estimates([size] * len(labeled))):
            mistakes.append(Mistake.if_equals(wrong, message))
    return Exercise(
        "Exercise 1",
        lambda: estimates([size] * len(labeled)),
        compare=compare,
        mistakes=mistakes,
        hints=[
            "unlabeled_estimate(c) gives k and recall@k of digit c at the threshold 0.5.",
            f"The estimate is recall@k * C / k with C = {size:g}; answer one number per digit, in the order of "
            "LABELED.",
        ],
        why="The estimate is proportional to C: a class size off by some per cent moves it by the same per cent.",
    )


class _PerDigit(Compare):
    """Several named numbers, one per digit of ``labeled``, as a list in that order or a dict keyed by digit.

    A dict keyed by the digits themselves (``{0: ..., 1: ...}``) is read in the order of ``labeled``; one
    with other keys is the wrong kind, and the message says to key it by digit or give a list.
    """

    def __init__(self, inner: Compare, labeled: list[int]) -> None:
        self.inner, self.labeled = inner, list(labeled)
        self.kind, self.each, self.names = inner.kind, inner.each, inner.names

    def _in_order(self, answer: object) -> object:
        if not isinstance(answer, dict):
            return answer
        digits = {k: v for k, v in answer.items() if isinstance(k, int | np.integer) and not isinstance(k, bool)}
        if len(digits) == len(answer) and set(digits) == set(self.labeled):
            return [digits[c] for c in self.labeled]
        if set(answer) == set(self.names):
            return [answer[n] for n in self.names]
        raise WrongKind(f"expected one number per digit of LABELED, as a list in the order of LABELED or a dict "
                        f"keyed by digit ({', '.join(map(str, self.labeled))}), got {describe(answer)} with the "
                        f"keys {', '.join(map(repr, list(answer)[:len(self.labeled) + 1]))}")

    def differs(self, answer: object, expected: object) -> str | None:
        return self.inner.differs(self._in_order(answer), expected)

    def too_few_digits(self, answer: object, expected: object) -> bool:
        try:
            return self.inner.too_few_digits(self._in_order(answer), expected)
        except WrongKind:
            return False

    def rounded(self, expected: object) -> object:
        return self.inner.rounded(expected)

    def show(self, expected: object) -> str:
        return self.inner.show(expected)


def _precision(y: np.ndarray, flagged: np.ndarray) -> float:
    return float(np.sum(y & flagged) / np.sum(flagged)) if flagged.any() else float("nan")


@effort("build", "the split rebuilt with every digit labeled, the model refitted, the precision gaps averaged")
def exercise_2(X, y, make_model: Callable[[], object], proba_test, y_test, proba_pool, y_pool, *, labeled,
               threshold: float = 0.5, rng: int = 0) -> Exercise:
    """Exercise 2 (no unseen classes): mean |test precision - real precision| when every class is labeled.

    The split ``open_set_split(y, labeled_classes=<every class of y>, rng=rng)``, a model from
    ``make_model()`` fitted on its training part, and for each digit ``c`` of ``labeled`` the precision of
    ``proba[:, c] >= threshold`` on the test part and on the pool::

        answer = mean over c of |precision_test(c) - precision_pool(c)|

    Right to two significant digits. Mistakes: the notebook's own gap (unseen classes in the pool, from
    ``proba_test`` ... ``y_pool``); the signed mean, which lets gaps of opposite signs cancel; the gap in
    percentage points (4.1 for 0.041).
    """
    pt, yt, pp, yp, labeled = _data(proba_test, y_test, proba_pool, y_pool, labeled)
    features = check_numbers(X, "X", ndim=2)
    target = check_numbers(y, "y", ndim=1).astype(int)
    check_same_length(features, target, "X", "y")
    if not callable(make_model):
        raise ValueError("make_model must be a function that returns an unfitted model")
    t = check_number(threshold, "threshold")
    rng = as_generator(rng, "rng")  # checked now, not when the answer is first needed
    notebook_gap = float(np.nanmean([abs(_precision(yt == c, pt[:, j] >= t) - _precision(yp == c, pp[:, j] >= t))
                                     for j, c in enumerate(labeled)]))
    cache: dict[str, float] = {}

    def gaps() -> dict[str, float]:
        if not cache:
            full = open_set_split(target, labeled_classes=np.unique(target).tolist(), rng=rng)
            model = make_model().fit(features[full.train], target[full.train])
            cols = list(model.classes_)
            p_test, p_pool = model.predict_proba(features[full.test]), model.predict_proba(features[full.pool])
            diff = [_precision(target[full.test] == c, p_test[:, cols.index(c)] >= t)
                    - _precision(target[full.pool] == c, p_pool[:, cols.index(c)] >= t) for c in labeled]
            cache["abs"] = float(np.mean(np.abs(diff)))
            cache["signed"] = float(np.mean(diff))
        return cache

    mistakes = [
        Mistake.if_equals(notebook_gap, "that is this notebook's gap, with digits 6-9 unseen; refit the model on "
                                        "the split where all ten digits are labeled"),
        Mistake.if_equals(lambda: gaps()["signed"], "that is the mean of the signed gaps, where gaps of opposite "
                                                    "sign cancel; average |test precision - real precision|"),
        Mistake.if_equals(lambda: 100 * gaps()["abs"], "that is the gap in percentage points: give it as a "
                                                       "difference of precisions, each between 0 and 1"),
    ]
    return Exercise(
        "Exercise 2",
        lambda: gaps()["abs"],
        compare=number(digits=2),
        mistakes=mistakes,
        hints=[
            "full = open_set_split(y, labeled_classes=range(10), rng=0); fit make_model() on X[full.train], "
            "y[full.train]; predict_proba on X[full.test] and X[full.pool] (column c is digit c).",
            "For each digit of LABELED: precision_score(truth == c, proba[:, c] >= 0.5) on the test part and on "
            "the pool; average the absolute differences.",
        ],
        why="With every class labeled, in the pool's proportions, the test set represents the whole distribution.",
    )


def quiz() -> Quiz:
    """The quick self-test of notebook 09; the numeric question is ``recall@k C / k`` for recall@k 0.9, C 90, k 100.

    Right to two significant digits.
    """
    recall_k, size, k = 0.9, 90, 100
    return Quiz([
        Question(
            "Precision@k on unlabeled data needs",
            {"a": "labels for the top k images of the pool",
             "b": "the recall assumption and the class size C",
             "c": "a test set that holds every class the pool holds"},
            "b",
            {"a": "then precision@k could be counted directly; the estimate is for a pool without labels.",
             "b": "Test recall carries over when the class looks the same in the pool; C turns it into a count.",
             "c": "unseen classes in the pool are exactly what it copes with, since it uses only recall."},
        ),
        Question(
            "Two models are compared at the same k on the same pool, and nobody knows the class size C. Then",
            {"a": "the one with the higher recall@k has the higher estimated precision@k",
             "b": "they cannot be compared until C is estimated",
             "c": "the one with the higher test precision at 0.5 is the better one"},
            "a",
            {"a": "precision@k = recall@k · C / k with the same C and k for both: C cancels.",
             "b": "C is the same for both models at the same k, so it cancels from the comparison.",
             "c": "test precision ignores the classes the labels never showed, and each model's 0.5 flags another k."},
        ),
        NumberQuestion(
            f"recall@k is {recall_k:g} at k = {k}, and the pool holds C = {size} members of the class. "
            "What is the precision@k estimate?",
            lambda: recall_k * size / k,
            digits=2,
            mistakes=[Mistake.if_equals(recall_k * k / size, "that is recall@k · k / C; the estimate is "
                                                             "recall@k · C / k"),
                      Mistake.if_equals(recall_k, "that is recall@k itself; times C / k it estimates the share of "
                                                  "members among the top k")],
            solution="recall@k · C / k",
        ),
        Question(
            "Where can the class size C of an unlabeled pool come from?",
            {"a": "the labeled share of the class, scaled to the pool",
             "b": "the number of pool images the model flags",
             "c": "domain knowledge, or an audit of a random sample"},
            "c",
            {"a": "the pool holds classes the labels never showed, so the labeled share overstates C.",
             "b": "the flagged images mix members with look-alikes: that count is k, not C.",
             "c": "C is information about the pool itself; an audit gives a rough estimate with its interval."},
        ),
    ])
