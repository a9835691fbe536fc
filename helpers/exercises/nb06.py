"""Exercises and quick self-test of notebook 06 (prior-shift correction), checked from the notebook's data.

The right answers::

    exercise 1: the test precision p whose corrected precision is the target q when FP is multiplied by the
                fold change f = deploy_ratio / test_ratio:
                q = TP / (TP + f FP)  =>  FP / TP = (1 - q) / (q f),  p = 1 / (1 + FP / TP)
                (four significant digits)
    exercise 2: AP at each deployment prevalence pi, every test negative weighted by
                negative_weight(P, N, pi) = ((1 - pi) / pi) / (N / P) (three significant digits)
    exercise 3: corrected precision minus true precision at the threshold, on the deployment sample whose
                negatives were shifted with the given strength (two significant digits)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from sklearn.metrics import average_precision_score, precision_score

from .._validate import check_binary_labels, check_number
from ..counts import confusion_counts, negative_weight
from ..prior_shift import corrected_precision
from ._labels import labels_scores
from ._slips import in_another_order
from .core import Exercise, Mistake, fmt, number, numbers, probability
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _thousands(x: float) -> str:
    return f"{x:,.0f}".replace(",", " ")


def _one_in(pi: float) -> str:
    """A prevalence as "1 in n" (n rounded to a whole number, thousands spaced)."""
    return f"1 in {_thousands(1 / pi)}"


def _prevalence(value: object, name: str) -> float:
    pi = check_number(value, name, 0, 1)
    if not 0 < pi < 1:
        raise ValueError(f"{name} must be a prevalence strictly between 0 and 1")
    return pi


@effort("read", "the test precision that the odds formula maps to 0.5")
def exercise_1(*, test_ratio: float, deploy_ratio: float, target: float,
               worked_target: float | None = None) -> Exercise:
    """Exercise 1: the test precision needed for a deployed precision ``target``.

    The fold change is ``f = deploy_ratio / test_ratio`` (negatives per positive); the answer is
    ``p = 1 / (1 + (1 - q) / (q f))``, checked back with ``corrected_precision``, to four significant digits.
    Mistakes: the target itself; ``1 - (1 - q) / f`` (the share of false alarms divided by the fold change);
    the deployment ratio used as the fold change; the prior-shift blog post's algebra, ``(1 + q)`` where
    ``(1 - q)`` belongs (``FP / TP = (1 + q) / (q f)``); and, when ``worked_target`` is given (the notebook's
    worked example, 0.33), the test precision for that target, copied from the worked example.
    """
    r_test = check_number(test_ratio, "test_ratio", 0)
    r_dep = check_number(deploy_ratio, "deploy_ratio", 0)
    q = check_number(target, "target", 0, 1)
    if r_test <= 0 or r_dep <= 0:
        raise ValueError("test_ratio and deploy_ratio must be numbers of negatives per positive, > 0")
    if not 0 < q < 1:
        raise ValueError("target must be a precision strictly between 0 and 1")
    worked = None if worked_target is None else check_number(worked_target, "worked_target", 0, 1)
    if worked is not None and not 0 < worked < 1:
        raise ValueError("worked_target must be a precision strictly between 0 and 1")
    f = r_dep / r_test
    fp_per_tp = (1 - q) / (q * f)
    p = 1 / (1 + fp_per_tp)
    assert np.isclose(corrected_precision(tp=1.0, fp=fp_per_tp, test_ratio=r_test, deploy_ratio=r_dep), q)
    copied = [] if worked is None or worked == q else [
        Mistake.if_equals(1 / (1 + (1 - worked) / (worked * f)), f"that is the test precision for {fmt(worked)}, "
                          f"the worked example's target; solve again for a deployed precision of {fmt(q)}")]
    return Exercise(
        "Exercise 1", p, compare=number(digits=4, low=0, high=1, kind="one number between 0 and 1"),
        mistakes=[
            Mistake.if_equals(q, f"that is the deployed precision; on the test set, with {fmt(f)} times fewer "
                              "negatives per positive, precision must be much higher"),
            Mistake.if_equals(1 - (1 - q) / f, "you divided the share of false alarms, 1 - precision, by the "
                              "fold change; the fold change multiplies FP, while TP stays"),
            Mistake.if_equals(1 / (1 + (1 - q) / (q * r_dep)), f"you multiplied FP by the factory's "
                              f"{_thousands(r_dep)} negatives per positive; the test set already has "
                              f"{fmt(r_test)}, so FP grows by the fold change, {fmt(f)}"),
            Mistake.if_equals(1 / (1 + (1 + q) / (q * f)), "your algebra has 1 + q where 1 - q belongs, as the blog "
                              f"post's has: from q = TP / (TP + {fmt(f)} FP), FP / TP = (1 - q) / (q·{fmt(f)})"),
            *copied,
        ],
        hints=[f"Write {fmt(q)} = TP / (TP + {fmt(f)} FP) and solve for FP / TP.",
               "The test precision is TP / (TP + FP) = 1 / (1 + FP / TP)."],
        why=f"The test set may hold one false positive per {_thousands(1 / fp_per_tp)} true ones.",
    )


@effort("compute", "AP at two prevalences with weighted negatives")
def exercise_2(y_test: np.ndarray, s_test: np.ndarray, *, prevalences: Sequence[float],
               deploy_prevalence: float) -> Exercise:
    """Exercise 2: AP of the test set at each of two deployment prevalences, to three significant digits.

    Every test negative gets the weight ``((1 - pi) / pi) / (N / P)``, every positive 1;
    ``average_precision_score`` takes them as ``sample_weight``. Mistakes: the unweighted AP of the test set;
    the AP at ``deploy_prevalence`` (section 4's ``weights`` reused); the negatives weighted by the deployment's
    negatives per positive ``(1 - pi) / pi`` instead of the fold change; the two APs in the wrong order.
    """
    y, s = labels_scores(y_test, s_test, "y_test", "s_test")
    if isinstance(prevalences, str) or not isinstance(prevalences, Sequence) or len(prevalences) != 2:
        raise ValueError("prevalences must be a list of two deployment prevalences")
    pis = [_prevalence(pi, "prevalences") for pi in prevalences]
    pi_dep = _prevalence(deploy_prevalence, "deploy_prevalence")
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())

    def ap(pi: float, weight: float | None = None) -> float:
        w = negative_weight(n_pos, n_neg, pi) if weight is None else weight
        return average_precision_score(y, s, sample_weight=np.where(y == 1, 1.0, w))

    names = ["AP at the first prevalence", "AP at the second prevalence"]
    cmp = numbers(names, kinds={name: probability(digits=3) for name in names})
    right = lambda: tuple(ap(pi) for pi in pis)  # noqa: E731
    return Exercise(
        "Exercise 2", right, compare=cmp,
        mistakes=[
            Mistake(lambda a: in_another_order(cmp, a, right()),
                    f"your two APs are swapped: first the AP at {_one_in(pis[0])}, then at {_one_in(pis[1])}",
                    example=lambda: right()[::-1]),
            Mistake.in_part(0, lambda: average_precision_score(y, s), "your AP is the test set's own; weight "
                            f"every test negative with negative_weight({n_pos}, {n_neg}, prevalence)"),
            Mistake.in_part(0, lambda: ap(pi_dep), "your AP is the one at the deployment sample's prevalence "
                            "(section 4's weights); weight the negatives for each prevalence of the question"),
            Mistake.in_part(0, lambda: ap(pis[0], (1 - pis[0]) / pis[0]), "your negatives weigh (1 - π) / π, the "
                            "deployment's negatives per positive; the test set already has "
                            f"{fmt(n_neg / n_pos, 3)} per positive, so each weighs the fold change, "
                            f"negative_weight({n_pos}, {n_neg}, π)"),
        ],
        hints=[f"wt = np.where(y_test == 1, 1.0, negative_weight({n_pos}, {n_neg}, prevalence)) for each "
               "prevalence.",
               "average_precision_score(y_test, s_test, sample_weight=wt)."],
    )


@effort("compute", "the shifted deployment rebuilt at another strength, corrected minus true precision")
def exercise_3(deployment: Callable[[float], tuple[np.ndarray, np.ndarray]], *, strength: float,
               y_test: np.ndarray, s_test: np.ndarray, deploy_prevalence: float, threshold: float = 0.5) -> Exercise:
    """Exercise 3: corrected minus true precision at ``threshold`` when the negatives shift with ``strength``.

    ``deployment(strength)`` returns the shifted deployment sample ``(y, s)``; the true precision is its
    ``TP / (TP + FP)``. The corrected precision comes from the test set: ``TP / (TP + FP r_dep / r_test)``
    with ``r = (1 - pi) / pi`` the negatives per positive. Compared to two significant digits. Mistakes: the
    sign reversed; the true precision itself; the gap at the strength of section 8 (0.5); the gap in percentage
    points (11 for 0.11).
    """
    if not callable(deployment):
        raise ValueError("deployment must be the function deployment_with_new_negatives(strength)")
    st = check_number(strength, "strength", 0, 1)
    y, s = labels_scores(y_test, s_test, "y_test", "s_test")
    pi = _prevalence(deploy_prevalence, "deploy_prevalence")
    t = check_number(threshold, "threshold")
    c = confusion_counts(y, s >= t)
    corrected = float(corrected_precision(tp=c.tp, fp=c.fp, test_ratio=c.n_neg / c.n_pos,
                                          deploy_ratio=(1 - pi) / pi))

    def true_precision(strength_: float) -> float:
        y_new, s_new = deployment(strength_)
        return float(precision_score(y_new, s_new >= t))

    return Exercise(
        "Exercise 3", lambda: corrected - true_precision(st),
        compare=number(digits=2, kind="one number (a difference)"),
        mistakes=[
            Mistake.if_equals(lambda: true_precision(st) - corrected,
                              "your difference has the wrong sign: corrected minus true"),
            Mistake.if_equals(lambda: true_precision(st), "that is the true precision itself; subtract it from "
                              "the corrected precision"),
            Mistake.if_equals(lambda: corrected - true_precision(0.5),
                              "that is the gap at strength 0.5, the shift of section 8"),
            Mistake.if_equals(lambda: 100 * (corrected - true_precision(st)),
                              "that is the gap in percentage points: give it as a difference of two precisions, "
                              "each between 0 and 1"),
        ],
        hints=[f"y_new, s_new = deployment_with_new_negatives({fmt(st)}); the true precision is "
               "precision_score(y_new, s_new >= 0.5).",
               "The corrected precision does not change with the shift: rows['corrected to deployment'][0]."],
        why="The correction is exactly as wrong as the FPR it borrows from the test set.",
    )


def quiz(y_test: np.ndarray, *, deploy_prevalence: float, target_fpr: float) -> Quiz:
    """The quick self-test at the end of notebook 06.

    Question 2's answer is the fold change ``r_dep / r_test`` of the negatives per positive, with
    ``r_test = N / P`` of ``y_test`` and ``r_dep = (1 - pi) / pi`` at ``pi = deploy_prevalence``; reading
    "1 in n" as n negatives per positive (``(1 / pi) / r_test``) is a named mistake, so ``pi`` must be chosen
    where that slip is not the right answer rounded (1 in 125 on the notebook's test set, not 1 in 1 000,
    whose slip 100 is the right 99.9 to one digit). Question 5's
    is the rule of three: ``n = 3 / target_fpr`` negatives with no false positive put the FPR below
    ``target_fpr`` with 95 % confidence (the exact ``ln(0.05) / ln(1 - fpr)`` agrees to the two digits asked).
    """
    y = check_binary_labels(y_test, "y_test").astype(int)
    pi = _prevalence(deploy_prevalence, "deploy_prevalence")
    fpr = _prevalence(target_fpr, "target_fpr")
    r_test = (1 - y).sum() / y.sum()
    r_dep = (1 - pi) / pi
    test_one_in, dep_one_in = 1 / y.mean(), 1 / pi
    exact_n = math.log(0.05) / math.log(1 - fpr)
    assert abs(exact_n - 3 / fpr) < 0.01 * 3 / fpr
    return Quiz([
        Question(
            "Only the class balance changes between the test set and deployment. Which pair carries over "
            "unchanged?",
            {"a": "recall and the FPR", "b": "precision and recall", "c": "accuracy and F1 score"},
            "a",
            {"a": "Each is a ratio within one class, so the class balance does not enter it.",
             "b": "recall stays, but precision mixes the classes: with more negatives per positive, the same "
                  "FPR flags more negatives, so precision falls",
             "c": "accuracy weights each class's accuracy by the class's share, and F1 contains precision: both "
                  "follow the class balance"}),
        NumberQuestion(
            f"The test set has {fmt(r_test, 3)} negatives per positive (1 in {fmt(test_one_in, 3)}); deployment "
            f"has 1 in {_thousands(dep_one_in)}. By what factor does the correction multiply the false positives?",
            lambda: r_dep / r_test, digits=3,
            mistakes=[
                Mistake.if_equals(r_test / r_dep, "that is the inverse: deployment has more negatives per "
                                  "positive, so FP grows"),
                Mistake.if_equals(dep_one_in / test_one_in, "that is the ratio of the '1 in N' numbers; the "
                                  f"correction uses negatives per positive: 1 in {_thousands(dep_one_in)} is "
                                  f"{_thousands(r_dep)} negatives per positive"),
                Mistake.if_equals(dep_one_in / r_test, f"you took 1 in {_thousands(dep_one_in)} as "
                                  f"{_thousands(dep_one_in)} negatives per positive; among {_thousands(dep_one_in)} "
                                  f"cases one is positive, so there are {_thousands(r_dep)} negatives per positive"),
            ],
            solution="r_dep / r_test, with r = (1 - prevalence) / prevalence"),
        Question(
            "Which of these makes the corrected precision wrong, however large the test set?",
            {"a": "model scores that are not calibrated", "b": "a deployment prevalence below 0.1 %",
             "c": "new kinds of negatives in deployment"},
            "c",
            {"a": "the correction needs no calibration: it rescales counts above a threshold, and cubing the "
                  "scores gives the same corrected curve",
             "b": "no prevalence is too small for the rescaling itself: it holds at any known prevalence once "
                  "the FPR is measured; a small test set cannot measure a tiny FPR, but a large enough one can",
             "c": "It borrows the FPR from the test set; when the negatives change, so does their FPR, and no "
                  "test set size helps."}),
        Question(
            "Every test negative is weighted to the deployment prevalence. Which of these stays the same?",
            {"a": "average precision", "b": "ROC AUC", "c": "F1 at threshold 0.5"},
            "b",
            {"a": "AP summarises the precision-recall curve, and precision falls as the weighted negatives grow",
             "b": "TPR and FPR are ratios within each class: a common weight on all negatives cancels in the FPR, "
                  "and TPR never sees it.",
             "c": "F1 contains precision, which falls as each false positive now counts w times"}),
        NumberQuestion(
            f"A test set's labelled negatives give no false positive at all. How many must it hold to show, with "
            f"95 % confidence, that the FPR is below 1 in {_thousands(1 / fpr)}?",
            lambda: 3 / fpr, digits=2,
            mistakes=[
                Mistake.if_equals(1 / fpr, "with n negatives and none flagged, an FPR up to about 3/n could "
                                  "still easily give none: n = 1 / FPR is not enough (the rule of three)"),
                Mistake.if_equals(3 * fpr, "that is 3 times the FPR; the rule of three bounds the FPR by 3/n, "
                                  "so n = 3 / FPR"),
            ],
            solution="the rule of three, n = 3 / FPR"),
    ])
