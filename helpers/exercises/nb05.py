"""Exercises and quick self-test of notebook 05 (a simulated rare disease), checked from the study's numbers.

The right answers::

    exercise 1: a second test on the real population, simulate_counts(P, N, TPR, TNR) ->
                (precision, F1, FP); precision and F1 to three significant digits (the notebook's test,
                TPR 0.9 and TNR 0.9998, is chosen so that the rounded counts and Bayes' rule without
                rounding agree to those digits: the question has one answer)
    exercise 2: the smallest number n of sick people for which the 95 % Wilson interval of recall,
                wilson_interval(round(r n), n), has a half-width below h (any n up to 9 above it is accepted:
                a search in steps of 10 is right)
    exercise 3: the width of the middle 95 % of the studies' precision, rebuilt at the known prevalence
                pi, divided by the true precision PPV(pi), over
                simulate_population_studies(n_people, pi, TPR, TNR, n_studies=..., rng=...), to two
                significant digits
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from .._validate import check_number, check_rate
from ..counts import check_counts_object, metric_zoo
from ..intervals import wilson_interval
from ..prior_shift import precision_at_prevalence, rebuilt_precision
from ..simulation import simulate_counts, simulate_population_studies
from .core import Compare, Exercise, Mistake, WrongKind, describe, fmt, number, numbers, probability
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ValueError(f"{name} must be a whole number >= 1")
    return int(value)


@effort("read", "precision, F1 and the healthy flagged from sensitivity, specificity and the population")
def exercise_1(n_sick: int, n_healthy: int, *, tpr: float, tnr: float) -> Exercise:
    """Exercise 1: precision, F1 and the healthy people flagged of a second test on the real population.

    The counts are ``simulate_counts(n_sick, n_healthy, tpr, tnr)`` (rounded to whole people); precision
    ``TP / (TP + FP)`` and F1 ``2 TP / (2 TP + FP + FN)`` are compared to three significant digits, the
    count of healthy people flagged (FP) to the nearest person. Mistakes: the precision of the enriched
    set (``n_sick + 100`` sick); the sensitivity given as precision; the healthy people cleared (TN)
    given as those flagged.
    """
    p, n = _count(n_sick, "n_sick"), _count(n_healthy, "n_healthy")
    tpr, tnr = check_rate(tpr, "tpr"), check_rate(tnr, "tnr")
    c = simulate_counts(p, n, tpr, tnr)
    z = metric_zoo(c)
    enriched = metric_zoo(simulate_counts(p + 100, n, tpr, tnr))["precision"]
    cmp = numbers(["precision", "F1", "healthy flagged"], kinds={
        "precision": probability(digits=3), "F1": probability(digits=3),
        "healthy flagged": number(rel=0, abs=0.5, low=0, kind="a number of people")})
    return Exercise(
        "Exercise 1", lambda: (z["precision"], z["f1"], c.fp), compare=cmp,
        mistakes=[
            Mistake.in_part(0, enriched, "your precision is that of the enriched set, with 100 extra sick people; "
                            f"the real population has {p} sick"),
            Mistake.in_part(0, tpr, "your precision is the sensitivity, TP / (TP + FN); precision divides TP by "
                            "everybody flagged, TP + FP"),
            Mistake.in_part(2, c.tn, "your count is the healthy people the test clears (TN); flagged are "
                            "FP = (1 - specificity) x healthy"),
        ],
        hints=[f"c = simulate_counts({p}, {n:_}, {tpr:g}, {tnr:g}) gives the study's counts.",
               "metric_zoo(c) has 'precision' and 'f1'; c.fp counts the healthy people flagged."],
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


@effort("compute", "the study size searched for a Wilson interval's width")
def exercise_2(*, recall: float, half_width: float) -> Exercise:
    """Exercise 2: the fewest sick people for a 95 % Wilson interval of ``recall`` narrower than ``± half_width``.

    Right: ``n`` with half-width ``< half_width`` and ``n < n_min + 10`` (a search in steps of 10 lands
    there). Mistake: the whole width (not the half-width) below ``half_width``.
    """
    r = check_rate(recall, "recall")
    h = check_number(half_width, "half_width", 0, 0.5)
    if h <= 0:
        raise ValueError("half_width must be a number between 0 and 0.5, not 0")
    slack = 10
    n_min = _smallest_n(r, h)
    n_full = _smallest_n(r, h / 2, start=n_min)
    return Exercise(
        "Exercise 2", n_min, compare=_SmallestN(r, h, slack),
        mistakes=[Mistake(lambda a: isinstance(a, Real) and not isinstance(a, bool) and n_full <= a < n_full + slack,
                          f"your interval is {fmt(h)} wide in total; the exercise asks for ± {fmt(h)} "
                          "(the half-width)", example=n_full)],
        hints=[f"low, high = wilson_interval(round({fmt(r)} * n), n); the half-width is (high - low) / 2.",
               f"Loop over growing n (range(50, 1000, 10)) and stop at the first half-width below {fmt(h)}."],
        why=f"The normal approximation, n = 1.96² · {fmt(r)} · {fmt(1 - r)} / {fmt(h)}², lands there too.",
    )


NOBODY_SICK = ("your answer is nan: a study that found nobody sick has no precision, and np.percentile then "
               "gives nan; use np.nanpercentile, which leaves such studies out")


class _NoNan(Compare):
    """A number comparison that answers a NaN with :data:`NOBODY_SICK` instead of "expected one number"."""

    def __init__(self, inner: Compare) -> None:
        self.inner, self.kind = inner, inner.kind

    def __getattr__(self, name: str) -> object:  # digits, too_few_digits, rounded: those of the inner comparison
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def differs(self, answer: object, expected: object) -> str | None:
        if isinstance(answer, Real) and not isinstance(answer, bool) and math.isnan(float(answer)):
            raise WrongKind(NOBODY_SICK)
        return self.inner.differs(answer, expected)


def relative_spread(precision: np.ndarray, truth: float) -> float:
    """``(q97.5 - q2.5) / truth``: the width of the middle 95 % of ``precision`` (NaNs left out) over ``truth``."""
    low, high = np.nanpercentile(precision, [2.5, 97.5])
    return float((high - low) / truth)


@effort("build", "the population simulation run again at 1 in 1 000 000")
def exercise_3(*, tpr: float, tnr: float, n_people: int, prevalence: float, n_studies: int, rng=None,
               printed: float | None = None) -> Exercise:
    """Exercise 3: the spread of precision relative to the true precision at a rarer disease.

    ``s = simulate_population_studies(n_people, prevalence, tpr, tnr, n_studies=n_studies, rng=rng)`` (``rng`` as
    there: ``None``, an int seed or a ``numpy.random.Generator``; the notebook passes its seed);
    the answer is :func:`relative_spread` of ``rebuilt_precision(s, prevalence=prevalence)`` with truth
    ``PPV = tpr pi / (tpr pi + (1 - tnr)(1 - pi))``, to two significant digits. Mistakes: the width itself
    (as a fraction, or in percentage points) not divided by the truth; the spread of the precision
    measured directly, ``TP / (TP + FP)``, which uses each study's own estimated prevalence; ``printed``, the
    "width / truth" the notebook's table shows at its own, commoner prevalence (left out without ``printed``, or
    when it gives the right answer to two digits). A NaN answer (what ``np.percentile`` gives when a study found
    nobody sick, as happens for some seeds) gets its own message.
    """
    tpr, tnr = check_rate(tpr, "tpr"), check_rate(tnr, "tnr")
    people, k = _count(n_people, "n_people"), _count(n_studies, "n_studies")
    pi = check_number(prevalence, "prevalence", 0, 1)
    if not 0 < pi < 1:
        raise ValueError("prevalence must be strictly between 0 and 1")
    truth = precision_at_prevalence(tpr, 1 - tnr, pi)
    s = simulate_population_studies(people, pi, tpr, tnr, n_studies=k, rng=rng)
    seed = f"rng={int(rng)}" if isinstance(rng, int | np.integer) and not isinstance(rng, bool) else "the same rng"
    known = rebuilt_precision(s, prevalence=pi)
    right = relative_spread(known, truth)
    width = right * truth
    direct = relative_spread(metric_zoo(s)["precision"], truth)
    cmp = _NoNan(number(digits=2, low=0, kind="one number (a width divided by the truth)"))
    shown = [] if printed is None or cmp.same(check_number(printed, "printed", 0), right) else [Mistake.if_equals(
        float(printed), "that is the width / truth of section 4's table, at its prevalence; run the simulation "
        f"again at {_one_in(pi)}")]
    return Exercise(
        "Exercise 3", right, compare=cmp,
        mistakes=[
            Mistake.if_equals(width, "that is the width itself; divide it by the true precision at "
                              f"{_one_in(pi)}"),
            Mistake.if_equals(100 * width, "that is the width in percentage points; divide the width by the "
                              f"true precision at {_one_in(pi)}"),
            Mistake.if_equals(direct, "that is the spread of TP / (TP + FP), which uses each study's own count of "
                              "sick people as its prevalence; rebuild precision at the known prevalence"),
            *shown,
        ],
        hints=[f"s = simulate_population_studies({people:_}, {pi:g}, TPR, TNR, n_studies=N_STUDIES, {seed}); "
               f"rebuilt_precision(s, prevalence={pi:g}) gives each study's precision at the known prevalence.",
               "np.nanpercentile(..., [2.5, 97.5]) gives the middle 95 % (a study with nobody sick has no "
               f"precision); divide its width by precision_at_prevalence(TPR, 1 - TNR, {pi:g})."],
        why="Precision fell a hundredfold, its spread relative to it hardly: the few true positives set it, and "
            "only more positives reduce it.",
    )


def _one_in(pi: float) -> str:
    return f"1 in {_thousands(round(1 / pi))}"


def quiz(real: object, *, enriched: object, tpr: float, tnr: float, prevalence: float) -> Quiz:
    """The quick self-test at the end of notebook 05.

    Question 1's answer is ``FP / TP`` of ``enriched`` (healthy people flagged per sick person found in the
    enriched study; its reason compares it with ``real``'s). It is asked on the enriched study because there the
    typical slip ``FP / P`` (per sick person, found or not) cannot pass for the answer with fewer digits: on
    ``real``, 100 / 10 = 10 is 12.5 to one digit. Question 3 quotes the relative standard deviations of TP and FP,
    ``sqrt((1 - r) / (n r))`` for ``Binomial(n, r)``; question 5's answer is ``TPR pi / (TPR pi + (1 - TNR)(1 -
    pi))`` at ``pi = prevalence / 10``.
    """
    c = check_counts_object(real, "real")
    e = check_counts_object(enriched, "enriched")
    if e.tp == 0 or e.fp == 0:
        raise ValueError("enriched must have at least one true positive and one false positive")
    tpr, tnr = check_rate(tpr, "tpr"), check_rate(tnr, "tnr")
    pi = check_number(prevalence, "prevalence", 0, 1)
    if not 0 < pi < 1:
        raise ValueError("prevalence must be strictly between 0 and 1")
    if c.tp == 0 or c.fp == 0:
        raise ValueError("real must have at least one true positive and one false positive")
    fpr = 1 - tnr

    def rel_sd(n: int, r: float) -> str:
        return f"{100 * math.sqrt((1 - r) / (n * r)):.0f} %"

    rarer = pi / 10
    return Quiz([
        NumberQuestion(
            f"In the enriched study of section 2 ({fmt(e.n_pos)} sick, {_thousands(e.n_neg)} healthy; TPR "
            f"{fmt(tpr)}, TNR {fmt(tnr)}), how many healthy people does the test flag for every sick person it finds?",
            lambda: e.fp / e.tp, digits=3,
            mistakes=[Mistake.if_equals(e.tp / e.fp, "that is sick people found per healthy person flagged, the "
                                        "other way round"),
                      Mistake.if_equals(e.fp / (e.fp + e.tp), "that is the share of healthy people among those "
                                        "flagged; the question asks how many healthy per sick person found"),
                      Mistake.if_equals(e.fp / e.n_pos, "that is FP / P, per sick person, found or not; the question "
                                        "asks per sick person found, FP / TP"),
                      Mistake.if_equals(c.fp / c.tp, f"that is the population of section 1, with {fmt(c.n_pos)} sick; "
                                        f"the enriched study has {fmt(e.n_pos)}")],
            solution="enriched.fp / enriched.tp",
            why=f"In the population of section 1 it is {fmt(c.fp / c.tp, 3)}: enrichment makes the burden of false "
                f"alarms look {(c.fp / c.tp) / (e.fp / e.tp):.0f} times smaller."),
        Question(
            "The test set is enriched with treatment-centre patients. Which numbers carry over to the population "
            "unchanged (if the test finds those patients as often as the population's sick)?",
            {"a": "recall and specificity", "b": "precision and F1 score", "c": "accuracy and precision"},
            "a",
            {"a": "Each is a ratio within one class; precision is rebuilt from them and the real prevalence.",
             "b": "both mix the two classes, so they follow the enriched class balance",
             "c": "accuracy weights the classes by their share in the test set and precision counts both among "
                  "those flagged: both follow the class balance"}),
        Question(
            f"A study with {fmt(c.n_pos)} sick and {_thousands(c.n_neg)} healthy people; the prevalence is known "
            "from a registry. What narrows the interval of its real-world precision most?",
            {"a": "more healthy people in the study", "b": "repeating it on the same people",
             "c": "more sick people in the study"},
            "c",
            {"a": f"in this study the false positives vary by about {rel_sd(c.n_neg, fpr)} of their number, the "
                  f"true positives by {rel_sd(c.n_pos, tpr)}: the sick are the bottleneck (after enrichment "
                  f"to {c.n_pos + 100} sick, the true positives vary by {rel_sd(c.n_pos + 100, tpr)}, and then "
                  "more healthy people help)",
             "b": "the same people give the same counts",
             "c": f"With {fmt(c.n_pos)} sick, the true positives are the noisiest count "
                  f"({rel_sd(c.n_pos, tpr)} against the false positives' {rel_sd(c.n_neg, fpr)}), and only "
                  "more positives reduce it."}),
        Question(
            f"Now the prevalence is counted in the same study: {fmt(c.n_pos)} sick among "
            f"{_thousands(c.n)} screened. Does adding 100 treatment-centre patients narrow the spread of the "
            "real-world precision?",
            {"a": "yes, about threefold, just as for recall", "b": "barely: the prevalence's noise dominates",
             "c": "yes, once the count of sick is taken as exact"},
            "b",
            {"a": "recall's spread shrinks threefold, but precision also needs the prevalence, and the "
                  "treatment-centre patients say nothing about how common the disease is",
             "b": "Most of the spread comes from the count of sick people, which sets the estimated prevalence; "
                  "only a larger population sample, or a registry, reduces it.",
             "c": "taking an estimated prevalence as exact gives a narrower interval, but a wrong one: it misses "
                  "the true precision far more often than 5 % of the time"}),
        NumberQuestion(
            f"The same test (TPR {fmt(tpr)}, TNR {fmt(tnr)}) meets a prevalence ten times lower, "
            f"{_one_in(rarer)}. What is its precision?",
            lambda: precision_at_prevalence(tpr, fpr, rarer), digits=3,
            mistakes=[Mistake.if_equals(precision_at_prevalence(tpr, fpr, pi), "that is the precision at the "
                                        "study's prevalence; at ten times fewer sick people it is lower")],
            solution="precision_at_prevalence(TPR, 1 - TNR, prevalence / 10)"),
    ])
