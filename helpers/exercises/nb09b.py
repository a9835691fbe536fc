"""Checkers for notebook 09b (reading the precision@k curve): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it. The right answers::

    exercise 1: the share of the fresh ideal curves (columns k = fresh_first_k, fresh_first_k + 1, ...) that
                leave the pointwise band (band_low[k - 1], band_high[k - 1]) at some k <= k_last
    exercise 2: the pool without all but every tenth image of one digit: the k-th highest score of that
                digit where 2 recall@k C / (k + C) is largest, C = the digit's images kept
"""

from __future__ import annotations

import numpy as np

from .._validate import check_numbers
from .core import Exercise, Mistake, half_unit, probability, round_significant, significant_digits, threshold
from .effort import effort
from .nb09 import _data, _recall_at_k
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]


def _leave_share(curves: np.ndarray, low: np.ndarray, high: np.ndarray) -> float:
    """The share of rows of ``curves`` that lie outside ``[low, high]`` in at least one column."""
    return float(np.mean(np.any((curves < low) | (curves > high), axis=1)))


@effort("compute", "the fresh curves and the band sliced to fewer k, the share that leaves it counted")
def exercise_1(fresh, band_low, band_high, *, fresh_first_k: int = 50, k_last: int = 500) -> Exercise:
    """Exercise 1 (fewer k, fewer false alarms): the share of ideal curves leaving the pointwise band at some k.

    ``fresh`` holds one redrawn ideal curve per row, its column ``j`` at ``k = fresh_first_k + j``; the band's
    entry ``i`` is ``k = i + 1``. Over ``k = fresh_first_k .. k_last``::

        share = mean over curves of [ curve(k) < band_low(k) or curve(k) > band_high(k) for some k ]

    A share between 0 and 1, right to two significant digits. Mistakes, each kept only where it differs from the
    answer at two digits: the share over every column of ``fresh``; the band read one k off (``band_low[k]``);
    the mean share outside at a single k. A percentage gets "expected one number between 0 and 1".
    """
    curves = check_numbers(fresh, "fresh", ndim=2)
    low = check_numbers(band_low, "band_low", ndim=1)
    high = check_numbers(band_high, "band_high", ndim=1)
    if low.shape != high.shape:
        raise ValueError("band_low and band_high must have the same length")
    for name, value in (("fresh_first_k", fresh_first_k), ("k_last", k_last)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
    last_column = k_last - fresh_first_k
    if not 0 <= last_column < curves.shape[1] or fresh_first_k + curves.shape[1] - 1 > len(low):
        raise ValueError(f"k_last must lie between fresh_first_k ({fresh_first_k}) and the last k of fresh "
                         f"({fresh_first_k + curves.shape[1] - 1}), and the band must reach that k")
    part = curves[:, : last_column + 1]
    band = slice(fresh_first_k - 1, k_last)
    right = _leave_share(part, low[band], high[band])
    cmp = probability(digits=2)
    shifted = slice(fresh_first_k, k_last + 1) if k_last < len(low) else None
    candidates = [
        (_leave_share(curves, low[fresh_first_k - 1: fresh_first_k - 1 + curves.shape[1]],
                      high[fresh_first_k - 1: fresh_first_k - 1 + curves.shape[1]]),
         f"that is the share over every k of fresh (up to {fresh_first_k + curves.shape[1] - 1}); keep the columns "
         f"of k = {fresh_first_k} .. {k_last} only"),
        (None if shifted is None else _leave_share(part, low[shifted], high[shifted]),
         f"the band is read one k off: its entry i is k = i + 1, so k = {fresh_first_k} .. {k_last} is "
         f"band_low[{fresh_first_k - 1}:{k_last}]"),
        (float(np.mean((part < low[band]) | (part > high[band]))),
         "that is the mean share of curves outside the band at one k; the question asks for the curves that "
         "leave it at some k"),
    ]
    mistakes, seen = [], [right]
    for value, message in candidates:
        if value is not None and not any(cmp.same(value, s) for s in seen):
            mistakes.append(Mistake.if_equals(value, message))
            seen.append(value)
    return Exercise(
        "Exercise 1",
        right,
        compare=cmp,
        mistakes=mistakes,
        hints=[
            f"fresh[:, j] is k = {fresh_first_k} + j, so k = {fresh_first_k} .. {k_last} are the columns "
            f"0 .. {last_column}; band_low[i] is k = i + 1.",
            "outside = (part < low) | (part > high); a curve leaves the band somewhere when outside.any(axis=1); "
            "average that over the curves.",
        ],
        why="Each extra k read is one more chance to leave a pointwise band by luck: fewer k, fewer false alarms, "
            "but never as few as at one k fixed in advance.",
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


@effort("compute", "a rarer pool built, the estimated-F1 threshold found in it")
def exercise_2(proba_test, y_test, proba_pool, y_pool, *, labeled, digit: int = 5,
               keep_every: int = 10) -> Exercise:
    """Exercise 2: the estimated F1-best threshold of ``digit`` in a pool where the digit is rarer.

    The pool keeps every image of the other classes and every ``keep_every``-th image of ``digit`` (the
    1st, the ``keep_every + 1``-th ... in pool order). In it (score ``s`` = the digit's column, ``C`` = its
    images kept), the estimated F1 at the ``k`` highest scores is ``2 recall@k C / (k + C)``; the answer is
    the ``k``-th highest score where it is largest. Any threshold that flags the same images of that pool
    is right. Mistakes, each kept only when it flags other images than the answer: the right threshold
    rounded (typed from a printout) across a pool score; a threshold flagging the same images as the one chosen
    on the pool as given (0.95 flags the rarer pool's images as 0.9432 does); the rarer
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
         f"that flags the same images as the threshold chosen on the pool as given; choose it again on the "
         f"pool with every {keep_every}th {digit} only"),
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
        "Exercise 2",
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
    """The quick self-test of notebook 09b; the numeric question is the estimated F1 ``2 R C / (k + C)`` for
    recall@k R = 0.9, C = 90, k = 120, right to two significant digits."""
    recall_k, size, k = 0.9, 90, 120
    precision_k = recall_k * size / k
    return Quiz([
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
        Question(
            "An ideal curve, read against a pointwise 95 % band at 2 000 values of k, leaves the band at one of "
            "them. That is",
            {"a": "no evidence: most ideal curves leave it somewhere",
             "b": "evidence of a shape, at 95 % confidence",
             "c": "a sign that the band was built from too few redraws"},
            "a",
            {"a": "A pointwise band holds at one k chosen in advance; read at every k, it is left somewhere far more "
                  "often than 5 % of the time.",
             "b": "95 % holds at one k fixed in advance, not for the largest of 2 000 readings.",
             "c": "more redraws make the band's ends more precise; they do not make it hold at every k at once."},
        ),
        NumberQuestion(
            f"recall@k is {recall_k:g} at k = {k}, and the pool holds C = {size} members of the class. "
            "What is the estimated F1 of flagging the top k?",
            lambda: 2 * recall_k * size / (k + size),
            digits=2,
            mistakes=[Mistake.if_equals(precision_k, "that is the precision@k estimate, recall@k · C / k; F1 is "
                                                     "the harmonic mean of it and recall@k"),
                      Mistake.if_equals((precision_k + recall_k) / 2, "that is the arithmetic mean of precision "
                                                                      "and recall; F1 is their harmonic mean, "
                                                                      "2 R C / (k + C)")],
            solution="2 · recall@k · C / (k + C)",
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
