"""Checkers for notebook 09 (precision@k on unlabeled data): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it. ``proba_test`` and
``proba_pool`` have one column per labeled class, in the order of ``labeled``. The right answers::

    exercise 1: for each labeled digit c, with k = the pool images scoring >= 0.5 and recall@k = the share
                of c's test images scoring at least the k-th highest pool score:  recall@k * C / k, C = 90
    exercise 2: all ten digits labeled (open_set_split(y, labeled_classes=range(10), rng=0)), the model
                refitted: mean over the labeled digits of |test precision - real precision| at 0.5
    exercise 3: the pool without all but every tenth image of one digit: the k-th highest score of that
                digit where 2 recall@k C / (k + C) is largest, C = the digit's images kept
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
    half_unit,
    number,
    numbers,
    round_significant,
    significant_digits,
    threshold,
)
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


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


def exercise_1(proba_test, y_test, proba_pool, y_pool, *, labeled, class_size: float = 90,
               threshold: float = 0.5) -> Exercise:
    """Exercise 1 (a wrong class size): precision@k estimates of every labeled digit with ``C`` = ``class_size``.

    For digit ``c`` (column ``j``), ``k`` = the pool images with score ``>= threshold`` and ``recall@k`` = the
    share of its test images scoring at least the ``k``-th highest pool score::

        precision@k estimate = recall@k * C / k

    The answer is one number per digit, in the order of ``labeled`` (or a dict keyed by digit), right to three
    significant digits.
    Mistakes: the true class sizes (from ``y_pool``, the hidden labels) instead of ``C``; ``recall@k * k / C``.
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
    mistakes = []
    for wrong, message in [
        (estimates(true_sizes), f"those are the estimates with the true class sizes; use C = {size:g} for every digit"),
        ([r * k / size for r, k in zip(recalls, ks, strict=True)],
         "you computed recall@k * k / C; the estimate is recall@k * C / k (estimated members over flagged images)"),
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


def exercise_2(X, y, make_model: Callable[[], object], proba_test, y_test, proba_pool, y_pool, *, labeled,
               threshold: float = 0.5, rng: int = 0) -> Exercise:
    """Exercise 2 (no unseen classes): mean |test precision - real precision| when every class is labeled.

    The split ``open_set_split(y, labeled_classes=<every class of y>, rng=rng)``, a model from
    ``make_model()`` fitted on its training part, and for each digit ``c`` of ``labeled`` the precision of
    ``proba[:, c] >= threshold`` on the test part and on the pool::

        answer = mean over c of |precision_test(c) - precision_pool(c)|

    Right to two significant digits. Mistakes: the notebook's own gap (unseen classes in the pool, from
    ``proba_test`` ... ``y_pool``); the signed mean, which lets gaps of opposite signs cancel.
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


def _f1_threshold(test_pos: np.ndarray, score: np.ndarray, class_size: int) -> float:
    """The pool score at the k that maximises the estimated F1, ``2 recall@k C / (k + C)``."""
    k = np.arange(1, len(score) + 1)
    f1_hat = 2 * _recall_at_k(test_pos, score) * class_size / (k + class_size)
    return float(np.sort(score)[::-1][int(np.argmax(f1_hat))])


def _rounded_from(answer: object, right: float) -> bool:
    """True when ``answer`` is a number that ``right`` rounds to, at the answer's own significant digits."""
    if isinstance(answer, bool | np.bool_) or not isinstance(answer, int | float | np.integer | np.floating):
        return False
    a = float(answer)
    return bool(np.isfinite(a)) and abs(a - right) <= half_unit(a, significant_digits(a)) * (1 + 1e-9)


def exercise_3(proba_test, y_test, proba_pool, y_pool, *, labeled, digit: int = 5,
               keep_every: int = 10) -> Exercise:
    """Exercise 3: the estimated F1-best threshold of ``digit`` in a pool where the digit is rarer.

    The pool keeps every image of the other classes and every ``keep_every``-th image of ``digit`` (the
    1st, the ``keep_every + 1``-th ... in pool order). In it (score ``s`` = the digit's column, ``C`` = its
    images kept), the estimated F1 at the ``k`` highest scores is ``2 recall@k C / (k + C)``; the answer is
    the ``k``-th highest score where it is largest. Any threshold that flags the same images of that pool
    is right. Mistakes, each kept only when it flags other images than the answer: the right threshold
    rounded (typed from a printout) across a pool score; the threshold chosen on the pool as given; the rarer
    pool with the pool's full class size as ``C``.
    """
    pt, yt, pp, yp, labeled = _data(proba_test, y_test, proba_pool, y_pool, labeled)
    if digit not in labeled:
        raise ValueError("digit must be one of labeled")
    if isinstance(keep_every, bool) or not isinstance(keep_every, int) or keep_every < 2:
        raise ValueError("keep_every must be a whole number >= 2")
    j = labeled.index(digit)
    is_c = yp == digit
    keep = ~is_c
    keep[np.flatnonzero(is_c)[::keep_every]] = True
    test_pos = pt[yt == digit, j]
    right = _f1_threshold(test_pos, pp[keep, j], int(np.sum(is_c[keep])))
    cmp = threshold(is_c[keep].astype(int), pp[keep, j])
    candidates = [
        (_f1_threshold(test_pos, pp[:, j], int(np.sum(is_c))),
         f"that is the threshold chosen on the pool as given; choose it again on the pool with every "
         f"{keep_every}th {digit} only"),
        (_f1_threshold(test_pos, pp[keep, j], int(np.sum(is_c))),
         f"your C is the class size of the pool as given; in the rarer pool C is the number of {digit}s kept"),
    ]
    mistakes, seen = [], [right]
    rounded = next((round_significant(right, d) for d in range(2, 7) if not cmp.same(round_significant(right, d),
                                                                                        right)), None)
    if rounded is not None:  # a threshold typed from the printout, rounded across a score: say so, not "TP wrong"
        mistakes.append(Mistake(lambda a: _rounded_from(a, right) and not cmp.same(a, right),
                                "a rounded threshold flags other images than the answer's: pass the variable "
                                "holding the threshold, unrounded", example=rounded))
    for value, message in candidates:
        if not any(cmp.same(value, s) for s in seen):
            mistakes.append(Mistake(lambda a, v=value: cmp.same(a, v), message, example=value))
            seen.append(value)
    return Exercise(
        "Exercise 3",
        right,
        compare=cmp,
        mistakes=mistakes,
        hints=[
            f"is{digit} = y_pool == {digit}; keep = ~is{digit}; keep[np.flatnonzero(is{digit})[::{keep_every}]] = "
            "True.",
            f"estimated_f1_threshold(proba_test[y_test == {digit}, {j}], proba_pool[keep, {j}], C) with C the "
            f"number of {digit}s kept.",
        ],
        why="Every F1-best threshold belongs to the share of the class in the pool it was chosen on.",
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
            "A precision@k curve can reveal narrow labels (labeled members that show only part of the class). "
            "Where do you read it?",
            {"a": "at k = C, where a threshold would be put",
             "b": "wherever it leaves the pointwise 95 % band",
             "c": "at a k fixed in advance, well below C"},
            "c",
            {"a": "at k = C, precision@k equals recall@C, at most 1: narrow labels cannot show there.",
             "b": "read at thousands of k, most ideal curves leave a pointwise band somewhere by chance.",
             "c": "There an ideal ranking's estimate is near 1 with a known spread, and narrow labels push it above."},
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
            "You choose the k that maximises the estimated F1 on the test positives. At that k, the precision@k "
            "estimate is",
            {"a": "too high on average: the test positives chose k",
             "b": "unbiased, as at any k fixed in advance",
             "c": "too low, as few test positives make it noisy"},
            "a",
            {"a": "The largest of many noisy estimates is too high on average (the winner's curse).",
             "b": "k was not fixed in advance: it was picked where the estimate happened to be high.",
             "c": "noise alone moves it both ways; picking its maximum moves it up."},
        ),
    ])
