"""Checkers for notebook 11 (choosing a metric): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it.
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from ._inputs import labels01, numeric, positive, rate, same_length
from .core import Compare, Exercise, Mistake, WrongKind, describe, probability, threshold
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _labels_scores(y, p, name_y: str, name_p: str) -> tuple[np.ndarray, np.ndarray]:
    y = labels01(y, name_y)
    p = numeric(p, name_p, ndim=1)
    same_length(y, p, name_y, name_p)
    return y, p


def _candidates(p: np.ndarray) -> np.ndarray:
    """Every threshold that flags another set of rows: ``+inf`` (nobody), then each distinct score."""
    return np.r_[np.inf, np.unique(p)[::-1]]


def _mean_cost(y: np.ndarray, p: np.ndarray, t: float, cost_fp: float, cost_fn: float) -> float:
    """``(c_fp FP + c_fn FN) / n`` when flagging ``p >= t``."""
    flag = p >= t
    return float((cost_fp * np.sum(flag & (y == 0)) + cost_fn * np.sum(~flag & (y == 1))) / len(y))


class _Cheapest(Compare):
    kind = "one threshold (a number)"

    def __init__(self, cost) -> None:
        self.cost = cost

    def differs(self, answer: object, expected: object) -> str | None:
        if isinstance(answer, bool) or not isinstance(answer, Real) or math.isnan(float(answer)):
            raise WrongKind(f"expected {self.kind}, got {describe(answer)}")
        if self.cost(float(answer)) <= self.cost(float(expected)) + 1e-12:
            return None
        return "not yet: your threshold costs more on the validation rows than the cheapest one"


def exercise_1(y_val, p_val, *, cost: float = 10) -> Exercise:
    """Exercise 1 (equal prices): the cheapest threshold on the validation rows when FP and FN both cost ``cost``.

    Flag when ``p >= t``; the mean cost is ``c (FP(t) + FN(t)) / n``. Any threshold with the smallest mean
    cost over ``t`` in {``+inf``, every distinct score} is right (ties flag different rows at equal cost).
    """
    y, p = _labels_scores(y_val, p_val, "y_val", "p_val")
    cost = positive(cost, "cost")

    def mean_cost(t: float) -> float:
        return _mean_cost(y, p, t, cost, cost)

    def cheapest() -> float:
        return float(min(_candidates(p), key=mean_cost))  # min keeps the first, highest, of ties

    def cheapest_at_ten_to_one() -> float:
        return float(min(_candidates(p), key=lambda t: _mean_cost(y, p, t, cost, 10 * cost)))

    return Exercise(
        "Exercise 1",
        cheapest,
        compare=_Cheapest(mean_cost),
        mistakes=[
            Mistake.if_equals(cheapest_at_ten_to_one, "that is the cheapest threshold when a missed case costs ten "
                                                      "times a false alarm; set both prices to the same value"),
        ],
        hints=[
            f"min_cost_threshold(y_val, p_val, cost_fp={cost:g}, cost_fn={cost:g}) returns (threshold, mean cost).",
            "With equal prices the cost is the price times the error rate, so the cheapest threshold is the "
            "one with the highest accuracy on the validation rows.",
        ],
        solution=f"answer, cost_eq = min_cost_threshold(y_val, p_val, cost_fp={cost:g}, cost_fn={cost:g})",
        why="With equal prices, the cheapest threshold is the most accurate one.",
    )


def exercise_2(y_val, p_val, y_test, p_test, *, min_recall: float = 0.98) -> Exercise:
    """Exercise 2 (a guarantee): the highest threshold whose recall on the validation rows is at least ``min_recall``.

    Flag when ``p >= t``; ``recall(t) = TP(t) / P``; the answer is ``max{t : recall(t) >= min_recall}`` over
    the distinct validation scores, and any threshold that flags the same validation rows is right.
    ``y_test`` and ``p_test`` give the typical mistake of choosing on the test set.
    """
    y, p = _labels_scores(y_val, p_val, "y_val", "p_val")
    yt, pt = _labels_scores(y_test, p_test, "y_test", "p_test")
    min_recall = rate(min_recall, "min_recall")

    def highest(labels: np.ndarray, scores: np.ndarray, target: float) -> float:
        ts = np.unique(scores)[::-1]
        recall = np.array([np.sum((scores >= t) & (labels == 1)) for t in ts]) / np.sum(labels == 1)
        return float(ts[np.argmax(recall >= target - 1e-12)])

    return Exercise(
        "Exercise 2",
        lambda: highest(y, p, min_recall),
        compare=threshold(y, p),
        mistakes=[
            Mistake.if_equals(lambda: highest(yt, pt, min_recall),
                              "that threshold is chosen on the test set; choose it on the validation set, "
                              "then check it on the test set"),
            Mistake.if_equals(lambda: highest(y, p, 1.0),
                              "that threshold finds every malignant tumour; the highest one that finds "
                              f"{100 * min_recall:g} % of them flags fewer benign ones"),
        ],
        hints=[
            "cost_curve(y_val, p_val, cost_fp=1, cost_fn=1) lists tp and fn at every threshold; "
            "recall = tp / (tp + fn).",
            f"Keep the thresholds whose recall is at least {min_recall:g} and take the largest.",
        ],
        solution="val_curve = cost_curve(y_val, p_val, cost_fp=1, cost_fn=1)\n"
                 "recall = val_curve['tp'] / (val_curve['tp'] + val_curve['fn'])\n"
                 f"answer = val_curve['threshold'][recall >= {min_recall:g}].max()",
        why="Met on the rows that chose it by construction; the test set says whether it holds on new patients.",
    )


def _odds(x: float) -> float:
    return x / (1 - x)


def exercise_3(y_train, *, cost_fp: float, cost_fn: float) -> Exercise:
    """Exercise 3 (when is 0.5 right?): the deployment prevalence at which the cost-optimal threshold is 0.5.

    With ``t* = c_fp / (c_fp + c_fn)`` and ``pi_train = mean(y_train)``, the shifted threshold is 0.5 when::

        odds(pi) = odds(t*) odds(pi_train),   pi = odds(pi) / (1 + odds(pi)),   odds(x) = x / (1 - x)

    The answer, ``pi``, is right within 0.5 % of its value.
    """
    y = labels01(y_train, "y_train")
    cost_fp = positive(cost_fp, "cost_fp")
    cost_fn = positive(cost_fn, "cost_fn")
    t_star, pi_train = cost_fp / (cost_fp + cost_fn), float(y.mean())

    def from_odds(o: float) -> float:
        return o / (1 + o)

    right = from_odds(_odds(t_star) * _odds(pi_train))
    return Exercise(
        "Exercise 3",
        lambda: right,
        compare=probability(rel=0.005),
        mistakes=[
            Mistake.if_equals(lambda: _odds(t_star) * _odds(pi_train),
                              "that is the odds of the prevalence; turn odds into a share: pi = odds / (1 + odds)"),
            Mistake.if_equals(lambda: from_odds(_odds(pi_train) / _odds(t_star)),
                              "your odds equation is upside down: a smaller t* needs a rarer positive class "
                              "to bring the threshold back up to 0.5"),
            Mistake.if_equals(lambda: 1 - right, "that is the share of negatives; the question asks the share "
                                                 "of positives"),
            Mistake.if_equals(lambda: pi_train, "that is the training prevalence, where the threshold is t*, "
                                                "not 0.5"),
        ],
        hints=[
            "The shifted threshold t' has odds(t') = odds(t*) odds(pi_train) / odds(pi); "
            "set t' = 0.5, so odds(t') = 1.",
            "Solve for odds(pi), then pi = odds(pi) / (1 + odds(pi)); check with bayes_threshold_at_prevalence.",
        ],
        solution="odds_pi = (t_bayes / (1 - t_bayes)) * (pi_train / (1 - pi_train))\nanswer = odds_pi / (1 + odds_pi)",
        why="There the shift of the prior exactly undoes the unequal prices.",
    )


def quiz(*, cost_fp: float, cost_fn: float) -> Quiz:
    """The quick self-test of notebook 11; the numeric question is the Bayes threshold ``c_fp / (c_fp + c_fn)``.

    Right within 0.001.
    """
    cost_fp = positive(cost_fp, "cost_fp")
    cost_fn = positive(cost_fn, "cost_fn")
    return Quiz([
        NumberQuestion(
            f"A false alarm costs {cost_fp:g}, a missed case {cost_fn:g}. Above which calibrated probability "
            "is flagging a case cheaper than not flagging it (the Bayes threshold)?",
            lambda: cost_fp / (cost_fp + cost_fn),
            tol=0.001,
            mistakes=[Mistake.if_equals(lambda: cost_fn / (cost_fp + cost_fn),
                                        "that is the other way round: the higher the price of a missed case, "
                                        "the lower the threshold")],
            solution="bayes_threshold(cost_fp=..., cost_fn=...)",
        ),
        Question(
            "A model calibrated where a third of the cases are positive is used where 1 % are, at the same prices. "
            "The cost-optimal threshold on its probabilities",
            {"a": "rises", "b": "falls", "c": "stays where it is"},
            "a",
            {"b": "a rarer positive class makes each flag less likely to be right, so flag less.",
             "c": "the probabilities belong to the training prevalence; at another prevalence the cut moves."},
        ),
        Question(
            "TunedThresholdClassifierCV chooses the threshold",
            {"a": "by cross-validation on the data it is fitted on",
             "b": "on the test set",
             "c": "from the Bayes formula, without looking at data"},
            "a",
            {"b": "the test set is never used to choose anything.",
             "c": "that is FixedThresholdClassifier with a threshold you compute yourself."},
        ),
        Question(
            "Five cross-validation folds give F1 scores that differ by 0.1. This spread tells you",
            {"a": "roughly how much one score moves between test sets of a fold's size (and between refits): "
                  "a rough guide from five values",
             "b": "the standard error of the mean of the five scores",
             "c": "that the model is badly calibrated"},
            "a",
            {"b": "the folds share training rows, so the spread is not a standard error of their mean.",
             "c": "the spread says nothing about calibration."},
        ),
    ])
