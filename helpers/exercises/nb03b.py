"""Exercises and quick self-test of notebook 03b (prevalence, and choosing a threshold honestly).

The right answers::

    exercise 1: at threshold t (flag when score >= t), TPR = TP / P and FPR = FP / N on the test set;
                precision at prevalence pi = TPR pi / (TPR pi + FPR (1 - pi)), and its 95 % interval
                precision_interval(counts, deploy_prevalence=pi)
    exercise 2: the smallest threshold t whose validation precision, weighted to the prevalence pi
                (prevalence_weights), reaches the target; then the test precision (weighted to pi) and the
                test recall at t. A threshold is right when it flags the same validation rows.
    quiz:       question 2's precision is TPR pi / (TPR pi + FPR (1 - pi)) for the rates it names
"""

from __future__ import annotations

import numpy as np
from sklearn.metrics import precision_recall_curve, precision_score, recall_score

from .._validate import check_number, check_rate
from ..curves import counts_at_threshold
from ..intervals import precision_interval
from ..prior_shift import precision_at_prevalence
from ..threshold_choice import prevalence_weights
from ._labels import labels_scores
from .core import Exercise, Mistake, fmt, numbers, probability, threshold
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]


@effort("compute", "counts at a cut, precision at 1 in 200 and its interval with precision_interval")
def exercise_1(y_test: np.ndarray, scores: np.ndarray, *, cut: float, prevalence: float) -> Exercise:
    """Exercise 1: precision at ``prevalence`` at threshold ``cut``, and its ``precision_interval``.

    Three numbers compared to three significant digits: ``precision_at_prevalence(TPR, FPR, pi)`` and the two
    ends of ``precision_interval(counts, deploy_prevalence=pi)``. Mistakes: the precision at the test set's own
    prevalence, ``TP / (TP + FP)``; Bayes' rule without ``1 - pi``, ``TPR / (TPR + FPR)``; the interval at the
    test set's own prevalence; the interval's two ends swapped.
    """
    y, s = labels_scores(y_test, scores, "y_test", "scores")
    t = check_number(cut, "cut")
    pi = check_number(prevalence, "prevalence", 0, 1)
    if not 0 < pi < 1:
        raise ValueError("prevalence must be a number strictly between 0 and 1")
    c = counts_at_threshold(y, s, t)
    if c.tp == 0 or c.fp == 0:
        raise ValueError("cut must flag at least one positive and one negative of y_test")
    tpr, fpr = c.tp / (c.tp + c.fn), c.fp / (c.fp + c.tn)
    low, high = precision_interval(c, deploy_prevalence=pi)
    own_low, _ = precision_interval(c, deploy_prevalence=float(y.mean()))
    names = ["precision", "low", "high"]
    cmp = numbers(names, kinds={k: probability(digits=3) for k in names})
    return Exercise(
        "Exercise 1", (precision_at_prevalence(tpr, fpr, pi), low, high), compare=cmp,
        mistakes=[
            Mistake.if_equals((precision_at_prevalence(tpr, fpr, pi), high, low), "your low and high are swapped: "
                              "give (precision, low, high), the interval's lower end first"),
            Mistake.in_part(0, c.tp / (c.tp + c.fp), "that is the precision at the test set's own prevalence; "
                            f"at {fmt(pi)} each false positive stands for many more negatives"),
            Mistake.in_part(0, tpr / (tpr + fpr), "your precision leaves out 1 - prevalence: "
                            "TPR·π / (TPR·π + FPR·(1 - π))"),
            Mistake.in_part(1, own_low, "your interval is at the test set's own prevalence: pass "
                            f"deploy_prevalence={fmt(pi)}"),
        ],
        hints=[f"counts_at_threshold(yb_test, proba, {fmt(t)}) gives the counts; precision_at_prevalence(TPR, FPR, "
               f"{fmt(pi)}) the precision.",
               f"precision_interval(counts, deploy_prevalence={fmt(pi)}) gives (low, high)."],
        why="How wide is the interval relative to the precision?",
    )


def _smallest_threshold(y: np.ndarray, s: np.ndarray, w: np.ndarray | None, target: float) -> float:
    p, _, t = precision_recall_curve(y, s, sample_weight=w)
    ok = p[:-1] >= target
    if not ok.any():
        raise ValueError("no threshold reaches min_precision on these data")
    return float(t[np.argmax(ok)])


@effort("compute", "a threshold searched on the weighted validation precision, then counted on test")
def exercise_2(y_val: np.ndarray, s_val: np.ndarray, y_test: np.ndarray, s_test: np.ndarray, *,
               prevalence: float, min_precision: float) -> Exercise:
    """Exercise 2: the smallest threshold with validation precision >= ``min_precision`` at ``prevalence``,
    then its test precision (weighted to ``prevalence``) and test recall.

    Validation precision at ``t`` is ``sum(w [y = 1, s >= t]) / sum(w [s >= t])`` with ``w =
    prevalence_weights(y_val, prevalence)``. The threshold is judged by the validation rows it flags (any
    threshold that flags the same rows is right, so the student passes the variable or any rounding that
    keeps those rows); the two test numbers to three significant digits. Mistakes: the threshold found
    without the weights; the threshold picked on the test set (the smallest whose weighted *test* precision
    reaches the target); the test precision without the weights; the validation precision reported (each
    left out when it gives the right answer on the data passed).
    """
    yv, sv = labels_scores(y_val, s_val, "y_val", "s_val")
    yt, st = labels_scores(y_test, s_test, "y_test", "s_test")
    pi = check_number(prevalence, "prevalence", 0, 1)
    target = check_number(min_precision, "min_precision", 0, 1)
    w_val, w_test = prevalence_weights(yv, pi), prevalence_weights(yt, pi)
    right = _smallest_threshold(yv, sv, w_val, target)
    unweighted = _smallest_threshold(yv, sv, None, target)
    on_test = _smallest_threshold(yt, st, w_test, target)
    flagged = st >= right
    test_precision = precision_score(yt, flagged, sample_weight=w_test)
    val_precision = precision_score(yv, sv >= right, sample_weight=w_val)
    names = ["threshold", "test precision", "test recall"]
    thr, prob = threshold(yv, sv), probability(digits=3)
    cmp = numbers(names, kinds={"threshold": thr, "test precision": prob, "test recall": prob})
    mistakes = []  # a typical mistake that gives the right value (or it rounded) on these data is left out
    if not thr.same(unweighted, right):
        mistakes.append(Mistake.in_part(0, unweighted, f"your threshold reaches precision {target:g} without the "
                                        "weights, at the validation set's own prevalence; pass sample_weight=w_val"))
    if not thr.same(on_test, right):
        mistakes.append(Mistake.in_part(0, on_test, "your threshold was picked on the test set (s_test); pick it "
                                        "on the validation rows (y_val, s_val, w_val), and only report on the test "
                                        "set, so that its precision is not optimistic"))
    for value, message in [
        (precision_score(yt, flagged), "your test precision is at the test set's own prevalence; weight it to the "
         "stated one with sample_weight=w_test"),
        (val_precision, "that is the validation precision, on the rows that picked the threshold; report the test "
         "set's"),
    ]:
        if not prob.same(value, test_precision) and not prob.too_few_digits(value, test_precision):
            mistakes.append(Mistake.in_part(1, value, message))
    return Exercise(
        "Exercise 2", (right, test_precision, recall_score(yt, flagged)), compare=cmp, mistakes=mistakes,
        hints=["p, r, t = precision_recall_curve(y_val, s_val, sample_weight=w_val): the thresholds t increase, "
               f"and p[i] is the precision at t[i]; the first i with p[i] >= {target:g} gives the threshold.",
               "With t that threshold: precision_score(yb_test, s_test >= t, sample_weight=w_test) and "
               "recall_score(yb_test, s_test >= t) on the test set."],
        why="Compare the test precision with the target: which one would you report, and for which prevalence?",
    )


def quiz(*, tpr: float, fpr: float, prevalence: float) -> Quiz:
    """The quick self-test at the end of notebook 03b.

    Question 2's answer is the precision ``TPR pi / (TPR pi + FPR (1 - pi))`` of a test with the rates
    ``tpr``, ``fpr`` at ``prevalence``.
    """
    a = check_rate(tpr, "tpr")
    b = check_rate(fpr, "fpr")
    pi = check_number(prevalence, "prevalence", 0, 1)
    if not (0 < pi < 1 and a > 0 and b > 0):
        raise ValueError("tpr and fpr must be > 0 and prevalence strictly between 0 and 1")
    ppv = precision_at_prevalence(a, b, pi)
    return Quiz([
        Question(
            "The share of positives changes; the scores within each class stay distributed the same. What moves?",
            {"a": "ROC AUC", "b": "precision and AP", "c": "TPR and FPR at a fixed threshold"},
            "b",
            {"a": "ROC AUC compares positives with negatives pair by pair: no prevalence in it",
             "b": "Both mix the two classes in one ratio, so they follow the class balance",
             "c": "each is a ratio within one class, blind to how many there are of the other"}),
        NumberQuestion(
            f"A test has TPR {fmt(a)} and FPR {fmt(b)}. What is its precision where 1 in "
            f"{fmt(round(1 / pi))} is positive?",
            lambda: ppv, digits=2,
            mistakes=[Mistake.if_equals(a / (a + b), "that leaves out the prevalence: precision = TPR·π / "
                                        "(TPR·π + FPR·(1 - π))"),
                      Mistake.if_equals(a, "that is the TPR, the share of positives flagged; precision is the "
                                        "share of the flagged that are positive")],
            solution="precision_at_prevalence(tpr, fpr, prevalence)",
            why="Most flags are false alarms: the few positives are swamped by the many negatives' FPR."),
        Question(
            "Where do you pick a threshold, and where do you report its precision?",
            {"a": "pick on validation data, report on the test set", "b": "both on the test set, where the "
             "final numbers come from", "c": "pick on the test set, report on validation data"},
            "a",
            {"a": "The held-out number is the honest one; say for which prevalence the threshold was picked",
             "b": "the number on the rows that picked the threshold is optimistic",
             "c": "the test set is for the final report, touched once, after every choice is made"}),
        Question(
            "On validation data weighted to 1 in 9 positive, you pick the smallest threshold whose precision reaches "
            "0.55. For a population with half as many positives, the threshold that reaches 0.55 is",
            {"a": "the same, since precision is a property of the model", "b": "lower, to catch the rarer positives",
             "c": "higher: a flagged point is less likely positive"},
            "c",
            {"a": "precision counts false positives, and how many come with each true one depends on the prevalence",
             "b": "a lower cut flags more points, and at the lower prevalence most of them are negatives: precision "
                  "falls further below 0.55",
             "c": "At half the prevalence each flagged point is less likely a positive, so precision at every cut "
                  "is lower, and reaching 0.55 takes a higher cut"}),
    ])
