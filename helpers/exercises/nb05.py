"""Exercises and quick self-test of notebook 05 (a simulated rare disease), checked from the study's numbers.

The right answers::

    exercise 1: simulate_counts(P, N, TPR, TNR) -> (precision, F1, FP), the counts rounded as in the study
    exercise 2: the smallest number n of sick people for which the 95 % Wilson interval of recall,
                wilson_interval(round(r n), n), has a half-width below h (any n up to 9 above it is accepted:
                a search in steps of 10 is right)
    exercise 3: whether the middle 95 % of the simulated studies' precision is narrower or wider (in
                percentage points) with N' healthy people instead of N, simulate_studies(..., rng=0)
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from ..counts import metric_zoo
from ..intervals import wilson_interval
from ..prior_shift import precision_at_prevalence
from ..simulation import simulate_counts, simulate_studies
from ._common import part_mistake, real_arg
from .core import Compare, Exercise, Mistake, WrongKind, choice, describe, fmt, number, numbers, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ValueError(f"{name} must be a whole number >= 1")
    return int(value)


def exercise_1(n_sick: int, n_healthy: int, *, tpr: float, tnr: float) -> Exercise:
    """Exercise 1: precision, F1 and the healthy people flagged of a second test on the real population.

    The counts are ``simulate_counts(n_sick, n_healthy, tpr, tnr)`` (rounded to whole people). Mistake:
    the precision of Bayes' rule without rounding, ``TPR pi / (TPR pi + (1 - TNR)(1 - pi))``.
    """
    p, n = _count(n_sick, "n_sick"), _count(n_healthy, "n_healthy")
    tpr, tnr = real_arg(tpr, "tpr", 0, 1), real_arg(tnr, "tnr", 0, 1)
    c = simulate_counts(p, n, tpr, tnr)
    z = metric_zoo(c)
    bayes = precision_at_prevalence(tpr, 1 - tnr, p / (p + n))
    cmp = numbers(["precision", "F1", "healthy flagged"], kinds={
        "precision": probability(rel=2e-3), "F1": probability(rel=2e-3),
        "healthy flagged": number(rel=0, abs=0.5, low=0, kind="a number of people")})
    return Exercise(
        "Exercise 1", lambda: (z["precision"], z["f1"], c.fp), compare=cmp,
        mistakes=[
            part_mistake(0, lambda: bayes, "your precision is Bayes' rule without rounding; the study counts whole "
                         "people, as simulate_counts does", cmp),
        ],
        hints=[f"c = simulate_counts({p}, {n:_}, {tpr:g}, {tnr:g}) gives the study's counts.",
               "metric_zoo(c) has 'precision' and 'f1'; c.fp counts the healthy people flagged."],
        solution=f"c = simulate_counts({p}, {n:_}, {tpr:g}, {tnr:g})\n"
                 "answer = (metric_zoo(c)['precision'], metric_zoo(c)['f1'], c.fp)",
    )


def _half_width(recall: float, n: int) -> float:
    low, high = wilson_interval(round(recall * n), n)
    return (high - low) / 2


def _smallest_n(recall: float, half_width: float, start: int = 1) -> int:
    n = start
    while _half_width(recall, n) >= half_width:
        n += 1
    return n


class _SmallestN(Compare):
    kind = "a number of sick people (a whole number)"

    def __init__(self, recall: float, half_width: float, slack: int) -> None:
        self.recall, self.half_width, self.slack = recall, half_width, slack

    def differs(self, answer: object, expected: object) -> str | None:
        if isinstance(answer, bool) or not isinstance(answer, Real) or not float(answer) >= 1:
            raise WrongKind(f"expected {self.kind}, got {describe(answer)}")
        n = math.ceil(float(answer))
        width = _half_width(self.recall, n)
        if width >= self.half_width:
            return f"not yet: with {n} sick people the half-width is {fmt(width, 3)}, not below {fmt(self.half_width)}"
        if n >= expected + self.slack:
            return f"not yet: {n} is enough, but fewer sick people are enough too"
        return None

    def show(self, expected: object) -> str:
        return f"{fmt(expected)} (any number up to {fmt(expected + self.slack - 1)} is accepted)"


def exercise_2(*, recall: float, half_width: float) -> Exercise:
    """Exercise 2: the fewest sick people for a 95 % Wilson interval of ``recall`` narrower than ``± half_width``.

    Right: ``n`` with half-width ``< half_width`` and ``n < n_min + 10`` (a search in steps of 10 lands
    there). Mistake: the whole width (not the half-width) below ``half_width``.
    """
    r = real_arg(recall, "recall", 0, 1)
    h = real_arg(half_width, "half_width", 0, 0.5)
    if h <= 0:
        raise ValueError("half_width must be a number between 0 and 0.5, not 0")
    slack = 10
    n_min = _smallest_n(r, h)
    n_full = _smallest_n(r, h / 2, start=n_min)
    return Exercise(
        "Exercise 2", n_min, compare=_SmallestN(r, h, slack),
        mistakes=[Mistake(lambda a: isinstance(a, Real) and n_full <= a < n_full + slack,
                          f"your interval is {fmt(h)} wide in total; the exercise asks for ± {fmt(h)} "
                          "(the half-width)")],
        hints=[f"low, high = wilson_interval(round({fmt(r)} * n), n); the half-width is (high - low) / 2.",
               f"Loop over growing n (range(50, 1000, 10)) and stop at the first half-width below {fmt(h)}."],
        solution=f"for n in range(50, 1000, 10):\n    low, high = wilson_interval(round({fmt(r)} * n), n)\n"
                 f"    if (high - low) / 2 < {fmt(h)}:\n        break\nanswer = n",
        why=f"The normal approximation, n = 1.96² · {fmt(r)} · {fmt(1 - r)} / {fmt(h)}², lands there too.",
    )


def exercise_3(n_sick: int, n_healthy: int, *, tpr: float, tnr: float, n_studies: int,
               new_n_healthy: int) -> Exercise:
    """Exercise 3: is the middle 95 % of the studies' precision narrower or wider with ``new_n_healthy``?

    Both spreads (97.5th minus 2.5th percentile of ``TP / (TP + FP)`` over ``simulate_studies(...,
    rng=0)``) are computed here, in percentage points; the answer is "narrower" or "wider".
    """
    p, n, n2 = _count(n_sick, "n_sick"), _count(n_healthy, "n_healthy"), _count(new_n_healthy, "new_n_healthy")
    k = _count(n_studies, "n_studies")
    tpr, tnr = real_arg(tpr, "tpr", 0, 1), real_arg(tnr, "tnr", 0, 1)

    def spread(healthy: int) -> float:
        s = simulate_studies(p, healthy, tpr, tnr, n_studies=k, rng=0)
        low, high = np.nanpercentile(metric_zoo(s)["precision"], [2.5, 97.5])
        return high - low

    def right() -> str:
        return "narrower" if spread(n2) < spread(n) else "wider"

    return Exercise(
        "Exercise 3", right, compare=choice(["narrower", "wider"]),
        mistakes=[Mistake(lambda a: isinstance(a, str), "not yet: print the 2.5th and 97.5th percentiles of the "
                          "studies' precision at both prevalences and compare their distance, in percentage points")],
        hints=["simulate_studies(10, n_healthy, TPR, TNR, n_studies=N_STUDIES, rng=0) for both numbers of healthy "
               "people; np.percentile(metric_zoo(s)['precision'], [2.5, 97.5]) gives the middle 95 %.",
               "Compare the two widths in percentage points, then each relative to its true precision."],
        solution="for n_healthy in (99_990, 9_999_990):\n"
                 "    s = simulate_studies(10, n_healthy, TPR, TNR, n_studies=N_STUDIES, rng=0)\n"
                 "    print(n_healthy, np.diff(np.percentile(metric_zoo(s)['precision'], [2.5, 97.5])))\n"
                 "answer = 'narrower'  # or 'wider', whichever the widths say",
        why="In percentage points; relative to the precision itself the spread hardly changes: "
            "only more positives reduce it.",
    )


def quiz(real: object, *, tpr: float, tnr: float, prevalence: float) -> Quiz:
    """The quick self-test at the end of notebook 05.

    Question 1's answer is ``real.fp``; question 4's ``TPR pi / (TPR pi + (1 - TNR)(1 - pi))`` at
    ``pi = prevalence / 10``.
    """
    from ._common import counts_arg

    c = counts_arg(real, "real")
    tpr, tnr = real_arg(tpr, "tpr", 0, 1), real_arg(tnr, "tnr", 0, 1)
    pi = real_arg(prevalence, "prevalence", 0, 1)
    if not 0 < pi < 1:
        raise ValueError("prevalence must be strictly between 0 and 1")
    rarer = pi / 10
    return Quiz([
        NumberQuestion(
            f"In the study of section 1 ({fmt(c.n_pos)} sick, {_thousands(c.n_neg)} healthy; TPR {fmt(tpr)}, "
            f"TNR {fmt(tnr)}), how many healthy people does the test flag?",
            lambda: c.fp, 0.5,
            mistakes=[Mistake.if_equals(c.tn, "those are the healthy people it clears, TN; flagged are FP = "
                                        "(1 - TNR) x healthy")],
            solution="real.fp"),
        Question(
            "The test set is enriched with treatment-centre patients. Which numbers carry over to the population "
            "unchanged?",
            {"a": "precision and F1", "b": "recall (sensitivity) and specificity", "c": "accuracy"},
            "b",
            {"a": "both mix the two classes, so they follow the enriched class balance",
             "b": "Each is a ratio within one class; precision is rebuilt from them and the real prevalence",
             "c": "accuracy weights the classes by their share in the test set"}),
        Question(
            "With the prevalence known from elsewhere, the real-world precision of one study is still "
            "uncertain. What narrows its interval most?",
            {"a": "more healthy people in the study", "b": "more sick people in the study",
             "c": "repeating the same study on the same people"},
            "b",
            {"a": "the false positives are already many; their relative noise is small",
             "b": "The true positives are few: their noise dominates, and only more positives reduce it (if "
                  "the prevalence is counted in the same study, only a larger population sample narrows it)",
             "c": "the same people give the same counts"}),
        NumberQuestion(
            f"The same test (TPR {fmt(tpr)}, TNR {fmt(tnr)}) meets a prevalence ten times lower, 1 in "
            f"{_thousands(round(1 / rarer))}. "
            "What is its precision? Three decimals are enough.",
            lambda: precision_at_prevalence(tpr, 1 - tnr, rarer), 0.0005,
            mistakes=[Mistake.if_equals(precision_at_prevalence(tpr, 1 - tnr, pi), "that is the precision at the "
                                        "study's prevalence; at ten times fewer sick people it is lower")],
            solution="precision_at_prevalence(TPR, 1 - TNR, prevalence / 10)"),
    ])
